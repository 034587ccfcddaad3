import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

import { call, get, login, reloadIn, resize, shot, tabTo } from "./helpers";

/** The mock graduation exam by keyboard (issue 39): the centre's "Thi thử tốt nghiệp THPT 2025 –
 * Toán" (seed_demo: three parts, 12 + 4 + 6 questions worth 0,25, 1 and 0,5, out of 10) gets a new
 * batch open since an hour for `LEARNER`, who has not taken it. After the login the learner uses
 * only Tab, arrows, Space, Enter and typing: My tests -> preparation (no camera for this test) -> phần I
 * (four options: the key of the first nine, a wrong option for the last three), phần II (Đúng/Sai
 * per statement: 4, 3, 2 and 1 statements right), phần III (the four cells: a letter and a fifth
 * character refused as typed; the key for four, a wrong number for two) -> review -> submit ->
 * the result once the educator releases it: 9 x 0,25 + (1 + 0,5 + 0,25 + 0,1) + 4 x 0,5 = 2,25 + 1,85 + 2 = "6,10/10", each
 * part's subtotal, in both languages at 1280 px and on a phone.
 *
 * The keys come from the educator's API (GET /api/v1/questions/{id}) and the options' order from
 * the learner's attempt, so the test chooses by position as a learner does, never by a key in the
 * page. */
const EDUCATOR = "educator.admin@demo.vn";
const LEARNER = "hocsinh61@demo.vn";
const MOCK = "Thi thử tốt nghiệp THPT 2025 – Toán";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

interface Option {
  id: string;
}
interface Statement {
  id: string;
}
interface AttemptQuestion {
  id: number;
  type: "single_choice" | "true_false_set" | "numeric";
  options: Option[];
  statements: Statement[];
}
type Key = { option?: string; statements?: Record<string, boolean>; accepted?: string[] };

/** What the learner will do with one question: the option to choose (its place on the page), the
 * statements' judgements in order, or the text to type. */
type Plan =
  | { type: "single_choice"; choose: number }
  | { type: "true_false_set"; judge: boolean[] }
  | { type: "numeric"; text: string };

/** A batch of the mock exam open since an hour with `LEARNER` assigned; returns its id. */
async function openBatch(page: Page, stamp: number): Promise<number> {
  await login(page, EDUCATOR);
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const presets = await get<{ items: { id: number; name: string }[] }>(page, "/api/v1/test-presets", {
    search: MOCK,
  });
  const preset = presets.items.find((p) => p.name === MOCK)!;
  const batch = await call<{ id: number }>(page, "post", `/api/v1/test-presets/${preset.id}/batches`, {
    name: `Ca thi thử E2E ${stamp}`,
    starts_at: at(-hour),
    expires_at: at(3 * hour),
    slots: 5,
  });
  const learners = await get<{ items: { id: number; email: string }[] }>(page, "/api/v1/users/profile/list", {
    search: LEARNER,
    role: "LEARNER",
  });
  await call(page, "post", "/api/v1/assignments", {
    preset_id: preset.id,
    batch_id: batch.id,
    learner_profile_ids: [learners.items.find((l) => l.email === LEARNER)!.id],
  });
  return batch.id;
}

/** The educator releases the batch's results (the mock exam releases them by hand). */
async function release(browser: Browser, batchId: number): Promise<void> {
  const educator = await browser.newPage();
  await login(educator, EDUCATOR);
  await call(educator, "post", `/api/v1/batches/${batchId}/release`);
  await educator.close();
}

