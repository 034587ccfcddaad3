/** Issue 37, items 7 and 8, in both languages at 1280 and 390 px: a roster learner asks the centre
 * to correct their data and reads the day by which it will be answered; the centre's admin finds it
 * on the personal data requests page (from the organization settings), answers it, and downloads
 * the record of personal data processing (PDF and spreadsheet, dated) from the retention page.
 *
 * The demo's two corrections (data_requests/demo.py) show the deadlines at work: hocsinh08's
 * overdue (first, marked), hocsinh11's due soon.
 *
 * What it changes in the shared database: a correction of hocsinh09 (vi) and of hocsinh10 (en),
 * answered; no other spec reads either learner's requests. */
import { expect, test, type Locator, type Page } from "@playwright/test";

import { login, setLanguage, shot } from "./helpers";

const ADMIN = "educator.admin@demo.vn";
const LEARNER = { vi: "hocsinh09@demo.vn", en: "hocsinh10@demo.vn" } as const;
const WIDTHS = [1280, 390];

const TEXT = {
  vi: {
    data: "Dữ liệu cá nhân của bạn",
    to: "Gửi tới",
    what: "Thông tin nào sai và cần sửa thành gì?",
    ask: "Chỉnh sửa: tên trường đúng là THCS Lê Quý Đôn.",
    send: "Gửi yêu cầu",
    answerBy: /^Sẽ được trả lời chậm nhất vào ngày \d{2}\/\d{2}\/\d{4} \(thời hạn theo Luật\)\.$/,
    menu: /Tài khoản/,
    settings: "Cài đặt tổ chức",
    requests: "Yêu cầu về dữ liệu cá nhân",
    open: /^Đang mở \d+$/,
    overdue: "Quá hạn",
    dueSoon: "Sắp đến hạn",
    answer: "Trả lời",
    dialog: /^Trả lời yêu cầu chỉnh sửa của/,
    text: "Câu trả lời cho người học",
    reply: "Đã sửa tên trường.",
    submit: "Gửi câu trả lời",
    answered: /^Đã trả lời \d+$|^Đã trả lời$/,
    retention: "Lưu giữ dữ liệu",
    record: "Hồ sơ ghi nhận hoạt động xử lý dữ liệu cá nhân",
    pdf: "PDF (Tiếng Việt)",
    xlsx: "Bảng tính (English)",
    pdfFile: /^ho-so-xu-ly-du-lieu-ca-nhan-trung-tam-\d{4}-\d{2}-\d{2}\.pdf$/,
    xlsxFile: /^record-of-processing-trung-tam-\d{4}-\d{2}-\d{2}\.xlsx$/,
  },
  en: {
    data: "Your personal data",
    to: "Send to",
    what: "What is wrong, and what should it be?",
    ask: "Correction: my school is Le Quy Don lower secondary.",
    send: "Send the request",
    answerBy: /^Will be answered by \d{1,2} [A-Z][a-z]{2} \d{4} at the latest \(the Law's deadline\)\.$/,
    menu: /Account/,
    settings: "Organization settings",
    requests: "Personal data requests",
    open: /^Open \d+$/,
    overdue: "Overdue",
    dueSoon: "Due soon",
    answer: "Answer",
    dialog: /^Answer .* correction request$/,
    text: "Answer to the learner",
    reply: "The school's name was corrected.",
    submit: "Send the answer",
    answered: /^Answered$/,
    retention: "Data retention",
    record: "Record of personal data processing",
    pdf: "PDF (English)",
    xlsx: "Spreadsheet (Tiếng Việt)",
    pdfFile: /^record-of-processing-trung-tam-\d{4}-\d{2}-\d{2}\.pdf$/,
    xlsxFile: /^ho-so-xu-ly-du-lieu-ca-nhan-trung-tam-\d{4}-\d{2}-\d{2}\.xlsx$/,
  },
} as const;

async function shots(page: Page, name: string, box?: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    if (box) {
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({ path: `test-results/screenshots/${name}-${width}.png` });
    } else {
      await shot(page, `${name}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function saved(page: Page, button: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return download.suggestedFilename();
}

for (const lang of ["vi", "en"] as const) {
  const t = TEXT[lang];

  test(`a correction by its deadline, answered, and the record of processing (${lang})`, async ({
    browser,
  }) => {
    const learner = await browser.newPage();
    await setLanguage(learner, lang);
    await login(learner, LEARNER[lang]);
    await learner.goto("/profile");
    const box = learner.locator("section", { has: learner.getByRole("heading", { name: t.data }) });
    await box.getByLabel(t.what).fill(t.ask);
    await expect(box.getByLabel(t.to)).toHaveValue(/\d+/); // the centre, before the platform
    await box.getByRole("button", { name: t.send }).click();
    await expect(box.getByText(t.answerBy)).toBeVisible();
    await shots(learner, `law-profile-correction-${lang}`, box);
    await learner.close();

    const page = await browser.newPage();
    await setLanguage(page, lang);
    await login(page, ADMIN);
    await page.getByRole("button", { name: t.menu }).click();
    await page.getByRole("menuitem", { name: t.settings }).click();
    await shots(page, `law-organization-settings-${lang}`);
    await page.getByRole("link", { name: t.requests }).click();
    await expect(page.getByRole("heading", { name: t.requests, level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: t.open })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("row").nth(1)).toContainText("hocsinh08@demo.vn");
    await expect(page.getByRole("row").filter({ hasText: "hocsinh08@demo.vn" })).toContainText(t.overdue);
    await expect(page.getByRole("row").filter({ hasText: "hocsinh11@demo.vn" })).toContainText(t.dueSoon);
    const row = page.getByRole("row").filter({ hasText: LEARNER[lang] });
    await expect(row).toContainText(t.ask);
    await shots(page, `law-data-requests-${lang}`);
    await row.getByRole("button", { name: t.answer }).click();
    const dialog = page.getByRole("dialog", { name: t.dialog });
    await dialog.getByLabel(t.text).fill(t.reply);
    await shots(page, `law-answer-dialog-${lang}`);
    await dialog.getByRole("button", { name: t.submit }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: t.answered }).click();
    await expect(page.getByRole("row").filter({ hasText: LEARNER[lang] })).toContainText(t.reply);

    await page.goto("/organization/retention");
    const record = page.getByRole("region", { name: t.record });
    await expect(record).toBeVisible();
    await shots(page, `law-retention-record-${lang}`);
    expect(await saved(page, record.getByRole("button", { name: t.pdf }))).toMatch(t.pdfFile);
    expect(await saved(page, record.getByRole("button", { name: t.xlsx }))).toMatch(t.xlsxFile);
    await page.close();
  });
}
