import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test, type Page } from "@playwright/test";
import { readSheet } from "read-excel-file/node";

import { makeEssayTest, takeAsLearner } from "./essay-test";
import { login, reloadIn, settled, shot } from "./helpers";

/** The educator's loop through links from /home (issue 19): an essay test made and taken through
 * the API (the only set-up; hocsinh05, used by no other spec). First, every educator /assignment
 * route of the route table is shown to be reached within two clicks of /home. Then a demo
 * educator grades the essay from the /home panel, releases the batch from its gradebook
 * (reached from the panel), exports the gradebook (file name and cells read back), and from the
 * demo's released practice batch opens the item analysis, follows the question flagged
 * "negative discrimination" to the bank and sends it back to vetting. Screenshots of the panel,
 * the gradebook and the item analysis in vi and en at 1280 and 390 px. */
const EDUCATOR = "educator.admin@demo.vn";
const GRADED = { email: "hocsinh05@demo.vn", name: "Hoàng Quốc Huy" };
const PRACTICE = "Luyện tập Toán 9 - Căn thức";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

/** Screenshots at 1280 and 390 px wide once `ready` holds at each width. */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await ready();
    await page.mouse.move(0, 0); // no hover or tooltip in the picture
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The header's logo: back to /home through a link. */
const home = async (page: Page) => {
  await page.getByRole("banner").locator('a[href="/home"]').first().click();
  await expect(page).toHaveURL(/\/home$/);
};

const stamp = Date.now() % 1_000_000;
let made: { name: string; presetId: number; batchId: number } | undefined;

/** hocsinh05's essay test, submitted with an answer waiting for a score, made once for both tests
 * (the first needs an answer to grade in the editor's reach, the second grades it); the page is
 * left signed out. */
async function essayWaiting(page: Page) {
  if (!made) {
    await login(page, EDUCATOR);
    made = await makeEssayTest(page, stamp, GRADED.email);
    await takeAsLearner(page, GRADED.email, made.name, "Điều kiện: x ≥ 0.\nRút gọn được A = √x.");
  }
  return made;
}

/** The route table's educator /assignment paths as patterns (ids as digits). */
function assignmentRoutes(): { route: string; pattern: RegExp }[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const source = readFileSync(join(here, "..", "src", "app", "routes.tsx"), "utf8");
  const found: { route: string; pattern: RegExp }[] = [];
  const paths = [...source.matchAll(/path: "(\/assignment[^"]*)"/g)];
  for (const [index, match] of paths.entries()) {
    const until = paths[index + 1]?.index ?? source.length;
    if (!source.slice(match.index, until).includes('"EDUCATOR"')) continue; // learners' pages
    const route = match[1]!;
    found.push({ route, pattern: new RegExp(`^${route.replace(/:[a-zA-Z]+/g, "\\d+")}$`) });
  }
  return found;
}

/** The app's own links in the page's main area once its data has loaded: no request in flight
 * and nothing says "loading". */
async function linksOf(page: Page): Promise<string[]> {
  const main = page.getByRole("main");
  await main.locator("h1").first().waitFor();
  await settled(page);
  await expect(main.getByText("Đang tải…")).toHaveCount(0);
  const hrefs = await main
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs)].sort();
}

