import type { Node } from "gatsby"
import { DATA_FILE_KINDS } from "../gatsby/data-schemas"
import { graphqlTypeDefs } from "../gatsby/graphql-from-yup"
import { onCreateNode } from "../gatsby/on-create-node"
import { formatProblem, validateDataFile, validateReferences, type DatasetSummary } from "../gatsby/validate-data"
import { dataFiles, readData } from "./fixtures/data"

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe("the data files in data/", () => {
  test.each(dataFiles())("%s is valid", (file) => {
    expect(validateDataFile(file, readData(file))).toEqual([])
  })

  test("there are 13 pests and 4 offers", () => {
    expect(dataFiles().filter((f) => f.startsWith("pests/"))).toHaveLength(13)
    expect(
      dataFiles()
        .filter((f) => f.startsWith("offers/"))
        .sort(),
    ).toEqual([
      "offers/scarsdale49.yaml",
      "offers/whiteplains59.yaml",
      "offers/yonkers149.yaml",
      "offers/yonkers39.yaml",
    ])
  })
})

describe("a broken data file", () => {
  test("a missing field is named with its file and entry", () => {
    const pest = readData("pests/ants.yaml")
    delete pest.title
    const problems = validateDataFile("pests/ants.yaml", pest)
    expect(problems).toEqual([
      { file: "pests/ants.yaml", entry: "ants", field: "title", message: "is a required field" },
    ])
    expect(formatProblem(problems[0]!)).toBe(
      'Invalid data in data/pests/ants.yaml, entry "ants", field "title": is a required field',
    )
  })

  test("a value outside its allowed set says which values are allowed", () => {
    const pest = { ...readData("pests/ticks.yaml"), urgency: "Very High" }
    const [problem] = validateDataFile("pests/ticks.yaml", pest)
    expect(problem).toMatchObject({ entry: "ticks", field: "urgency" })
    expect(problem?.message).toMatch(/Critical, Urgent, Immediate, Seasonal, Common Issue/)
  })

  test("a misspelt key is reported, not ignored", () => {
    const page = { ...readData("pages/about.yaml"), titel: "About" }
    const [problem] = validateDataFile("pages/about.yaml", page)
    expect(problem).toMatchObject({ entry: "/about", field: "(file)" })
    expect(problem?.message).toMatch(/unknown field\(s\): titel/)
  })

  test("nested fields are named by their path", () => {
    const site = clone(readData<{ hours: Array<{ opens: string }>; phone: { e164: string } }>("site.yaml"))
    site.hours[1]!.opens = "9am"
    site.phone.e164 = "914-555-0123"
    const fields = validateDataFile("site.yaml", site).map((p) => p.field)
    expect(fields).toEqual(expect.arrayContaining(["hours[1].opens", "phone.e164"]))
  })

  test("a missing block fails (not only a missing scalar)", () => {
    const site = readData("site.yaml")
    delete site.address
    expect(validateDataFile("site.yaml", site)).toEqual([expect.objectContaining({ entry: "site", field: "address" })])
  })

  test("a file in an unknown place is reported", () => {
    expect(validateDataFile("misc/thing.yaml", {})[0]?.message).toMatch(/not a known kind of data file/)
  })

  test("onCreateNode fails the build with the message", () => {
    const panicOnBuild = jest.fn()
    const node = {
      ...readData("pests/bees.yaml"),
      urgency: "",
      id: "1",
      parent: "file-1",
      children: [],
      internal: { type: "PestYaml" },
    }
    const file = { id: "file-1", relativePath: "pests/bees.yaml" }
    const args = { node, getNode: (id: string) => (id === "file-1" ? file : undefined), reporter: { panicOnBuild } }
    ;(onCreateNode as unknown as (a: typeof args) => void)(args)
    expect(panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining('Invalid data in data/pests/bees.yaml, entry "bees", field "urgency"'),
    )
  })

  test("onCreateNode leaves other nodes alone", () => {
    const panicOnBuild = jest.fn()
    const args = {
      node: { id: "x", parent: null, children: [], internal: { type: "File" } } as unknown as Node,
      getNode: jest.fn(),
      reporter: { panicOnBuild },
    }
    ;(onCreateNode as unknown as (a: typeof args) => void)(args)
    expect(panicOnBuild).not.toHaveBeenCalled()
  })
})

