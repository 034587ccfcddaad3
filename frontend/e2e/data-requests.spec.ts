import { join } from "node:path";

import { expect, type Page, test } from "@playwright/test";

import { answerSurveyPromptLater, login, PASSWORD, SHOTS, setLanguage } from "./helpers";

/** A roster learner no other spec changes asks for a copy of their data, downloads it, schedules
 * the deletion of the account and cancels it (issue 24, item 5), in Vietnamese; screenshots of the
 * section in each state at 1280 and 390 px. The section's English texts and its states while the
 * copy is written (progress, failure) are personal-data-section.test.tsx's. */
const EMAIL = { vi: "hocsinh05@demo.vn" } as const;
const TEXT = {
  vi: {
    title: "Dữ liệu cá nhân của bạn",
    request: "Tạo bản sao dữ liệu",
    download: "Tải về bản sao",
    deleteOpen: "Xóa tài khoản của tôi",
    dialog: "Xóa tài khoản của bạn?",
    password: "Mật khẩu",
    confirm: "Xóa tài khoản",
    wrong: "Mật khẩu không đúng.",
    scheduled: /Tài khoản của bạn sẽ bị xóa lúc/,
    cancel: "Hủy việc xóa",
    file: /^du-lieu-cua-toi-\d{4}-\d{2}-\d{2}\.zip$/,
  },
} as const;

async function section(page: Page, lang: "vi", state: string) {
  const box = page.locator("section", { has: page.getByRole("heading", { name: TEXT[lang].title }) });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await box.scrollIntoViewIfNeeded();
    await box.screenshot({ path: join(SHOTS, `profile-data-${state}-${lang}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return box;
}

for (const lang of ["vi"] as const) {
  test(`your personal data: copy, download, deletion scheduled and cancelled (${lang})`, async ({ page }) => {
    const t = TEXT[lang];
    await setLanguage(page, lang);
    await login(page, EMAIL[lang]);
    await page.goto("/profile");
    await answerSurveyPromptLater(page);
    const box = await section(page, lang, "idle");
    await expect(box.getByRole("button", { name: t.request })).toBeEnabled();

    await box.getByRole("button", { name: t.request }).click();
    await expect(box.getByRole("button", { name: t.download })).toBeVisible();
    await section(page, lang, "ready");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      box.getByRole("button", { name: t.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(t.file);

    await box.getByRole("button", { name: t.deleteOpen }).click();
    const dialog = page.getByRole("dialog", { name: t.dialog });
    await dialog.getByLabel(t.password).fill("not-the-password");
    await dialog.getByRole("button", { name: t.confirm }).click();
    await expect(dialog.getByText(t.wrong)).toBeVisible();
    await dialog.getByLabel(t.password).fill(PASSWORD);
    await dialog.getByRole("button", { name: t.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(box.getByText(t.scheduled)).toBeVisible();
    await section(page, lang, "deletion-scheduled");

    await box.getByRole("button", { name: t.cancel }).click();
    await expect(box.getByRole("button", { name: t.deleteOpen })).toBeVisible();
  });
}
