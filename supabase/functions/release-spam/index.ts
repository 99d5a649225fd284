// Edge Function entry point: serves release-spam from the shared app (see _shared/app.ts).
import { serveFunction } from "../_shared/deno-entry.ts"

serveFunction("release-spam")
