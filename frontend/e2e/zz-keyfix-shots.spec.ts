import { expect, test, type Page } from "@playwright/test";

import { expectNoViolations, login, resize, setLanguage, settled } from "./helpers";

const OUT = "/work/wt/shots/keyfix";
const snap = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });

async function correct(
  page: Page,
  lang: "vi" | "en",
  qid: number,
  choose: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
  reason: string,
) {
  const L = lang === "vi";
  await resize(page, 1280);
  await page.goto(`/question-bank/form/${qid}`);
  const panel = page.getByRole("region", { name: L ? "Sửa đáp án sau khi thi" : "Correct the key after the exam" });
  await expect(panel).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await settled(page);
  await panel.screenshot({ path: `${OUT}/panel-${lang}-1280.png` });
  await panel.getByRole("button", { name: L ? "Sửa đáp án sau khi thi" : "Correct the key after the exam" }).click();
  const dialog = page.getByRole("dialog");
  await choose(dialog);
  await dialog.getByRole("button", { name: L ? "Xem trước" : "Preview" }).click();
  await expect(dialog.getByRole("table")).toBeVisible();
  await dialog.getByLabel(L ? "Lý do sửa" : "Why the key was wrong").fill(reason);
  await settled(page);
  await expectNoViolations(page);
  await snap(page, `dialog-preview-${lang}-1280`);
  await resize(page, 390, 1900);
  await snap(page, `dialog-preview-${lang}-390`);
  await resize(page, 1280);
  await dialog.getByRole("button", { name: L ? "Xác nhận sửa đáp án" : "Confirm the correction" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(L ? "Đã chấm lại xong" : "Re-scored", { exact: true })).toBeVisible();
  await panel.getByRole("button", { name: L ? "Xem từng bài làm" : "Show each attempt" }).click();
  await expect(panel.getByRole("table")).toBeVisible();
  await settled(page);
  await expectNoViolations(page);
  await panel.screenshot({ path: `${OUT}/history-${lang}-1280.png` });
  await resize(page, 390);
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${OUT}/history-${lang}-390.png` });
}

test("key correction screens (vi and en, 1280 and 390)", async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, "educator@demo.vn");
  await correct(
    page,
    "vi",
    19,
    async (dialog) => {
      await dialog.getByRole("radio", { name: "Sai" }).check();
    },
    "Mệnh đề đúng là sai: đáp án in nhầm trong đề gốc.",
  );
  await page.context().clearCookies();

  // the learner told: her notification
  const learner = await page.context().newPage();
  await login(learner, "hocsinh17@demo.vn");
  await resize(learner, 1280);
  const bell = learner.getByRole("button", { name: /Thông báo: [1-9]\d* chưa đọc/ });
  await bell.click();
  await settled(learner);
  await snap(learner, "learner-notification-vi-1280");
  await resize(learner, 390);
  await snap(learner, "learner-notification-vi-390");
  await learner.close();
});

test("key correction screens in English", async ({ page }) => {
  test.setTimeout(180_000);
  await setLanguage(page, "en");
  await login(page, "educator@demo.vn");
  await correct(
    page,
    "en",
    4,
    async (dialog) => {
      await dialog.getByRole("radio").first().check();
    },
    "Option a is the right answer: the key was typed wrong.",
  );
});
