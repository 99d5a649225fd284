import fs from "node:fs/promises"
import path from "node:path"
import type { GatsbyNode } from "gatsby"
import { adminFiles, writeAdminFiles } from "./cms/admin-files"
import { cmsSettingsFrom, editorFiles } from "./cms/decap-config"
import { writeLeadSyncWorker } from "./lead-sync-worker"
import { writeSecurityHeaders } from "./security-headers"
import { functionsOrigin } from "./security-policy"
import { DEFAULT_LANGUAGE, LANGUAGE_FORMS, languageOf } from "../supabase/functions/_shared/kernel/languages"

export const robotsTxt = (siteUrl: string) =>
  ["User-agent: *", "Allow: /", "", `Sitemap: ${siteUrl}/sitemap-index.xml`, ""].join("\n")

/**
 * The host's rules of every other language than English: its offer section and unknown keys show its fallback
 * offer, as /offer/* does (static/_redirects), and an unknown address under its prefix gets its page-not-found.
 */
export const languageRedirects = (navigations: ReadonlyArray<{ lang: string; sections: { offers: string } }>) =>
  navigations
    .filter((navigation) => navigation.lang !== DEFAULT_LANGUAGE)
    .flatMap(({ lang, sections }) => {
      const prefix = LANGUAGE_FORMS[languageOf(lang)].prefix
      return [
        `# ${lang}: generated at build time (gatsby/post-build.ts)`,
        `${sections.offers}/*  ${sections.offers}/index.html  200`,
        `${prefix}/*  ${prefix}/404/index.html  404`,
      ]
    })
    .map((line) => `${line}\n`)
    .join("")

/**
 * robots.txt names the sitemap at the deployed address, /admin/ holds the content editor with its
 * configuration generated from the data schemas, and _headers holds the hashes of the built pages'
 * inline scripts and the functions' origin: all known only at build time.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async (args) => {
  const { reporter } = args
  const result = await args.graphql<{
    site: { siteMetadata: { siteUrl: string } }
    allNavigationYaml: { nodes: Array<{ lang: string; sections: { offers: string } }> }
  }>(`
    query RobotsTxt {
      site {
        siteMetadata {
          siteUrl
        }
      }
      allNavigationYaml {
        nodes {
          lang
          sections {
            offers
          }
        }
      }
    }
  `)
  const siteUrl = result.data?.site.siteMetadata.siteUrl
  if (!siteUrl) {
    reporter.panicOnBuild("siteMetadata.siteUrl is missing; robots.txt cannot name the sitemap")
    return
  }
  await fs.writeFile(path.join("public", "robots.txt"), robotsTxt(siteUrl))
  await fs.appendFile(path.join("public", "_redirects"), languageRedirects(result.data?.allNavigationYaml.nodes ?? []))
  // The content editor first, so _headers is written knowing the build's folders, the admin's among them.
  const admin = adminFiles(editorFiles(cmsSettingsFrom()))
  await writeAdminFiles("public", admin)
  reporter.info(`public/admin/: the content editor (${admin.length} files)`)
  const worker = await writeLeadSyncWorker("public")
  reporter.info(`public/lead-sync-sw.mjs: the lead service worker (${worker} bytes)`)
  const headers = await writeSecurityHeaders("public", functionsOrigin())
  reporter.info(`public/_headers: security headers for ${headers.pages} pages (CSP ${headers.csp.length} characters)`)
}
