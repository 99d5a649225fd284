/** Where the local backend listens and the public key it accepts (nothing secret: local only). */
export const LOCAL_API_URL = "http://localhost:54321"
export const LOCAL_ANON_KEY = "local-anon-key-not-a-secret"
