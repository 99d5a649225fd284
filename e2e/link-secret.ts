/** The office links' signing secret of the browser tests' backend, so a test can sign a link no e-mail carries. */
export const E2E_LINK_SECRET = "e2e-office-link-secret"
