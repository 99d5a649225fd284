// TypeScript's own errors (all that `tsc --noEmit` reports) as lint errors, from the program typescript-eslint
// already built for the type-aware rules: one parse and one type checker for lint and type check, not two.
import { ESLintUtils } from "@typescript-eslint/utils"
import ts from "typescript"

/** Programs whose whole-program errors (compiler options, global types) were already reported. */
const reported = new WeakSet()

/** @param {ts.Diagnostic} diagnostic */
function locationOf(diagnostic) {
  if (!diagnostic.file || diagnostic.start === undefined) return { line: 1, column: 0 }
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
  return { line: line + 1, column: character }
}

/** @type {import("@typescript-eslint/utils").TSESLint.RuleModule<"typescript", []>} */
export const typescriptErrors = {
  defaultOptions: [],
  meta: {
    type: "problem",
    docs: { description: "TypeScript's compiler errors, as `tsc --noEmit` reports them" },
    messages: { typescript: "TS{{code}}: {{text}}" },
    schema: [],
  },
  create(context) {
    const { program } = ESLintUtils.getParserServices(context)
    const sourceFile = program.getSourceFile(context.filename)
    // eslint.config.mjs turns the rule on for .ts and .tsx files only: each is in the program.
    if (!sourceFile) return {}
    return {
      "Program:exit"() {
        const diagnostics = [
          ...program.getSyntacticDiagnostics(sourceFile),
          ...program.getSemanticDiagnostics(sourceFile),
        ]
        if (!reported.has(program)) {
          reported.add(program)
          diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics())
        }
        for (const diagnostic of diagnostics) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue
          context.report({
            loc: locationOf(diagnostic),
            messageId: "typescript",
            data: { code: diagnostic.code, text: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n") },
          })
        }
      },
    }
  },
}
