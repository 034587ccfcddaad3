import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { linkFromMail, login, setLanguage, SHOTS } from "./helpers";

const ADMIN = "educator.admin@demo.vn";
const ORGANIZATION = "Trung tâm Học tập Suốt đời";

/** A CSV of `emails` (column email) in a temp file; `bad` rows are inserted as they are. */
function learnerSheet(name: string, emails: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "people-e2e-"));
  const path = join(dir, name);
  writeFileSync(
    path,
    ["email,ho_ten", ...emails.map((e, i) => `${e},Học sinh ${i + 1}`)].join("\r\n") + "\r\n",
  );
  return path;
}

/** A dialog as the user sees it (the viewport; a full-page shot would not cover the overlay). */
async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function openUserMenuItem(page: Page, item: RegExp) {
  await page.getByRole("button", { name: /Tài khoản|Account menu/ }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("an admin invites an educator who joins through the mailed link, makes them an admin, and imports ten learners", async ({
  page,
}) => {
  const stamp = Date.now();
  const newEmail = `giao.vien.${stamp}@example.vn`;
  const newName = "Phạm Quốc Bảo";

  // The admin sees the team, with the seeded pending and expired invitations.
  await login(page, ADMIN);
  await expect(page.locator("header").getByRole("img", { name: ORGANIZATION })).toBeVisible(); // seeded logo
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Giáo viên" })
    .click();
  await expect(page.getByRole("heading", { name: "Giáo viên", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Trần Văn Minh/ })).toBeVisible();
  await page.getByRole("tab", { name: "Lời mời" }).click();
  await expect(page.getByRole("row", { name: /giao\.vien\.cu@demo\.vn.*Hết hạn/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /giao\.vien\.moi@demo\.vn.*Đang chờ/ })).toBeVisible();

  // Invite: one new address, one member, one already invited -> a result per address.
  await page.getByRole("button", { name: "Mời giáo viên" }).click();
  const dialog = page.getByRole("dialog", { name: "Mời giáo viên" });
  await dialog.getByLabel("Địa chỉ e-mail").fill(`${newEmail}\neducator@demo.vn, giao.vien.moi@demo.vn`);
  await dialog.getByLabel("Chức danh (không bắt buộc)").fill("Giáo viên Tin học");
  await dialog.getByRole("button", { name: "Gửi lời mời" }).click();
  const results = dialog.getByRole("list", { name: "Kết quả từng địa chỉ" });
  await expect(results.getByRole("listitem").filter({ hasText: newEmail })).toContainText("Đã gửi lời mời");
  await expect(results.getByRole("listitem").filter({ hasText: "educator@demo.vn" })).toContainText(
    "Đã là thành viên",
  );
  await expect(results.getByRole("listitem").filter({ hasText: "giao.vien.moi@demo.vn" })).toContainText(
    "người dùng với e-mail này đã được mời",
  );
  await dialog.getByRole("button", { name: "Xong" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${newEmail}.*Đang chờ`) })).toBeVisible();

  // The invitee opens the mailed link, registers through /signup-invited, and lands in the organization.
  await page.context().clearCookies();
  const link = await linkFromMail(newEmail, /\/invitation\/[\w-]+\?role=educator/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Lời mời tham gia ${ORGANIZATION}` })).toBeVisible();
  await page.getByRole("button", { name: "Chấp nhận" }).click();
  await expect(page).toHaveURL(/\/signup-invited\?/);
  await page.getByLabel("Họ và tên").fill(newName);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("Giao-vien-2026!");
  await page.getByLabel("Nhập lại mật khẩu").fill("Giao-vien-2026!");
  await page.getByRole("button", { name: `Tham gia ${ORGANIZATION}` }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator("header").getByRole("img", { name: ORGANIZATION })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Điều hướng chính" }).getByRole("link", { name: "Học sinh" }),
  ).toBeVisible();

  // The admin makes the newcomer an admin; the row and its history show it.
  await page.context().clearCookies();
  await login(page, ADMIN);
  await page.goto("/educator");
  const row = page.getByRole("row", { name: new RegExp(newName) });
  await expect(row).toContainText("Giáo viên Tin học");
  await row.getByRole("button", { name: `Thao tác với ${newName}` }).click();
  await page.getByRole("menuitem", { name: "Cấp quyền quản trị" }).click();
  await expect(row.getByText("Quản trị viên")).toBeVisible();
  await row.getByRole("button", { name: `Lịch sử thành viên của ${newName}` }).click();
  const history = page.getByRole("dialog", { name: `Lịch sử: ${newName}` });
  await expect(history.getByRole("listitem").first()).toContainText("Được cấp quyền quản trị");
  await expect(history.getByRole("listitem").first()).toContainText("Bởi Nguyễn Thị Lan");
  await expect(history.getByRole("listitem").filter({ hasText: "Đã tham gia" })).toBeVisible();
  await dialogShot(page, "people-history-vi-1280");
  await history.getByRole("button", { name: "Đóng" }).click();

  // Ten learners from a spreadsheet: the dry run first shows the bad row; nobody is invited until
  // the file is clean.
  const learners = Array.from({ length: 10 }, (_, i) => `hs.${stamp}.${i + 1}@example.vn`);
  await page.goto("/learner");
  await page.getByRole("button", { name: "Mời từ tệp" }).click();
  const importDialog = page.getByRole("dialog", { name: "Mời học sinh từ tệp" });
  await importDialog
    .getByLabel("Tệp danh sách (.xlsx hoặc .csv)")
    .setInputFiles(
      learnerSheet("co-loi.csv", [...learners.slice(0, 4), "khong-phai-email", ...learners.slice(4)]),
    );
  const badRows = importDialog.getByRole("table", { name: "Các dòng có lỗi" });
  await expect(badRows.getByRole("row", { name: /^6 email/ })).toBeVisible();
  await expect(importDialog.getByText("11 dòng: 10 hợp lệ, 1 có lỗi.")).toBeVisible();
  await expect(importDialog.getByRole("button", { name: "Mời 10 học sinh" })).toBeDisabled();
  await importDialog
    .getByLabel("Tệp danh sách (.xlsx hoặc .csv)")
    .setInputFiles(learnerSheet("da-sua.csv", learners));
  await expect(importDialog.getByText("Tệp hợp lệ: sẵn sàng mời 10 học sinh.")).toBeVisible();
  await importDialog.getByRole("button", { name: "Mời 10 học sinh" }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "Lời mời", selected: true })).toBeVisible();
  await page.getByLabel("Tìm theo e-mail").fill(`hs.${stamp}.`);
  await expect(page.getByText("10 lời mời")).toBeVisible();
  await expect(page.getByRole("row", { name: /Đang chờ/ })).toHaveCount(10);

  // Organization settings from the user menu; the server checks the logo's content.
  await openUserMenuItem(page, /Cài đặt tổ chức/);
  await expect(page).toHaveURL(/\/organization\/settings$/);
  await expect(page.getByRole("heading", { name: "Cài đặt tổ chức" })).toBeVisible();
  await expect(page.getByText("Được phép", { exact: true })).toBeVisible(); // survey management, set by the SuperAdmin
  await page.getByLabel("Chọn ảnh logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not really an image"),
  });
  await page.getByRole("button", { name: "Tải logo lên" }).click();
  await expect(page.getByRole("alert")).toContainText("JPEG, PNG");
});

