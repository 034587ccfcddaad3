/** Retention and the access log (issue 24, items 3 and 4), in vi at 1280 and 390 px (the English
 * texts: retention.test.tsx, access-log and result tests in vitest): the
 * organization admin reaches the retention periods from the organization settings (a video period
 * under the appeal window is refused), then the access log (the demo's views of hocsinh17's
 * video), then hocsinh16's attempt, whose video the demo deleted under the retention policy; the
 * learner hocsinh17 sees who viewed their video on their result.
 *
 * What it changes in the shared database: the centre's retention policy (saved with the default
 * periods, so nothing else is deleted) and access-log entries of the admin's own reads; no other
 * spec reads either. */
import { expect, test, type Page } from "@playwright/test";

import { login, setLanguage, shot } from "./helpers";

const ADMIN = "educator.admin@demo.vn";
const WIDTHS = [1280, 390];

const TEXT = {
  vi: {
    menu: /Tài khoản/,
    settings: "Cài đặt tổ chức",
    retention: "Lưu giữ dữ liệu",
    videoDays: "Giữ video giám sát",
    tooShort: "Giữ video ít nhất 30 ngày sau khi công bố kết quả: thời hạn phúc khảo.",
    save: "Lưu",
    saved: "Đã lưu chính sách lưu giữ",
    log: "Nhật ký truy cập",
    video: "Video giám sát",
    results: "Kết quả thi",
    test: "Đề thi",
    details: /^Chi tiết kết quả của/,
    deleted: "Video đã bị xoá theo chính sách lưu giữ",
    viewed: "Ai đã xem video giám sát của bạn",
  },
};

async function shots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["vi"] as const) {
  const t = TEXT[lang];

  test(`retention, the access log and a video deleted under retention (${lang})`, async ({ page }) => {
    await setLanguage(page, lang);
    await login(page, ADMIN);
    await page.getByRole("button", { name: t.menu }).click();
    await page.getByRole("menuitem", { name: t.settings }).click();
    await page.getByRole("link", { name: t.retention }).click();
    await expect(page.getByRole("heading", { name: t.retention, level: 1 })).toBeVisible();
    const days = page.getByLabel(t.videoDays);
    await expect(days).toHaveValue("90");
    await shots(page, `privacy-retention-${lang}`);
    await days.fill("29");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.tooShort)).toBeVisible();
    await days.fill("90");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.saved).first()).toBeVisible();

    await page.getByRole("link", { name: t.log }).click();
    await expect(page.getByRole("heading", { name: t.log, level: 1 })).toBeVisible();
    const viewed = page.getByRole("row").filter({ hasText: "Tạ Minh Quân" });
    await expect(viewed).toHaveCount(2); // Trần Văn Minh, then Nguyễn Thị Lan (the demo)
    await expect(viewed.first()).toContainText(t.video);
    await shots(page, `privacy-access-log-${lang}`);

    await page.goto("/assignment/result/index");
    await expect(page.getByRole("heading", { name: t.results, level: 1 })).toBeVisible();
    await page.getByLabel(t.test, { exact: true }).selectOption({ label: "Luyện tập Toán 9 - Căn thức" });
    await page
      .getByRole("row")
      .filter({ hasText: "hocsinh16@demo.vn" })
      .getByRole("link", { name: t.details })
      .click();
    await expect(page.getByText(t.deleted)).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
    await shots(page, `privacy-attempt-deleted-${lang}`);
  });

  test(`a learner sees who viewed their proctoring video (${lang})`, async ({ page }) => {
    await setLanguage(page, lang);
    await login(page, "hocsinh17@demo.vn");
    await page.goto("/assignment/student");
    await page.locator('a[href^="/assignment/result/index?id="]').first().click();
    const section = page.getByRole("region", { name: t.viewed });
    await expect(section.getByRole("listitem")).toHaveCount(2);
    await expect(section.getByRole("listitem").first()).toContainText("Nguyễn Thị Lan");
    await shot(page, `privacy-video-views-${lang}-1280`);
  });
}
