/** tel: link for an E.164 number such as +19145550123. */
export const telHref = (e164: string) => `tel:${e164}`
