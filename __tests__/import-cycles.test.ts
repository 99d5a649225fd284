/**
 * No import cycles anywhere in the project, type-only imports included (scripts/import-graph.ts):
 * ESLint's import-x/no-cycle keeps value imports acyclic, this keeps the types' seams too.
 */
import path from "node:path"
import { importCycles, importGraph } from "../scripts/import-graph"

const ROOT = path.join(__dirname, "..")

it("the project's modules import one another without a cycle", () => {
  expect(importCycles(importGraph(ROOT))).toEqual([])
})

it("finds a cycle, type-only or not, when there is one", () => {
  const graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts"]],
    ["d.ts", ["d.ts"]],
    ["e.ts", ["a.ts"]],
  ])
  expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["d.ts"]])
})

it("reads every kind of import the project writes", () => {
  const graph = importGraph(ROOT)
  // A type-only import (import type), a re-export, and a lazy import() are all edges.
  expect(graph.get("src/lib/leads/contract-loader.ts")).toContain("supabase/functions/_shared/kernel/contract.ts")
  expect(graph.get("src/components/layout/site-header.tsx")).toContain("src/components/layout/header-navigation.ts")
})