// In Vietnamese; the dialog's English texts are activity-dialog.test.tsx's, the other screens'
// pictures in both languages and widths a11y.spec.ts's (E2E_SHOTS=1).
for (const lang of ["vi"] as const) {
  test(`an educator opens a learner's tests, results and surveys (${lang})`, async ({ page }) => {
    const vi = lang === "vi";
    await setLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, "educator@demo.vn"); // not an admin: reading is for every educator
    await page.goto("/learner");
    const search = page.getByLabel(vi ? "Tìm theo tên hoặc e-mail" : "Search by name or e-mail");

    // A learner of the practice test (hocsinh16-18): a graded, released result.
    await search.fill("hocsinh16@demo.vn");
    const taker = page.getByRole("row", { name: /hocsinh16@demo\.vn/ });
    await taker.getByRole("button", { name: vi ? /^Xem hoạt động của/ : /^View the activity of/ }).click();
    let dialog = page.getByRole("dialog", { name: vi ? /^Hoạt động:/ : /^Activity:/ });
    const tests = dialog.getByRole("region", { name: vi ? /^Bài kiểm tra/ : /^Tests/ });
    const practice = tests.getByRole("listitem").filter({ hasText: "Luyện tập Toán 9 - Căn thức" });
    await expect(practice).toContainText(/\d+(,\d+)?\s?\/\s?\d+/);
    await expect(practice).toContainText(vi ? "Đã công bố cho học sinh" : "Released to the learner");
    await expect(practice).toContainText(vi ? /Đạt|Không đạt/ : /Passed|Failed/);
    await expect(dialog.getByRole("region", { name: vi ? /^Khảo sát/ : /^Career surveys/ })).toContainText(
      vi ? "chưa làm khảo sát nào" : "has not taken any",
    );
    await dialogShot(page, `people-activity-result-${lang}-1280`);
    await dialog.getByRole("button", { name: vi ? "Đóng" : "Close" }).click();

    // hocsinh01: a test to come and a completed survey with its Holland code.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await search.fill("hocsinh01@demo.vn");
      // The table row on wide screens, the card on phones (once the search has answered).
      await page
        .locator("tr, li")
        .filter({ hasText: "hocsinh01@demo.vn", visible: true })
        .getByRole("button", { name: vi ? /^Xem hoạt động của/ : /^View the activity of/ })
        .click();
      dialog = page.getByRole("dialog", { name: vi ? /^Hoạt động:/ : /^Activity:/ });
      await expect(dialog.getByRole("region", { name: vi ? /^Khảo sát/ : /^Career surveys/ })).toContainText(
        "IRC",
      );
      await expect(
        dialog
          .getByRole("region", { name: vi ? /^Bài kiểm tra/ : /^Tests/ })
          .getByRole("listitem")
          .first(),
      ).toBeVisible();
      await dialogShot(page, `people-activity-${lang}-${width}`);
      await dialog.getByRole("button", { name: vi ? "Đóng" : "Close" }).click();
    }
  });
}
