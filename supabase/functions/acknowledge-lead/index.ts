// Edge Function entry point: serves acknowledge-lead from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("acknowledge-lead")
