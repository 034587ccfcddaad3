import { expect, test, type Page } from "@playwright/test";

import { join } from "node:path";

import { frames, login, setLanguage, shot, SHOTS } from "./helpers";

/** The window as the user sees it (dialogs, sticky bars), not the whole page. */
async function view(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Answer every statement of the page shown: the value per group gives the Holland code SIA
 * (S 40, I 32, A 24, the others 16). */
const VALUES: Record<string, number> = { R: 2, I: 4, A: 3, S: 5, E: 2, C: 2 };

async function answerPage(page: Page) {
  const statements = page.locator("fieldset[data-group]");
  const count = await statements.count();
  for (let i = 0; i < count; i += 1) {
    const statement = statements.nth(i);
    const group = (await statement.getAttribute("data-group")) ?? "R";
    // click the visible option (the radio itself is visually hidden inside its label)
    await statement.locator("label", { has: page.locator(`input[value="${VALUES[group]}"]`) }).click();
  }
  await expect(page.getByTestId("survey-save-status")).toHaveAttribute("data-state", "saved");
}

async function switchProfile(page: Page, organization: string) {
  const profiles = await (await page.request.get("/api/v1/users/my-profiles")).json();
  const target = profiles.data.profiles.find(
    (p: { organization: { name: string } | null }) => p.organization?.name === organization,
  );
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
  const res = await page.request.post("/api/v1/users/switch-profile", {
    data: { profile_id: target.id },
    headers: { "X-CSRFToken": csrf },
  });
  expect(res.ok()).toBe(true);
}

test("a learner continues the ongoing survey from the prompt, reloads midway, finishes and sees the hexagon", async ({
  page,
}) => {
  await login(page, "learner@demo.vn");
  // The prompt: learner@demo.vn has the career survey in progress (20 of 48 answered).
  const prompt = page.getByRole("dialog", { name: "Khảo sát đang làm dở" });
  await expect(prompt).toBeVisible();
  await view(page, "survey-prompt-vi");
  await prompt.getByRole("button", { name: "Tiếp tục" }).click();
  await expect(page).toHaveURL(/\/survey\/overview\/\d+$/);
  await expect(page.getByText("Đã trả lời 20/48 nhận định")).toBeVisible();
  await shot(page, "survey-overview-vi");
  const id = page.url().split("/").pop();

  await page.getByRole("button", { name: "Làm tiếp" }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/taking/${id}$`));
  // Resumed on the first page with an unanswered statement (statements 17-24).
  await expect(page.getByRole("heading", { name: "Trang 3/6" })).toBeVisible();
  await expect(page.getByText("Đã trả lời 20/48 nhận định")).toBeVisible();
  await view(page, "survey-taking-vi");

  // Answer all 48: pages 1-3, reload, then pages 4-6.
  for (const n of [1, 2, 3]) {
    await page.getByRole("button", { name: new RegExp(`^Trang ${n}\\b`) }).click();
    await expect(page.getByRole("heading", { name: `Trang ${n}/6` })).toBeVisible();
    await answerPage(page);
  }
  await expect(page.getByText("Đã trả lời 24/48 nhận định")).toBeVisible();
  const first = await page.locator("fieldset[data-group]").first().getAttribute("id");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Trang 4/6" })).toBeVisible();
  await expect(page.getByText("Đã trả lời 24/48 nhận định")).toBeVisible();
  await page.getByRole("button", { name: /^Trang 3\b/ }).click();
  const again = page.locator(`#${first}`);
  const group = (await again.getAttribute("data-group")) ?? "R";
  await expect(again.locator(`input[value="${VALUES[group]}"]`)).toBeChecked(); // saved before the reload
  await page.getByRole("button", { name: /^Trang 4\b/ }).click();
  for (const n of [4, 5, 6]) {
    await expect(page.getByRole("heading", { name: `Trang ${n}/6` })).toBeVisible();
    await answerPage(page);
    if (n < 6) await page.getByRole("button", { name: "Tiếp" }).click();
  }
  await expect(page.getByText("Đã trả lời 48/48 nhận định")).toBeVisible();
  const bars = page.getByRole("list", { name: "Tiến độ theo nhóm" }).getByRole("progressbar");
  await expect(bars).toHaveCount(6);
  for (let i = 0; i < 6; i += 1) await expect(bars.nth(i)).toHaveAttribute("aria-valuenow", "8");
  await page.getByRole("button", { name: "Nộp bài" }).click();

  // The result: the Holland code, the hexagon and its table, the three groups.
  await expect(page).toHaveURL(new RegExp(`/survey/detail/${id}$`));
  await expect(page.getByTestId("holland-code")).toHaveText("SIA");
  await expect(page.getByRole("img", { name: /Biểu đồ lục giác RIASEC/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Điểm của sáu nhóm" });
  await expect(table.getByRole("row", { name: /S · Xã hội/ })).toContainText("40/40");
  await expect(page.getByRole("heading", { name: /S · Xã hội \(Social\)/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Mở khóa báo cáo đầy đủ/ })).toBeVisible();
  await shot(page, "survey-result-vi");

  // The learner's list, in Vietnamese, wide and on a phone.
  await page.goto("/survey/student");
  await expect(page.getByRole("row", { name: /Khảo sát định hướng nghề nghiệp/ })).toContainText("SIA");
  await shot(page, "survey-student-list-vi");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "survey-student-list-390-vi");
  await page.setViewportSize({ width: 1280, height: 900 });

  // No prompt any more: the prompt's question (the in-progress surveys) is answered with none.
  const asked = page.waitForResponse(
    (r) => r.url().includes("/api/v1/survey-users/my-list") && r.url().includes("status=in_progress"),
  );
  await page.goto("/home");
  expect(((await (await asked).json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  await expect(page.getByRole("heading").first()).toBeVisible();
  await frames(page);
  await expect(page.getByRole("dialog", { name: "Khảo sát đang làm dở" })).toHaveCount(0);

  // The full report: checkout, pay, download the PDF.
  await page.goto(`/survey/detail/${id}`);
  await page.getByRole("button", { name: /Mở khóa báo cáo đầy đủ/ }).click();
  const pay = page.getByRole("dialog", { name: "Thanh toán báo cáo đầy đủ" });
  await expect(pay).toContainText("49.000");
  await view(page, "survey-report-checkout-vi");
  await pay.getByRole("button", { name: "Thanh toán ngay" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Tải báo cáo đầy đủ (PDF)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^career-report-SIA-\d+\.pdf$/);
  await expect(page.getByText("Tổ hợp xét tuyển thường gặp").first()).toBeVisible();
});

test("a learner takes a free survey in English and sees a completed result", async ({ page }) => {
  await setLanguage(page, "en");
  // learner2@demo.vn has no survey yet: take the centre's survey from the list.
  await login(page, "learner2@demo.vn");
  await page.goto("/survey/student");
  await expect(page.getByRole("heading", { name: "Surveys you can take" })).toBeVisible();
  await shot(page, "survey-student-available-en");
  await page.getByRole("button", { name: "Take the survey" }).first().click();
  await expect(page).toHaveURL(/\/survey\/overview\/\d+$/);
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  await shot(page, "survey-overview-en");
  await page.getByRole("button", { name: "Start the survey" }).click();
  await expect(page.getByRole("heading", { name: "Page 1 of 6" })).toBeVisible();
  await answerPage(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await view(page, "survey-taking-en");
  // Finishing early lists what is missing.
  await page.getByRole("button", { name: /^Page 6\b/ }).click();
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Failed to submit the survey")).toBeVisible();
  await expect(page.getByText("40 statements are not answered:")).toBeVisible();
  await view(page, "survey-finish-refused-en");
  // Now in progress: the prompt asks, in English.
  await page.goto("/home");
  const prompt = page.getByRole("dialog", { name: "Ongoing Survey" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Later" })).toBeVisible();
  await view(page, "survey-prompt-en");
  await prompt.getByRole("button", { name: "Later" }).click();

  // learner.both@demo.vn's centre profile completed the survey (seed): the result in English.
  await page.context().clearCookies();
  await login(page, "learner.both@demo.vn");
  await switchProfile(page, "Trung tâm Học tập Suốt đời");
  await page.goto("/survey/student");
  const row = page.getByRole("row", { name: /Career orientation survey/ });
  await expect(row).toContainText("SAE");
  await shot(page, "survey-student-list-en");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "survey-student-list-390-en");
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("link", { name: "See the result" }).click();
  await expect(page.getByTestId("holland-code")).toHaveText("SAE");
  await expect(page.getByRole("img", { name: /RIASEC hexagon/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your three leading groups" })).toBeVisible();
  await shot(page, "survey-result-en");
});

test("educators manage surveys, publish to the marketplace and see the distribution; off when not allowed", async ({
  page,
}) => {
  await login(page, "educator.admin@demo.vn");
  await page.goto("/survey");
  const row = page.getByRole("row", { name: /Khảo sát định hướng nghề nghiệp/ });
  await expect(row).toContainText("Đang mở");
  await expect(row).toContainText("49.000");
  await shot(page, "survey-educator-list-vi");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "survey-educator-list-390-vi");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Publish dialog.
  await row.getByRole("button", { name: /Thao tác với/ }).click();
  await page.getByRole("menuitem", { name: "Đưa lên chợ đề thi" }).click();
  const dialog = page.getByRole("dialog", { name: "Đưa bài khảo sát lên chợ đề thi" });
  await expect(dialog.getByLabel("Giá báo cáo đầy đủ (VND)")).toHaveValue("49000");
  await view(page, "survey-publish-dialog-vi");
  await dialog.getByRole("button", { name: "Hủy" }).click();

  // Takers and the distribution of Holland codes.
  await row.getByRole("link", { name: /đã hoàn thành/ }).click();
  await expect(page.getByRole("heading", { name: "Kết quả trong tổ chức" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Mã Holland phổ biến" })).toContainText("SAE");
  await shot(page, "survey-results-vi");
  const taker = page.getByRole("row", { name: /Đặng Minh Khoa/ });
  await taker.getByRole("link", { name: "Xem" }).click();
  await expect(page.getByTestId("holland-code")).toHaveText("SAE");
  await shot(page, "survey-educator-overview-vi");

  // A new survey from the default content, in the form.
  await page.goto("/survey");
  await page.getByRole("button", { name: "Khảo sát mới" }).click();
  await expect(page).toHaveURL(/\/survey\/form\/\d+$/);
  await expect(page.getByLabel("Tên bài khảo sát (Tiếng Việt)")).toHaveValue(/Holland/);
  await expect(page.getByRole("heading", { name: "Nhận định (48)" })).toBeVisible();
  await view(page, "survey-form-vi");
  await page.getByLabel("Giới hạn thời gian (phút)").fill("25");
  await page.getByRole("button", { name: "Lưu và phát hành" }).click();
  await expect(page.getByText("Đã lưu và phát hành bài khảo sát.")).toBeVisible();

  // English.
  await setLanguage(page, "en");
  await page.goto("/survey");
  await expect(page.getByRole("heading", { name: "Surveys", exact: true })).toBeVisible();
  await shot(page, "survey-educator-list-en");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "survey-educator-list-390-en");
  await page.setViewportSize({ width: 1280, height: 900 });
  const listed = page.getByRole("row", { name: /Career orientation survey/ }).filter({ hasText: "Listed ·" });
  await listed.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Publish to the marketplace" }).click();
  await expect(page.getByRole("dialog", { name: "Publish the survey to the marketplace" })).toBeVisible();
  await view(page, "survey-publish-dialog-en");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("row", { name: /Career orientation survey/ })
    .first()
    .getByRole("link", { name: /completed/ })
    .click();
  await expect(page.getByRole("heading", { name: "Results in your organization" })).toBeVisible();
  await shot(page, "survey-results-en");
  await page.goto("/survey");
  await page.getByRole("button", { name: "New survey" }).click();
  await expect(page.getByRole("heading", { name: "Statements (48)" })).toBeVisible();
  await view(page, "survey-form-en");

  // An organization without survey management sees why.
  await page.context().clearCookies();
  await setLanguage(page, "vi");
  await login(page, "educator2@demo.vn");
  await page.goto("/survey");
  await expect(page.getByRole("heading", { name: "Chưa được phép quản lý khảo sát" })).toBeVisible();
  await shot(page, "survey-management-off-vi");
  await setLanguage(page, "en");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Survey management is not allowed" })).toBeVisible();
  await shot(page, "survey-management-off-en");
});
