/** Where the browser keeps the campaign touches (see next-attribution.ts); apart so start-up can look without loading the rest. */
export const ATTRIBUTION_KEY = "wfpc:attribution"
