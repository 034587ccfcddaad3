import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

import { login, shot } from "./helpers";

/** axe on an open state (a dialog over its page): WCAG 2.0-2.2 A/AA with target-size, as in
 * a11y.spec.ts. */
async function expectNoViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .withRules(["target-size"])
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
  ).toEqual([]);
}

/** The learner's main job by keyboard only (issue 18): marketplace -> the practice test's page ->
 * add to cart -> checkout -> pay -> My tests -> prepare without the camera -> answer every
 * question -> review -> submit (confirmed) -> result. After the login (which fills its fields),
 * the page is driven only with Tab, Shift+Tab, arrows, Space, Enter and Escape (and typing into
 * text fields); every control is reached by Tab (`tabTo`), and after each route change and each
 * dialog the test asserts where focus is.
 *
 * hocsinh12@demo.vn (a grade-9 learner of the centre, no survey in progress) is used by no other
 * spec; "Luyện tập Toán 9 - Căn thức" is open now and may be taken without the camera. The file is
 * named to run last: the specs share one database, in file order. */
const LEARNER = "hocsinh12@demo.vn";
const PRACTICE_9 = "Luyện tập Toán 9 - Căn thức";

test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

/** Presses Tab until `target` has focus (at most `max` presses); fails otherwise. So each control
 * the test uses is proved reachable by Tab. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    if (i === max) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  const active = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 60)}"` : "none";
  });
  throw new Error(
    `${target} not reached by ${back ? "Shift+Tab" : "Tab"} in ${max} presses (focus on ${active})`,
  );
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

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

  // Every question by its type: a short answer typed into its text field; each radio group
  // (one for a single choice, one per statement of a true/false question) reached by Tab and its
  // first option chosen with Space; a multiple choice's first checkbox ticked with Space. Then
  // "Câu sau" until the last.
  const heading = page.getByRole("heading", { level: 2, name: /Câu \d+\/\d+/ });
  await expect(heading).toBeVisible();
  const total = Number(/Câu \d+\/(\d+)/.exec((await heading.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(0);
  const grid = page.getByRole("navigation", { name: "Danh sách câu hỏi" });
  const kinds: string[] = [];
  for (let index = 1; index <= total; index += 1) {
    const article = page.getByRole("article", { name: new RegExp(`^Câu ${index}/${total}`) });
    await expect(article).toBeVisible();
    const text = article.getByRole("textbox");
    const radios = article.locator("input[type=radio]");
    if ((await text.count()) > 0) {
      kinds.push("text");
      await tabTo(page, text.first());
      await page.keyboard.type("2");
      await expect(text.first()).toHaveValue("2");
    } else if ((await radios.count()) > 0) {
      const groups = [
        ...new Set(await radios.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).name))),
      ];
      kinds.push(`radio x${groups.length}`);
      for (const name of groups) {
        const first = article.locator(`input[type=radio][name="${name}"]`).first();
        await tabTo(page, first);
        await page.keyboard.press("Space");
        await expect(first).toBeChecked();
      }
    } else {
      kinds.push("checkbox");
      const first = article.locator("input[type=checkbox]").first();
      await tabTo(page, first);
      await page.keyboard.press("Space");
      await expect(first).toBeChecked();
    }
    await expect(grid.getByRole("button", { name: `Câu ${index}: Đã trả lời`, exact: true })).toBeVisible();
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    if (index < total) {
      await tabTo(page, page.getByRole("button", { name: "Câu sau" }));
      await page.keyboard.press("Enter");
    }
  }
  test.info().annotations.push({ type: "questions", description: kinds.join(", ") });

  // Review: nothing left unanswered.
  await tabTo(page, page.getByRole("button", { name: "Xem lại", exact: true }).first(), { back: true });
  await page.keyboard.press("Enter");
  const review = page.getByRole("region", { name: "Xem lại trước khi nộp" });
  await expect(review).toContainText("Bạn đã trả lời tất cả các câu.");

  // Submit: the confirmation opens with focus inside; Escape closes it and focus returns to the
  // opener; opened again and confirmed, the result page has focus on its h1.
  const submit = review.getByRole("button", { name: "Nộp bài" });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Nộp bài thi?" });
  await expect(confirm).toContainText(`Đã trả lời ${total}/${total} câu.`);
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
  // The practice test has short answers, graded by an educator: the result waits for them.
  await expect(
    page.getByText("Bài đã được nộp. Kết quả sẽ hiển thị khi được chấm và công bố."),
  ).toBeVisible();
});
