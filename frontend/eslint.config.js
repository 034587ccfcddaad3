import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";

import jsxA11y from "eslint-plugin-jsx-a11y";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

// Every folder of src/features is a feature: a new one is guarded without editing this file.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "src/lib/api/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.mjs", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // bulletproof-react's unidirectional architecture: shared folders (lib, components, testing,
      // config) -> features -> app. Features never import each other or app; shared folders never
      // import features or app; app composes the features.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: "./src/features",
              except: [`./${feature}`],
              message: "Features do not import each other: move what both need to a shared folder.",
            })),
            {
              target: "./src/features",
              from: "./src/app",
              message: "Features do not import app/: app composes the features.",
            },
            {
              target: ["./src/lib", "./src/components", "./src/testing", "./src/config"],
              from: ["./src/features", "./src/app"],
              message: "Shared folders do not import features or app/.",
            },
          ],
        },
      ],
      "import-x/no-cycle": "error",
    },
  },
  // WCAG checks on the JSX itself (issue 18); axe in the Playwright suite checks the pages.
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["src/**/*.tsx"],
    rules: {
      // `role` is also a prop of our own components (a people list of one role), not only ARIA.
      "jsx-a11y/aria-role": ["error", { ignoreNonDOM: true }],
      // Labels wrap their control and a few nested spans of text (title, hint).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 5 }],
    },
  },
  {
    files: ["src/**/*.test.{ts,tsx}"],
    ...testingLibrary.configs["flat/react"],
  },
);
