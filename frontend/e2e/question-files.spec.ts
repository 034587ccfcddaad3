import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";

import { login, shot, SHOTS } from "./helpers";

/** The Word exam of the server's tests: the 2025 layout, equations, a picture, a MathType object,
 * every way of marking the key, a question without a key, one with two keys, and the national
 * format's true/false set and numeric answer (platform/question_formats/tests/fixtures). */
const EXAM = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "platform",
  "question_formats",
  "tests",
  "fixtures",
  "exam_2025.docx",
);

async function previewShots(page: Page, lang: "vi" | "en") {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator("article .katex").first()).toBeVisible();
  await shot(page, `question-files-preview-${lang}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("article .katex").first()).toBeVisible();
  await shot(page, `question-files-preview-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an educator brings in a Word exam, fixes a flagged question, imports it and sees the formulas in the bank", async ({
  page,
}) => {
  const bankName = `Đề Word — ${Date.now()}`;
  await login(page, "educator@demo.vn");
  await page.goto("/question-bank");
  await page.getByRole("button", { name: "Ngân hàng mới" }).click();
  await page.getByRole("textbox", { name: "Tên" }).fill(bankName);
  await page.getByRole("button", { name: "Lưu" }).click();
  await page.getByRole("link", { name: bankName }).click();
  await expect(page.getByRole("heading", { name: bankName })).toBeVisible();

  await page.getByRole("button", { name: "Nhập từ tệp (Word, Moodle XML, GIFT, Aiken, QTI)" }).click();
  await expect(page.getByRole("heading", { name: "Nhập câu hỏi từ tệp" })).toBeVisible();
  await page.getByLabel("Tệp câu hỏi").setInputFiles(EXAM);
  await page.getByRole("button", { name: "Tải lên và xem trước" }).click();
  await expect(page.getByRole("heading", { name: "Xem trước exam_2025.docx" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Tìm thấy 12 câu hỏi · 4 câu cần xử lý · bỏ qua 0")).toBeVisible();
  const first = page.getByRole("article").filter({ hasText: "Giá trị của" }).first();
  await expect(first.locator(".katex")).toHaveCount(1); // \frac{1}{2} typeset by KaTeX
  await expect(
    page.getByRole("article").filter({ hasText: "Hình bên là đồ thị" }).locator("img"),
  ).toBeVisible();

  await previewShots(page, "vi");
  const url = page.url();
  await page.evaluate(() => window.localStorage.setItem("lang", "en"));
  await page.goto(url);
  await expect(page.getByText("12 questions found · 4 need attention · 0 skipped")).toBeVisible();
  await previewShots(page, "en");
  await page.evaluate(() => window.localStorage.setItem("lang", "vi"));
  await page.goto(url);

  // Only what needs attention; fix Câu 6 (no key) with the question form.
  await page.getByRole("button", { name: "Cần xử lý" }).click();
  await expect(page.getByRole("article")).toHaveCount(5);
  const noKey = page.getByRole("article").filter({ hasText: "Câu 6" });
  await expect(noKey).toContainText("Câu 6: không có phương án nào được đánh dấu là đáp án.");
  await page.getByRole("button", { name: "Sửa Câu 6" }).click();
  const dialog = page.getByRole("dialog", { name: "Sửa Câu 6" });
  await dialog.getByLabel("Đánh dấu B là đáp án đúng").check();
  await shot(page, "question-files-fix-vi");
  await dialog.getByRole("button", { name: "Lưu chỉnh sửa" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Câu 6 đã sẵn sàng để nhập.", { exact: true })).toBeVisible();
  await expect(page.getByText("Tìm thấy 12 câu hỏi · 3 câu cần xử lý · bỏ qua 0")).toBeVisible();
  await page.getByRole("button", { name: "Bỏ qua Câu 9" }).click();
  await expect(page.getByText("Tìm thấy 12 câu hỏi · 2 câu cần xử lý · bỏ qua 1")).toBeVisible();

  await expect(page.getByLabel("Ngân hàng câu hỏi")).toHaveValue(/\d+/);
  await page.getByRole("button", { name: "Nhập 9 câu hỏi" }).click();
  await expect(page.getByText("Đã nhập 9 câu thành bản nháp, bỏ qua 3 câu")).toBeVisible({ timeout: 30_000 });
  await shot(page, "question-files-imported-vi");

  // The bank: the file's part became a folder holding the drafts, formulas typeset.
  await page.getByRole("link", { name: "Mở ngân hàng câu hỏi" }).click();
  await expect(page.getByRole("heading", { name: bankName })).toBeVisible();
  await page.getByRole("link", { name: /PHẦN I\. Câu trắc nghiệm nhiều phương án lựa chọn/ }).click();
  const table = page.getByRole("table", { name: "Câu hỏi" });
  await expect(table.getByRole("row")).toHaveCount(10); // the header and 9 drafts
  const fraction = table.getByRole("row").filter({ hasText: "Giá trị của" });
  await expect(fraction.locator(".katex")).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "Phương trình" }).locator(".katex")).toHaveCount(1);
  await shot(page, "question-files-bank-vi");
});

/** The document title of a PDF written by ReportLab (its Info dictionary's /Title, a literal
 * string: UTF-16BE after a byte-order mark when not Latin-1), which the paper's PDF sets to
 * "<test> — Mã đề NNN", the code its every page carries (question_formats/paper/pdf.py). */
function pdfTitle(pdf: Uint8Array): string {
  const text = strFromU8(pdf, true); // bytes as Latin-1 characters
  const start = text.indexOf("/Title (");
  if (start < 0) return "";
  const bytes: number[] = [];
  for (let i = start + "/Title (".length; i < text.length; i++) {
    const c = text[i]!;
    if (c === ")") break;
    if (c !== "\\") {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const next = text[++i]!;
    const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += octal[0].length - 1;
    } else {
      bytes.push({ n: 10, r: 13, t: 9, b: 8, f: 12 }[next] ?? next.charCodeAt(0));
    }
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder("utf-16be").decode(new Uint8Array(bytes.slice(2)));
  }
  return String.fromCharCode(...bytes);
}

test("an educator prints a generated test in three versions with their answer keys", async ({ page }) => {
  await login(page, "educator@demo.vn");
  await page.getByRole("link", { name: "Đề thi", exact: true }).first().click();
  await page.getByRole("link", { name: "Luyện tập Toán 9 - Căn thức" }).first().click();
  await expect(page.getByRole("heading", { name: "Luyện tập Toán 9 - Căn thức" })).toBeVisible();

  await page.getByRole("button", { name: "In đề giấy" }).click();
  const dialog = page.getByRole("dialog", { name: "In đề giấy nhiều mã đề" });
  await dialog.getByLabel("Số mã đề").fill("3");
  await dialog.getByRole("button", { name: "Bắt đầu" }).click();
  await expect(dialog.getByText("Đã xong 3 mã đề.")).toBeVisible({ timeout: 60_000 });
  await shot(page, "paper-ready-vi");
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Tải về (.zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const saved = join(SHOTS, "..", "paper-versions.zip");
  await download.saveAs(saved);

  const members = unzipSync(new Uint8Array(readFileSync(saved)));
  expect(Object.keys(members).sort()).toEqual([
    "dap-an.xlsx",
    "ma-de-101.docx",
    "ma-de-101.pdf",
    "ma-de-102.docx",
    "ma-de-102.pdf",
    "ma-de-103.docx",
    "ma-de-103.pdf",
  ]);
  expect(strFromU8(members["ma-de-101.pdf"]!.slice(0, 5), true)).toBe("%PDF-");
  expect(pdfTitle(members["ma-de-101.pdf"]!)).toBe("Luyện tập Toán 9 - Căn thức — Mã đề 101");
});
