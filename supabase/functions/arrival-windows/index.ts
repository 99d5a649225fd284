// Edge Function entry point: serves arrival-windows from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("arrival-windows")