test("every educator /assignment page is within two clicks of /home", async ({ page }) => {
  test.setTimeout(120_000);
  await essayWaiting(page);
  const routes = assignmentRoutes();
  expect(routes.map((r) => r.route)).toContain("/assignment/grading/edit");
  expect(routes.length).toBeGreaterThanOrEqual(15);

  await login(page, EDUCATOR);
  await expect(page.getByRole("region", { name: "Cần bạn xử lý" }).getByRole("link").first()).toBeVisible();
  const first = await linksOf(page);
  const reached = new Map<string, string>(first.map((href) => [href, "/home"]));
  // Only /home's links to /assignment pages need following: the others lead elsewhere first.
  for (const href of first.filter((h) => h.startsWith("/assignment"))) {
    // One click: follow the link on /home; the second click is any link of the page it opens.
    await page.getByRole("main").locator(`a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.pathname + url.search === href); // the new page is in place
    for (const next of await linksOf(page)) if (!reached.has(next)) reached.set(next, href);
    await home(page);
  }
  const paths = [...reached.keys()].map((href) => new URL(href, "http://x").pathname);
  const missing = routes.filter((r) => !paths.some((path) => r.pattern.test(path))).map((r) => r.route);
  expect(missing, `reached from /home: ${JSON.stringify([...reached])}`).toEqual([]);
});

test("an educator grades, releases, exports the gradebook and sends a flagged question back to vetting, from /home", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { batchId } = await essayWaiting(page);
  const batchName = `Ca tự luận ${stamp}`;
  await login(page, EDUCATOR);

  // /home -> the grading list -> the editor: score the essay.
  const panel = page.getByRole("region", { name: "Cần bạn xử lý" });
  await panel.getByRole("link", { name: /câu trả lời đang chờ chấm$/ }).click();
  await expect(page.getByRole("heading", { name: "Chấm bài", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: `Chấm bài của ${GRADED.name}` }).click();
  await expect(page).toHaveURL(/\/assignment\/grading\/edit\?answer=\d+/);
  const editor = page.url();
  await page.getByLabel(/^Điểm \(0–/).fill("1");
  await page.getByLabel("Nhận xét").fill("Đúng hướng, thiếu điều kiện x ≠ 4.");
  await page.getByLabel("Nhận xét").press("Control+Enter"); // save, then the next answer or the list
  await expect(page).not.toHaveURL(editor);

  // Back on /home the batch waits for release; the panel's pictures in both languages.
  await home(page);
  const release = panel
    .getByRole("group", { name: "Kết quả chờ công bố" })
    .getByRole("link", { name: batchName });
  await expect(release).toHaveAttribute("href", `/assignment/gradebook/batch/${batchId}`);
  await expect(
    panel.getByRole("group", { name: "Ca thi đang diễn ra" }).getByRole("link", { name: batchName }),
  ).toHaveAttribute("href", `/assignment/batch-progress/${batchId}`);
  await expect(
    panel.getByText(`Tự luận Toán 9 — E2E ${stamp} · 1 kết quả đã chấm, chưa công bố`),
  ).toBeVisible();
  const panelReady = async () => {
    await expect(page.getByRole("region", { name: /Cần bạn xử lý|Needs your attention/ })).toBeVisible();
    await expect(page.getByRole("link", { name: batchName }).first()).toBeVisible();
  };
  await shots(page, "educator-home-vi", panelReady);
  await reloadIn(page, "en");
  await expect(page.getByRole("region", { name: "Needs your attention" })).toBeVisible();
  await expect(page.getByText(`Tự luận Toán 9 — E2E ${stamp} · 1 graded result not released`)).toBeVisible();
  await shots(page, "educator-home-en", panelReady);
  await reloadIn(page, "vi");

  // The batch's gradebook (from the panel): release the batch, then export it.
  await release.click();
  await expect(page).toHaveURL(`/assignment/gradebook/batch/${batchId}`);
  await expect(page.getByText("1 kết quả đã chấm chờ công bố", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Công bố cả ca thi" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Công bố 1 kết quả" }).click();
  await expect(page.getByText("Đã công bố 1 kết quả.", { exact: true })).toBeVisible();
  await expect(page.getByText("Không có kết quả đã chấm nào chờ công bố", { exact: true })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: GRADED.name });
  await expect(row.getByText("Đã công bố")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Xuất Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`gradebook-batch-${batchId}.xlsx`);
  const cells = await readSheet(await download.path());
  expect(cells[0]!.slice(0, 3)).toEqual(["Học viên", "E-mail", "Ca thi"]);
  expect(cells).toHaveLength(2);
  expect(cells[1]!.slice(0, 3)).toEqual([GRADED.name, GRADED.email, batchName]);
  const header = cells[0]!;
  expect(cells[1]![header.indexOf("Đã công bố")]).toBe("Có"); // released
  expect(cells[1]![header.indexOf("Thang điểm")]).toBe(10); // out of 10 (decision 0056)

  const bookReady = async () => {
    await expect(page.getByRole("row").filter({ hasText: GRADED.name })).toBeVisible();
  };
  await shots(page, "educator-gradebook-vi", bookReady);
  await reloadIn(page, "en");
  await expect(page.getByText("No graded result waits for release", { exact: true })).toBeVisible();
  await shots(page, "educator-gradebook-en", bookReady);
  await reloadIn(page, "vi");

  // The demo's released practice batch: /home -> tests -> the test -> its batch -> item analysis.
  await home(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Đề thi/ })
    .first()
    .click();
  await page.getByRole("link", { name: PRACTICE, exact: true }).click();
  await page.getByRole("table", { name: "Ca thi" }).getByRole("link", { name: "Ca sáng nay" }).click();
  await expect(page).toHaveURL(/\/assignment\/batch-detail\/\d+$/);
  await page.getByRole("link", { name: "Phân tích câu hỏi" }).click();
  await expect(page).toHaveURL(/\/assignment\/item-analysis\/batch\/\d+$/);
  const flagged = page.getByRole("row").filter({ hasText: "Phân biệt âm" });
  await expect(flagged).toHaveCount(1);
  const analysisReady = async () => {
    await expect(
      page.getByRole("row").filter({ hasText: /Phân biệt âm|Negative discrimination/ }),
    ).toHaveCount(1);
  };
  await shots(page, "educator-item-analysis-vi", analysisReady);
  await reloadIn(page, "en");
  await shots(page, "educator-item-analysis-en", analysisReady);
  await reloadIn(page, "vi");

  // The flagged question in the bank, sent back to vetting with its figures.
  await flagged.getByRole("link", { name: /^Mở câu hỏi .* trong ngân hàng$/ }).click();
  await expect(page).toHaveURL(/\/question-bank\/form\/\d+$/);
  await page.getByRole("button", { name: "Gửi lại thẩm định" }).click();
  const dialog = page.getByRole("dialog", { name: "Gửi lại câu hỏi để thẩm định?" });
  await dialog.getByLabel("Nhận xét (không bắt buộc)").fill("Học sinh giỏi chọn sai: xem lại đáp án.");
  await dialog.getByRole("button", { name: "Gửi thẩm định" }).click();
  await expect(page.getByText("Đã gửi lại thẩm định: phiên bản 2.", { exact: true })).toBeVisible();
  await expect(page.getByText("Chờ duyệt").first()).toBeVisible();
});
