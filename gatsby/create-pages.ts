import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { OFFER_FALLBACK_PATH, offerPath, pestPath, withTrailingSlash } from "../src/lib/paths"

const template = (name: string) => path.resolve(`src/templates/${name}.tsx`)

interface CreatePagesData {
  allPageYaml: { nodes: Array<{ path: string; template: string }> }
  allPestYaml: { nodes: Array<{ slug: string }> }
  allOfferYaml: { nodes: Array<{ key: string; fallback: boolean | null }> }
}

/**
 * One page per static route (data/pages), per pest (data/pests) and per offer key (data/offers).
 * The data was checked before sourcing (pre-init.ts), across files too.
 */
export const createPages: GatsbyNode["createPages"] = async (args) => {
  const { actions, reporter } = args
  const result = await args.graphql<CreatePagesData>(`
    query CreatePages {
      allPageYaml(sort: { path: ASC }) {
        nodes {
          path
          template
        }
      }
      allPestYaml(sort: { slug: ASC }) {
        nodes {
          slug
        }
      }
      allOfferYaml(sort: { key: ASC }) {
        nodes {
          key
          fallback
        }
      }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the data files", result.errors as Error[] | undefined)
    return
  }
  const { allPageYaml, allPestYaml, allOfferYaml } = result.data

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
