/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

import { messagesPlugin } from "./messages-plugin";
import { routeChunksPlugin } from "./route-chunks-plugin";

const backend = "http://127.0.0.1:8000";

// Built into dist/ and served by Django: assets under /static/ (STATICFILES_DIRS = dist/assets).
export default defineConfig({
  base: "/static/",
  plugins: [react(), tailwindcss(), messagesPlugin(), routeChunksPlugin()],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // Messages are precompiled (messages-plugin.ts): react-intl formats them without the parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: "@formatjs/icu-messageformat-parser/lib/no-parser.js",
      },
    ],
  },
  build: {
    outDir: "dist",
    assetsDir: "",
    emptyOutDir: true,
    // dist/.vite/manifest.json: each route module's chunks, for scripts/bundle-size.mjs and the
    // server's modulepreload links (config/preload.py; issue 20).
    manifest: true,
    rollupOptions: { output: { entryFileNames: "assets-[hash].js" } },
  },
  server: {
    port: 5173,
    proxy: { "/api": backend, "/public/api": backend, "/media": backend },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // Line coverage of src/ (issue 22): ./ops/test prints it and fails under the floor.
    coverage: {
      provider: "v8",
      include: ["src/**/*.{ts,tsx}"],
      exclude: ["src/**/*.test.{ts,tsx}", "src/**/*.d.ts", "src/main.tsx", "src/testing/**"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
      thresholds: { lines: 80 },
    },
  },
});
