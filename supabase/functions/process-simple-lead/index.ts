// Edge Function entry point: serves process-simple-lead from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("process-simple-lead")
