// Edge Function entry point: serves confirm-window from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("confirm-window")
