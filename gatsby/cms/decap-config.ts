/**
 * The content editor's configuration (Decap CMS at /admin/), generated at build time from the data
 * schemas: one collection per kind of data file, every field as gatsby/cms/cms-fields.ts makes it.
 * Never written by hand, so the editor and the build cannot disagree about a field.
 */
import { dump } from "js-yaml"
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../supabase/functions/_shared/kernel/languages"
import { DATA_FILE_KINDS, type CmsPlacement, type DataFileKind } from "../data-schemas"
import { isTranslated } from "../i18n/data-file"
import { siteUrlFrom } from "../site-config"
import { blankFieldsOf, blankFieldsScript } from "./blank-fields"
import { objectFields, type CmsField } from "./cms-fields"
import { SET_ONCE_WIDGET, setOnceWidgetScript } from "./set-once-widget"
import { TRANSLATED_FORMAT, translatedFormatScript, yamlLibrariesScript } from "./translated-format"
import { translationMapOf, typeKeysOf } from "./translation-map"

export interface CmsSettings {
  /** The GitHub repository editors commit to, "owner/name". */
  repo: string
  branch: string
  /** The OAuth provider's origin: Netlify's, which signs editors in with their GitHub account. */
  authBaseUrl: string
  /** The site the editor links to, "View Live" included: SITE_URL, or under `npm run cms` its develop server (CMS_SITE_URL). */
  siteUrl: string
}

export const DEFAULT_CMS_REPO = "westchester-family-pest/website"

/** CMS_GITHUB_REPO, CMS_BRANCH, CMS_AUTH_BASE_URL and CMS_SITE_URL (see docs/configuration.md), checked. */
export function cmsSettingsFrom(env: NodeJS.ProcessEnv = process.env): CmsSettings {
  const repo = env.CMS_GITHUB_REPO?.trim() || DEFAULT_CMS_REPO
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repo))
    throw new Error(`CMS_GITHUB_REPO must be a GitHub repository such as owner/name (got "${repo}")`)
  const branch = env.CMS_BRANCH?.trim() || "main"
  if (!/^[A-Za-z0-9._/-]+$/.test(branch)) throw new Error(`CMS_BRANCH must be a branch name (got "${branch}")`)
  const authBaseUrl = (env.CMS_AUTH_BASE_URL?.trim() || "https://api.netlify.com").replace(/\/+$/, "")
  if (!/^https:\/\/[^/\s]+$/.test(authBaseUrl))
    throw new Error(`CMS_AUTH_BASE_URL must be an https:// origin (got "${authBaseUrl}")`)
  const siteUrl = (env.CMS_SITE_URL?.trim() || siteUrlFrom(env)).replace(/\/+$/, "")
  if (!/^https?:\/\/[^/\s]+$/.test(siteUrl))
    throw new Error(`CMS_SITE_URL must be an origin such as http://localhost:8000 (got "${siteUrl}")`)
  return { repo, branch, authBaseUrl, siteUrl }
}

/**
 * A translated collection (and each of its files) has Decap's `i18n: true` (the structure and locales are the
 * top level's) and is read and written by our format (translated-format.ts).
 */
interface FileCollection {
  name: string
  label: string
  i18n?: true
  format?: typeof TRANSLATED_FORMAT
  editor: { preview: boolean }
  files: Array<{ name: string; label: string; file: string; i18n?: true; fields: CmsField[] }>
}

interface FolderCollection {
  name: string
  label: string
  label_singular?: string
  folder: string
  extension: "yaml"
  format: "yml" | typeof TRANSLATED_FORMAT
  create: true
  delete: boolean
  slug: string
  identifier_field: string
  summary?: string
  /** The entry's page on the site, after site_url: "View Live" (and the deploy preview's link) open it. */
  preview_path?: string
  /** The values keep their slashes in preview_path (a page's path is "/about"); Decap would slugify them. */
  preview_path_preserve_slashes?: boolean
  editor: { preview: boolean }
  i18n?: true
  fields: CmsField[]
}

export interface DecapConfig {
  backend: {
    name: "github"
    repo: string
    branch: string
    base_url: string
    auth_endpoint: string
    preview_context: string
    squash_merges: boolean
  }
  publish_mode: "editorial_workflow"
  local_backend: boolean
  site_url: string
  display_url: string
  show_preview_links: boolean
  media_folder: string
  public_folder: string
  i18n: { structure: "single_file"; locales: string[]; default_locale: string }
  collections: Array<FileCollection | FolderCollection>
}

/** The commit status the deploy-preview workflow sets (content-preview.yml): the editor's "View Preview" link. */
export const PREVIEW_CONTEXT = "deploy/netlify"

const GROUPS: Record<CmsPlacement["group"], string> = {
  offers: "Offer page texts",
  pageTexts: "Page texts",
  settings: "Company, menus and plans",
  forms: "Forms, e-mails and alerts",
}

// The preview pane would show raw fields, not the page: the deploy preview (and `npm run cms`'s site) shows the page.
const NO_PREVIEW = { preview: false }

