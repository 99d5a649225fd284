/**
 * A data shape as components take it: read-only all the way down, as GraphQL results are (a component
 * typed from a schema's InferType then accepts both the query's result and a test's plain object).
 */
export type ReadonlyData<T> = T extends readonly (infer Item)[]
  ? ReadonlyArray<ReadonlyData<Item>>
  : T extends object
    ? { readonly [K in keyof T]: ReadonlyData<T[K]> }
    : T
