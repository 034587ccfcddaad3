import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { expect, type Page } from "@playwright/test";

const HERE = dirname(fileURLToPath(import.meta.url));
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(HERE, "..", "..", ".data", "e2e-mail");
export const SHOTS = join(HERE, "..", "test-results", "screenshots");
export const PASSWORD = "Demo@12345";

/** The newest mail file that mentions `to` and matches `pattern`; polls for a few seconds. */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 40; i += 1) {
    const files = readdirSync(MAIL_DIR)
      .map((name) => join(MAIL_DIR, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const match = text.includes(to) ? pattern.exec(text) : null;
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to}`);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export async function setLanguage(page: Page, lang: "vi" | "en"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("lang", value), lang);
}

export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/home$/);
}

/** learner@demo.vn has a survey in progress: after a navigation the app may ask whether to
 * continue it (spec section 2). Answer "Later" when asked, so the page underneath can be used. */
export async function answerSurveyPromptLater(page: Page): Promise<void> {
  const prompt = page.getByRole("dialog", { name: /Khảo sát đang làm dở|Ongoing survey/i });
  const shown = await prompt.waitFor({ state: "visible", timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    await prompt.getByRole("button", { name: /Để sau|Later/ }).click();
    await expect(prompt).toBeHidden();
  }
}

/** axe on the screen as it is (a page or an open dialog over it): every WCAG 2.0-2.2 A/AA rule,
 * target-size included, as in a11y.spec.ts (the tags select target-size; `withRules` would
 * replace them). */
export async function expectNoViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
  ).toEqual([]);
}
