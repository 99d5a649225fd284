const fs = require("fs"); const { SourceMapConsumer } = require("source-map-js")
for (const file of process.argv.slice(2)) {
  const code = fs.readFileSync(file, "utf8"); const map = JSON.parse(fs.readFileSync(file + ".map", "utf8"))
  const c = new SourceMapConsumer(map); const lines = code.split("\n"); const sizes = {}
  let prev = null
  c.eachMapping((m) => {
    if (prev) { const len = prev.line === m.generatedLine ? m.generatedColumn - prev.col : lines[prev.line - 1].length - prev.col; sizes[prev.src] = (sizes[prev.src] || 0) + len }
    prev = { line: m.generatedLine, col: m.generatedColumn, src: (m.source || "?").replace(/.*node_modules\//, "nm/").replace(/.*\/src\//, "src/") }
  })
  console.log(file); Object.entries(sizes).sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([s, n]) => console.log("  ", n, s))
}
