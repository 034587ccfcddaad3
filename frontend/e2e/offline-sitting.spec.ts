import { readFileSync } from "node:fs";
import { join } from "node:path";

import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";

import { resize, shot } from "./helpers";

/** A sitting that survives a dead network (issue 38, item 3; decision 0046). The educator admin of
 * "trung-tam" gives two learners a three-question test whose batch (and so each attempt) ends about
 * half a minute later. Both answer one question, lose the network, answer two more offline, and the
 * deadline passes while they are offline.
 * (a) hocsinh02 (Vietnamese) gets the network back after the deadline and its 20 s: the answers
 *     typed offline before the deadline count, the page hands in and the result has all three.
 * (b) hocsinh03 (English) never gets it back in time: the page saves "Backup answers", the
 *     invigilator uploads the file on the batch page, sees what it changes, applies it; the
 *     learner's result then has all three answers.
 * E2E_SHOTS=1 photographs the backup answers on the test page and the upload on the batch page in
 * both languages at 1280 and 390 px. */
const EDUCATOR = "educator.admin@demo.vn";
const ONLINE = "hocsinh02@demo.vn";
const STRANDED = "hocsinh03@demo.vn";
const PASSWORD = "Demo@12345";
const PICTURES = process.env.E2E_SHOTS === "1";
const DEADLINE_IN_MS = 30_000;

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get("/public/api/auth/csrf");
  return ((await response.json()) as { data: { csrf_token: string } }).data.csrf_token;
}

async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response =
    method === "GET"
      ? await page.request.get(path)
      : await page.request.post(path, {
          data: data ?? {},
          headers: { "X-CSRFToken": await csrf(page.request) },
        });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A new browser context signed in as `email` through the API, in `lang`. */
async function signedIn(browser: Browser, email: string, lang: "vi" | "en"): Promise<Page> {
  const context = await browser.newContext({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem("lang")) window.localStorage.setItem("lang", value);
  }, lang);
  const page = await context.newPage();
  await call(page, "POST", "/public/api/auth/login", { email, password: PASSWORD });
  return page;
}

async function pictures(page: Page, name: string) {
  if (!PICTURES) return;
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of the picture
  await shot(page, `${name}-1280`);
  await resize(page, 390, 844);
  await shot(page, `${name}-390`);
  await resize(page, 1280);
}

/** The test, its batch closing in `DEADLINE_IN_MS`, assigned to both learners. */
async function setUp(educator: Page, stamp: number): Promise<{ batchId: number }> {
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const subjects = await call<{ id: number; code: string }[]>(educator, "GET", "/api/v1/subjects");
  const clusters = await call<{ id: number; code: string; type: string }[]>(
    educator,
    "GET",
    "/api/v1/matrix-clusters",
  );
  const cluster = (type: string, code: string) =>
    clusters.find((c) => c.type === type && c.code === code)!.id;
  const round = await call<{ id: number }>(educator, "POST", "/api/v1/rounds", {
    name: `Vòng ngoại tuyến E2E ${stamp}`,
    starts_at: at(-24 * hour),
    expires_at: at(30 * 24 * hour),
  });
  const preset = await call<{ id: number; offline_grace_seconds: number }>(
    educator,
    "POST",
    "/api/v1/test-presets",
    {
      name: `Kiểm tra mất mạng — E2E ${stamp}`,
      grade: 9,
      duration_minutes: 30,
      starts_at: at(-24 * hour),
      ends_at: at(20 * 24 * hour),
      passing_score: 1,
      auto_release_result: true,
      camera_proctoring: false,
      round_id: round.id,
      subjects: [
        {
          subject_id: subjects.find((s) => s.code === "toan")!.id,
          items: [
            {
              cluster_id: cluster("topic", "T9-DS"),
              complexity_level_id: cluster("complexity_level", "NB"),
              count: 3,
            },
          ],
        },
      ],
    },
  );
  expect(preset.offline_grace_seconds).toBe(600); // the default: answers typed offline count 10 minutes late
  await call(educator, "POST", `/api/v1/test-presets/${preset.id}/generate`, { seed: stamp });
  const batch = await call<{ id: number }>(educator, "POST", `/api/v1/test-presets/${preset.id}/batches`, {
    name: `Ca mất mạng E2E ${stamp}`,
    starts_at: at(-hour),
    expires_at: at(DEADLINE_IN_MS),
    slots: 5,
  });
  await call(educator, "POST", `/api/v1/test-presets/${preset.id}/approve`, { comment: "E2E" });
  const ids: number[] = [];
  for (const email of [ONLINE, STRANDED]) {
    const found = await educator.request.get("/api/v1/users/profile/list", {
      params: { search: email, role: "LEARNER" },
    });
    const items = ((await found.json()) as { data: { items: { id: number; email: string }[] } }).data.items;
    ids.push(items.find((l) => l.email === email)!.id);
  }
  await call(educator, "POST", "/api/v1/assignments", {
    preset_id: preset.id,
    batch_id: batch.id,
    learner_profile_ids: ids,
  });
  return { batchId: batch.id };
}

