import { expect, test, type Page } from "@playwright/test";

import { login, shot } from "./helpers";

/** The educator's grading and results screens (issue 7, items 4, 5, 6 and 8): the demo's
 * released results (hocsinh16..18, "Luyện tập Toán 9 - Căn thức", "Ca sáng nay") and an attempt's
 * detail; then an essay test made through the API (preset with essays, batch open now, no camera
 * allowed, results released by hand), taken by hocsinh15 through the API, graded in the editor
 * and released; the learner then finds the released result in their list and on the test's page.
 * Last, a demo taker's advanced report (charts, percentile, the wait period, the PDF). */
const EDUCATOR = "educator.admin@demo.vn";
const LEARNER = "hocsinh15@demo.vn";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

async function csrf(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  if (!cookie) {
    await page.request.get("/public/api/auth/csrf");
    cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  }
  return cookie?.value ?? "";
}

async function call<T>(
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

async function get<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const response = await page.request.get(path, { params });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

async function useLanguage(page: Page, lang: "vi" | "en") {
  await page.evaluate((value) => window.localStorage.setItem("lang", value), lang);
  await page.reload();
}

async function narrowShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** An approved preset of two recognition questions and one essay (grade-9 demo bank), a batch
 * open since an hour, assigned to the learner. Returns the preset's name and the batch id. */
async function makeEssayTest(
  page: Page,
  stamp: number,
): Promise<{ name: string; presetId: number; batchId: number }> {
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const subjects = await get<{ id: number; code: string }[]>(page, "/api/v1/subjects");
  const clusters = await get<{ id: number; code: string; type: string }[]>(page, "/api/v1/matrix-clusters");
  const cluster = (type: string, code: string) =>
    clusters.find((c) => c.type === type && c.code === code)!.id;
  const round = await call<{ id: number }>(page, "post", "/api/v1/rounds", {
    name: `Vòng tự luận E2E ${stamp}`,
    starts_at: at(-24 * hour),
    expires_at: at(30 * 24 * hour),
    passed_message_vi: "Chúc mừng! Em đã đạt.",
    passed_message_en: "Congratulations! You passed.",
    failed_message_vi: "Em chưa đạt.",
    failed_message_en: "You did not pass.",
  });
  const name = `Tự luận Toán 9 — E2E ${stamp}`;
  const preset = await call<{ id: number }>(page, "post", "/api/v1/test-presets", {
    name,
    description: "Hai câu nhận biết và một câu tự luận.",
    grade: 9,
    duration_minutes: 30,
    starts_at: at(-24 * hour),
    ends_at: at(20 * 24 * hour),
    passing_score: 1,
    auto_release_result: false,
    camera_proctoring: true,
    allow_no_camera: true,
    round_id: round.id,
    subjects: [
      {
        subject_id: subjects.find((s) => s.code === "toan")!.id,
        items: [
          {
            cluster_id: cluster("topic", "T9-DS"),
            complexity_level_id: cluster("complexity_level", "NB"),
            count: 2,
          },
          {
            cluster_id: cluster("topic", "T9-DS"),
            complexity_level_id: cluster("complexity_level", "VD"),
            count: 1,
          },
        ],
      },
    ],
  });
  await call(page, "post", `/api/v1/test-presets/${preset.id}/generate`, { seed: stamp });
  const batch = await call<{ id: number }>(page, "post", `/api/v1/test-presets/${preset.id}/batches`, {
    name: `Ca tự luận ${stamp}`,
    starts_at: at(-hour),
    expires_at: at(3 * hour),
    slots: 5,
  });
  await call(page, "post", `/api/v1/test-presets/${preset.id}/approve`, { comment: "E2E" });
  const learners = await get<{ items: { id: number; email: string }[] }>(page, "/api/v1/users/profile/list", {
    search: LEARNER,
    role: "LEARNER",
  });
  const learner = learners.items.find((l) => l.email === LEARNER)!;
  await call(page, "post", "/api/v1/assignments", {
    preset_id: preset.id,
    batch_id: batch.id,
    learner_profile_ids: [learner.id],
  });
  return { name, presetId: preset.id, batchId: batch.id };
}

interface Question {
  id: number;
  type: string;
  options: { id: string }[];
}

/** The learner takes the test through the API: the first option of choice questions, a
 * two-line essay; then submits. Returns the enrollment id. */
async function takeAsLearner(page: Page, testName: string, essay: string): Promise<number> {
  await login(page, LEARNER);
  const mine = await get<{ items: { enrollment_id: number; preset_name: string }[] }>(
    page,
    "/api/v1/assignment-users/my-list",
    { search: testName },
  );
  const enrollment = mine.items.find((i) => i.preset_name === testName)!.enrollment_id;
  const started = await call<{ device_token: string }>(
    page,
    "post",
    `/api/v1/take-test/${enrollment}/start`,
    {
      no_camera: true,
    },
  );
  const headers = { "X-Device-Token": started.device_token };
  const attempt = await get<{ questions: Question[] }>(page, `/api/v1/take-test/${enrollment}/attempt`);
  let seq = 1;
  for (const q of attempt.questions) {
    const answer =
      q.type === "essay" || q.type === "short_text"
        ? { text: essay }
        : q.type === "true_false"
          ? { value: true }
          : q.type === "multiple_choice"
            ? { options: [q.options[0]!.id] }
            : { option: q.options[0]!.id };
    await call(
      page,
      "put",
      `/api/v1/take-test/${enrollment}/answers/${q.id}`,
      { answer, seq: seq++ },
      headers,
    );
  }
  await call(page, "post", `/api/v1/take-test/${enrollment}/submit`, {}, headers);
  await page.context().clearCookies();
  return enrollment;
}

test("an educator reviews the demo results and an attempt's detail", async ({ page }) => {
  await login(page, EDUCATOR);
  await page.goto("/assignment/result/index");
  await expect(page.getByRole("heading", { name: "Kết quả thi", level: 1 })).toBeVisible();
  await page.getByLabel("Đề thi").selectOption({ label: "Luyện tập Toán 9 - Căn thức" });
  await expect(page.getByLabel("Ca thi")).toBeEnabled();
  const morning = page.getByLabel("Ca thi").locator("option", { hasText: "Ca sáng nay" });
  await page.getByLabel("Ca thi").selectOption((await morning.first().getAttribute("value"))!);
  for (const n of [16, 17, 18]) {
    const row = page.getByRole("row").filter({ hasText: `hocsinh${n}@demo.vn` });
    await expect(row).toBeVisible();
    await expect(row.getByText("Chưa công bố")).toHaveCount(0);
  }
  await shot(page, "grading-results-vi-1280");
  await narrowShot(page, "grading-results-vi-390");
  await useLanguage(page, "en");
  await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "hocsinh16@demo.vn" })).toBeVisible();
  await shot(page, "grading-results-en-1280");
  await narrowShot(page, "grading-results-en-390");

  await page
    .getByRole("row")
    .filter({ hasText: "hocsinh16@demo.vn" })
    .getByRole("link", { name: /^Details of/ })
    .click();
  await expect(page).toHaveURL(/\/assignment\/result\/\d+$/);
  await expect(page.getByRole("heading", { name: "Answers against the key" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Integrity log" })).toBeVisible();
  await expect(page.getByText("Not released")).toHaveCount(0);
  await shot(page, "grading-attempt-en-1280");
  await useLanguage(page, "vi");
  await expect(page.getByRole("heading", { name: "Bài làm so với đáp án" })).toBeVisible();
  await shot(page, "grading-attempt-vi-1280");
});

test("an educator grades an essay in the editor and releases the result", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  await login(page, EDUCATOR);
  const { name, presetId, batchId } = await makeEssayTest(page, stamp);
  await page.context().clearCookies();
  const essay = "Điều kiện: x ≥ 0, x ≠ 4.\nRút gọn được A = 3√x/(√x + 2).";
  const enrollment = await takeAsLearner(page, name, essay);

  // The grading list, filtered by the new test and its batch.
  await login(page, EDUCATOR);
  await page.goto("/assignment/grading/list");
  await expect(page.getByRole("heading", { name: "Chấm bài", level: 1 })).toBeVisible();
  await page.getByLabel("Đề thi").selectOption(String(presetId));
  await page.getByLabel("Ca thi").selectOption(String(batchId));
  const row = page.getByRole("row").filter({ hasText: "Tự luận" });
  await expect(row).toHaveCount(1);
  await expect(page.getByText("1 câu trả lời đang chờ chấm")).toBeVisible();
  await shot(page, "grading-list-vi-1280");
  await narrowShot(page, "grading-list-vi-390");
  await useLanguage(page, "en");
  await expect(page.getByText("1 answer waits for a score")).toBeVisible();
  await shot(page, "grading-list-en-1280");
  await narrowShot(page, "grading-list-en-390");

  // The editor (blank layout): out of range is refused, then Ctrl+Enter saves and finishes.
  await page.getByRole("link", { name: /^Grade the answer of/ }).click();
  await expect(page).toHaveURL(/\/assignment\/grading\/edit\?answer=\d+&preset=\d+&batch=\d+$/);
  await expect(page.getByTestId("learner-answer")).toHaveText(essay);
  await expect(page.getByText("1 of 1 left")).toBeVisible();
  const score = page.getByLabel(/^Score \(0–/);
  await score.fill("99");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/Enter a score from 0 to/)).toBeVisible();
  await score.fill("1");
  await page.getByLabel("Comment").fill("Đúng hướng, còn thiếu câu c.");
  await shot(page, "grading-edit-en-1280");
  await useLanguage(page, "vi");
  await expect(page.getByText("Còn 1/1 câu")).toBeVisible();
  await page.getByLabel(/^Điểm \(0–/).fill("1");
  await page.getByLabel("Nhận xét").fill("Đúng hướng, còn thiếu câu c.");
  await shot(page, "grading-edit-vi-1280");
  await page.getByLabel("Nhận xét").press("Control+Enter");
  await expect(page).toHaveURL(/\/assignment\/grading\/list/);
  await expect(page.getByText("Đã chấm hết các câu trả lời trong mục này.", { exact: true })).toBeVisible();

  // The result is graded; release it from the results.
  await page.goto(`/assignment/result/index?preset=${presetId}&batch=${batchId}`);
  const result = page.getByRole("row").filter({ hasText: LEARNER });
  await expect(result).toContainText("Chưa công bố");
  await result.getByRole("button", { name: /^Công bố kết quả của/ }).click();
  await expect(page.getByText("Đã công bố 1 kết quả.", { exact: true })).toBeVisible();
  await expect(result).not.toContainText("Chưa công bố");
  await result.getByRole("link", { name: /^Chi tiết kết quả của/ }).click();
  await expect(page.getByText("Đúng hướng, còn thiếu câu c.")).toBeVisible();

  // The batch's live progress shows the learner as submitted.
  await page.goto(`/assignment/batch-progress/${batchId}`);
  await expect(page.getByRole("row").filter({ hasText: "Đã nộp" })).toHaveCount(1);
  await shot(page, "grading-progress-vi-1280");
  await page.context().clearCookies();

  // The learner sees the released result in their list and on the test's page.
  await login(page, LEARNER);
  const mine = await get<{ released: boolean; result: string | null }>(
    page,
    `/api/v1/take-test/${enrollment}/result`,
  );
  expect(mine.released).toBe(true);
  expect(mine.result).toBe("passed");
  await page.goto("/assignment/student");
  await page.getByLabel("Tìm kiếm").fill(name);
  const mineRow = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(mineRow).toHaveCount(1);
  await expect(mineRow.locator('td[data-label="Điểm"]')).toHaveText(/^\d+(,\d+)?\/\d+(,\d+)?$/);
  await expect(mineRow.locator('td[data-label="Kết quả"]')).toHaveText("ĐạtĐã công bố");
  await mineRow.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(`/assignment/takers-detail/${enrollment}`);
  await expect(page.getByRole("heading", { name: "Kết quả bài thi", level: 2 })).toBeVisible();
  await expect(page.getByText("Đạt", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Đúng hướng, còn thiếu câu c.")).toBeVisible();
  // bought without the add-on: the report section says so
  const report = page.getByRole("region", { name: "Báo cáo nâng cao" });
  await expect(report).toContainText("Bài thi này không mua kèm báo cáo nâng cao.");
  await expect(report.getByRole("button")).toHaveCount(0);
});

/** hocsinh18 took the demo practice test: a graded, released result with an advanced report
 * generated by the seed (the morning batch is over), so the wait period runs. */
const REPORT_LEARNER = "hocsinh18@demo.vn";
const PRACTICE = "Luyện tập Toán 9 - Căn thức";

test("a learner sees their released result and advanced report", async ({ page }) => {
  await login(page, REPORT_LEARNER);
  await page.goto("/assignment/student");
  await page.getByLabel("Tìm kiếm").fill(PRACTICE);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: PRACTICE, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-label="Điểm"]')).toHaveText(/^\d+(,\d+)?\/\d+(,\d+)?$/);
  await expect(row.locator('td[data-label="Kết quả"]')).toHaveText(/^(Đạt|Chưa đạt)Đã công bố$/);
  await shot(page, "my-tests-result-vi-1280");
  await narrowShot(page, "my-tests-result-vi-390");
  await row.getByRole("link", { name: PRACTICE, exact: true }).click();
  await expect(page).toHaveURL(/\/assignment\/takers-detail\/\d+$/);

  const report = page.getByRole("region", { name: "Báo cáo nâng cao" });
  await expect(report.getByText("Bách phân vị")).toBeVisible();
  await expect(report).toContainText(/trong 3 thí sinh/);
  // the seed generated the report minutes ago: the wait period (60 min) runs on the server's clock
  await expect(report.getByText(/^Có thể tạo báo cáo mới sau [01] giờ \d+ phút nữa\.$/)).toBeVisible();
  await expect(report.getByRole("button", { name: "Tạo báo cáo mới" })).toBeDisabled();
  await expect(report.getByRole("figure", { name: "Bạn so với các thí sinh (% điểm)" })).toBeVisible();
  await expect(report.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(report.getByRole("heading", { name: "Điểm mạnh" })).toBeVisible();
  await expect(report.getByRole("heading", { name: "Cần cải thiện" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    report.getByRole("button", { name: "Tải PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^advanced-report-\d+\.pdf$/);
  await page.mouse.move(0, 0); // no chart tooltip in the screenshots
  await shot(page, "learner-report-vi-1280");
  await narrowShot(page, "learner-report-vi-390");

  await useLanguage(page, "en");
  const english = page.getByRole("region", { name: "Advanced report" });
  await expect(english.getByText("Percentile")).toBeVisible();
  await expect(english.getByText(/^A new report can be generated in [01] h \d+ min\.$/)).toBeVisible();
  await expect(english.getByRole("button", { name: "Download PDF" })).toBeEnabled();
  await expect(english.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await shot(page, "learner-report-en-1280");
  await narrowShot(page, "learner-report-en-390");
  await page.goto("/assignment/student");
  await expect(page.getByRole("columnheader", { name: "Result" })).toBeVisible();
  await expect(page.getByText("Released").first()).toBeVisible();
  await shot(page, "my-tests-result-en-1280");
  await narrowShot(page, "my-tests-result-en-390");
});
