import fs from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import i18next from "eslint-plugin-i18next";
import floors from "./eslint/floors.js";

/**
 * The folders of api/ that are not features, and why. Every other folder of api/ is a feature (its
 * rules, and its HTTP modules named http.ts or *Http.ts) — a new folder is one by default, and gets
 * the feature rules below without anyone adding it to a list (docs/decisions/0031-api-floors.md).
 */
const NOT_FEATURES = {
  db: "the database floor (schema, client, migrations, transaction retries): below every feature",
  lib: "pure helpers (errors, ids, text, field readers...): the bottom floor, with its own rule below",
  realtime: "the socket transport beside HTTP, with its own rule below",
  cli: "command-line entry points run by hand, on top of everything",
};

/** The API's feature folders (api/<feature>/), read from the disk. */
const FEATURES = fs
  .readdirSync(`${import.meta.dirname}/api`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !(entry.name in NOT_FEATURES))
  .map((entry) => entry.name)
  .sort();

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      "public/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "api/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: "No focused tests.",
        },
      ],
    },
  },
  // No import cycles: the house, drawn from its imports, has floors (a cycle ties two rooms into
  // one, and a module read half-initialised is a bug waiting for its import order).
  {
    files: ["app/**/*.{ts,tsx}", "api/**/*.ts", "server/**/*.ts", "shared/**/*.ts", "server.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Imported files are parsed too, to follow their imports.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // One home for India time and for reading typed money: the zone's name only in shared/time.ts;
  // a rupee pattern (`\d{1,N}(\.\d{1,3})`) or the milli-rupee padding only in shared/money.ts.
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["shared/time.ts", "shared/money.ts", "tests/**", "bench/**", "playwright.config.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: "No focused tests.",
        },
        {
          selector: "Literal[value='Asia/Kolkata']",
          message: "India time lives in shared/time.ts (IST_TIME_ZONE, formatTime, formatDay).",
        },
        {
          selector:
            "Literal[regex.pattern=/(\\\\d|\\[0-9\\])\\{1,\\d+\\}.*\\.\\(?(\\\\d|\\[0-9\\])\\{1,3\\}/]",
          message: "Typed rupees are read by shared/money parseRupeeInput (or shared/moneyInput rupeeText).",
        },
        {
          selector: "CallExpression[callee.property.name='padEnd'][arguments.0.value=3]",
          message: "Milli-rupee arithmetic lives in shared/money.ts.",
        },
      ],
    },
  },
  // The API's floors (docs/decisions/0031-api-floors.md): no folder of api/ imports a folder that
  // imports it back, and risk is reached only through its entry, risk/policy.ts (the composition
  // modules, api/*.ts, mount its operator routes).
  {
    files: ["api/**/*.ts"],
    plugins: { floors },
    rules: {
      "floors/mutual-folders": "error",
      "floors/entry-files": ["error", { entries: { risk: "policy" } }],
    },
  },
  // The bottom floors: lib/ imports nothing else of api/; db/ only lib/.
  {
    files: ["api/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./[A-Za-z]",
              message: "api/lib/ is the bottom floor: it imports nothing else of api/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./(?!lib/)[A-Za-z]", message: "api/db/ stands on api/lib/ only." }] },
      ],
    },
  },
  // Sockets are a transport beside HTTP, not on top of it: realtime/ never imports the HTTP layer
  // (api/http.ts) nor a feature's HTTP module (`api/<feature>/http.ts`, `<audience>Http.ts`).
  {
    files: ["api/realtime/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./([A-Za-z]+/)?(http|[A-Za-z]+Http)(\\.ts)?$",
              message: "api/realtime/ never imports the HTTP layer (api/http.ts) nor HTTP routes.",
            },
          ],
        },
      ],
    },
  },
  // Issue 23: no text a member reads is written into a page or component; it comes from the
  // catalogues (app/i18n). The operators' console (admin) is in English only, as are its pages.
  {
    files: ["app/**/*.tsx"],
    ignores: [
      "app/routes/admin+/**",
      "app/components/admin/**",
      "app/components/operator-games.tsx",
      "app/components/charts/**",
    ],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: ["alt", "title", "placeholder", "aria-label", "aria-description", "label", "summary"],
          },
          words: { exclude: ["[0-9!-/:-@[-`{-~₹·—–•×…✓✗]+", "[A-Z_-]+", "^\\p{Emoji}+$"] },
        },
      ],
    },
  },
  // The boundaries: pages reach outside app/ only into shared/; the domain knows nothing of HTTP;
  // shared/ stands on its own so both sides can import it.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Relative paths that climb out of app/ into the API or the server (not packages
              // such as react-dom/server).
              regex: "^(\\.\\./)+(api|server)(/|\\.ts$|$)",
              message: "app/ may import only from app/ and shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's rules (every file of api/<feature>/ but its HTTP modules) know nothing of HTTP.
    files: [`api/{${FEATURES.join(",")}}/**/*.ts`],
    ignores: ["**/http.ts", "**/*Http.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(hono(/.*)?|\\.\\.?/(.*/)?(http|[A-Za-z]+Http)(\\.ts)?)$",
              message: "The domain throws DomainError and never imports HTTP code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/**", "**/app/**", "**/api/**"],
              message: "shared/ imports nothing from app/ or api/.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
);
