/** axe-core on every page of the route table without parameters, for a signed-out visitor, a
 * learner and an educator, in vi and en, at 1280 and 390 px:
 * WCAG 2.0/2.1/2.2 A and AA with `target-size` on (issue 18). Writes the count per page to
 * test-results/a11y.json and fails on any violation. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { answerSurveyPromptLater, login, setLanguage } from "./helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const VISITOR = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/introductions",
  "/awards",
  "/hardware-facility",
  "/terms-and-conditions",
  "/privacy-policy",
  "/instructions/1",
];
const LEARNER = [
  "/home",
  "/profile",
  "/marketplace",
  "/marketplace/shopping-cart",
  "/marketplace/transactions/index",
  "/assignment/student",
  "/survey/student",
  "/guide",
];
const EDUCATOR = [
  "/home",
  "/question-bank",
  "/question-bank/matrix",
  "/question-bank/vetting",
  "/test-preset",
  "/round",
  "/survey",
  "/marketplace",
  "/educator",
  "/learner",
  "/organization/settings",
  "/assignment",
  "/assignment/overview",
  "/assignment/takers",
  "/assignment/batch-list",
  "/assignment/result/index",
  "/assignment/grading/list",
  "/assignment/accommodations",
  "/alltransaction",
  "/alltransaction/heatmap",
];

const WIDTHS = [1280, 390];

/** Each page is loaded once per language and checked at both widths (the layout responds to the
 * viewport without a reload). Returns one line per violation: page, width, rule, first targets. */
async function checkPage(page: Page, key: string, counts: Record<string, number>): Promise<string[]> {
  await page
    .locator("main h1, main [role=alert]")
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(250); // the page's data after its heading
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const result = await new AxeBuilder({ page }).withTags(TAGS).withRules(["target-size"]).analyze();
    counts[`${key} ${width}`] = result.violations.reduce((n, v) => n + v.nodes.length, 0);
    for (const v of result.violations)
      problems.push(
        `${key} ${width} ${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
      );
  }
  return problems;
}

for (const lang of ["vi", "en"] as const) {
  test(`axe: every page in ${lang} at ${WIDTHS.join(" and ")} px`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    await setLanguage(page, lang);
    const counts: Record<string, number> = {};
    const problems: string[] = [];
    for (const path of VISITOR) {
      await page.goto(path);
      problems.push(...(await checkPage(page, `visitor ${lang} ${path}`, counts)));
    }
    for (const [email, paths] of [
      ["learner@demo.vn", LEARNER],
      ["educator.admin@demo.vn", EDUCATOR],
    ] as const) {
      const context = await browser.newContext();
      const user = await context.newPage();
      await setLanguage(user, lang);
      await login(user, email);
      await answerSurveyPromptLater(user); // the learner's ongoing survey: "Later" holds for the session
      for (const path of paths) {
        await user.goto(path);
        problems.push(...(await checkPage(user, `${email.split("@")[0]} ${lang} ${path}`, counts)));
      }
      await context.close();
    }
    writeFileSync(join("test-results", `a11y-${lang}.json`), JSON.stringify(counts, null, 1));
    console.log(`axe ${lang}: ${Object.keys(counts).length} page checks, ${problems.length} violations`);
    expect(problems).toEqual([]);
  });
}
