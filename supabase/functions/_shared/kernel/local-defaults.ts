/** Where the local backend listens and the public key it accepts (nothing secret: local only). */
export const LOCAL_API_URL = "http://localhost:54321"
export const LOCAL_ANON_KEY = "local-anon-key-not-a-secret"
/** What the local backend's Twilio webhooks are signed with when no TWILIO_AUTH_TOKEN is set (local only, as the key above). */
export const LOCAL_TWILIO_AUTH_TOKEN = "local-twilio-auth-token-not-a-secret"
