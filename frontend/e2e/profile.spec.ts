import { expect, test } from "@playwright/test";

import { answerSurveyPromptLater, login, shot } from "./helpers";

// A 1x1 PNG: the server checks the content and stores it re-encoded as WebP.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("profile: fields, grade, photo upload with preview and removal", async ({ page }) => {
  await login(page, "learner@demo.vn");
  await page.goto("/profile");
  await answerSurveyPromptLater(page);
  await expect(page.getByRole("heading", { name: "Hồ sơ cá nhân" })).toBeVisible();

  // Fields and grade (the grade has its own endpoint).
  await page.getByLabel("Lớp", { exact: true }).fill("10A2");
  await page.getByLabel("Khối lớp").selectOption("11");
  const grade = page.waitForRequest((r) => r.url().endsWith("/api/v1/users/profile/self/grade"));
  await page.getByRole("button", { name: "Lưu" }).click();
  await grade;
  await expect(page.getByText("Đã lưu hồ sơ", { exact: true })).toBeVisible();
  await page.reload();
  await answerSurveyPromptLater(page);
  await expect(page.getByLabel("Lớp", { exact: true })).toHaveValue("10A2");
  await expect(page.getByLabel("Khối lớp")).toHaveValue("11");

  // Photo: preview, upload, remove.
  await page.locator("#photo").setInputFiles({ name: "anh.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("anh.png")).toBeVisible();
  await expect(page.getByRole("main").getByRole("img", { name: "Lê Hoàng Nam" })).toHaveAttribute(
    "src",
    /^blob:/,
  );
  await shot(page, "profile-photo-preview-vi");
  await page.getByRole("button", { name: "Tải ảnh lên" }).click();
  await expect(page.getByText("Đã cập nhật ảnh", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("img", { name: "Lê Hoàng Nam" })).toHaveAttribute(
    "src",
    /\/media\//,
  );
  await page.getByRole("button", { name: "Xóa ảnh" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Xóa ảnh" }).click();
  await expect(page.getByRole("main").getByAltText("Lê Hoàng Nam")).toHaveCount(0); // the initials again, no photo

  // Put the seeded class and grade back: later flows buy tests as this learner.
  await page.getByLabel("Lớp", { exact: true }).fill("10A1");
  await page.getByLabel("Khối lớp").selectOption("10");
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByText("Đã lưu hồ sơ", { exact: true }).first()).toBeVisible();
});