/** The plan for the learner's form: see the file's comment. `keys` by question id. */
function plan(questions: AttemptQuestion[], keys: Map<number, Key>): Plan[] {
  let choice = 0;
  let set = 0;
  let numeric = 0;
  return questions.map((q): Plan => {
    const key = keys.get(q.id)!;
    if (q.type === "single_choice") {
      choice += 1;
      const right = q.options.findIndex((o) => o.id === key.option);
      return { type: q.type, choose: choice <= 9 ? right : (right + 1) % q.options.length };
    }
    if (q.type === "true_false_set") {
      set += 1; // the first set all right, then one statement fewer each
      const wrong = set - 1;
      return {
        type: q.type,
        judge: q.statements.map((s, i) => i < wrong !== (key.statements?.[s.id] === true)),
      };
    }
    numeric += 1;
    const accepted = key.accepted?.[0] ?? "";
    return { type: q.type, text: numeric <= 4 ? accepted : accepted === "9" ? "8" : "9" };
  });
}

async function keysOf(browser: Browser, ids: number[]): Promise<Map<number, Key>> {
  const educator = await browser.newPage();
  await login(educator, EDUCATOR);
  const keys = new Map<number, Key>();
  for (const id of ids) {
    keys.set(id, (await get<{ answer_key: Key }>(educator, `/api/v1/questions/${id}`)).answer_key);
  }
  await educator.close();
  return keys;
}

/** Answers `article` as `p` says, by keyboard only:
 * - four options: Tab to the first, Space when it is the one, else ArrowDown to it (choosing it);
 * - a true/false set: per statement, Tab to its "Đúng", Space for true or ArrowRight for "Sai";
 * - a numeric answer: Tab to the cells; a letter and a fifth character are refused with a message
 *   (the first numeric question only), then the number typed. */
async function answer(page: Page, article: Locator, p: Plan, firstNumeric: boolean): Promise<void> {
  if (p.type === "single_choice") {
    const radios = article.getByRole("group", { name: "Chọn một đáp án" }).getByRole("radio");
    await tabTo(page, radios.first());
    if (p.choose === 0) await page.keyboard.press("Space");
    for (let i = 0; i < p.choose; i += 1) await page.keyboard.press("ArrowDown");
    await expect(radios.nth(p.choose)).toBeChecked();
  } else if (p.type === "true_false_set") {
    const groups = article.getByRole("radiogroup");
    await expect(groups).toHaveCount(p.judge.length);
    for (const [i, value] of p.judge.entries()) {
      const right = groups.nth(i).getByRole("radio", { name: "Đúng" });
      await tabTo(page, right);
      await page.keyboard.press(value ? "Space" : "ArrowRight");
      await expect(groups.nth(i).getByRole("radio", { name: value ? "Đúng" : "Sai" })).toBeChecked();
    }
  } else {
    const cells = article.getByRole("textbox", { name: "Câu trả lời (bốn ô của phiếu trả lời)" });
    await tabTo(page, cells);
    if (firstNumeric) {
      await page.keyboard.type("x");
      await expect(article).toContainText("Chỉ nhập chữ số, dấu - và dấu phẩy.");
      await page.keyboard.type("-1,25");
      await expect(cells).toHaveValue("-1,2");
      await expect(article).toContainText("Tối đa 4 ký tự.");
      await page.keyboard.press("Control+A");
      await page.keyboard.press("Backspace");
    }
    await page.keyboard.type(p.text);
    await expect(cells).toHaveValue(p.text);
  }
}

async function bothWidths(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await resize(page, 390, 844);
  await shot(page, `${name}-390`);
  await resize(page, 1280);
}

