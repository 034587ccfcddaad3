import { expect, test, type Page } from "@playwright/test";

import { login, resize, settled, shot } from "./helpers";

/** Issue 39, item 1: an educator writes one question of each of the national exam's new types,
 * each in Vietnamese and English: a true/false set (phần II: four statements a) to d) with their
 * Đúng/Sai keys, the Ministry's scoring table by default) with the Vietnamese screens, and a
 * numeric answer (phần III: accepted values on the answer sheet's four cells, a rounding
 * instruction) with the English ones; both are complete and go to vetting. Screenshots of the
 * form of each type in both languages at 1280 and 390 px. */

async function newQuestion(page: Page, folderUrl: string, stemLabel: string, newLabel: string) {
  await page.goto(folderUrl);
  await page.getByRole("button", { name: newLabel }).click();
  // the folder's filters are labelled like the form's fields: choose once the form is there
  await expect(page).toHaveURL(/\/question-bank\/form\/new/);
  await expect(page.getByLabel(stemLabel)).toBeVisible();
}

async function shots(page: Page, name: string) {
  await settled(page);
  await expect(page.locator(".katex").first()).toBeVisible();
  await shot(page, `${name}-1280`);
  await resize(page, 390);
  await shot(page, `${name}-390`);
  await resize(page, 1280);
}

test("an educator writes a true/false set and a numeric answer in Vietnamese and English", async ({
  page,
}) => {
  const bankName = `Thi tốt nghiệp 2025 — ${Date.now()}`;
  await login(page, "educator@demo.vn");
  await page.goto("/question-bank");
  await page.getByRole("button", { name: "Ngân hàng mới" }).click();
  await page.getByRole("textbox", { name: "Tên" }).fill(bankName);
  await page.getByRole("button", { name: "Lưu" }).click();
  await page.getByRole("link", { name: bankName }).click();
  await expect(page.getByRole("heading", { name: bankName })).toBeVisible();
  const folderUrl = page.url();

  // A true/false set, with the Vietnamese screens.
  await newQuestion(page, folderUrl, "Nội dung câu hỏi", "Câu hỏi mới");
  await page.getByLabel("Loại").selectOption("true_false_set");
  await page.getByLabel("Khối lớp").selectOption("12");
  await page.getByLabel("Môn học").selectOption({ label: "Toán" });
  await page.getByLabel("Độ khó").selectOption("medium");
  await page
    .getByLabel("Nội dung câu hỏi")
    .fill("Cho hàm số $f(x)=x^3-3x$. Xét tính đúng sai của các ý sau.");
  const statements: [string, string, "Đúng" | "Sai"][] = [
    ["$f(0)=0$", "$f(0)=0$", "Đúng"],
    ["Hàm số đồng biến trên $\\mathbb{R}$.", "The function is increasing on $\\mathbb{R}$.", "Sai"],
    ["$f'(1)=0$", "$f'(1)=0$", "Đúng"],
    ["Giá trị cực đại của hàm số là $1$.", "The local maximum is $1$.", "Sai"],
  ];
  for (const [index, [vi, , key]] of statements.entries()) {
    const letter = "abcd"[index]!;
    await page.getByLabel(`Ý ${letter})`, { exact: true }).fill(vi);
    await page
      .getByRole("radiogroup", { name: `Đáp án ý ${letter})` })
      .getByRole("radio", { name: key })
      .check();
  }
  const table = page.getByRole("group", { name: "Điểm theo số ý đúng" });
  await expect(table.getByRole("textbox")).toHaveCount(5);
  await expect(table.getByLabel("3 ý đúng")).toHaveValue("0,5");
  await expect(page.getByRole("button", { name: "Dùng bảng của Bộ" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("tab", { name: "English" }).click();
  await page.getByLabel("Nội dung câu hỏi").fill("Let $f(x)=x^3-3x$. Is each statement true or false?");
  for (const [index, [, en]] of statements.entries()) {
    await page.getByLabel(`Ý ${"abcd"[index]})`, { exact: true }).fill(en);
  }
  await page.getByRole("button", { name: "Lưu" }).first().click();
  await expect(page).toHaveURL(/\/question-bank\/form\/\d+$/);
  const setUrl = page.url();
  await expect(
    page.getByRole("complementary", { name: /Xem trước/ }).getByText("Hàm số đồng biến trên"),
  ).toBeVisible();
  await expect(page.getByText("Còn thiếu")).toHaveCount(0);
  await shots(page, "national-form-true-false-set-vi");
  await page.getByRole("button", { name: "Gửi duyệt" }).click();
  await expect(page.getByText("Đang chờ một giáo viên khác duyệt.")).toBeVisible();

  // A numeric answer, with the English screens.
  await page.getByRole("button", { name: "VI – Chuyển sang tiếng Anh" }).click();
  // the choice is stored once the English catalogue has loaded: wait for it before leaving
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await newQuestion(page, folderUrl, "Question text", "New question");
  await page.getByLabel("Type").selectOption("numeric");
  await page.getByLabel("Grade").selectOption("12");
  await page.getByLabel("Subject").selectOption({ label: "Mathematics" });
  await page.getByLabel("Difficulty").selectOption("medium");
  await page.getByRole("tab", { name: "English" }).click();
  await page.getByLabel("Question text").fill("Compute $\\sqrt{2}$.");
  const value = page.getByLabel("Accepted value 1", { exact: true });
  await value.fill("1,414");
  await expect(page.getByText("At most 4 characters.")).toBeVisible();
  await value.fill("1.4");
  await expect(page.getByText("At most 4 characters.")).toHaveCount(0);
  await page.getByRole("button", { name: "Add an accepted value" }).click();
  await page.getByLabel("Accepted value 2", { exact: true }).fill("1,40");
  await page.getByLabel("Rounding instruction (optional)").fill("Round the result to one decimal place");
  await page.getByRole("tab", { name: "Tiếng Việt" }).click();
  await page.getByLabel("Question text").fill("Tính $\\sqrt{2}$.");
  await page.getByLabel("Rounding instruction (optional)").fill("Làm tròn kết quả đến hàng phần mười");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page).toHaveURL(/\/question-bank\/form\/\d+$/);
  const numericUrl = page.url();
  await expect(page.getByText("Missing")).toHaveCount(0);
  await page.reload();
  const preview = page.getByRole("complementary", { name: /Preview/ });
  await expect(preview.getByText("Round the result to one decimal place")).toBeVisible();
  await expect(page.getByLabel("Accepted value 1", { exact: true })).toHaveValue("1,4"); // as the sheet writes it
  await expect(page.getByLabel("Accepted value 2", { exact: true })).toHaveValue("1,40");
  await shots(page, "national-form-numeric-en");
  await page.getByRole("button", { name: "Submit for vetting" }).click();
  await expect(page.getByText("Waiting for another educator to review it.")).toBeVisible();

  // Each form in the other language too.
  await page.goto(setUrl);
  await expect(
    page.getByRole("group", { name: "Points by statements right" }).getByLabel("3 right"),
  ).toHaveValue("0.5");
  await shots(page, "national-form-true-false-set-en");
  await page.getByRole("button", { name: "EN – Switch to Vietnamese" }).click();
  await page.goto(numericUrl);
  await expect(page.getByLabel("Đáp án 1", { exact: true })).toHaveValue("1,4");
  await shots(page, "national-form-numeric-vi");
});
