/** @jest-environment node */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { GENERATED_FILE, renderBackendData, writeBackendData } from "../../gatsby/backend-data"

// Not committed: jest.global-setup.ts makes it from data/ before the tests, as npm install and the builds do.
test("the functions' copy of the company facts and estimate options is what data/ gives now (npm run generate:backend-data)", () => {
  expect(fs.readFileSync(GENERATED_FILE, "utf8")).toBe(renderBackendData())
})

test("the generator makes the same copy from the same data/ every time, so each place that makes it agrees", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backend-data-"))
  const file = path.join(dir, "site-data.generated.ts")
  try {
    expect(writeBackendData(undefined, file)).toBe(true)
    expect(writeBackendData(undefined, file)).toBe(false)
    expect(fs.readFileSync(file, "utf8")).toBe(renderBackendData())
    // Written whole, through a temporary file that does not stay behind.
    expect(fs.readdirSync(dir)).toEqual(["site-data.generated.ts"])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test("two offers whose forms would store one name are refused: the office's figures could not tell them apart", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backend-data-offers-"))
  try {
    fs.cpSync(path.resolve("data"), dir, { recursive: true })
    const twin = fs
      .readFileSync(path.join(dir, "offers/yonkers39.yaml"), "utf8")
      .replace("key: yonkers39", "key: yonkers39twin")
    fs.writeFileSync(path.join(dir, "offers/yonkers39twin.yaml"), twin)
    expect(() => renderBackendData(dir)).toThrow(
      'The offers yonkers39 and yonkers39twin are both named "Express Pest Fix - $39"',
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
