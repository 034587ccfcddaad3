/** The namespaces whose texts are split off the catalogues' core, and how a module's code is read
 * for them (messages-plugin.ts; issue 20). */
export const APP_NAMESPACES = [
  "analytics",
  "assignments",
  "awards", // the public pages' own texts (issue 20: out of /login's first visit)
  "hardware",
  "instructions",
  "intro",
  "landing",
  "privacy", // the privacy policy page, retention and access log (issue 24)
  "terms",
  "dataCopy", // issue 24: a copy of one's data (profile page, parent's link)
  "grading",
  "guide", // /guide, signed in
  "home", // /home and its attention panel (issue 19)
  "itemAnalysis", // item analysis pages and the question bank's figures (issue 19)
  "learnerConsent", // issue 24: the consent prompt, banner and profile section (app layouts)
  "marketplace",
  "myTests",
  "parentConsent", // issue 24: the parent's page
  "parentData", // issue 24: the child's data on the parent's page
  "people",
  "profile", // /profile and its personal data section (issue 24)
  "qb",
  "rounds",
  "shop",
  "surveys",
  "takeTest",
  "tests",
];

const NAMES = new RegExp(`["'\`](${APP_NAMESPACES.join("|")})\\.\\w`, "g");

/** The app namespaces a module's code names (sorted, each once). */
export function namespacesIn(code: string): string[] {
  return [...new Set([...code.matchAll(NAMES)].map((m) => m[1]!))].sort();
}
