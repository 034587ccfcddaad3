/** Issue 5, items 6-7: an educator publishes an approved test to the marketplace with prices, a
 * learner finds it and its detail page, the educator assigns it directly to a learner of the
 * organization and sees them on the takers and batch-detail pages; a learner joins the waiting
 * list of a full test. The tests it needs are built through the API (round, preset from the demo
 * bank, generation, batch, approval); every screen is photographed in vi and en at 1280 and 390 px. */
import { expect, test, type Page } from "@playwright/test";

import { answerSurveyPromptLater, login, resize, shot } from "./helpers";

const stamp = Date.now() % 100000;
const PRESET_NAME = `Toán 9 — chợ đề E2E ${stamp}`;
const FULL_NAME = `Toán 9 — ca đã đầy E2E ${stamp}`;
const ids = { preset: 0, batch: 0, full: 0, fullListing: 0, listing: 0 };

/** The session's CSRF token (the cookie the SPA sends back as X-CSRFToken). */
async function csrf(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  if (!cookie) {
    await page.request.get("/public/api/auth/csrf");
    cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  }
  return cookie?.value ?? "";
}

/** A call of the educator's API with the page's session; fails the test on an error status. */
async function call<T>(page: Page, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response =
    method === "GET"
      ? await page.request.get(path)
      : await page.request.post(path, { data: body ?? {}, headers: { "X-CSRFToken": await csrf(page) } });
  const json = (await response.json()) as { data: T; message?: string };
  expect(response.ok(), `${method} ${path}: ${response.status()} ${json.message ?? ""}`).toBe(true);
  return json.data;
}

const iso = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

/** An approved grade-9 maths test from the demo bank with one batch of `slots` slots. */
async function approvedPreset(page: Page, name: string, roundId: number, slots: number) {
  const subjects = await call<{ id: number; code: string }[]>(page, "GET", "/api/v1/subjects");
  const maths = subjects.find((s) => s.code === "toan")!;
  // A maths topic of the demo bank with at least 3 published grade-9 questions.
  const topics = await call<{ id: number; subject_id: number | null }[]>(
    page,
    "GET",
    "/api/v1/matrix-clusters?type=topic",
  );
  let topic = 0;
  for (const candidate of topics.filter((c) => c.subject_id === maths.id || c.subject_id === null)) {
    const found = await call<{ total: number }>(
      page,
      "GET",
      `/api/v1/questions?status=published&grade=9&subject_id=${maths.id}&cluster_id=${candidate.id}&limit=1`,
    );
    if (found.total >= 3) {
      topic = candidate.id;
      break;
    }
  }
  expect(topic, "a maths topic with 3 published grade-9 questions").toBeGreaterThan(0);
  const preset = await call<{ id: number }>(page, "POST", "/api/v1/test-presets", {
    name,
    description: "Đề luyện tập Toán 9 rút ngẫu nhiên từ ngân hàng mẫu: số học và đại số cơ bản.",
    grade: 9,
    duration_minutes: 30,
    starts_at: iso(-1),
    ends_at: iso(20),
    round_id: roundId,
    camera_proctoring: false,
    allow_no_camera: true,
    subjects: [{ subject_id: maths.id, items: [{ cluster_id: topic, count: 3 }] }],
  });
  await call(page, "POST", `/api/v1/test-presets/${preset.id}/generate`, {});
  const batch = await call<{ id: number }>(page, "POST", `/api/v1/test-presets/${preset.id}/batches`, {
    name: `Ca sáng E2E ${stamp}`,
    starts_at: iso(3),
    expires_at: iso(3, 2),
    slots,
  });
  await call(page, "POST", `/api/v1/test-presets/${preset.id}/approve`, { comment: "" });
  return { preset: preset.id, batch: batch.id };
}

/** learner@demo.vn has a survey in progress: after each navigation the app asks whether to continue
 * it (spec section 2). Once the page has settled, answer "Later" so that the page underneath can
 * be used (educators are not asked). */
async function later(page: Page) {
  await answerSurveyPromptLater(page);
}