/** The learner's test page, started, with its deadline (ms since the epoch). */
async function openTest(
  page: Page,
  stamp: number,
): Promise<{ enrollmentId: number; attemptId: number; deadline: number }> {
  const mine = await call<{ items: { enrollment_id: number }[] }>(
    page,
    "GET",
    `/api/v1/assignment-users/my-list?search=${encodeURIComponent(`E2E ${stamp}`)}`,
  );
  const enrollmentId = mine.items[0]!.enrollment_id;
  const started = await call<{ attempt_id: number; deadline_at: string }>(
    page,
    "POST",
    `/api/v1/take-test/${enrollmentId}/start`,
    { no_camera: true },
  );
  await page.goto(`/take-test/${enrollmentId}`);
  return { enrollmentId, attemptId: started.attempt_id, deadline: Date.parse(started.deadline_at) };
}

const choice = (page: Page) =>
  page.locator("article").locator("input[type=radio], input[type=checkbox]").first();

/** Answers the question on screen, then the next two offline. */
async function answerThroughAnOutage(page: Page, next: RegExp) {
  await choice(page).check();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.context().setOffline(true);
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole("button", { name: next }).click();
    await choice(page).check();
  }
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
}

async function answered(educator: Page, attemptId: number): Promise<number> {
  const attempt = await call<{ answers: { answer: unknown }[] }>(
    educator,
    "GET",
    `/api/v1/attempts/${attemptId}`,
  );
  return attempt.answers.filter((a) => a.answer !== null).length;
}

