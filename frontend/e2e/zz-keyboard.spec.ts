import { expect, test, type Locator, type Page } from "@playwright/test";

import { expectNoViolations, login, shot, tabTo } from "./helpers";

/** The learner's main job by keyboard only (issue 18): marketplace -> the practice test's page ->
 * add to cart -> checkout -> pay -> My tests -> prepare without the camera -> answer every
 * question, one of each type (single and multiple choice, true/false, short answer, essay) ->
 * review -> submit (confirmed) -> result. After the login (which fills its fields), the page is
 * driven only with Tab, Shift+Tab, arrows, Space, Enter and Escape (and typing into text fields);
 * every control is reached by Tab (`tabTo`), and after each route change and each dialog the test
 * asserts where focus is.
 *
 * hocsinh12@demo.vn (a grade-9 learner of the centre, no survey in progress) is used by no other
 * spec; "Luyện tập Toán 9 - Căn thức" is open now, may be taken without the camera and has a
 * question of every type (`FORM`). The file is named to run last: the specs share one database,
 * in file order. */
const LEARNER = "hocsinh12@demo.vn";
const PRACTICE_9 = "Luyện tập Toán 9 - Căn thức";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

const h1 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

type Kind = "single_choice" | "multiple_choice" | "true_false" | "short_text" | "essay";
/** The practice test's form (seed_demo: assignments/demo.py), every question type. */
const FORM: Kind[] = [
  "single_choice",
  "multiple_choice",
  "single_choice",
  "single_choice",
  "short_text",
  "single_choice",
  "true_false",
  "essay",
];
/** Each type's control, found by its accessible name (a fieldset's legend, a text field's label). */
const CONTROLS: [Kind, (article: Locator) => Locator][] = [
  ["single_choice", (a) => a.getByRole("group", { name: "Chọn một đáp án" })],
  ["multiple_choice", (a) => a.getByRole("group", { name: "Chọn tất cả đáp án đúng." })],
  ["true_false", (a) => a.getByRole("group", { name: "Chọn Đúng hoặc Sai" })],
  ["short_text", (a) => a.getByRole("textbox", { name: "Câu trả lời ngắn" })],
  ["essay", (a) => a.getByRole("textbox", { name: "Bài làm của bạn" })],
];

async function kindOf(article: Locator): Promise<Kind> {
  for (const [kind, find] of CONTROLS) if ((await find(article).count()) > 0) return kind;
  throw new Error(`no answer control in ${article}`);
}

const control = (article: Locator, kind: Kind) => CONTROLS.find(([k]) => k === kind)![1](article);

/** Answers the question in `article` by keyboard only:
 * - single choice: Tab to the first option, Space; ArrowDown moves to the second and chooses it;
 * - multiple choice: Tab to the first box, Space; Tab to the second, Space (both ticked);
 * - true/false: Tab to "Đúng", Space; ArrowDown chooses "Sai";
 * - short answer: Tab to the field, type;
 * - essay: Tab to the text area, type two lines (Enter makes a new line, it does not leave the
 *   field), then Tab leaves it for "Câu trước" (no trap), which saves at once. */
