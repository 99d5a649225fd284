/** The shared contract (Yup schemas) is loaded after the page, so yup is in no page's first-load JavaScript. */
import {
  fieldErrorMessage,
  fieldProblemOf,
  type FieldErrorTexts,
} from "../../../supabase/functions/_shared/kernel/field-errors.ts"

export type Contract = typeof import("../../../supabase/functions/_shared/kernel/contract.ts")

let contract: Promise<Contract> | null = null
export const loadContract = () => (contract ??= import("../../../supabase/functions/_shared/kernel/contract.ts"))

/**
 * The words of an issue's message: a refusal's code (kernel/field-errors.ts) in the page's language, any other
 * message as the contract wrote it.
 */
function wordsOf(message: unknown, texts: FieldErrorTexts): string {
  const problem = fieldProblemOf(message, texts)
  return problem ? fieldErrorMessage(problem, texts) : String(message)
}

/**
 * Formik errors ({ field: message }) from a Yup schema, one message per field, in the words `texts` give (the
 * page's language: useFieldErrorTexts()); without them, the contract's English.
 */
export async function errorsFrom(
  schema: { validate: (value: unknown, options: { abortEarly: boolean }) => Promise<unknown> },
  values: unknown,
  texts: FieldErrorTexts | null = null,
) {
  try {
    await schema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const words = texts ?? (await loadContract()).ENGLISH_FIELD_ERRORS
    const errors: Record<string, string> = {}
    for (const issue of (error as { inner?: Array<{ path?: string; message: unknown }> }).inner ?? [])
      if (issue.path) errors[issue.path] ??= wordsOf(issue.message, words)
    return errors
  }
}
