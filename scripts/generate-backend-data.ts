import { GENERATED_FILE, writeBackendData } from "./backend-data"

writeBackendData()
console.log(`Wrote ${GENERATED_FILE}`)
