// Edge Function entry point: serves check-pipeline from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("check-pipeline")