test("answers typed offline count after the deadline, and a backup file uploaded by the invigilator counts", async ({
  browser,
}) => {
  test.setTimeout(PICTURES ? 180_000 : 90_000);
  const stamp = Date.now() % 1_000_000;
  const educator = await signedIn(browser, EDUCATOR, "vi");
  const { batchId } = await setUp(educator, stamp);

  // Both learners answer one question online and two more with the network cut.
  const online = await signedIn(browser, ONLINE, "vi");
  const a = await openTest(online, stamp);
  await expect(online.getByRole("heading", { name: /Câu 1\/3/ })).toBeVisible();
  await answerThroughAnOutage(online, /^Câu sau/);
  const stranded = await signedIn(browser, STRANDED, "en");
  const b = await openTest(stranded, stamp);
  await expect(stranded.getByRole("heading", { name: /Question 1 of 3/ })).toBeVisible();
  await answerThroughAnOutage(stranded, /^Next/);
  expect(Date.now(), "the answers were typed before the deadline").toBeLessThan(b.deadline - 2_000);
  const panelVi = online.getByRole("region", { name: "Bài làm dự phòng" });
  await expect(panelVi).toContainText("Mất kết nối mạng. 2 câu trả lời đang được giữ trên máy này");
  const panelEn = stranded.getByRole("region", { name: "Backup answers" });
  await expect(panelEn).toContainText("You are offline. 2 answers are kept on this device");
  await pictures(online, "offline-backup-panel-vi");
  await pictures(stranded, "offline-backup-panel-en");

  // The deadline passes offline: time up, the answers wait, the backup is offered.
  const timeUpVi = online.getByRole("dialog", { name: "Hết giờ làm bài" });
  await expect(timeUpVi).toBeVisible({ timeout: DEADLINE_IN_MS });
  await expect(timeUpVi.getByRole("region", { name: "Bài làm dự phòng" })).toContainText(
    "Câu trả lời bạn làm trước khi hết giờ vẫn được tính nếu có mạng trở lại trước",
  );
  const timeUpEn = stranded.getByRole("dialog", { name: "Time is up" });
  await expect(timeUpEn).toBeVisible({ timeout: DEADLINE_IN_MS });
  await pictures(online, "offline-time-up-vi");
  await pictures(stranded, "offline-time-up-en");

  // (b) The stranded learner saves the backup answers.
  const [download] = await Promise.all([
    stranded.waitForEvent("download"),
    timeUpEn.getByRole("button", { name: "Download backup answers" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^backup-answers-${b.attemptId}-\\d{8}-\\d{4}\\.json$`),
  );
  const file = join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(file);
  expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
    format: "pandai.backup-answers",
    attempt_id: b.attemptId,
  });
  await expect(
    timeUpEn.getByRole("status").filter({ hasText: "Give this file to your invigilator" }),
  ).toBeVisible();
  await pictures(stranded, "offline-backup-saved-en");

  // The invigilator uploads it on the batch page, sees what it changes, and applies it.
  await educator.goto(`/assignment/batch-detail/${batchId}`);
  const section = educator.getByRole("region", { name: "Bài làm dự phòng" });
  await section.getByLabel("Tệp bài làm dự phòng (.json)").setInputFiles(file);
  const rows = section.getByRole("table", { name: "Câu trả lời trong tệp" }).getByRole("row");
  await expect(rows).toHaveCount(3); // the header and the two answers typed offline
  await expect(rows.nth(1)).toContainText("Câu 2");
  await expect(rows.nth(1)).toContainText("Sẽ áp dụng");
  await expect(section).toContainText("2 câu trả lời sẽ được áp dụng.");
  await pictures(educator, "offline-upload-preview-vi");
  if (PICTURES) {
    await educator.evaluate(() => window.localStorage.setItem("lang", "en"));
    await educator.reload();
    const english = educator.getByRole("region", { name: "Backup answers" });
    await english.getByLabel("Backup answers file (.json)").setInputFiles(file);
    await expect(english.getByRole("table", { name: "Answers in the file" })).toBeVisible();
    await pictures(educator, "offline-upload-preview-en");
    await english.getByRole("button", { name: "Apply" }).click();
    await expect(english.getByRole("status").filter({ hasText: "is submitted" })).toBeVisible();
    await pictures(educator, "offline-upload-applied-en");
  } else {
    await section.getByRole("button", { name: "Áp dụng" }).click();
    await expect(section.getByText("Đã áp dụng bài làm dự phòng")).toBeVisible();
  }
  expect(await answered(educator, b.attemptId)).toBe(3);

  // (a) The other learner's network returns after the deadline and its 20 s network grace: the
  // answers typed offline before the deadline still count, and the page hands in.
  await online.waitForTimeout(Math.max(0, a.deadline + 21_000 - Date.now()));
  await online.context().setOffline(false);
  await expect(online).toHaveURL(new RegExp(`/assignment/result/index\\?id=${a.enrollmentId}$`), {
    timeout: 15_000,
  });
  await expect(online.getByRole("heading", { name: "Kết quả bài thi", level: 1 })).toBeVisible();
  expect(await answered(educator, a.attemptId)).toBe(3);

  // (b) The stranded learner's network returns after the upload: the page says the test is
  // closed, and the result has the three answers.
  await stranded.context().setOffline(false);
  const closed = stranded.getByRole("dialog", { name: "The test is closed" });
  await expect(closed).toBeVisible({ timeout: 15_000 });
  await pictures(stranded, "offline-closed-en");
  await closed.getByRole("button", { name: "See the result" }).click();
  await expect(stranded.getByRole("heading", { name: "Test result", level: 1 })).toBeVisible();
  await expect(stranded.getByRole("list", { name: "Answers and key" }).locator(":scope > li")).toHaveCount(3);
});
