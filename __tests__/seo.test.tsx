import { render } from "./fixtures/site-render"
import { useStaticQuery } from "gatsby"
import { Seo } from "../src/components/seo/seo"
import { useSiteData } from "../src/hooks/use-site-data"
import type { Alternate } from "../src/lib/i18n/page-context"
import { localBusinessJsonLd } from "../src/lib/structured-data"
import { THANKSGIVING_SPECIAL_HOURS } from "./fixtures/closed-dates"
import { SITE_URL, queriedPicture, readData, siteData, siteDataQueryResult } from "./fixtures/data"

beforeEach(() => {
  ;(useStaticQuery as jest.Mock).mockReturnValue(siteDataQueryResult())
})

const renderSeo = (props: Partial<Parameters<typeof Seo>[0]> = {}) =>
  render(
    <Seo
      title="Ant Control | Co"
      description="All about ants in Westchester."
      keywords={["ants", "ant control"]}
      path="/services/ants"
      site={siteData()}
      {...props}
    />,
  ).container

const ANTS: Alternate[] = [
  { lang: "en", path: "/services/ants/" },
  { lang: "es", path: "/es/servicios/hormigas/" },
]

/** The JSON-LD documents of a head, parsed. */
const documentsOf = (head: HTMLElement) =>
  [...head.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.innerHTML) as Record<string, unknown>,
  )

const meta = (root: HTMLElement, selector: string) => root.querySelector(selector)?.getAttribute("content")

test("title, description, keywords and a canonical with a trailing slash", () => {
  const head = renderSeo()
  expect(head.querySelector("title")?.textContent).toBe("Ant Control | Co")
  expect(meta(head, 'meta[name="description"]')).toBe("All about ants in Westchester.")
  expect(meta(head, 'meta[name="keywords"]')).toBe("ants, ant control")
  expect(head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE_URL}/services/ants/`)
  expect(meta(head, 'meta[name="robots"]')).toBe("index, follow")
})

test("Open Graph and Twitter tags", () => {
  const head = renderSeo()
  expect(meta(head, 'meta[property="og:title"]')).toBe("Ant Control | Co")
  expect(meta(head, 'meta[property="og:description"]')).toBe("All about ants in Westchester.")
  expect(meta(head, 'meta[property="og:url"]')).toBe(`${SITE_URL}/services/ants/`)
  expect(meta(head, 'meta[property="og:site_name"]')).toBe("Westchester Family Pest Control")
  expect(meta(head, 'meta[name="twitter:title"]')).toBe("Ant Control | Co")
})

describe("social preview", () => {
  type Picture = { src: string; alt: string }
  const antsPicture = (language: "en" | "es") => readData<{ image: Picture }>("pests/ants.yaml", language).image
  const ants = (language: "en" | "es") => queriedPicture(antsPicture(language))
  const preview = (head: HTMLElement) => ({
    image: meta(head, 'meta[property="og:image"]'),
    type: meta(head, 'meta[property="og:image:type"]'),
    width: meta(head, 'meta[property="og:image:width"]'),
    height: meta(head, 'meta[property="og:image:height"]'),
    alt: meta(head, 'meta[property="og:image:alt"]'),
    card: meta(head, 'meta[name="twitter:card"]'),
    twitterImage: meta(head, 'meta[name="twitter:image"]'),
    twitterAlt: meta(head, 'meta[name="twitter:image:alt"]'),
  })

  test("a page's own picture, made 1200×630, at an absolute address, with its alt text, as a large card", () => {
    expect(preview(renderSeo({ image: ants("en") }))).toEqual({
      image: `${SITE_URL}/static/social/ants.jpg`,
      type: "image/jpeg",
      width: "1200",
      height: "630",
      alt: antsPicture("en").alt,
      card: "summary_large_image",
      twitterImage: `${SITE_URL}/static/social/ants.jpg`,
      twitterAlt: antsPicture("en").alt,
    })
  })

  test("a Spanish page describes its picture in Spanish", () => {
    const head = renderSeo({ site: siteData("es"), path: "/es/servicios/hormigas", image: ants("es") })
    expect(antsPicture("es").alt).not.toBe(antsPicture("en").alt)
    expect(preview(head)).toMatchObject({ alt: antsPicture("es").alt, twitterAlt: antsPicture("es").alt })
  })

  test("a page whose data names no picture shows site.yaml's, in the page's language", () => {
    for (const language of ["en", "es"] as const) {
      const site = readData<{ socialImage: Picture }>("site.yaml", language)
      expect(preview(renderSeo({ site: siteData(language) }))).toMatchObject({
        image: `${SITE_URL}/static/social/home-hero.jpg`,
        alt: site.socialImage.alt,
        card: "summary_large_image",
      })
    }
    expect(readData<{ socialImage: Picture }>("site.yaml", "es").socialImage.alt).not.toBe(
      readData<{ socialImage: Picture }>("site.yaml", "en").socialImage.alt,
    )
  })

  test("a picture the build could not make is left out, and the card is the small one", () => {
    const unmade = { alt: "An ant", src: { childImageSharp: null } }
    const head = renderSeo({ site: { ...siteData(), company: { ...siteData().company, socialImage: unmade } } })
    expect(preview(head)).toEqual({
      image: undefined,
      type: undefined,
      width: undefined,
      height: undefined,
      alt: undefined,
      card: "summary",
      twitterImage: undefined,
      twitterAlt: undefined,
    })
  })
})

test("noindex pages say so", () => {
  expect(meta(renderSeo({ noindex: true }), 'meta[name="robots"]')).toBe("noindex, follow")
})

test("nofollow pages (the office link pages) ask crawlers not to follow their links either", () => {
  expect(meta(renderSeo({ noindex: true, nofollow: true }), 'meta[name="robots"]')).toBe("noindex, nofollow")
})

/** Seo as the site's pages use it: siteTemplate gives it the company's LocalBusiness. */
function SiteSeo() {
  const site = useSiteData("en")
  return (
    <Seo
      title="T"
      description="D"
      path="/services/ants"
      site={site}
      businessJsonLd={localBusinessJsonLd(site.company, site.siteUrl)}
    />
  )
}

test("a page carries its WebPage, in its language, and the business JSON-LD its template gives, and no other", () => {
  expect(documentsOf(renderSeo())).toEqual([
    {
      "@context": "https://schema.org",
      "@type": "WebPage",
      url: `${SITE_URL}/services/ants/`,
      name: "Ant Control | Co",
      inLanguage: "en-US",
    },
  ])
  expect(documentsOf(renderSeo({ site: siteData("es") }))[0]).toMatchObject({ inLanguage: "es-US" })
})

describe("languages", () => {
  test("the page's language on <html>, og:locale and its alternate", () => {
    const english = renderSeo({ alternates: ANTS })
    expect(english.querySelector("html")?.getAttribute("lang")).toBe("en-US")
    expect(meta(english, 'meta[property="og:locale"]')).toBe("en_US")
    expect(meta(english, 'meta[property="og:locale:alternate"]')).toBe("es_US")
    const spanish = renderSeo({ site: siteData("es"), path: "/es/servicios/hormigas", alternates: ANTS })
    expect(spanish.querySelector("html")?.getAttribute("lang")).toBe("es-US")
    expect(meta(spanish, 'meta[property="og:locale"]')).toBe("es_US")
    expect(meta(spanish, 'meta[property="og:locale:alternate"]')).toBe("en_US")
    expect(spanish.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${SITE_URL}/es/servicios/hormigas/`,
    )
  })

  test("hreflang links to every version, itself included, with full URLs, and English as x-default", () => {
    for (const site of [siteData("en"), siteData("es")]) {
      const links = [...renderSeo({ site, alternates: ANTS }).querySelectorAll('link[rel="alternate"]')].map((link) => [
        link.getAttribute("hreflang"),
        link.getAttribute("href"),
      ])
      expect(links).toEqual([
        ["en", `${SITE_URL}/services/ants/`],
        ["es", `${SITE_URL}/es/servicios/hormigas/`],
        ["x-default", `${SITE_URL}/services/ants/`],
      ])
    }
  })

  test("a page in one language only (the office's) has no hreflang links", () => {
    const head = renderSeo({ alternates: [{ lang: "en" as const, path: "/office/board/" }] })
    expect(head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0)
    expect(head.querySelector('meta[property="og:locale:alternate"]')).toBeNull()
  })
})