async function setLang(page: Page, lang: "vi" | "en") {
  await page.evaluate((value) => window.localStorage.setItem("lang", value), lang);
}

/** Screenshots of the current page in vi and en at 1280 and 390 px (back to vi, 1280 after);
 * `ready` is a text that shows once the page has loaded, per language. */
async function shots(page: Page, name: string, ready: { vi: RegExp | string; en: RegExp | string }) {
  for (const lang of ["vi", "en"] as const) {
    await setLang(page, lang);
    await resize(page, 1280);
    await page.reload();
    await expect(page.getByText(ready[lang]).first()).toBeVisible();
    await later(page);
    for (const width of [1280, 390]) {
      await resize(page, width, width === 1280 ? 900 : 844);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${name}-${lang}-${width}`);
    }
  }
  await setLang(page, "vi");
  await resize(page, 1280);
  await page.reload();
  await later(page);
}

test.describe.serial("marketplace and direct assignment", () => {
  test.setTimeout(240_000);

  test("an educator admin publishes an approved test from /marketplace with prices", async ({ page }) => {
    await login(page, "educator.admin@demo.vn");
    const round = await call<{ id: number }>(page, "POST", "/api/v1/rounds", {
      name: `Vòng 1 — chợ đề E2E ${stamp}`,
      starts_at: iso(-1),
      expires_at: iso(30),
    });
    Object.assign(ids, await approvedPreset(page, PRESET_NAME, round.id, 5));
    // A second test whose only batch is full (one slot, given to a learner of the organization),
    // published through the API: for the waiting list.
    const full = await approvedPreset(page, FULL_NAME, round.id, 1);
    ids.full = full.preset;
    const listed = await call<{ id: number }[]>(page, "POST", "/api/v1/marketplace/create_multiple", {
      items: [{ preset_id: full.preset, price_test_only: 50000 }],
    });
    ids.fullListing = listed[0]!.id;
    const learners = await call<{ items: { id: number }[] }>(
      page,
      "GET",
      "/api/v1/users/profile/list?role=LEARNER&status=active&search=hocsinh01",
    );
    await call(page, "POST", "/api/v1/assignments", {
      preset_id: full.preset,
      batch_id: full.batch,
      learner_profile_ids: [learners.items[0]!.id],
    });

    // The educator variant of the marketplace: publish from the dialog.
    await page.goto("/marketplace");
    await expect(page.getByRole("heading", { name: "Chợ đề thi" })).toBeVisible();
    await page.getByRole("button", { name: "Đăng đề thi" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Đăng đề thi lên chợ" });
    await dialog.getByLabel("Tìm đề thi").fill(`E2E ${stamp}`);
    await dialog.getByRole("checkbox", { name: new RegExp(PRESET_NAME) }).check();
    await expect(dialog.getByRole("checkbox", { name: new RegExp(FULL_NAME) })).toHaveCount(0); // listed already
    const item = dialog.getByRole("region", { name: `Giá của ${PRESET_NAME}` });
    await dialog.getByRole("button", { name: "Đăng 1 đề thi" }).click();
    await expect(item.getByText("Bắt buộc")).toBeVisible(); // the test-only price is required
    await shot(page, "marketplace-publish-errors-vi-1280");
    await item.getByLabel("Chỉ bài thi").fill("120000");
    await expect(item.getByLabel("Chỉ bài thi")).toHaveValue("120.000");
    await item.getByLabel("Bài thi + báo cáo nâng cao").fill("200000");
    await item.getByLabel("Mô tả").fill("Đề luyện tập Toán 9: 3 câu, 30 phút, không cần camera.");
    await shot(page, "marketplace-publish-vi-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "marketplace-publish-vi-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: "Đăng 1 đề thi" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Đã đăng 1 đề thi lên chợ").first()).toBeVisible();

    await page.getByRole("button", { name: "Đề thi của tôi" }).click();
    await page.getByLabel("Tìm kiếm").fill(PRESET_NAME);
    await expect(page).toHaveURL(/[?&]search=/);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: PRESET_NAME }) });
    await expect(card).toContainText("120.000");
    await expect(card.getByRole("button", { name: `Gỡ khỏi chợ: ${PRESET_NAME}` })).toBeVisible();
    const href = await card.getByRole("link", { name: PRESET_NAME }).getAttribute("href");
    ids.listing = Number(href!.split("/").pop());
    await page.getByLabel("Tìm kiếm").fill("");
    await expect(page).not.toHaveURL(/[?&]search=/);
    await expect(page.getByRole("link", { name: FULL_NAME })).toBeVisible();
    await shots(page, "marketplace-educator", { vi: PRESET_NAME, en: PRESET_NAME });
    await page.goto(`/marketplace/${ids.listing}`);
    await shots(page, "marketplace-detail-educator", { vi: "Gói và giá", en: "Add-ons and prices" });
  });

  test("a learner finds it in the marketplace and reads its detail page", async ({ page }) => {
    await login(page, "learner@demo.vn");
    await page.goto("/marketplace");
    await later(page);
    await page.getByLabel("Tìm kiếm").fill(`E2E ${stamp}`);
    await expect(page).toHaveURL(/[?&]search=E2E/); // the search has settled into the address
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: PRESET_NAME }) });
    await expect(card).toContainText("Trung tâm Học tập Suốt đời");
    await expect(card).toContainText("120.000");
    await expect(card).toContainText("Lớp 9");
    await expect(card).toContainText("Còn 5 chỗ");
    await expect(page.getByRole("button", { name: "Đăng đề thi" })).toHaveCount(0);
    await shots(page, "marketplace-learner", { vi: PRESET_NAME, en: PRESET_NAME });
    await page.getByLabel("Khối lớp").selectOption("12");
    await expect(page.getByText("Không có đề thi nào phù hợp.")).toBeVisible();
    await shot(page, "marketplace-learner-empty-vi-1280");
    await page.getByRole("button", { name: "Xóa bộ lọc" }).first().click();

    await page.goto(`/marketplace/${ids.listing}`);
    await later(page);
    await expect(page.getByRole("heading", { level: 1, name: PRESET_NAME })).toBeVisible();
    const addons = page.getByRole("region", { name: "Gói và giá" });
    await expect(addons.getByRole("listitem").filter({ hasText: "Chỉ bài thi" })).toContainText("120.000");
    await expect(addons.getByRole("listitem").filter({ hasText: "nâng cao" })).toContainText("200.000");
    await expect(page.getByRole("region", { name: "Ca thi" })).toContainText("Còn 5 chỗ");
    await expect(page.getByText("Không còn chỗ trống ở ca nào")).toHaveCount(0);
    await shots(page, "marketplace-detail-learner", { vi: "Gói và giá", en: "Add-ons and prices" });
  });

  test("a learner joins and leaves the waiting list of a test whose every batch is full", async ({
    page,
  }) => {
    await login(page, "learner@demo.vn");
    await page.goto(`/marketplace/${ids.fullListing}`);
    await later(page);
    const panel = page.getByRole("region", { name: "Không còn chỗ trống ở ca nào" });
    await expect(page.getByRole("region", { name: "Ca thi" })).toContainText("Ca thi hết chỗ");
    await panel.getByRole("button", { name: "Vào danh sách chờ" }).click();
    await expect(panel).toContainText("Bạn đang ở vị trí thứ 1 trong danh sách chờ.");
    await shots(page, "marketplace-waiting-list", {
      vi: "Bạn đang ở vị trí thứ 1",
      en: "You are number 1 on the waiting list",
    });
    await panel.getByRole("button", { name: "Rời danh sách chờ" }).click();
    await page
      .getByRole("dialog", { name: "Rời danh sách chờ?" })
      .getByRole("button", { name: "Rời danh sách chờ" })
      .click();
    await expect(panel.getByRole("button", { name: "Vào danh sách chờ" })).toBeVisible();
    // Join again so that the educator's batch page shows someone waiting.
    await panel.getByRole("button", { name: "Vào danh sách chờ" }).click();
    await expect(panel).toContainText("vị trí thứ 1");
  });

  test("the educator assigns the test directly and sees the learner on the takers and batch pages", async ({
    page,
  }) => {
    await login(page, "educator.admin@demo.vn");
    await page.goto("/assignment");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: PRESET_NAME }) });
    await expect(row).toContainText("Đang bán");
    await row.getByRole("link", { name: "Giao đề" }).click();
    await expect(page).toHaveURL(new RegExp(`/assignment/form\\?preset_id=${ids.preset}$`));
    await expect(page.getByLabel("Đề thi", { exact: true })).toHaveValue(String(ids.preset));
    await expect(page.getByLabel("Ca thi", { exact: true })).toHaveValue(String(ids.batch));
    await page.getByRole("searchbox", { name: "Tìm học sinh" }).fill("Khoa");
    await page.getByRole("checkbox", { name: /Đặng Minh Khoa/ }).check();
    await page.getByLabel("Số lượt làm bài").fill("2");
    await page.getByRole("checkbox", { name: /Học sinh phải thanh toán/ }).check();
    await page.getByLabel("Giá (VND)").fill("90000");
    await expect(page.getByLabel("Giá (VND)")).toHaveValue("90.000");
    await shot(page, "assignment-form-filled-vi-1280");
    await page.getByRole("button", { name: "Giao đề cho 1 học sinh" }).click();

    await expect(page).toHaveURL(new RegExp(`/assignment/takers\\?preset_id=${ids.preset}$`));
    const taker = page.getByRole("row").filter({ hasText: "Đặng Minh Khoa" });
    await expect(taker).toContainText("Giao trực tiếp");
    await expect(taker).toContainText("Chưa làm");
    await expect(taker).toContainText("2 lượt làm bài");
    await expect(taker).toContainText("90.000");
    await shots(page, "assignment-takers", { vi: "Đặng Minh Khoa", en: "Đặng Minh Khoa" });

    // Assigning the same learner again is refused by the server, shown as it comes.
    await page.goto(`/assignment/form?preset_id=${ids.preset}`);
    await expect(page.getByLabel("Ca thi", { exact: true })).toHaveValue(String(ids.batch));
    await page.getByRole("searchbox", { name: "Tìm học sinh" }).fill("Khoa");
    await page.getByRole("checkbox", { name: /Đặng Minh Khoa/ }).check();
    await page.getByRole("button", { name: "Giao đề cho 1 học sinh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Đã được giao đề này" })).toContainText(
      "Đặng Minh Khoa",
    );
    await shot(page, "assignment-form-refused-vi-1280");

    await page.goto(`/assignment/takers?preset_id=${ids.preset}`);
    await page
      .getByRole("row")
      .filter({ hasText: "Đặng Minh Khoa" })
      .getByRole("link", { name: /Ca sáng E2E/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/assignment/batch-detail/${ids.batch}$`));
    const figures = page.getByRole("region", { name: "Số liệu ca thi" });
    await expect(figures.locator("dt", { hasText: "Đã dùng" }).locator("xpath=..")).toContainText("1");
    await expect(figures.locator("dt", { hasText: "Còn trống" }).locator("xpath=..")).toContainText("4");
    await expect(page.getByRole("table", { name: "Học sinh đã đăng ký" })).toContainText("Đặng Minh Khoa");
    await shots(page, "assignment-batch-detail", { vi: "Đặng Minh Khoa", en: "Đặng Minh Khoa" });

    // The test's buyers and takers list them; the full test's waiting list has the learner who
    // joined it above. (a11y.spec.ts photographs every /assignment page in both languages.)
    await page.goto(`/test-preset/takers-detail/${ids.preset}`);
    await expect(page.getByRole("table", { name: "Người mua và làm bài" })).toContainText("Đặng Minh Khoa");
    await page.goto(`/assignment/batch/${ids.full}`);
    const waiting = page.getByRole("table", { name: "Danh sách chờ" });
    await expect(waiting).toContainText("Lê Hoàng Nam");
    await expect(waiting).toContainText("Đang chờ");
  });
});
