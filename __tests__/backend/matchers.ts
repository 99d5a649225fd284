/**
 * Jest's asymmetric matchers, typed `unknown` instead of `any`: each stands for a value inside an
 * expected object or list, and an `any` would switch off the type check of everything around it.
 */
export const anyOf = (type: unknown): unknown => expect.any(type)
export const textContaining = (text: string): unknown => expect.stringContaining(text)
export const textMatching = (pattern: RegExp | string): unknown => expect.stringMatching(pattern)
export const objectContaining = (object: object): unknown => expect.objectContaining(object)
export const arrayContaining = (list: readonly unknown[]): unknown => expect.arrayContaining(list)
