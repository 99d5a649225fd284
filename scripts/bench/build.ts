/**
 * `npm run bench:build`: what a growing data folder costs the build.
 * Builds a scratch copy of the site as it is, and another with 1,000 extra
 * offer files generated into its data/, both from a cold cache, then rebuilds
 * the grown one after a one-line data edit with Gatsby's cache kept (what the
 * deploy workflow does). Reports build times and the time per extra page;
 * target ≤ 40 ms per extra offer page. Exits 1 when the target is missed.
 */
import fs from "node:fs"
import path from "node:path"
import { dump, load } from "js-yaml"
import { buildScratch, PROJECT_ROOT, scratchProject, type ScratchProject } from "../scratch-project"

const EXTRA_OFFERS = Number(process.env.BENCH_EXTRA_OFFERS ?? 1000)
const TARGET_MS_PER_PAGE = 40

interface BuildRun {
  ms: number
  pages: number
}

function build(project: ScratchProject): BuildRun {
  const ms = buildScratch(project)
  const pages = fs
    .readdirSync(path.join(project.dir, "public", "page-data"), { recursive: true })
    .filter((f) => String(f).endsWith("page-data.json")).length
  return { ms, pages }
}

/** 1,000 more city offers, each a valid file like a marketer would add. */
function addOffers(dataDir: string, count: number) {
  // Its English under en: and each translation under its language, kept as they are.
  const file = load(fs.readFileSync(path.join(dataDir, "offers", "yonkers39.yaml"), "utf8")) as {
    en: Record<string, unknown>
  }
  const template = file.en
  for (let n = 1; n <= count; n++) {
    const key = `benchtown${n}`
    const offer = {
      ...template,
      key,
      city: `Benchtown ${n}`,
      couponCode: `BENCH${n}`,
      title: `$39 Express Pest Fix in Benchtown ${n}, NY | Westchester Family Pest Control`,
      metaDescription: `Benchtown ${n} pest control for $39 with coupon BENCH${n}: treatment of common household pests plus an entry-point inspection.`,
      utmCampaign: key,
    }
    fs.writeFileSync(path.join(dataDir, "offers", `${key}.yaml`), dump({ ...file, en: offer }))
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function main() {
  console.log(
    `Building the site as it is and with ${EXTRA_OFFERS} extra offers (scratch copies of ${PROJECT_ROOT}, cold cache)…`,
  )
  const base = scratchProject("bench-base-")
  const grown = scratchProject("bench-grown-")
  try {
    addOffers(grown.dataDir, EXTRA_OFFERS)
    const baseRun = build(base)
    const grownRun = build(grown)
    const edited = path.join(grown.dataDir, "offers", "benchtown1.yaml")
    fs.writeFileSync(edited, fs.readFileSync(edited, "utf8").replace("Benchtown 1,", "Benchtown One,"))
    const warmRun = build(grown)

    const extraPages = grownRun.pages - baseRun.pages
    const perPage = (grownRun.ms - baseRun.ms) / extraPages
    const results = {
      "site as it is": { pages: baseRun.pages, build: seconds(baseRun.ms) },
      [`+${EXTRA_OFFERS} offers (cold)`]: { pages: grownRun.pages, build: seconds(grownRun.ms) },
      [`+${EXTRA_OFFERS} offers, one file edited (warm cache)`]: { pages: warmRun.pages, build: seconds(warmRun.ms) },
    }
    console.table(results)
    console.log(
      `Time per extra offer page: ${perPage.toFixed(1)} ms (target ≤ ${TARGET_MS_PER_PAGE} ms), over ${extraPages} extra pages.`,
    )
    fs.mkdirSync(path.join(PROJECT_ROOT, "reports"), { recursive: true })
    fs.writeFileSync(
      path.join(PROJECT_ROOT, "reports", "bench-build.json"),
      JSON.stringify(
        {
          extraOffers: EXTRA_OFFERS,
          extraPages,
          baseMs: baseRun.ms,
          grownMs: grownRun.ms,
          warmMs: warmRun.ms,
          msPerExtraPage: perPage,
        },
        null,
        2,
      ),
    )
    if (extraPages !== EXTRA_OFFERS) throw new Error(`expected ${EXTRA_OFFERS} extra pages, got ${extraPages}`)
    if (perPage > TARGET_MS_PER_PAGE) process.exitCode = 1
  } finally {
    base.remove()
    grown.remove()
  }
}

main()
