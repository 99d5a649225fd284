import type { GatsbyNode, Node } from "gatsby"
import { DATA_FILE_KINDS } from "./data-schemas"
import { formatProblem, validateDataFile } from "./validate-data"

const DATA_TYPE_NAMES = new Set(DATA_FILE_KINDS.map((kind) => kind.typeName).concat("UnknownYaml"))
const GATSBY_NODE_FIELDS = new Set(["id", "parent", "children", "internal", "fields"])

const contentOf = (node: Node) =>
  Object.fromEntries(Object.entries(node).filter(([key]) => !GATSBY_NODE_FIELDS.has(key))) as Record<string, unknown>

/** Validates each data file as it is sourced; in `gatsby develop` the error shows without stopping the server. */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, getNode, reporter }) => {
  if (!DATA_TYPE_NAMES.has(node.internal.type) || !node.parent) return
  const file = getNode(node.parent)
  const relativePath = typeof file?.relativePath === "string" ? file.relativePath : node.internal.type
  const problems = validateDataFile(relativePath, contentOf(node))
  if (problems.length > 0) reporter.panicOnBuild(problems.map(formatProblem).join("\n"))
}
