/** @jest-environment node */
/**
 * The GitHub Actions workflows: valid against GitHub's published schema, and
 * doing what the README promises (test everything; deploy the backend, then
 * the site, from one commit whenever either's inputs change, with the
 * functions' copy of data/ made from that commit).
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { validateWorkflow } from "@action-validator/core"
import { load } from "js-yaml"

const ROOT = path.join(__dirname, "..")
const DIR = path.join(ROOT, ".github", "workflows")

interface Step {
  name?: string
  uses?: string
  run?: string
  with?: Record<string, string>
  env?: Record<string, string>
}
interface Job {
  needs?: string | string[]
  if?: string
  env?: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: Record<string, { branches?: string[]; paths?: string[] } | null>
  concurrency?: { group: string; "cancel-in-progress"?: boolean }
  jobs: Record<string, Job>
}

const files = fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f))
const source = (file: string) => fs.readFileSync(path.join(DIR, file), "utf8")
const workflow = (file: string) => load(source(file)) as Workflow
const steps = (wf: Workflow) => Object.values(wf.jobs).flatMap((job) => job.steps)
const runs = (wf: Workflow) =>
  steps(wf)
    .map((step) => step.run ?? "")
    .join("\n")
const envOf = (wf: Workflow) =>
  Object.assign(
    {},
    ...Object.values(wf.jobs).map((job) => job.env ?? {}),
    ...steps(wf).map((step) => step.env ?? {}),
  ) as Record<string, string>

/** The files git tracks, to check that each `paths` filter matches something real. */
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean)
const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split("**")
      .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
      .join(".*")}$`,
  )

test("there are the three workflows", () => {
  expect(files.sort()).toEqual(["ci.yml", "content-preview.yml", "deploy.yml"])
})

test.each(files)("%s is a valid workflow by GitHub's schema", (file) => {
  expect(validateWorkflow(source(file)).errors).toEqual([])
})

test.each(files)("%s pins every action to a major version or a commit", (file) => {
  for (const step of steps(workflow(file))) if (step.uses) expect(step.uses).toMatch(/@(v\d+(\.\d+)*|[0-9a-f]{40})$/)
})

test.each(files)("%s takes credentials only from repository secrets", (file) => {
  const text = source(file)
  expect(text).not.toMatch(/(nfp_|sbp_|eyJ)[A-Za-z0-9_-]{10,}/)
  for (const [name, value] of Object.entries(envOf(workflow(file)))) {
    // GitHub's own per-run token (GITHUB_TOKEN) may be handed to the gh CLI under its name, GH_TOKEN.
    const allowed = name === "GH_TOKEN" ? "${{ secrets.GITHUB_TOKEN }}" : `\${{ secrets.${name} }}`
    if (/TOKEN|PASSWORD|SECRET/.test(name)) expect(value).toBe(allowed)
  }
})

test("CI installs, tests and builds on every push and pull request with the same script as here", () => {
  const ci = workflow("ci.yml")
  expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"])
  expect(ci.on.push?.branches).toBeUndefined()
  expect(runs(ci)).toContain("bash .ci/run")
  // .ci/run is install, then the format check and `npm test` side by side, then the quality budgets.
  const script = fs.readFileSync(path.join(ROOT, ".ci", "run"), "utf8")
  expect(script).toMatch(
    /step npm install --no-audit --no-fund(?: --prefer-offline)?(?: --strict-allow-scripts)?\s[\s\S]*?npm run --silent format:check &\s+checks_pid=\$!\s+step npm test\s+step wait "\$checks_pid"\s+(?:#.*\s+)*step npm run quality/,
  )
  // `npm test` is the build (with canary secrets) then lint with the type check, beside the unit tests; then the browser tests.
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
  expect(manifest).toMatchObject({
    scripts: {
      test: "tsx scripts/run-parallel.ts test:build test:unit && E2E_REQUIRE_CANARY_BUILD=1 npm run test:e2e",
      "test:build": "npm run build:canaries && npm run lint",
    },
  })
})

/** One job of deploy.yml as a workflow of its own, for the helpers above. */
const deployJob = (name: "backend" | "site"): Workflow => {
  const deploy = workflow("deploy.yml")
  return { ...deploy, jobs: { [name]: deploy.jobs[name]! } }
}

test("the site deploys from main when data, code, static files or the Gatsby config change", () => {
  const deploy = deployJob("site")
  expect(deploy.on.push?.branches).toEqual(["main"])
  const paths = deploy.on.push?.paths ?? []
  for (const required of ["data/**", "src/**", "static/**", "gatsby-config.ts", "gatsby-node.ts", "gatsby/**"])
    expect(paths).toContain(required)
  for (const glob of paths) expect(tracked.some((file) => globToRegExp(glob).test(file))).toBe(true)
  expect(globToRegExp("data/**").test("data/offers/newrochelle59.yaml")).toBe(true)
  const commands = runs(deploy)
  expect(commands.indexOf("npm run validate:data")).toBeLessThan(commands.indexOf("npm run build"))
  expect(commands).toMatch(/npx --yes netlify-cli@\d+\.\d+\.\d+ deploy --dir=public --prod/)
  expect(envOf(deploy)).toMatchObject({
    NETLIFY_AUTH_TOKEN: "${{ secrets.NETLIFY_AUTH_TOKEN }}",
    NETLIFY_SITE_ID: "${{ secrets.NETLIFY_SITE_ID }}",
  })
})

test("the site build restores Gatsby's .cache and public/ from the last run", () => {
  const cache = steps(deployJob("site")).find((step) => step.uses?.startsWith("actions/cache@"))
  expect(
    cache?.with?.path
      ?.split("\n")
      .map((p) => p.trim())
      .filter(Boolean),
  ).toEqual([".cache", "public"])
  expect(cache?.with?.["restore-keys"]).toBeTruthy()
  const order = steps(deployJob("site")).map((step) => step.uses ?? step.run ?? "")
  expect(order.findIndex((s) => s.startsWith("actions/cache@"))).toBeLessThan(order.indexOf("npm run build"))
})

test("the site is built with every setting the browser code and the build read", () => {
  const env = envOf(deployJob("site"))
  const readBySite = new Set<string>([
    "SITE_URL",
    "GATSBY_GA_MEASUREMENT_ID",
    "GATSBY_ADS_ID",
    "GATSBY_ADS_CONVERSION_LABEL",
  ])
  for (const file of ["src/lib/backend-config.ts"])
    for (const [, name] of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(/process\.env\.(GATSBY_[A-Z_]+)/g))
      readBySite.add(name!)
  for (const name of readBySite) expect(env[name]).toMatch(/^\$\{\{ (vars|secrets)\.[A-Z_]+ \}\}$/)
})

test("the backend deploys from main when supabase/ or data/ changes: the copy of data/ regenerated and tested, migrations pushed, functions deployed", () => {
  const deploy = deployJob("backend")
  expect(deploy.on.push?.branches).toEqual(["main"])
  expect(deploy.on.push?.paths).toEqual(expect.arrayContaining(["supabase/**", "data/**"]))
  expect(steps(deploy).some((step) => step.uses?.startsWith("supabase/setup-cli@"))).toBe(true)
  const commands = runs(deploy)
  expect(commands).toContain("supabase link --project-ref")
  // Made from this commit's data/ before the tests that read it and before anything is deployed.
  const order = [
    "npm run generate:backend-data",
    "npm run test:unit -- __tests__/backend",
    "supabase db push",
    "supabase functions deploy",
    // The pipeline check, through the functions just deployed.
    "npm run check:pipeline",
  ].map((command) => commands.indexOf(command))
  expect(order.every((at) => at >= 0)).toBe(true)
  expect(order).toEqual([...order].sort((a, b) => a - b))
  expect(envOf(deploy).SUPABASE_ACCESS_TOKEN).toBe("${{ secrets.SUPABASE_ACCESS_TOKEN }}")
  const check = steps(deploy).find((step) => step.run === "npm run check:pipeline")
  expect(check?.env).toMatchObject({
    PIPELINE_CHECK_TRIGGER: "deploy",
    PIPELINE_CHECK_SECRET: "${{ secrets.PIPELINE_CHECK_SECRET }}",
  })
})

test("the site deploys only after the backend deploy of the same commit succeeded; nothing else deploys either", () => {
  const deploy = workflow("deploy.yml")
  expect(Object.keys(deploy.jobs).sort()).toEqual(["backend", "site"])
  const { backend, site } = deploy.jobs
  // `needs` alone: the site job runs only when the backend job succeeded. A status function in an `if`
  // (always(), failure(), cancelled(), !cancelled()) would let it run after a failed backend deploy.
  expect([site?.needs].flat()).toEqual(["backend"])
  for (const job of [backend, site]) expect(job?.if ?? "").not.toMatch(/always\(|failure\(|cancelled\(/)
  expect(backend?.needs).toBeUndefined()
  // One run, one commit: both jobs check out the commit that started it (no other ref), and runs queue rather than race.
  for (const job of [backend, site]) {
    const checkout = job?.steps.filter((step) => step.uses?.startsWith("actions/checkout@")) ?? []
    expect(checkout).toHaveLength(1)
    expect(checkout[0]?.with?.ref).toBeUndefined()
  }
  expect(Object.keys(deploy.on).sort()).toEqual(["push", "workflow_dispatch"])
  expect(deploy.concurrency).toEqual({ group: "deploy", "cancel-in-progress": false })
  // No other workflow publishes the site to production or deploys the functions on its own.
  for (const file of files.filter((f) => f !== "deploy.yml")) {
    expect(runs(workflow(file))).not.toMatch(/deploy[^\n]*--prod/)
    expect(runs(workflow(file))).not.toContain("supabase functions deploy")
    expect(runs(workflow(file))).not.toContain("supabase db push")
  }
})

/** The project's files that a module imports, itself included, following relative imports. */
function importClosure(start: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = fs.readFileSync(path.join(ROOT, file), "utf8")
    for (const [, spec] of text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
      const base = path.join(path.dirname(file), spec!)
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
        (candidate) => fs.existsSync(path.join(ROOT, candidate)) && fs.statSync(path.join(ROOT, candidate)).isFile(),
      )
      if (found) visit(found)
    }
  }
  visit(start)
  return [...seen]
}

test("every file the functions' copy of the data is made from starts the deploy, and so the backend deploy", () => {
  const paths = workflow("deploy.yml").on.push?.paths ?? []
  const deploys = (file: string) => paths.some((glob) => globToRegExp(glob).test(file))
  const sources = [
    // What renderBackendData reads: every data file, and the code that turns them into the copy.
    ...tracked.filter((file) => file.startsWith("data/")),
    ...importClosure("gatsby/backend-data.ts"),
    ...tracked.filter((file) => file.startsWith("supabase/")),
  ]
  expect(sources.length).toBeGreaterThan(20)
  expect(sources.filter((file) => !deploys(file))).toEqual([])
  for (const glob of paths) expect(tracked.some((file) => globToRegExp(glob).test(file))).toBe(true)
})

test("a pull request's data is checked, then built and published as a deploy preview the editor links to", () => {
  const preview = workflow("content-preview.yml")
  expect(Object.keys(preview.on)).toEqual(["pull_request"])
  expect(preview.on.pull_request?.paths).toEqual(expect.arrayContaining(["data/**", "src/**"]))
  const { check, preview: publish } = preview.jobs as Record<string, { steps: Step[]; needs?: string }>
  expect(check?.steps.map((step) => step.run)).toContain("npm run validate:data")
  expect(publish?.needs).toBe("check")
  const commands = (publish?.steps ?? []).map((step) => step.run ?? "").join("\n")
  expect(commands.indexOf("npm run build")).toBeLessThan(commands.indexOf("deploy --dir=public"))
  // A draft deploy at its own alias: never --prod from a pull request.
  expect(commands).toMatch(/netlify-cli@\d+\.\d+\.\d+ deploy --dir=public --alias=/)
  expect(commands).not.toContain("--prod")
  // The status the editor's "View Preview" button reads (backend.preview_context in the generated config).
  expect(commands).toContain('context="deploy/netlify"')
  expect(envOf(preview)).toMatchObject({
    NETLIFY_AUTH_TOKEN: "${{ secrets.NETLIFY_AUTH_TOKEN }}",
    NETLIFY_SITE_ID: "${{ secrets.NETLIFY_SITE_ID }}",
    CMS_GITHUB_REPO: "${{ github.repository }}",
  })
})

test("the schema check can fail: a misspelt key is caught", () => {
  const broken = source("ci.yml").replace("runs-on:", "run-on:")
  expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0)
})

test("every workflow runs on Node 24 LTS, read from .nvmrc", () => {
  expect(fs.readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim()).toBe("24")
  for (const file of files) {
    const setups = steps(workflow(file)).filter((step) => step.uses?.startsWith("actions/setup-node@"))
    expect(setups.length).toBeGreaterThan(0)
    for (const setup of setups) expect(setup.with).toMatchObject({ "node-version-file": ".nvmrc" })
  }
})