async function answerByKeyboard(page: Page, article: Locator, kind: Kind): Promise<void> {
  const group = control(article, kind);
  if (kind === "single_choice" || kind === "true_false") {
    const [first, second] =
      kind === "true_false"
        ? [group.getByRole("radio", { name: "Đúng" }), group.getByRole("radio", { name: "Sai" })]
        : [group.getByRole("radio").nth(0), group.getByRole("radio").nth(1)];
    await tabTo(page, first);
    await page.keyboard.press("Space");
    await expect(first).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeChecked();
    await expect(second).toBeFocused();
    await expect(first).not.toBeChecked();
  } else if (kind === "multiple_choice") {
    for (const box of [group.getByRole("checkbox").nth(0), group.getByRole("checkbox").nth(1)]) {
      await tabTo(page, box);
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    await expect(group.getByRole("checkbox", { checked: true })).toHaveCount(2);
  } else if (kind === "short_text") {
    await tabTo(page, group);
    await page.keyboard.type("1");
    await expect(group).toHaveValue("1");
    await expect(article).toContainText("1/2000 ký tự");
  } else {
    await tabTo(page, group);
    await page.keyboard.type("Điều kiện: x ≥ 0, x ≠ 4.");
    await page.keyboard.press("Enter");
    await page.keyboard.type("A = 3√x/(√x + 2).");
    const essay = "Điều kiện: x ≥ 0, x ≠ 4.\nA = 3√x/(√x + 2).";
    await expect(group).toHaveValue(essay);
    await expect(article).toContainText(`${essay.length}/20000 ký tự`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Câu trước" })).toBeFocused();
  }
}

test("a learner buys, takes and submits a practice test with the keyboard only", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, LEARNER);

  // Home -> marketplace through the main navigation.
  const nav = page.getByRole("navigation", { name: "Điều hướng chính" });
  await tabTo(page, nav.getByRole("link", { name: "Chợ đề thi" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(h1(page, /Chợ đề thi/)).toBeFocused();

  // Search, then the listing's card.
  await tabTo(page, page.getByRole("searchbox", { name: /^(Tìm kiếm|Search)$/ }));
  await page.keyboard.type(PRACTICE_9);
  await expect(page).toHaveURL(/[?&]search=/);
  await tabTo(page, page.getByRole("link", { name: PRACTICE_9, exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/marketplace\/\d+$/);
  await expect(h1(page, PRACTICE_9)).toBeFocused();

  // The add-to-cart panel: the open batch and "test only" are chosen; the add-on changed with
  // the arrows and back.
  const panel = page.getByRole("region", { name: "Mua đề thi" });
  const testOnly = panel.getByRole("radio", { name: /Chỉ bài thi/ });
  await expect(testOnly).toBeChecked();
  await expect(panel.getByRole("radio", { name: /Ca mở \(luyện tập\)/ })).toBeChecked();
  await tabTo(page, testOnly);
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByRole("radio", { name: /Bài thi \+ báo cáo nâng cao/ })).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(testOnly).toBeChecked();
  await expect(testOnly).toBeFocused();
  await tabTo(page, panel.getByRole("button", { name: "Thêm vào giỏ" }));
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("status")).toContainText("Đã thêm vào giỏ hàng.");
  await tabTo(page, panel.getByRole("link", { name: "Xem giỏ hàng" }));
  await page.keyboard.press("Enter");

  // The cart -> checkout -> place the order -> pay.
  await expect(page).toHaveURL(/\/marketplace\/shopping-cart$/);
  await expect(h1(page, "Giỏ hàng")).toBeFocused();
  // The item's "change" dialog: focus moves into it, Escape closes it and focus returns to its
  // opener; the choice is kept.
  const change = page.getByRole("button", { name: `Đổi gói/ca của ${PRACTICE_9}` });
  await tabTo(page, change);
  await page.keyboard.press("Enter");
  const changeDialog = page.getByRole("dialog", { name: `Đổi lựa chọn: ${PRACTICE_9}` });
  await expect(changeDialog.getByRole("radio", { name: /Chỉ bài thi/ })).toBeChecked();
  await expect(changeDialog.locator(":focus")).toHaveCount(1);
  await expectNoViolations(page);
  await page.keyboard.press("Escape");
  await expect(changeDialog).toBeHidden();
  await expect(change).toBeFocused();
  await tabTo(page, page.getByRole("link", { name: "Thanh toán", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/marketplace\/checkout\/all$/);
  await expect(h1(page, "Thanh toán")).toBeFocused();
  await expect(page.getByRole("listitem", { name: PRACTICE_9 })).toContainText("Chỉ bài thi");
  await tabTo(page, page.getByRole("button", { name: "Đặt hàng" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/marketplace\/checkout\/all\?transaction=\d+$/);
  await expect(page.getByRole("timer")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: /^Thanh toán 50\.000/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/marketplace\/transactions\/\d+$/);
  await expect(h1(page, PRACTICE_9)).toBeFocused();
  await expect(page.getByText("Thanh toán thành công")).toBeVisible();

  // My tests -> prepare.
  await tabTo(page, page.getByRole("link", { name: "Đến Bài thi của tôi" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/assignment\/student$/);
  await expect(h1(page, "Bài thi của tôi")).toBeFocused();
  await tabTo(page, page.getByRole("link", { name: `Chuẩn bị làm bài ${PRACTICE_9}` }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/take-test\/preparation\/\d+$/);
  const enrollmentId = Number(page.url().split("/").pop());
  await expect(h1(page, PRACTICE_9)).toBeFocused();

  // No camera, the rules acknowledged, start.
  const start = page.getByRole("button", { name: "Bắt đầu làm bài" });
  await expect(start).toBeDisabled();
  const noCamera = page.getByRole("checkbox", { name: /Làm bài không dùng camera/ });
  await tabTo(page, noCamera);
  await page.keyboard.press("Space");
  await expect(noCamera).toBeChecked();
  const acknowledge = page.getByRole("checkbox", { name: "Tôi đã đọc quy định và cảnh báo chuyển tab." });
  await tabTo(page, acknowledge);
  await page.keyboard.press("Space");
  await expect(acknowledge).toBeChecked();
  await expect(start).toBeEnabled();
  await tabTo(page, start);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/take-test/${enrollmentId}$`));
  await expect(h1(page, PRACTICE_9)).toBeFocused();

  // Every question by keyboard, by its type (the practice test has each type; the seed draws them
  // in this order), see `answerByKeyboard`. After each: the grid says "answered", the progress
  // counts it, the answer is saved; "Câu sau" moves focus to the next question's heading.
  const grid = page.getByRole("navigation", { name: "Danh sách câu hỏi" });
  const kinds: Kind[] = [];
  for (let n = 1; n <= FORM.length; n += 1) {
    const article = page.getByRole("article", { name: new RegExp(`^Câu ${n}/${FORM.length}`) });
    await expect(article).toBeVisible();
    const kind = await kindOf(article);
    kinds.push(kind);
    await answerByKeyboard(page, article, kind);
    await expect(grid.getByRole("button", { name: `Câu ${n}: Đã trả lời`, exact: true })).toBeVisible();
    await expect(grid).toContainText(`Đã trả lời ${n}/${FORM.length} câu`);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    if (n < FORM.length) {
      await tabTo(page, page.getByRole("button", { name: "Câu sau" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Câu ${n + 1}/`) })).toBeFocused();
    }
  }
  expect(kinds).toEqual(FORM);

  // Review (the last question's own "Xem lại", after "Câu trước"): focus on its heading, nothing
  // left unanswered.
  await tabTo(page, page.getByRole("button", { name: "Xem lại", exact: true }).last());
  await page.keyboard.press("Enter");
  const review = page.getByRole("region", { name: "Xem lại trước khi nộp" });
  await expect(review.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(review).toContainText("Bạn đã trả lời tất cả các câu.");

  // Submit: the confirmation opens with focus inside; Escape closes it and focus returns to the
  // opener; opened again and confirmed, the result page has focus on its h1.
  const submit = review.getByRole("button", { name: "Nộp bài" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Nộp bài thi?" });
  await expect(confirm).toContainText(`Đã trả lời ${FORM.length}/${FORM.length} câu.`);
  await expect(confirm.locator(":focus")).toHaveCount(1);
  await expectNoViolations(page);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(submit).toBeFocused();
  await shot(page, "keyboard-focus-after-submit-dialog-vi"); // the focus ring back on "Nộp bài"
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole("button", { name: "Nộp bài" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/assignment/result/index\\?id=${enrollmentId}$`));
  await expect(h1(page, "Kết quả bài thi")).toBeFocused();
  // An answered essay goes to an educator: the whole result is the submission time and the wait.
  await expect(page.getByRole("region", { name: "Kết quả bài thi" })).toHaveText(
    /^Kết quả bài thiNộp lúc .+Bài đã được nộp\. Kết quả sẽ hiển thị khi được chấm và công bố\.$/,
  );
});
