/** @jest-environment node */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { object, string } from "yup"
import { DATA_FILE_KINDS } from "../gatsby/data-schemas"
import { graphqlSchemaDefs } from "../gatsby/graphql-from-yup"
import { onCreateNode } from "../gatsby/on-create-node"
import {
  formatProblem,
  githubAnnotation,
  validateDataDir,
  validateDataFile,
  validateLanguages,
} from "../gatsby/validate-data"
import { load } from "js-yaml"
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

  test("a form's field without its words, or words for a field its request does not declare, name the field", () => {
    const page = clone(readData<{ form: { fields: Array<{ name: string; label: string }> } }>("contact-page.yaml"))
    const fields = page.form.fields
    page.form.fields = fields.filter((field) => field.name !== "message")
    expect(validateDataFile("contact-page.yaml", page)).toEqual([
      expect.objectContaining({ field: "form.fields", message: "must give the words of message" }),
    ])
    page.form.fields = [...fields, { name: "heardAbuot", label: "How did you hear about us?" }]
    const [unknown, ...others] = validateDataFile("contact-page.yaml", page)
    expect(others).toEqual([])
    expect(unknown).toMatchObject({ field: `form.fields[${fields.length}].name` })
    expect(unknown?.message).toMatch(/^must be one of the request's fields: name, email, phone, message/)
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

  describe("closed dates (holidays)", () => {
    type Closed = { date: string; name: string; opens?: string; closes?: string }
    const withClosed = (edit: (list: Closed[]) => void) => {
      const site = clone(readData<{ closedDates: Closed[] }>("site.yaml"))
      edit(site.closedDates)
      return validateDataFile("site.yaml", site)
    }

    test.each(["2026-02-30", "2026-13-01", "Nov 26 2026", "2026-11-26T00:00"])(
      "a date that is not a YYYY-MM-DD calendar date (%s) is named by entry and field",
      (date) => {
        const problems = withClosed((list) => {
          list[2]!.date = date
        })
        expect(problems).toEqual([
          {
            file: "site.yaml",
            entry: "site",
            field: "closedDates[2].date",
            message: "must be a date written YYYY-MM-DD, such as 2026-11-26",
          },
        ])
      },
    )

    test("the same date twice names the second and the first", () => {
      const [problem, ...more] = withClosed((list) => {
        list.push({ date: "2026-11-26", name: "Thanksgiving again" })
      })
      expect(more).toEqual([])
      expect(formatProblem(problem!)).toMatch(
        /^Invalid data in data\/site\.yaml, entry "site", field "closedDates\[\d+\]\.date": 2026-11-26 is also closedDates\[0\]'s date; list each date once$/,
      )
    })

    test("a short day needs both times, opening before closing", () => {
      const fields = (edit: (list: Closed[]) => void) => withClosed(edit).map((p) => `${p.field}: ${p.message}`)
      expect(
        fields((list) => {
          list[0]!.closes = "12:00"
        }),
      ).toEqual(["closedDates[0].opens: a short day needs both opens and closes (leave both out to close all day)"])
      expect(
        fields((list) => {
          list[1]!.closes = "07:00"
        }),
      ).toEqual(["closedDates[1].closes: must be after opens"])
      expect(
        fields((list) => {
          list[1]!.opens = "8am"
        }),
      ).toEqual(expect.arrayContaining(["closedDates[1].opens: must be a 24-hour time such as 12:00"]))
    })
  })

  test("a missing block fails (not only a missing scalar)", () => {
    const site = readData("site.yaml")
    delete site.address
    expect(validateDataFile("site.yaml", site)).toEqual([expect.objectContaining({ entry: "site", field: "address" })])
  })

  test("a file in an unknown place is reported", () => {
    expect(validateDataFile("misc/thing.yaml", {})[0]?.message).toMatch(/not a known kind of data file/)
  })

  /** What gatsby-source-filesystem gives onCreateNode for a data file, and Gatsby's actions, recorded. */
  const sourced = (relativePath: string, text: string) => {
    const panicOnBuild = jest.fn()
    const createNode = jest.fn()
    const createParentChildLink = jest.fn()
    const args = {
      node: {
        id: "file-1",
        parent: null,
        children: [],
        internal: { type: "File" },
        sourceInstanceName: "data",
        relativePath,
      },
      loadNodeContent: () => Promise.resolve(text),
      createNodeId: (seed: string) => `id:${seed}`,
      createContentDigest: () => "digest",
      actions: { createNode, createParentChildLink },
      reporter: { panicOnBuild },
      cache: { get: () => Promise.resolve(undefined), set: () => Promise.resolve() },
      getNodesByType: () => [],
    }
    return { args, panicOnBuild, createNode }
  }
  const run = (args: unknown) => (onCreateNode as unknown as (a: unknown) => Promise<void>)(args)
  const bees = fs.readFileSync(path.resolve("data/pests/bees.yaml"), "utf8")

  test("onCreateNode makes one node per language, each with its language, page key and route", async () => {
    const { args, panicOnBuild, createNode } = sourced("pests/bees.yaml", bees)
    await run(args)
    expect(panicOnBuild).not.toHaveBeenCalled()
    const nodes = createNode.mock.calls.map(([node]) => node as Record<string, unknown>)
    expect(nodes.map((node) => [node.lang, node.pageKey, node.route, node.slug])).toEqual([
      ["en", "/services/bees", "/services/bees/", "bees"],
      ["es", "/services/bees", "/es/servicios/abejas/", "abejas"],
    ])
    expect(nodes.map((node) => (node.internal as { type: string }).type)).toEqual(["PestYaml", "PestYaml"])
    expect(nodes[1]?.name).toBe(readData("pests/bees.yaml", "es").name)
  })

  test("when the routes changed since the nodes were made, every data file's nodes are made again (their links follow)", async () => {
    const { args, createNode } = sourced("pests/bees.yaml", bees)
    const home = { ...args.node, id: "file-2", relativePath: "home.yaml" }
    const files: Record<string, string> = {
      "file-1": bees,
      "file-2": fs.readFileSync(path.resolve("data/home.yaml"), "utf8"),
    }
    const stored = new Map<string, unknown>()
    const withCache = {
      ...args,
      loadNodeContent: (node: { id: string }) => Promise.resolve(files[node.id] ?? ""),
      cache: {
        get: (key: string) => Promise.resolve(stored.get(key)),
        set: (key: string, value: unknown) => Promise.resolve(void stored.set(key, value)),
      },
      getNodesByType: () => [args.node, home],
    }
    await run(withCache)
    expect(createNode.mock.calls.map(([node]) => (node as { internal: { type: string } }).internal.type)).toEqual([
      "PestYaml",
      "PestYaml",
      "HomeYaml",
      "HomeYaml",
    ])
    // The same routes again: only the file itself.
    createNode.mockClear()
    await run(withCache)
    expect(createNode).toHaveBeenCalledTimes(2)
  })

  test("onCreateNode fails the build with the message", async () => {
    const { args, panicOnBuild, createNode } = sourced("pests/bees.yaml", bees.replace(/urgency: .*/, 'urgency: ""'))
    await run(args)
    expect(panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining('Invalid data in data/pests/bees.yaml, entry "bees", field "urgency"'),
    )
    expect(createNode).not.toHaveBeenCalled()
  })

  test("a Spanish text removed fails the build naming the file, the entry and the field", async () => {
    const { args, panicOnBuild, createNode } = sourced(
      "pests/bees.yaml",
      bees.replace(/\n {2}heading: .*\n/g, (line, at: number) => (at > bees.indexOf("\nes:") ? "\n" : line)),
    )
    await run(args)
    expect(panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining(
        'Invalid data in data/pests/bees.yaml, entry "bees", field "es.heading": is missing its Spanish text (en: "Bee',
      ),
    )
    expect(createNode).not.toHaveBeenCalled()
  })

  test("onCreateNode leaves other nodes alone", async () => {
    const { args, panicOnBuild, createNode } = sourced("pests/bees.yaml", bees)
    await run({
      ...args,
      node: {
        id: "x",
        parent: null,
        children: [],
        internal: { type: "File" },
        sourceInstanceName: "images",
        relativePath: "logo.png",
      },
    })
    expect(panicOnBuild).not.toHaveBeenCalled()
    expect(createNode).not.toHaveBeenCalled()
  })
})

describe("translations", () => {
  const english = (file: string) => readData(file)
  const withSpanish = (file: string, edit: (es: Record<string, unknown>) => void) => {
    const raw = load(fs.readFileSync(path.resolve("data", file), "utf8")) as {
      en: unknown
      es: Record<string, unknown>
    }
    const es = JSON.parse(JSON.stringify(raw.es)) as Record<string, unknown>
    edit(es)
    return validateLanguages(file, { en: raw.en, es })
  }

  test("every translated file holds every Spanish text", () => {
    for (const file of dataFiles())
      expect([file, validateLanguages(file, load(fs.readFileSync(path.resolve("data", file), "utf8")))]).toEqual([
        file,
        [],
      ])
  })

  test("a missing, empty or misplaced Spanish text, a list of another length, a Spanish text breaking its field's rules", () => {
    expect(english("home.yaml")).toBeDefined()
    const problems = withSpanish("pests/ants.yaml", (es) => {
      delete es.heading
      es.intro = ""
      es.urgency = "Crítico"
      ;(es.sections as unknown[]).pop()
      es.title = "x".repeat(91)
      es.slug = "Hormigas Grandes"
    })
    expect(problems.map(formatProblem)).toEqual([
      'Invalid data in data/pests/ants.yaml, entry "ants", field "es.slug": must be lowercase letters, digits and dashes',
      'Invalid data in data/pests/ants.yaml, entry "ants", field "es.title": must be at most 90 characters so search results show most of it',
      'Invalid data in data/pests/ants.yaml, entry "ants", field "es.urgency": is not a text to translate: it is written once, under en:',
      'Invalid data in data/pests/ants.yaml, entry "ants", field "es.heading": is missing its Spanish text (en: "Ant Control")',
      'Invalid data in data/pests/ants.yaml, entry "ants", field "es.intro": is missing its Spanish text (en: "Carpenter ants tunnel through damp wood while pavement an...")',
      `Invalid data in data/pests/ants.yaml, entry "ants", field "es.sections": must list ${readData<{ sections: unknown[] }>("pests/ants.yaml").sections.length} entries, in the order en: lists them`,
    ])
  })

  test("a placeholder the field does not allow, or a price written out, in Spanish too", () => {
    const problems = withSpanish("offers/yonkers39.yaml", (es) => {
      es.title = "Control de plagas por $39 en {ciudad}"
    })
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      expect.stringMatching(/^es\.title: must not write a dollar amount/),
      expect.stringMatching(/^es\.title: may use only the placeholders/),
    ])
  })

  test("a file without its en: section, or a language the site does not have", () => {
    const raw = load(fs.readFileSync(path.resolve("data/home.yaml"), "utf8")) as { en: unknown; es: unknown }
    expect(validateLanguages("home.yaml", raw.en).map((p) => p.message)).toEqual([
      'must hold its English under en: and its translations under es: (see the README, "Translations")',
    ])
    expect(validateLanguages("home.yaml", { ...raw, fr: {} }).map((p) => `${p.field}: ${p.message}`)).toEqual([
      "fr: is not a language of the site (en, es)",
    ])
  })

  test("the office's files are English only", () => {
    const office = load(fs.readFileSync(path.resolve("data/office-links.yaml"), "utf8"))
    expect(validateLanguages("office-links.yaml", office)).toEqual([])
    expect(validateLanguages("office-links.yaml", { en: office, es: {} }).map((p) => p.message)).toEqual([
      "is read by the office only, in English: write its fields without en: and es:",
    ])
  })
})

