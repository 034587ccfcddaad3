/**
 * Writes dist/.vite/routes.json at build time (issue 20): every path of the route table
 * (src/app/routes.tsx) with the source modules its lazy loaders import (layout, then page), e.g.
 * `{"path": "/marketplace", "modules": ["src/app/layouts/default-layout.tsx",
 * "src/features/marketplace/routes/marketplace.tsx"]}`. With Vite's manifest, the server
 * (platform/config/preload.py) names those modules' chunks in `<link rel="modulepreload">`, so
 * a page's chunks load with the entry instead of after it. Read with TypeScript's parser: the
 * object literals' `path`, `index`, `lazy` and `children`; only the routes that render a page
 * (no children) are listed.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import ts from "typescript";
import type { Plugin } from "vite";

const ROOT = fileURLToPath(new URL("./", import.meta.url));
const ROUTES = "src/app/routes.tsx";

export type RouteChunks = { path: string; modules: string[] };

/** `@/x/y` or `./x` (from src/app) to the source file's path from frontend/ (with extension). */
function sourceOf(specifier: string): string {
  const base = specifier.startsWith("@/") ? `src/${specifier.slice(2)}` : `src/app/${specifier.replace(/^\.\//, "")}`;
  const found = [".tsx", ".ts"].map((ext) => base + ext).find((file) => existsSync(ROOT + file));
  if (!found) throw new Error(`routes.tsx imports ${specifier}, which is no file`);
  return found;
}

export function routeChunks(code = readFileSync(ROOT + ROUTES, "utf8")): RouteChunks[] {
  const file = ts.createSourceFile(ROUTES, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const constants = new Map<string, ts.Node>();
  file.forEachChild((node) => {
    if (ts.isVariableStatement(node))
      for (const d of node.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
  });
  const imports = (node: ts.Node): string[] => {
    if (ts.isIdentifier(node) && constants.has(node.text)) return imports(constants.get(node.text)!);
    const found: string[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = n.arguments;
        if (arg && ts.isStringLiteral(arg)) found.push(sourceOf(arg.text));
      }
      n.forEachChild(visit);
    };
    visit(node);
    return found;
  };
  const out: RouteChunks[] = [];
  const walk = (list: ts.ArrayLiteralExpression, base: string, inherited: string[]) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const prop = (name: string) =>
        element.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(file) === name,
        )?.initializer;
      const path = prop("path");
      const own = path && ts.isStringLiteral(path) ? path.text : undefined;
      const parent = base.replace(/\/?\*$/, "").replace(/\/$/, ""); // a splat's child replaces it
      const full = own === undefined ? base : own.startsWith("/") ? own : `${parent}/${own}`;
      const lazy = prop("lazy");
      const modules = [...inherited, ...(lazy ? imports(lazy) : [])];
      const children = prop("children");
      const leaf = !children || !ts.isArrayLiteralExpression(children) || !children.elements.length;
      if ((own !== undefined || prop("index")) && leaf) out.push({ path: full || "/", modules });
      if (children && ts.isArrayLiteralExpression(children)) walk(children, full, modules);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === "routes" && node.initializer)
      if (ts.isArrayLiteralExpression(node.initializer)) return walk(node.initializer, "", []);
    node.forEachChild(visit);
  };
  visit(file);
  return out;
}

export function routeChunksPlugin(): Plugin {
  return {
    name: "route-chunks",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: ".vite/routes.json",
        source: JSON.stringify(routeChunks(), null, 1),
      });
    },
  };
}
