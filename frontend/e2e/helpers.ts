import AxeBuilder from "@axe-core/playwright";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { expect, type Locator, type Page, type Request } from "@playwright/test";

const HERE = dirname(fileURLToPath(import.meta.url));
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(HERE, "..", "..", ".data", "e2e-mail");
export const SHOTS = join(HERE, "..", "test-results", "screenshots");
export const PASSWORD = "Demo@12345";

/** The newest mail file that mentions `to` and matches `pattern`, once it is written (huey runs
 * inline in the e2e server, so it is there when the request that sends it has answered; polled
 * for up to 10 s in case a mail is sent after its response). */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  const find = (): string | null => {
    const files = readdirSync(MAIL_DIR)
      .map((name) => join(MAIL_DIR, name))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const match = text.includes(to) ? pattern.exec(text) : null;
      if (match) return match[0];
    }
    return null;
  };
  await expect.poll(find, { message: `a mail to ${to} matching ${pattern}`, timeout: 10_000 }).not.toBeNull();
  return find()!;
}

/** Two animation frames: what the page does after a change (a resize's media queries, a
 * response's render) has been painted. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Sets the window's size and waits until the page is laid out at it. */
export async function resize(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await frames(page);
}

interface Traffic {
  pending: Set<Request>;
  idle: (() => void)[];
}
const traffic = new WeakMap<Page, Traffic>();

/** Counts the page's fetch/XHR requests in flight from now on (call before the navigations that
 * `settled` waits for). */
export function trackRequests(page: Page): Traffic {
  let t = traffic.get(page);
  if (t) return t;
  const mine: Traffic = { pending: new Set(), idle: [] };
  const done = (request: Request) => {
    if (mine.pending.delete(request) && mine.pending.size === 0) mine.idle.splice(0).forEach((f) => f());
  };
  page.on("request", (r) => {
    if (["fetch", "xhr"].includes(r.resourceType())) mine.pending.add(r);
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  traffic.set(page, mine);
  t = mine;
  return t;
}

/** Waits until no fetch/XHR request of the page is in flight and what they answered is painted,
 * again while the render started new requests (a page's data after its heading). */
export async function settled(page: Page): Promise<void> {
  const t = trackRequests(page);
  do {
    if (t.pending.size > 0) await new Promise<void>((resolve) => t.idle.push(resolve));
    await frames(page);
  } while (t.pending.size > 0);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export async function setLanguage(page: Page, lang: "vi" | "en"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("lang", value), lang);
}

export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  trackRequests(page); // for `settled` from here on
  await page.goto("/login");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The ongoing-survey prompt: learner@demo.vn has a survey in progress, and after each navigation
 * the app asks whether to continue it (spec section 2). */
export const surveyPrompt = (page: Page) =>
  page.getByRole("dialog", { name: /Khảo sát đang làm dở|Ongoing survey/i });

/** From now on, whenever the ongoing-survey prompt is up before an action or an assertion, answer
 * "Later" first (Playwright's locator handler), so the page underneath can be used. */
export async function laterOnSurveyPrompt(page: Page): Promise<void> {
  await page.addLocatorHandler(surveyPrompt(page), async (prompt) => {
    await prompt.getByRole("button", { name: /Để sau|Later/ }).click();
  });
}

/** Answers "Later" to the ongoing-survey prompt if it is up once the page has settled (its
 * requests, the prompt's question among them, answered): before a screenshot. */
export async function answerSurveyPromptLater(page: Page): Promise<void> {
  await settled(page);
  const prompt = surveyPrompt(page);
  if (await prompt.isVisible()) {
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

/** Presses Tab until `target` has focus (at most `max` presses); fails otherwise. So each control
 * the test uses is proved reachable by Tab. */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    if (i === max) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  const active = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 60)}"` : "none";
  });
  throw new Error(
    `${target} not reached by ${back ? "Shift+Tab" : "Tab"} in ${max} presses (focus on ${active})`,
  );
}

/** The session's CSRF token (fetched once when the page has none). */
export async function csrf(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  if (!cookie) {
    await page.request.get("/public/api/auth/csrf");
    cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  }
  return cookie?.value ?? "";
}

/** POST or PUT with the page's session; the envelope's data. */
export async function call<T>(
  page: Page,
  method: "post" | "put",
  path: string,
  data: unknown = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await page.request[method](path, {
    data,
    headers: { "X-CSRFToken": await csrf(page), ...headers },
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

/** GET with the page's session; the envelope's data. */
export async function get<T>(
  page: Page,
  path: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const response = await page.request.get(path, { params });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

/** Stores the page's language (as the header's switch does) and reloads the page in it. */
export async function reloadIn(page: Page, lang: "vi" | "en"): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem("lang", value), lang);
  await page.reload();
}