describe("checks between files (the same function for the build and validate:data)", () => {
  const copies: string[] = []
  /** A copy of data/ with some files changed, as a maintainer's edit would leave it. */
  const dataWith = (edit: (dir: string) => void) => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), "data-"))
    copies.push(project)
    const dir = path.join(project, "data")
    fs.cpSync(path.resolve("data"), dir, { recursive: true })
    // Image paths are relative to the data files (../src/images/…): the copy sees the real pictures.
    fs.symlinkSync(path.resolve("src"), path.join(project, "src"))
    edit(dir)
    return dir
  }
  const messages = (dir: string) => validateDataDir(dir).map(formatProblem)
  const rewrite = (file: string, from: string | RegExp, to: string) => {
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(from, to))
  }
  afterAll(() => {
    for (const project of copies) fs.rmSync(project, { recursive: true, force: true })
  })

  test("the real data passes", () => {
    expect(validateDataDir(path.resolve("data"))).toEqual([])
  })

  test("a pest whose slug is not its file name", () => {
    const dir = dataWith((d) => {
      fs.renameSync(path.join(d, "pests/ants.yaml"), path.join(d, "pests/ant.yaml"))
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/pests/ant.yaml, entry "ants", field "slug": must match the file name (pests/ants.yaml)',
    ])
  })

  test("an offer whose key is not its file name, and two offers with one key", () => {
    const dir = dataWith((d) => {
      fs.copyFileSync(path.join(d, "offers/yonkers39.yaml"), path.join(d, "offers/yonkers40.yaml"))
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/offers/yonkers40.yaml, entry "yonkers39", field "key": must match the file name (offers/yonkers39.yaml)',
      'Invalid data in data/offers/yonkers40.yaml, entry "yonkers39", field "key": is also the key of data/offers/yonkers39.yaml',
    ])
  })

  test("an offer text that writes out its coupon code, or is too long once its placeholders are filled", () => {
    const dir = dataWith((d) => {
      const file = path.join(d, "offers/yonkers39.yaml")
      rewrite(file, "with coupon {couponCode}", "with coupon YON39")
      rewrite(file, "city: Yonkers", "city: Yonkers, Hastings-on-Hudson and Dobbs Ferry")
      rewrite(file, "{price} Express Pest Fix in Yonkers", "{price} Express Pest Fix in {city}")
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/offers/yonkers39.yaml, entry "yonkers39", field "metaDescription": write {couponCode} instead of YON39, so a new coupon code reaches this text too',
      'Invalid data in data/offers/yonkers39.yaml, entry "yonkers39", field "title": must be at most 90 characters once its placeholders are filled (it has 105)',
    ])
  })

  test("an office page outside data/pages/office/ (where the editor would list it), and another page inside it", () => {
    const dir = dataWith((d) => {
      fs.renameSync(path.join(d, "pages/office/release.yaml"), path.join(d, "pages/office-release.yaml"))
      fs.renameSync(path.join(d, "pages/terms.yaml"), path.join(d, "pages/office/terms.yaml"))
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/pages/office-release.yaml, entry "/office/release", field "(file)": must hold its English under en: and its translations under es: (see the README, "Translations")',
      'Invalid data in data/pages/office/terms.yaml, entry "/terms", field "(file)": is read by the office only, in English: write its fields without en: and es:',
      'Invalid data in data/pages/office-release.yaml, entry "/office/release", field "template": an office page (template office-link) goes in data/pages/office/, which the content editor does not list',
      'Invalid data in data/pages/office/terms.yaml, entry "/terms", field "template": data/pages/office/ holds only the office\'s pages (template office-link); move this page to data/pages/',
    ])
  })

  test("the $49 page's amounts are written once: a dollar amount in its texts, its page file or the booking e-mails is refused", () => {
    const dir = dataWith((d) => {
      rewrite(path.join(d, "scarsdale-offer.yaml"), "heading: Your {price} Scarsdale", "heading: Your $49 Scarsdale")
      rewrite(
        path.join(d, "pages/scarsdale-49-offer.yaml"),
        'heading: "{price} Scarsdale',
        'heading: "{prize} Scarsdale',
      )
      rewrite(path.join(d, "lead-messages.yaml"), "Your {price} Scarsdale Starter Visit is booked", "Your $45 visit")
    })
    const amounts =
      "must not write a dollar amount: write {price}, {regularValue}, {saving} (filled from amounts in data/scarsdale-offer.yaml), so a price change reaches this text too"
    expect(messages(dir)).toEqual([
      `Invalid data in data/lead-messages.yaml, entry "lead-messages", field "customerEmail.bookingSubject": ${amounts}`,
      'Invalid data in data/pages/scarsdale-49-offer.yaml, entry "/scarsdale-49-offer", field "heading": may use only the placeholders {price}, {regularValue}, {saving}',
      `Invalid data in data/scarsdale-offer.yaml, entry "scarsdale-offer", field "hero.heading": ${amounts}`,
    ])
  })

  test("two pages on one path, and two pests offering one estimate choice", () => {
    const dir = dataWith((d) => {
      fs.copyFileSync(path.join(d, "pages/terms.yaml"), path.join(d, "pages/terms-copy.yaml"))
      rewrite(path.join(d, "pests/spiders.yaml"), "estimate: { position: 3 }", "estimate: { position: 3, label: Ants }")
    })
    expect(messages(dir)).toEqual([
      // A label in English asks for its Spanish too.
      'Invalid data in data/pests/spiders.yaml, entry "spiders", field "es.estimate": is missing its Spanish texts',
      'Invalid data in data/pages/terms.yaml, entry "/terms", field "path": is also the path of data/pages/terms-copy.yaml',
      `Invalid data in data/pests/spiders.yaml, entry "spiders", field "estimate.label": the estimate choice "Ants" is also data/pests/ants.yaml's; set a different estimate.label`,
    ])
  })

  test("an arrival window outside its weekday's hours, and windows that overlap", () => {
    const dir = dataWith((d) => {
      rewrite(
        path.join(d, "arrival-windows.yaml"),
        '{ start: "12:00", end: "15:00", visits: 2 }',
        '{ start: "14:00", end: "17:00", visits: 2 }',
      )
      rewrite(
        path.join(d, "arrival-windows.yaml"),
        '{ start: "11:00", end: "14:00", visits: 3 }',
        '{ start: "10:00", end: "14:00", visits: 3 }',
      )
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/arrival-windows.yaml, entry "arrival-windows", field "weekdays.Monday": windows must be in order of start and must not overlap',
      `Invalid data in data/arrival-windows.yaml, entry "arrival-windows", field "weekdays.Saturday[1]": 14:00-17:00 is not inside Saturday's hours in data/site.yaml (09:00-16:00): nobody would be at work to take the visit`,
    ])
  })

  test("an image file that does not exist", () => {
    const dir = dataWith((d) => {
      rewrite(path.join(d, "pests/ticks.yaml"), "images/pests/ticks.png", "images/pests/tick.png")
    })
    expect(messages(dir)).toEqual([
      expect.stringMatching(
        /^Invalid data in data\/pests\/ticks\.yaml, entry "ticks", field "image\.src": no image file at .*images\/pests\/tick\.png$/,
      ),
    ])
  })

  test("a bad menu flag", () => {
    const dir = dataWith((d) => {
      rewrite(path.join(d, "pests/bees.yaml"), "menu: { services: 8 }", "menu: { services: yes }")
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/pests/bees.yaml, entry "bees", field "menu.services": must be a position number such as 3 (lower comes first)',
    ])
  })

  test("a menu link to a page that does not exist, and an offer card naming a missing plan", () => {
    const dir = dataWith((d) => {
      rewrite(path.join(d, "navigation.yaml"), "path: /faq", "path: /questions")
      rewrite(path.join(d, "offer-page.yaml"), /plan: c-are\n/, "plan: c-care\n")
    })
    expect(messages(dir)).toEqual([
      'Invalid data in data/navigation.yaml, entry "main", field "main[4].path": no page at /questions',
      'Invalid data in data/offer-page.yaml, entry "protection", field "plans[0].plan": no plan "c-care" in data/plans.yaml',
    ])
  })

  test("a file that is not YAML", () => {
    const dir = dataWith((d) => {
      fs.writeFileSync(path.join(d, "pests/ants.yaml"), "slug: [ants")
    })
    expect(messages(dir)[0]).toMatch(
      /^Invalid data in data\/pests\/ants\.yaml, entry "pests\/ants", field "\(file\)": is not valid YAML/,
    )
  })

  test("`npm run validate:data` prints the same problems and fails; in GitHub Actions also on the file", () => {
    const dir = dataWith((d) => {
      fs.renameSync(path.join(d, "pests/ants.yaml"), path.join(d, "pests/ant.yaml"))
    })
    const result = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/validate-data.ts"], {
      env: { ...process.env, DATA_DIR: dir, GITHUB_ACTIONS: "true" },
      encoding: "utf8",
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(messages(dir)[0])
    expect(result.stdout).toContain(
      '::error file=data/pests/ant.yaml,title=Fix "slug" in ants::Invalid data in data/pests/ant.yaml, entry "ants", field "slug": must match the file name (pests/ants.yaml)',
    )
    expect(result.stdout).toContain("1 problem(s).")
  })

  test("an annotation cannot be cut short or redirected by what a value holds", () => {
    const annotation = githubAnnotation({
      file: "offers/a,b:c.yaml",
      entry: "x%y",
      field: "city",
      message: "is odd\n::error file=evil::injected",
    })
    expect(annotation.split("\n")).toHaveLength(1)
    expect(annotation).toMatch(/^::error file=data\/offers\/a%2Cb%3Ac\.yaml,title=Fix "city" in x%25y::/)
    expect(annotation).toContain("is odd%0A::error file=evil::injected")
  })
})

