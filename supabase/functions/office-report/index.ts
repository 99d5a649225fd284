// Edge Function entry point: serves office-report from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("office-report")
