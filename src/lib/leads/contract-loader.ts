/** The shared contract (Yup schemas) is loaded after the page, so yup is in no page's first-load JavaScript. */
export type Contract = typeof import("../../../supabase/functions/_shared/kernel/contract.ts")

let contract: Promise<Contract> | null = null
export const loadContract = () => (contract ??= import("../../../supabase/functions/_shared/kernel/contract.ts"))

/** Formik errors ({ field: message }) from a Yup schema, one message per field. */
export async function errorsFrom(
  schema: { validate: (value: unknown, options: { abortEarly: boolean }) => Promise<unknown> },
  values: unknown,
) {
  try {
    await schema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const errors: Record<string, string> = {}
    for (const issue of (error as { inner?: Array<{ path?: string; message: string }> }).inner ?? [])
      if (issue.path) errors[issue.path] ??= issue.message
    return errors
  }
}
