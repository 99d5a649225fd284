import fs from "node:fs"
import zlib from "node:zlib"
const page = process.argv[2]!
for (const dir of ["/work/wt-a11y/public", "public"]) {
  const html = fs.readFileSync(`${dir}${page}index.html`, "utf8")
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+\.js)"/g)].map((m) => m[1]!)
  const links = [...html.matchAll(/<link[^>]*href="([^"]+\.js)"[^>]*>/g)].map((m) => m[1]!)
  console.log(dir)
  for (const s of [...new Set([...scripts, ...links])]) {
    const f = `${dir}${s}`
    if (!fs.existsSync(f)) continue
    console.log("  ", (zlib.gzipSync(fs.readFileSync(f)).length / 1024).toFixed(2), s.replace(/-[0-9a-f]{20}/, ""))
  }
  const inline = [...html.matchAll(/<script(?![^>]*src)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("")
  console.log("   inline", (zlib.gzipSync(inline).length / 1024).toFixed(2))
}