describe("checks between files", () => {
  const dataset = (): DatasetSummary => ({
    pages: [
      { file: "pages/home.yaml", path: "/" },
      { file: "pages/services.yaml", path: "/services" },
    ],
    pests: [{ file: "pests/ants.yaml", slug: "ants" }],
    offers: [{ file: "offers/scarsdale49.yaml", key: "scarsdale49", fallback: true }],
    navigation: {
      file: "navigation.yaml",
      main: [{ path: "/" }],
      servicesPests: ["ants"],
      footerPests: ["ants"],
      footerLinks: [{ path: "/services/ants" }],
    },
  })

  test("a consistent dataset passes", () => {
    expect(validateReferences(dataset())).toEqual([])
  })

  test("a menu naming a missing pest or page is reported with its position", () => {
    const data = dataset()
    data.navigation = {
      ...data.navigation,
      servicesPests: ["ants", "roachs"],
      main: [{ path: "/" }, { path: "/pricing" }],
    }
    expect(validateReferences(data).map(formatProblem)).toEqual([
      'Invalid data in data/navigation.yaml, entry "main", field "main[1].path": no page at /pricing',
      'Invalid data in data/navigation.yaml, entry "servicesMenu", field "pests[1]": no pest "roachs" in data/pests',
    ])
  })

  test("two pages on one path, a slug that differs from its file name, and no fallback offer are reported", () => {
    const data = dataset()
    data.pages = [...data.pages, { file: "pages/home-copy.yaml", path: "/" }]
    data.pests = [{ file: "pests/ant.yaml", slug: "ants" }]
    data.offers = [{ file: "offers/scarsdale49.yaml", key: "scarsdale49", fallback: false }]
    expect(validateReferences(data).map((p) => `${p.file}:${p.field}`)).toEqual([
      "pages/home-copy.yaml:path",
      "pests/ant.yaml:slug",
      "offers/scarsdale49.yaml:fallback",
    ])
  })

  test("an offer-page protection card naming a plan plans.yaml does not have is reported", () => {
    const data = {
      ...dataset(),
      offerPagePlans: { file: "offer-page.yaml", named: ["c-are", "c-care-max"], known: ["ez-one", "c-are"] },
    }
    expect(validateReferences(data).map(formatProblem)).toEqual([
      'Invalid data in data/offer-page.yaml, entry "protection", field "plans[1].plan": no plan "c-care-max" in data/plans.yaml',
    ])
  })
})

describe("the GraphQL schema from the data schemas", () => {
  test("declares every data type as a node with non-null required fields", () => {
    const sdl = DATA_FILE_KINDS.flatMap((k) => graphqlTypeDefs(k.typeName, k.schema, { node: true })).join("\n")
    expect(sdl).toContain("type PestYaml implements Node @dontInfer {")
    expect(sdl).toMatch(/type PestYaml [^}]*\n {2}slug: String!\n/)
    expect(sdl).toMatch(/type SiteYaml [^}]*\n {2}foundedYear: Int!\n/)
    expect(sdl).toMatch(/type SiteYaml [^}]*\n {2}hours: \[SiteYamlHours!\]!\n/)
    expect(sdl).toMatch(/type SiteYamlGeo @dontInfer {\n {2}latitude: Float!/)
    // Optional fields stay nullable.
    expect(sdl).toMatch(/type PageYaml [^}]*\n {2}noindex: Boolean\n/)
    expect(sdl).toMatch(/type OfferYaml [^}]*\n {2}phone: OfferYamlPhone\n/)
  })
})