function folderCollection(kind: DataFileKind & { folder: string; entryKey: string }): FolderCollection {
  const folder = `data/${kind.folder}`
  const translated = isTranslatedKind(kind)
  return {
    name: kind.folder,
    label: kind.cms.label,
    ...(kind.cms.singular && { label_singular: kind.cms.singular }),
    folder,
    extension: "yaml",
    format: translated ? TRANSLATED_FORMAT : "yml",
    ...(translated && TRANSLATED),
    create: true,
    // A live offer is ended by a reviewed pull request, never by the editor's one-click delete (see CmsPlacement).
    delete: kind.cms.keptFromDeletion !== true,
    // The file is named after the entry's key, which the build requires (checks between files).
    slug: `{{fields.${kind.entryKey}}}`,
    identifier_field: kind.entryKey,
    ...(kind.cms.summary && { summary: kind.cms.summary }),
    ...(kind.cms.livePath && { preview_path: kind.cms.livePath, preview_path_preserve_slashes: true }),
    editor: NO_PREVIEW,
    fields: objectFields(kind.schema, { dataFile: `${folder}/entry.yaml`, translated }).map((field) =>
      setOnce(field, kind.cms.setOnce?.[field.name]),
    ),
  }
}

/**
 * A field set when the entry is created and read-only afterwards (its address): Decap has no such option, so
 * the admin registers a widget for it (set-once-widget.ts) that keeps the field's own checks.
 */
const setOnce = (field: CmsField, why: string | undefined): CmsField =>
  why === undefined ? field : { ...field, widget: SET_ONCE_WIDGET, hint: [field.hint, why].filter(Boolean).join(" ") }

function fileCollections(kinds: readonly DataFileKind[]): FileCollection[] {
  return (Object.keys(GROUPS) as Array<CmsPlacement["group"]>).flatMap((group) => {
    const inGroup = kinds.filter((kind) => kind.file !== undefined && kind.cms.group === group)
    const files = (translated: boolean) =>
      inGroup.flatMap((kind) =>
        kind.file !== undefined && isTranslatedKind(kind) === translated
          ? [
              {
                name: kind.file.replace(/\.ya?ml$/, ""),
                label: kind.cms.label,
                file: `data/${kind.file}`,
                ...(translated && { i18n: true as const }),
                fields: objectFields(kind.schema, { dataFile: `data/${kind.file}`, translated }),
              },
            ]
          : [],
      )
    const [both, english] = [files(true), files(false)]
    // Decap reads and writes every file of a collection in its languages or none: office-only files apart.
    return [
      ...(both.length > 0
        ? [{ name: `${group}-files`, label: GROUPS[group], ...TRANSLATED, editor: NO_PREVIEW, files: both }]
        : []),
      ...(english.length > 0
        ? [
            {
              name: `${group}-untranslated`,
              label: `${GROUPS[group]} (not translated)`,
              editor: NO_PREVIEW,
              files: english,
            },
          ]
        : []),
    ]
  })
}

/** Whether the kind's files are in every language (the office's and the glossary are not: data-file.ts). */
const isTranslatedKind = (kind: DataFileKind) => isTranslated(kind.file ?? `${kind.folder ?? ""}/entry.yaml`)

const TRANSLATED = { i18n: true, format: TRANSLATED_FORMAT } as const

const hasFolder = (kind: DataFileKind): kind is DataFileKind & { folder: string; entryKey: string } =>
  kind.folder !== undefined && kind.entryKey !== undefined

export function decapConfig(settings: CmsSettings, kinds: readonly DataFileKind[] = DATA_FILE_KINDS): DecapConfig {
  return {
    backend: {
      name: "github",
      repo: settings.repo,
      branch: settings.branch,
      base_url: settings.authBaseUrl,
      auth_endpoint: "auth",
      preview_context: PREVIEW_CONTEXT,
      squash_merges: true,
    },
    // Each save is a branch and a pull request: checked, built as a deploy preview, live once merged.
    publish_mode: "editorial_workflow",
    // On localhost only, Decap looks for `npm run cms`'s proxy and, finding it, saves to the checkout directly.
    local_backend: true,
    // Decap's "View Live" is site_url plus the collection's preview_path; display_url is its header's link.
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    show_preview_links: true,
    // Every image field names its own folder (cms-fields.ts); this is only the media library's default view.
    media_folder: "src/images",
    public_folder: "/src/images",
    // Each translated file is `{ en: …, es: … }`; the editor shows English and Spanish side by side.
    i18n: { structure: "single_file", locales: [...LANGUAGES], default_locale: DEFAULT_LANGUAGE },
    collections: [...kinds.filter(hasFolder).map(folderCollection), ...fileCollections(kinds)],
  }
}

const yamlOf = (config: DecapConfig) =>
  `# Generated from gatsby/data-schemas/ by gatsby/cms/decap-config.ts at build time. Do not edit.\n${dump(config, {
    lineWidth: -1,
    noRefs: true,
  })}`

export const decapConfigYaml = (settings: CmsSettings, kinds: readonly DataFileKind[] = DATA_FILE_KINDS) =>
  yamlOf(decapConfig(settings, kinds))

/**
 * What the admin page needs from the schemas: the configuration, and the script with its blank-field handler,
 * its widget, the YAML libraries and the translated files' format.
 */
export function editorFiles(settings: CmsSettings) {
  const config = decapConfig(settings)
  const { collections } = config
  return {
    configYaml: yamlOf(config),
    script: [
      blankFieldsScript(blankFieldsOf(collections)),
      setOnceWidgetScript(),
      yamlLibrariesScript(),
      translatedFormatScript(translationMapOf(collections), typeKeysOf(collections)),
    ].join(""),
  }
}
