import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
const page = process.argv[2]!
for (const dir of ["/work/wt-a11y/public", "public"]) {
  const stats = JSON.parse(fs.readFileSync(path.join(dir, "webpack.stats.json"), "utf8"))
  const pd = JSON.parse(fs.readFileSync(path.join(dir, "page-data", page === "/" ? "index" : page.replace(/^\/|\/$/g, ""), "page-data.json"), "utf8"))
  const names = stats.namedChunkGroups[pd.componentChunkName].assets.map((a: { name: string }) => a.name).filter((n: string) => n.endsWith(".js"))
  console.log(dir, pd.componentChunkName)
  for (const n of names) console.log("  ", (zlib.gzipSync(fs.readFileSync(path.join(dir, n))).length / 1024).toFixed(2), n)
}
