import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { OFFER_FALLBACK_PATH, offerPath, pestPath, withTrailingSlash } from "../src/lib/paths"
import { formatProblem, validateReferences } from "./validate-data"

const template = (name: string) => path.resolve(`src/templates/${name}.tsx`)

interface FileParent {
  parent: { relativePath: string } | null
}
interface CreatePagesData {
  allPageYaml: { nodes: Array<FileParent & { path: string; template: string }> }
  allPestYaml: { nodes: Array<FileParent & { slug: string }> }
  allOfferYaml: { nodes: Array<FileParent & { key: string; fallback: boolean | null }> }
  navigationYaml: {
    parent: { relativePath: string } | null
    main: Array<{ path: string }>
    servicesMenu: { pests: string[] }
    footer: { servicePests: string[]; company: Array<{ path: string }>; legal: Array<{ path: string }> }
  } | null
  offerPageYaml: (FileParent & { protection: { plans: Array<{ plan: string }> } }) | null
  plansYaml: { plans: Array<{ id: string }> } | null
}

const fileOf = (node: FileParent) => node.parent?.relativePath ?? "(unknown file)"

/** One page per static route (data/pages), per pest (data/pests) and per offer key (data/offers). */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<CreatePagesData>(`
    query CreatePages {
      allPageYaml(sort: { path: ASC }) {
        nodes {
          path
          template
          parent {
            ... on File {
              relativePath
            }
          }
        }
      }
      allPestYaml(sort: { slug: ASC }) {
        nodes {
          slug
          parent {
            ... on File {
              relativePath
            }
          }
        }
      }
      allOfferYaml(sort: { key: ASC }) {
        nodes {
          key
          fallback
          parent {
            ... on File {
              relativePath
            }
          }
        }
      }
      navigationYaml {
        parent {
          ... on File {
            relativePath
          }
        }
        main {
          path
        }
        servicesMenu {
          pests
        }
        footer {
          servicePests
          company {
            path
          }
          legal {
            path
          }
        }
      }
      offerPageYaml {
        parent {
          ... on File {
            relativePath
          }
        }
        protection {
          plans {
            plan
          }
        }
      }
      plansYaml {
        plans {
          id
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data files", result.errors)
    return
  }
  const { allPageYaml, allPestYaml, allOfferYaml, navigationYaml, offerPageYaml, plansYaml } = result.data
  if (!navigationYaml) {
    reporter.panicOnBuild("Missing data file: data/navigation.yaml")
    return
  }

  const problems = validateReferences({
    pages: allPageYaml.nodes.map((p) => ({ file: fileOf(p), path: p.path })),
    pests: allPestYaml.nodes.map((p) => ({ file: fileOf(p), slug: p.slug })),
    offers: allOfferYaml.nodes.map((o) => ({ file: fileOf(o), key: o.key, fallback: o.fallback === true })),
    navigation: {
      file: fileOf(navigationYaml),
      main: navigationYaml.main,
      servicesPests: navigationYaml.servicesMenu.pests,
      footerPests: navigationYaml.footer.servicePests,
      footerLinks: [...navigationYaml.footer.company, ...navigationYaml.footer.legal],
    },
    offerPagePlans: offerPageYaml
      ? {
          file: fileOf(offerPageYaml),
          named: offerPageYaml.protection.plans.map((p) => p.plan),
          known: plansYaml?.plans.map((p) => p.id) ?? [],
        }
      : undefined,
  })
  if (problems.length > 0) {
    reporter.panicOnBuild(problems.map(formatProblem).join("\n"))
    return
  }

  const { createPage } = actions
  for (const page of allPageYaml.nodes) {
    createPage({ path: withTrailingSlash(page.path), component: template(page.template), context: { slug: page.path } })
  }
  for (const pest of allPestYaml.nodes) {
    createPage({ path: pestPath(pest.slug), component: template("pest-page"), context: { slug: pest.slug } })
  }
  for (const offer of allOfferYaml.nodes) {
    createPage({ path: offerPath(offer.key), component: template("offer-page"), context: { slug: offer.key } })
  }
  // /offer/ and every unknown /offer/* show the fallback offer (SPEC §2). A static host serves this
  // page's HTML for them (static/_redirects; gatsby serve reads the matchPath), so nothing flashes.
  const fallback = allOfferYaml.nodes.find((offer) => offer.fallback === true)
  if (fallback) {
    createPage({
      path: OFFER_FALLBACK_PATH,
      matchPath: `${OFFER_FALLBACK_PATH}*`,
      component: template("offer-page"),
      context: { slug: fallback.key },
    })
  }
}
