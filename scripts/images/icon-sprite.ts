/**
 * static/icons.svg: one <symbol> per icon that data files may name, drawn
 * from lucide's icon data. Pages reference them with <use>, so icons named in
 * data cost no JavaScript.
 */
import fs from "node:fs"
import path from "node:path"
import { ICON_NAMES } from "../../src/lib/icon-names"

export const SPRITE_FILE = path.resolve(__dirname, "../../static/icons.svg")

type IconNode = Array<[string, Record<string, string>]>

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([key]) => key !== "key")
    .map(([key, value]) => `${key}="${value}"`)
    .join(" ")

export async function renderSprite(): Promise<string> {
  const symbols: string[] = []
  for (const name of ICON_NAMES) {
    // A few names are aliases: their module re-exports another icon's.
    let file = require.resolve(`lucide-react/dist/esm/icons/${name}.mjs`)
    const alias = /export \{ default \} from '\.\/([a-z0-9-]+\.mjs)'/.exec(fs.readFileSync(file, "utf8"))?.[1]
    if (alias) file = path.join(path.dirname(file), alias)
    const { __iconData } = (await import(file)) as { __iconData: { node: IconNode } }
    const body = __iconData.node.map(([tag, attrs]) => `<${tag} ${attributes(attrs)}/>`).join("")
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`
}

export async function writeSprite() {
  fs.writeFileSync(SPRITE_FILE, await renderSprite())
}
