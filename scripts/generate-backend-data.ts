import { GENERATED_FILE, writeBackendData } from "../gatsby/backend-data"

console.log(writeBackendData() ? `Wrote ${GENERATED_FILE}` : `${GENERATED_FILE} is up to date`)
