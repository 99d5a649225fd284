// Edge Function entry point: serves receive-text, Twilio's webhook for a text to our numbers (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("receive-text")
