/** @jest-environment node */
import fs from "node:fs"
import { SPRITE_FILE } from "../scripts/images/icon-sprite"
import { ICON_NAMES } from "../src/lib/icon-names"

test("the icon sprite has a symbol for every icon data files may name (run `npm run images` after changing the list)", () => {
  const sprite = fs.readFileSync(SPRITE_FILE, "utf8")
  const ids = Array.from(sprite.matchAll(/<symbol id="([a-z0-9-]+)"/g), (m) => m[1])
  expect(ids).toEqual([...ICON_NAMES])
})
