import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = ["auth", "public", "profile", "home", "errors", "notifications", "marketplace", "surveys", "question-bank", "tests", "people", "shop", "take-test", "assignments", "analytics", "grading"];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "src/lib/api/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["**/*.mjs"], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // Features never import each other (bulletproof-react); app/ composes them.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: "./src/features",
            except: [`./${feature}`],
          })),
        },
      ],
      "import-x/no-cycle": "error",
    },
  },
);
