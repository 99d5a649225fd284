/**
 * A data literal's shape with every text, number and flag widened to its type: what each language's copy of
 * the same data has in common (site-data.generated.ts types the Spanish texts by the English ones' shape, so a
 * missing or misplaced text fails the type check).
 */
export type Widened<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer Item)[]
        ? readonly Widened<Item>[]
        : { readonly [K in keyof T]: Widened<T[K]> }
