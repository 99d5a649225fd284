/** @jest-environment node */
import fs from "node:fs"
import { GENERATED_FILE, renderBackendData } from "../../gatsby/backend-data"

test("the functions' copy of the company facts and estimate options matches data/ (run `npm run generate:backend-data` after editing)", () => {
  expect(fs.readFileSync(GENERATED_FILE, "utf8")).toBe(renderBackendData())
})
