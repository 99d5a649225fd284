// Edge Function entry point: serves send-estimate-confirmation from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("send-estimate-confirmation")
