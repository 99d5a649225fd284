// Edge Function entry point: serves sms-status, Twilio's status callback of the texts we send (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("sms-status")