test("LocalBusiness JSON-LD from site.yaml", () => {
  const business = documentsOf(render(<SiteSeo />).container)[1] ?? {}
  expect(business).toMatchObject({
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: "Westchester Family Pest Control",
    telephone: "+19145550123",
    email: "info@westchesterfamilypest.example",
    url: `${SITE_URL}/`,
    foundingDate: "2004",
    knowsLanguage: ["en-US", "es-US"],
    address: { "@type": "PostalAddress", addressLocality: "White Plains", addressRegion: "NY", postalCode: "10601" },
    geo: { "@type": "GeoCoordinates", latitude: 41.0312, longitude: -73.7629 },
  })
  expect(business.openingHoursSpecification).toEqual([
    {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
    { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
    { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "09:00", closes: "13:00" },
  ])
  expect(business.areaServed).toContainEqual({ "@type": "City", name: "Scarsdale, NY" })
  // Holidays override the weekly hours on their date: closed all day is 00:00–00:00.
  expect(business.specialOpeningHoursSpecification).toContainEqual(THANKSGIVING_SPECIAL_HOURS)
})

test("extra JSON-LD documents follow the business, and data cannot close the script tag", () => {
  const head = renderSeo({
    businessJsonLd: { "@type": "LocalBusiness" },
    jsonLd: [{ "@type": "BreadcrumbList", name: "</script><b>x" }],
  })
  const scripts = head.querySelectorAll('script[type="application/ld+json"]')
  expect(scripts).toHaveLength(3)
  expect(scripts[2]?.innerHTML).not.toContain("</script>")
  expect((JSON.parse(scripts[2]?.innerHTML ?? "{}") as { name?: unknown }).name).toBe("</script><b>x")
})