describe("the GraphQL schema from the data schemas", () => {
  test("declares every data type as a node with non-null required fields", () => {
    const sdl = graphqlSchemaDefs(DATA_FILE_KINDS).join("\n")
    expect(sdl).toContain("type PestYaml implements Node @dontInfer {")
    expect(sdl).toMatch(/type PestYaml [^}]*\n {2}slug: String!\n/)
    expect(sdl).toMatch(/type SiteYaml [^}]*\n {2}foundedYear: Int!\n/)
    expect(sdl).toMatch(/type SiteYaml [^}]*\n {2}hours: \[SiteYamlHours!\]!\n/)
    expect(sdl).toMatch(/type SiteYamlGeo @dontInfer {\n {2}latitude: Float!/)
    // Optional fields stay nullable.
    expect(sdl).toMatch(/type PageYaml [^}]*\n {2}noindex: Boolean\n/)
    expect(sdl).toMatch(/type OfferYaml [^}]*\n {2}phone: OfferYamlPhone\n/)
  })

  test("declares a shape several files share once, under the name its schema gives it", () => {
    const sdl = graphqlSchemaDefs(DATA_FILE_KINDS).join("\n")
    expect(sdl.match(/^type Testimonial @dontInfer \{/gm)).toHaveLength(1)
    expect(sdl.match(/^type CallToAction @dontInfer \{/gm)).toHaveLength(1)
    expect(sdl).toMatch(/type TestimonialsYaml [^}]*\n {2}items: \[Testimonial!\]!\n/)
    expect(sdl).toMatch(/type ScarsdaleOfferYaml [^}]*\n {2}featuredTestimonial: Testimonial!\n/)
    expect(sdl).toMatch(/type HomeYaml [^}]*\n {2}cta: CallToAction!\n/)
  })

  test("types every form with outcome texts as implementing their interface, so one fragment selects them", () => {
    const sdl = graphqlSchemaDefs(DATA_FILE_KINDS).join("\n")
    for (const form of ["ContactPageYamlForm", "ScarsdaleOfferYamlForm", "OfferPageYamlCallback"])
      expect(sdl).toMatch(new RegExp(`^type ${form} implements FormOutcomeTexts @dontInfer \\{`, "m"))
    expect(sdl).toContain("type ContactPageYaml implements Node @dontInfer {")
  })

  test("fails, naming the type, when two files give one shared name different shapes", () => {
    const kinds = [
      { typeName: "OneYaml", schema: object({ part: object({ a: string() }).meta({ graphqlName: "Shared" }) }) },
      { typeName: "TwoYaml", schema: object({ part: object({ b: string() }).meta({ graphqlName: "Shared" }) }) },
    ]
    expect(() => graphqlSchemaDefs(kinds)).toThrow(
      "TwoYaml: the shared GraphQL type Shared has another shape elsewhere",
    )
  })
})
