// ESLint: typescript-eslint's strict type-checked rules over all hand-written TypeScript, plus the
// React hooks rules and jsx-a11y over the site's components. Formatting is Prettier's job, not this file's.
import js from "@eslint/js"
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"
import { typescriptErrors } from "./scripts/eslint/typescript-errors.mjs"

// Which way the site's imports may point. `src/` reaches the backend only through the shared kernel, and
// src/lib sits below the components. (A file matched by two entries takes the later one's patterns whole,
// so the src/lib entry repeats the kernel's.)
const KERNEL_ONLY = {
  regex: "^(\\.{1,2}/)+supabase/(?!functions/_shared/kernel/(?!.*\\.\\./))",
  message:
    "The site imports only supabase/functions/_shared/kernel/ from the backend: code the site and the functions both use goes in the kernel (which imports nothing outside it).",
}
const LIB_BELOW_COMPONENTS = {
  regex: "^(\\.{1,2}/)+components/",
  message:
    "src/lib does not import components: move what both need (a type, a context, a hook) to src/lib or src/hooks, so components depend on lib and not the other way.",
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".cache/",
      "public/",
      ".data/",
      "coverage/",
      "reports/",
      "src/gatsby-types.d.ts",
      "supabase/functions/_shared/kernel/site-data.generated.ts",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "*.mjs", "__mocks__/*.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // `onClick={() => setOpen(false)}` is how handlers read here; a void value used anywhere else is still an error.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // Template literals with numbers are how messages and paths are written here; other types stay errors.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `_name` marks a value taken apart on purpose (e.g. the honeypot dropped from a lead).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The type check: TypeScript's own errors, from the program the rules above already built.
    files: ["**/*.{ts,tsx}"],
    plugins: { local: { rules: { "typescript-errors": typescriptErrors } } },
    rules: { "local/typescript-errors": "error" },
  },
  {
    // No import cycles anywhere, type-only imports included: a cycle is a seam that has come undone.
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["src/**/*.{ts,tsx}", "gatsby-browser.tsx", "gatsby-ssr.tsx", "__tests__/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.strict.rules },
  },
  {
    files: ["src/**/*.{ts,tsx}", "gatsby-browser.tsx", "gatsby-ssr.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [KERNEL_ONLY] }],
      // The contract (yup) is loaded after the page through contract-loader.ts; a static import would put it in every page.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "/kernel/contract(\\.ts)?$",
              allowTypeImports: true,
              message:
                "Import the contract's types only (`import type`); its schemas come from loadContract() in src/lib/leads/contract-loader.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [KERNEL_ONLY, LIB_BELOW_COMPONENTS] }] },
  },
  {
    // Both the site and the functions import the kernel, so it stands on its own: nothing from outside kernel/.
    files: ["supabase/functions/_shared/kernel/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)\\.\\.(/|$)",
              message:
                "The shared kernel imports nothing outside supabase/functions/_shared/kernel/ (only ./ files and npm packages).",
            },
          ],
        },
      ],
    },
  },
  {
    // A test that reaches past a missing element with `!` fails right there, which is what a test should do.
    files: ["__tests__/**", "e2e/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.jest } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  { files: ["eslint.config.mjs"], languageOptions: { sourceType: "module" } },
)
