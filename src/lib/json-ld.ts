/**
 * What every page's head needs of structured data: the document type and its serialisation. Apart from
 * the documents themselves (structured-data.ts, offer-structured-data.ts), so a page's JavaScript
 * carries the code of its own documents only.
 */
export type JsonLd = Record<string, unknown>

/** Serialises JSON-LD for a <script> element; "<" is escaped so data can never close the tag. */
export const serializeJsonLd = (data: JsonLd) => JSON.stringify(data).replace(/</g, "\\u003c")
