// Edge Function entry point: serves dispatch-outbox from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("dispatch-outbox")
