import type { GatsbyNode, Node } from "gatsby"
import { load } from "js-yaml"
import { findDataFileKind } from "./data-schemas"
import { englishOf } from "./i18n/data-file"
import { languageContents } from "./i18n/data-nodes"
import { currentRouteTable } from "./i18n/route-cache"
import type { RouteTable } from "./i18n/routes"
import { formatProblem, validateDataFile, validateLanguages } from "./validate-data"
import { isRecord } from "./data-problem"

const DATA_FILE = /\.ya?ml$/

const isDataFile = (node: Node): node is Node & { relativePath: string } =>
  node.internal.type === "File" &&
  node.sourceInstanceName === "data" &&
  typeof node.relativePath === "string" &&
  DATA_FILE.test(node.relativePath)

type NodeArgs = Parameters<NonNullable<GatsbyNode["onCreateNode"]>>[0]

/** One data file's nodes, one per language, validated first: a problem fails the build, naming file, entry and field. */
async function createLanguageNodes(args: NodeArgs, node: Node & { relativePath: string }, table: RouteTable) {
  const { actions, loadNodeContent, createNodeId, createContentDigest, reporter } = args
  const file = node.relativePath
  let raw: unknown
  try {
    raw = load(await loadNodeContent(node)) ?? {}
  } catch (error) {
    reporter.panicOnBuild(
      formatProblem({
        file,
        entry: file.replace(DATA_FILE, ""),
        field: "(file)",
        message: `is not valid YAML: ${(error as Error).message.split("\n")[0] ?? ""}`,
      }),
    )
    return
  }
  const english = englishOf(raw)
  const kind = findDataFileKind(file)
  const problems = [...validateLanguages(file, raw), ...validateDataFile(file, isRecord(english) ? english : {})]
  if (problems.length > 0 || !kind) {
    reporter.panicOnBuild(problems.map(formatProblem).join("\n"))
    return
  }
  const { contents, problems: linkProblems } = languageContents(kind, file, raw, table)
  if (linkProblems.length > 0) {
    reporter.panicOnBuild(linkProblems.map(formatProblem).join("\n"))
    return
  }
  for (const { language, content } of contents) {
    const child = {
      ...content,
      lang: language,
      id: createNodeId(`${node.id} >>> ${language}`),
      parent: node.id,
      children: [],
      internal: { type: kind.typeName, contentDigest: createContentDigest({ content, language }) },
    }
    // Gatsby 5's createNode returns a promise only for a node of a plugin's own type in a worker; none here.
    void actions.createNode(child)
    actions.createParentChildLink({ parent: node, child })
  }
}

const ROUTES_KEY = "data-routes"

/**
 * Each data file becomes one node per language (gatsby/i18n/data-nodes.ts), validated as it is sourced: in
 * `gatsby develop` an error shows without stopping the server, and the build fails naming file, entry and field.
 * A file's links depend on every page's route: when the routes changed since the nodes were made (a new pest, a
 * Spanish slug edited, a build over a cache), every data file's nodes are made again.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = async (args) => {
  const { node, cache, getNodesByType } = args
  if (!isDataFile(node)) return
  const table = currentRouteTable()
  const routes = JSON.stringify(table.pages)
  const changed = (await cache.get(ROUTES_KEY)) !== routes
  if (changed) await cache.set(ROUTES_KEY, routes)
  await createLanguageNodes(args, node, table)
  if (changed)
    for (const other of getNodesByType("File"))
      if (other.id !== node.id && isDataFile(other)) await createLanguageNodes(args, other, table)
}
