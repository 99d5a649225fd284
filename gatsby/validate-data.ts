/**
 * Build-time checks of the data files. Every message names the file, the
 * entry and the field, so a maintainer can fix a bad edit without reading code.
 */
import { ValidationError } from "yup"
import { findDataFileKind, type DataFileKind } from "./data-schemas"

export interface DataProblem {
  file: string
  entry: string
  field: string
  message: string
}

export const formatProblem = ({ file, entry, field, message }: DataProblem) =>
  `Invalid data in data/${file}, entry "${entry}", field "${field}": ${message}`

const entryName = (kind: DataFileKind | undefined, file: string, content: Record<string, unknown>) => {
  const key = kind?.entryKey ? content[kind.entryKey] : undefined
  return typeof key === "string" && key ? key : file.replace(/\.ya?ml$/, "")
}

/** Yup reports "field must be …"; keep the rule, drop the repeated path. */
const ruleOf = (error: ValidationError) => {
  const path = error.path ?? ""
  return path && error.message.startsWith(path) ? error.message.slice(path.length).trim() : error.message
}

/** Checks one data file's content against the schema of its kind. */
export function validateDataFile(file: string, content: Record<string, unknown>): DataProblem[] {
  const kind = findDataFileKind(file)
  const entry = entryName(kind, file, content)
  if (!kind) {
    return [
      {
        file,
        entry,
        field: "(file)",
        message: "is not a known kind of data file; see the README for where data files go",
      },
    ]
  }
  try {
    kind.schema.validateSync(content, { abortEarly: false, strict: true })
    return []
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return error.inner.map((inner) => ({ file, entry, field: inner.path || "(file)", message: ruleOf(inner) }))
  }
}

export interface DatasetSummary {
  pages: ReadonlyArray<{ file: string; path: string }>
  pests: ReadonlyArray<{ file: string; slug: string }>
  offers: ReadonlyArray<{ file: string; key: string; fallback: boolean }>
  navigation: {
    file: string
    main: ReadonlyArray<{ path: string }>
    servicesPests: readonly string[]
    footerPests: readonly string[]
    footerLinks: ReadonlyArray<{ path: string }>
  }
  /** The plans data/offer-page.yaml's protection cards name, and the plan ids data/plans.yaml has. */
  offerPagePlans?: { file: string; named: readonly string[]; known: readonly string[] }
}

const duplicates = <T>(items: readonly T[], keyOf: (item: T) => string) => {
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = keyOf(item)
    if (seen.has(key)) return true
    seen.add(key)
    return false
  })
}

/** Checks between files: unique routes and keys, and menus that point at real pages. */
export function validateReferences(data: DatasetSummary): DataProblem[] {
  const problems: DataProblem[] = []
  const pestSlugs = new Set(data.pests.map((p) => p.slug))
  const routes = new Set([
    ...data.pages.map((p) => p.path),
    ...data.pests.map((p) => `/services/${p.slug}`),
    ...data.offers.map((o) => `/offer/${o.key}`),
  ])

  for (const page of duplicates(data.pages, (p) => p.path)) {
    problems.push({
      file: page.file,
      entry: page.path,
      field: "path",
      message: "is used by another file in data/pages",
    })
  }
  for (const pest of data.pests) {
    if (pest.file !== `pests/${pest.slug}.yaml`) {
      problems.push({
        file: pest.file,
        entry: pest.slug,
        field: "slug",
        message: `must match the file name (pests/${pest.slug}.yaml)`,
      })
    }
  }
  for (const offer of data.offers) {
    if (offer.file !== `offers/${offer.key}.yaml`) {
      problems.push({
        file: offer.file,
        entry: offer.key,
        field: "key",
        message: `must match the file name (offers/${offer.key}.yaml)`,
      })
    }
  }
  const fallbacks = data.offers.filter((o) => o.fallback)
  if (data.offers.length > 0 && fallbacks.length !== 1) {
    const file = fallbacks[1]?.file ?? data.offers[0]?.file ?? "offers/"
    problems.push({
      file,
      entry: "fallback",
      field: "fallback",
      message: `exactly one offer must set fallback: true (found ${fallbacks.length})`,
    })
  }

  const nav = data.navigation
  const checkPests = (entry: string, field: string, slugs: readonly string[]) =>
    slugs.forEach((slug, i) => {
      if (!pestSlugs.has(slug))
        problems.push({ file: nav.file, entry, field: `${field}[${i}]`, message: `no pest "${slug}" in data/pests` })
    })
  const checkLinks = (entry: string, field: string, links: ReadonlyArray<{ path: string }>) =>
    links.forEach((link, i) => {
      if (!routes.has(link.path))
        problems.push({ file: nav.file, entry, field: `${field}[${i}].path`, message: `no page at ${link.path}` })
    })
  checkLinks("main", "main", nav.main)
  checkPests("servicesMenu", "pests", nav.servicesPests)
  checkPests("footer", "servicePests", nav.footerPests)
  checkLinks("footer", "company/legal", nav.footerLinks)
  const plans = data.offerPagePlans
  plans?.named.forEach((id, i) => {
    if (!plans.known.includes(id))
      problems.push({
        file: plans.file,
        entry: "protection",
        field: `plans[${i}].plan`,
        message: `no plan "${id}" in data/plans.yaml`,
      })
  })
  return problems
}
