import { expect, test, type Page } from "@playwright/test";

import { get, makeEssayTest, takeAsLearner } from "./essay-test";
import { login, reloadIn, resize, shot } from "./helpers";

/** The educator's grading and results screens (issue 7, items 4, 5, 6 and 8): the demo's
 * released results (hocsinh16..18, "Luyện tập Toán 9 - Căn thức", "Ca sáng nay") and an attempt's
 * detail; then an essay test made through the API (preset with essays, batch open now, no camera
 * allowed, results released by hand), taken by hocsinh15 through the API, graded in the editor
 * and released; the learner then finds the released result in their list and on the test's page.
 * Last, a demo taker's advanced report (charts, percentile, the wait period, the PDF). */
const EDUCATOR = "educator.admin@demo.vn";
const LEARNER = "hocsinh15@demo.vn";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

async function narrowShot(page: Page, name: string) {
  await resize(page, 390, 844);
  await shot(page, name);
  await resize(page, 1280);
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
  await reloadIn(page, "en");
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
  await reloadIn(page, "vi");
  await expect(page.getByRole("heading", { name: "Bài làm so với đáp án" })).toBeVisible();
  await shot(page, "grading-attempt-vi-1280");
});

test("an educator grades an essay in the editor and releases the result", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  await login(page, EDUCATOR);
  const { name, presetId, batchId } = await makeEssayTest(page, stamp, LEARNER);
  await page.context().clearCookies();
  const essay = "Điều kiện: x ≥ 0, x ≠ 4.\nRút gọn được A = 3√x/(√x + 2).";
  const enrollment = await takeAsLearner(page, LEARNER, name, essay);

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
  await reloadIn(page, "en");
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
  await reloadIn(page, "vi");
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

  await reloadIn(page, "en");
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