test("a learner takes the THPT 2025 mock exam by keyboard through its three parts and reads 6,10/10", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1_000_000;
  const batchId = await openBatch(page, stamp);
  await page.context().clearCookies();

  await login(page, LEARNER);
  await tabTo(
    page,
    page.getByRole("navigation", { name: "Điều hướng chính" }).getByRole("link", { name: "Bài thi của tôi" }),
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/assignment\/student$/);
  await tabTo(page, page.getByRole("link", { name: `Chuẩn bị làm bài ${MOCK}` }), { max: 120 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/take-test\/preparation\/\d+$/);
  const enrollmentId = Number(page.url().split("/").pop());

  const acknowledge = page.getByRole("checkbox", { name: "Tôi đã đọc quy định và cảnh báo chuyển tab." });
  await tabTo(page, acknowledge);
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Bắt đầu làm bài" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/take-test/${enrollmentId}$`));

  // The form as the learner's attempt has it (options in the attempt's order), and its keys.
  const attempt = await get<{ questions: AttemptQuestion[] }>(
    page,
    `/api/v1/take-test/${enrollmentId}/attempt`,
  );
  const questions = attempt.questions;
  expect(questions.map((q) => q.type)).toEqual([
    ...Array(12).fill("single_choice"),
    ...Array(4).fill("true_false_set"),
    ...Array(6).fill("numeric"),
  ]);
  const plans = plan(
    questions,
    await keysOf(
      browser,
      questions.map((q) => q.id),
    ),
  );

  const total = questions.length;
  const grid = page.getByRole("navigation", { name: "Danh sách câu hỏi" });
  for (const [index, p] of plans.entries()) {
    const n = index + 1;
    const article = page.getByRole("article", { name: new RegExp(`^Câu ${n}/${total}`) });
    await expect(article).toBeVisible();
    await answer(page, article, p, n === 17);
    await expect(grid.getByRole("button", { name: `Câu ${n}: Đã trả lời`, exact: true })).toBeVisible();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    if (n === 13) await bothWidths(page, "thpt-mock-part-ii-vi");
    if (n === 17) await bothWidths(page, "thpt-mock-part-iii-vi");
    if (n < total) {
      await tabTo(page, page.getByRole("button", { name: "Câu sau" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Câu ${n + 1}/`) })).toBeFocused();
    }
  }
  // In English after a reload (every answer kept): to question 13, phần II, from the grid.
  await reloadIn(page, "en");
  await expect(page.getByRole("navigation", { name: "Questions" })).toContainText(
    `${total} of ${total} answered`,
  );
  await tabTo(page, page.getByRole("button", { name: "Question 13: Answered", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: /^Question 13 of 22/ })).toBeVisible();
  await bothWidths(page, "thpt-mock-part-ii-en");
  await reloadIn(page, "vi");

  await tabTo(page, page.getByRole("button", { name: "Xem lại", exact: true }).last());
  await page.keyboard.press("Enter");
  const review = page.getByRole("region", { name: "Xem lại trước khi nộp" });
  await expect(review).toContainText("Bạn đã trả lời tất cả các câu.");
  await tabTo(page, review.getByRole("button", { name: "Nộp bài" }));
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Nộp bài thi?" });
  await expect(confirm).toContainText(`Đã trả lời ${total}/${total} câu.`);
  await tabTo(page, confirm.getByRole("button", { name: "Nộp bài" }));
  await page.keyboard.press("Enter");

  // Submitted; once the educator releases the batch, the score out of 10 and each part's subtotal.
  await expect(page).toHaveURL(new RegExp(`/assignment/result/index\\?id=${enrollmentId}$`));
  await expect(page.getByRole("region", { name: "Kết quả bài thi" })).toContainText(
    "Kết quả sẽ hiển thị khi được chấm và công bố.",
  );
  await release(browser, batchId);
  await page.reload();
  const result = page.getByRole("region", { name: "Kết quả bài thi" });
  await expect(result).toContainText("6,10/10");
  const parts = page.getByRole("region", { name: "Điểm theo phần" });
  const rows = parts.getByRole("row");
  await expect(rows.nth(1)).toHaveText(/^Phần I\..*12\s*2,25\/3$/);
  await expect(rows.nth(2)).toHaveText(/^Phần II\..*4\s*1,85\/4$/);
  await expect(rows.nth(3)).toHaveText(/^Phần III\..*6\s*2,00\/3$/);
  await bothWidths(page, "thpt-mock-result-vi");
  await reloadIn(page, "en");
  await expect(page.getByRole("region", { name: "Test result" })).toContainText("6.10/10");
  await expect(page.getByRole("region", { name: "Score by part" }).getByRole("row").nth(2)).toHaveText(
    /^Part II\..*4\s*1\.85\/4$/,
  );
  await bothWidths(page, "thpt-mock-result-en");
});
