import { join } from "node:path";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { linkFromMail, login, resize, setLanguage, shot, SHOTS } from "./helpers";

/** Cart, checkout, simulated payment and transactions (issue 6) against the demo seed: the
 * "trung-tam" tests on the marketplace, bought by learner2@demo.vn (grade 11) from their listing
 * pages (the add-to-cart panel: add-on, batch, "Add to cart" or "Buy now"). */
const LEARNER = "learner2@demo.vn";
const MATH_9 = "Đánh giá năng lực Toán 9";
const MATH_12 = "Đánh giá năng lực Toán 12";
const PRACTICE_9 = "Luyện tập Toán 9 - Căn thức";

interface Listing {
  id: number;
  name: string;
  batches: { id: number; name: string; available: number }[];
}

async function csrf(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  if (!cookie) {
    await page.request.get("/public/api/auth/csrf");
    cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  }
  return cookie?.value ?? "";
}

async function listing(request: APIRequestContext, name: string): Promise<Listing> {
  const response = await request.get("/api/v1/marketplace", { params: { search: name, limit: 20 } });
  expect(response.ok()).toBe(true);
  const items = (await response.json()).data.items as Listing[];
  const found = items.find((item) => item.name === name);
  expect(found, `listing ${name}`).toBeTruthy();
  return found!;
}

/** Opens a test's page from the marketplace: search, then its card. */
async function openListing(page: Page, name: string) {
  await page.goto("/marketplace");
  await page.getByRole("searchbox", { name: /^(Tìm kiếm|Search)$/ }).fill(name);
  await expect(page).toHaveURL(/[?&]search=/); // the search has settled into the address
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The add-to-cart panel of the listing page. */
const buyBox = (page: Page) => page.getByRole("region", { name: /^(Mua đề thi|Buy this test)$/ });

// What a learner in Vietnam sees: dates in Vietnam time, date inputs in the browser's locale.
test.use({ timezoneId: "Asia/Ho_Chi_Minh", locale: "vi-VN" });

const header = (page: Page) => page.locator("header");
const badge = (page: Page) => header(page).getByTestId("cart-badge");
const pendingDot = (page: Page) => header(page).getByTestId("pending-dot");

async function narrowShot(page: Page, name: string) {
  await resize(page, 390, 844);
  await shot(page, name);
  await resize(page, 1280);
}

test("a learner adds a test with the advanced report from its page, checks out, pays and finds it in My tests", async ({
  page,
}) => {
  await login(page, LEARNER);

  // An empty cart leads to the marketplace; no badge, no red dot.
  await page.goto("/marketplace/shopping-cart");
  await expect(page.getByRole("heading", { name: "Giỏ hàng", level: 1 })).toBeVisible();
  await expect(page.getByText("Giỏ hàng đang trống")).toBeVisible();
  await expect(page.getByRole("link", { name: "Xem chợ đề thi" })).toHaveAttribute("href", "/marketplace");
  await expect(badge(page)).toHaveCount(0);
  await shot(page, "shop-cart-empty-vi-1280");
  await narrowShot(page, "shop-cart-empty-vi-390");

  // From the marketplace to the test's page: the panel offers the add-ons with their VND prices
  // and the batches with free slots (the first open one chosen).
  await openListing(page, MATH_9);
  const panel = buyBox(page);
  await expect(panel.getByRole("radio", { name: /Chỉ bài thi/ })).toBeChecked();
  await expect(panel.getByRole("radio", { name: /Chỉ bài thi/ }).locator("..")).toContainText(/120\.000\s*₫/);
  await expect(panel.getByRole("radio", { name: /Ca 1 \(sáng thứ Bảy\)/ })).toBeChecked();
  await expect(panel.getByText("Còn 2 chỗ")).toBeVisible();
  await expect(panel.getByText("Còn 30 chỗ")).toBeVisible();
  // Test + advanced report, in the Saturday afternoon batch.
  await panel.getByRole("radio", { name: /Bài thi \+ báo cáo nâng cao/ }).check();
  await panel.getByRole("radio", { name: /Ca 2 \(chiều thứ Bảy\)/ }).check();
  await expect(panel.getByTestId("add-to-cart-price")).toHaveText(/200\.000\s*₫/);
  await shot(page, "shop-listing-panel-vi-1280");
  await narrowShot(page, "shop-listing-panel-vi-390");
  await panel.getByRole("button", { name: "Thêm vào giỏ" }).click();
  await expect(panel.getByRole("status")).toContainText("Đã thêm vào giỏ hàng.");
  await expect(badge(page)).toHaveText("1"); // at once, without a reload
  await expect(panel.getByRole("button", { name: "Cập nhật giỏ hàng" })).toBeVisible();

  // A second test; the server refuses a third of the same subject and grade, shown in the panel.
  await openListing(page, MATH_12);
  await buyBox(page).getByRole("button", { name: "Thêm vào giỏ" }).click();
  await expect(buyBox(page).getByRole("status")).toContainText("Đã thêm vào giỏ hàng.");
  await expect(badge(page)).toHaveText("2");
  await openListing(page, PRACTICE_9);
  await expect(buyBox(page).getByRole("radio", { name: /Ca mở \(luyện tập\)/ })).toBeChecked();
  await buyBox(page).getByRole("button", { name: "Thêm vào giỏ" }).click();
  await expect(buyBox(page).getByRole("alert")).toContainText(
    `${PRACTICE_9}: đã có bài thi cùng môn và khối lớp trong giỏ hàng hoặc đang chờ thanh toán.`,
  );
  await expect(badge(page)).toHaveText("2");
  await shot(page, "shop-listing-refused-vi-1280");

  await page
    .getByRole("link", { name: /Giỏ hàng/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/marketplace\/shopping-cart$/);
  const cart = page.getByRole("list", { name: "Các mục trong giỏ hàng" });
  await expect(cart.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("cart-total")).toHaveText(/350\.000\s*₫/);
  await shot(page, "shop-cart-vi-1280");
  await narrowShot(page, "shop-cart-vi-390");

  // Remove one (confirmed): the badge follows at once.
  await page.getByRole("button", { name: `Xóa ${MATH_12} khỏi giỏ hàng` }).click();
  const confirm = page.getByRole("dialog", { name: "Xóa khỏi giỏ hàng?" });
  await expect(confirm).toContainText(MATH_12);
  await confirm.getByRole("button", { name: "Xóa" }).click();
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  await expect(badge(page)).toHaveText("1");
  const removed = page
    .getByRole("region", { name: /F8/ })
    .getByRole("listitem")
    .filter({ hasText: `Đã xóa ${MATH_12} khỏi giỏ hàng.` });
  await removed.getByRole("button", { name: "Đóng" }).click(); // the confirmation toast, out of the shots
  await expect(removed).toHaveCount(0);
  await expect(cart.getByRole("listitem")).toContainText("Bài thi + báo cáo nâng cao");
  await expect(page.getByTestId("cart-total")).toHaveText(/200\.000\s*₫/);

  // The same panel in the cart's "change" dialog holds the choices made on the listing page.
  await page.getByRole("button", { name: `Đổi gói/ca của ${MATH_9}` }).click();
  const change = page.getByRole("dialog", { name: `Đổi lựa chọn: ${MATH_9}` });
  await expect(change.getByRole("radio", { name: /Bài thi \+ báo cáo nâng cao/ })).toBeChecked();
  await expect(change.getByRole("radio", { name: /Ca 2 \(chiều thứ Bảy\)/ })).toBeChecked();
  await expect(change.getByTestId("add-to-cart-price")).toHaveText(/200\.000\s*₫/);
  await page.keyboard.press("Escape");
  await expect(change).toBeHidden();

  // Checkout: the summary, then "Place order" -> the payment step with its countdown.
  await page.getByRole("link", { name: "Thanh toán", exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\/checkout\/all$/);
  await expect(page.getByRole("listitem", { name: MATH_9 })).toContainText("Bài thi + báo cáo nâng cao");
  await shot(page, "shop-checkout-review-vi-1280");
  await page.getByRole("button", { name: "Đặt hàng" }).click();
  await expect(page).toHaveURL(/\/marketplace\/checkout\/all\?transaction=\d+$/);
  await expect(page.getByRole("timer")).toHaveText(/^(29|30):\d\d$/);
  await expect(page.getByText("Đây là môi trường minh họa, không có khoản tiền nào bị trừ.")).toBeVisible();
  await expect(badge(page)).toHaveCount(0); // the cart was emptied by the checkout
  await expect(pendingDot(page)).toBeVisible(); // a PENDING transaction now exists
  await shot(page, "shop-payment-vi-1280");
  await narrowShot(page, "shop-payment-vi-390");

  // Pay (approve): a double click is charged once; the transaction page follows.
  const payments: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/transaction/pay")) payments.push(r.postDataJSON().idempotency_key);
  });
  await page.getByRole("button", { name: /^Thanh toán 200\.000/ }).dblclick();
  await expect(page).toHaveURL(/\/marketplace\/transactions\/\d+$/);
  expect(payments).toHaveLength(1);
  await expect(page.getByText("Thanh toán thành công")).toBeVisible();
  await expect(page.getByRole("link", { name: "Đến Bài thi của tôi" })).toHaveAttribute(
    "href",
    "/assignment/student",
  );
  const details = page.getByRole("region", { name: "Thông tin giao dịch" });
  await expect(details).toContainText("Hoàn tất");
  await expect(details).toContainText(/SIM-[0-9A-F]{12}/);
  await expect(details).toContainText(/200\.000\s*₫/);
  const receipt = page.getByRole("region", { name: "Biên lai thanh toán" });
  await expect(receipt).toContainText("Trung tâm Học tập Suốt đời");
  await expect(receipt).toContainText(/SIM-[0-9A-F]{12}/);
  await expect(receipt).toContainText(MATH_9);
  await expect(receipt.getByRole("button", { name: "In biên lai" })).toBeVisible();
  await expect(pendingDot(page)).toHaveCount(0);
  await shot(page, "shop-transaction-vi-1280");
  await narrowShot(page, "shop-transaction-vi-390");
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: join(SHOTS, "shop-receipt-print-vi.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  // The assignment exists: GET /api/v1/assignment-users/my-list.
  const mine = await page.request.get("/api/v1/assignment-users/my-list");
  expect(mine.ok()).toBe(true);
  expect(JSON.stringify((await mine.json()).data.items)).toContain(MATH_9);

  // Transaction history through the user menu.
  await page.getByRole("button", { name: "Tài khoản" }).click();
  await page.getByRole("menuitem", { name: "Lịch sử giao dịch" }).click();
  await expect(page).toHaveURL(/\/marketplace\/transactions\/index$/);
  const row = page.getByRole("row", { name: new RegExp(MATH_9) });
  await expect(row).toContainText("Hoàn tất");
  await shot(page, "shop-transactions-vi-1280");
  await narrowShot(page, "shop-transactions-vi-390");
});

test.describe("in English", () => {
  test.use({ locale: "en-GB" });

  test("a declined payment releases the order, a cancelled one too, a paid one has its receipt", async ({
    page,
  }) => {
    await setLanguage(page, "en");
    await login(page, LEARNER);

    // Added from the test's page with the advanced report; then a declined payment: the order
    // fails and its slots are released.
    await openListing(page, MATH_12);
    const panel = buyBox(page);
    await panel.getByRole("radio", { name: /Test \+ advanced report/ }).check();
    await expect(panel.getByRole("radio", { name: /^Ca 1/ })).toBeChecked();
    await expect(panel.getByTestId("add-to-cart-price")).toHaveText(/250,000/);
    await shot(page, "shop-listing-panel-en-1280");
    await narrowShot(page, "shop-listing-panel-en-390");
    await panel.getByRole("button", { name: "Add to cart" }).click();
    await expect(panel.getByRole("status")).toContainText("Added to your cart.");
    await expect(badge(page)).toHaveText("1");
    await panel.getByRole("link", { name: "View cart" }).click();
    await expect(page.getByRole("heading", { name: "Shopping cart", level: 1 })).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText(/250,000/);
    await shot(page, "shop-cart-en-1280");
    await narrowShot(page, "shop-cart-en-390");
    await page.getByRole("link", { name: "Checkout", exact: true }).click();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("radio", { name: /Decline the payment/ }).check();
    await shot(page, "shop-payment-en-1280");
    await narrowShot(page, "shop-payment-en-390");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(
      page.getByText(/The payment was declined; the held batch slots were released/),
    ).toBeVisible();
    await expect(pendingDot(page)).toHaveCount(0);
    await shot(page, "shop-payment-declined-en-1280");

    // "Buy now" opens the checkout of that one test; the order, pending, is cancelled from its
    // page (confirmed): its slot goes back.
    await openListing(page, MATH_12);
    await buyBox(page).getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/\d+$/);
    await expect(page.getByRole("listitem", { name: MATH_12 })).toContainText("Test only");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("link", { name: /^View transaction #\d+$/ }).click();
    await expect(page).toHaveURL(/\/marketplace\/transactions\/\d+$/);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page
      .getByRole("dialog", { name: "Cancel this order?" })
      .getByRole("button", { name: "Cancel order" })
      .click();
    await expect(page.getByText(/The order was cancelled/)).toBeVisible();
    await expect(pendingDot(page)).toHaveCount(0);

    // Bought and paid at last.
    await openListing(page, MATH_12);
    await buyBox(page).getByRole("button", { name: "Buy now" }).click();
    await expect(page).toHaveURL(/\/marketplace\/checkout\/\d+$/);
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/marketplace\/transactions\/\d+$/);
    await expect(page.getByText("Payment completed")).toBeVisible();
    await expect(page.getByRole("region", { name: "Payment receipt" })).toContainText(
      "Lifelong Learning Centre",
    );
    await shot(page, "shop-transaction-en-1280");
    await narrowShot(page, "shop-transaction-en-390");

    // History: statuses in English, filtered.
    await page.goto("/marketplace/transactions/index");
    await expect(page.getByRole("row", { name: /Failed/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Cancelled/ })).toBeVisible();
    await page.getByLabel("Status").selectOption("COMPLETED");
    await expect(page.getByRole("row", { name: /Failed/ })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Completed/ }).first()).toBeVisible();
    await shot(page, "shop-transactions-en-1280");
    await narrowShot(page, "shop-transactions-en-390");
  });
});

test("a learner without a grade is asked to set it before buying", async ({ page }) => {
  const email = `shop.${Date.now()}@example.vn`;
  const password = "Hoc-tap-2026!";
  const register = await page.request.post("/public/api/users/register", {
    data: {
      email,
      password,
      confirm_password: password,
      name: "Học Sinh Chưa Chọn Lớp",
      gender: "male",
      date_of_birth: "01/02/2009",
      cccd: `079209${String(Date.now()).slice(-6)}`, // one account per CCCD number
      class_name: "10A3",
      school_name: "THPT Lê Quý Đôn",
      province_code: "79",
      curriculum: "Kết nối tri thức",
      phone: "0912345679",
      // 17 years old: the learner's own consent to the notices' versions read (issue 24, item 1)
      accept_terms: true,
      terms_version: "2.0", // consent.services.NOTICE_VERSION (decision 0048)
      privacy_version: "2.0",
    },
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(register.ok(), await register.text()).toBe(true);
  await page.goto(await linkFromMail(email, /\/verify-email\?token=[\w:-]+/));
  await expect(page.getByText("E-mail đã được xác minh")).toBeVisible();
  await login(page, email, password);

  await page.goto("/marketplace/shopping-cart");
  const prompt = page.getByRole("alert").filter({ hasText: "Cần cập nhật lớp trước khi mua" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(page.getByText("Giỏ hàng đang trống")).toBeVisible();
  await shot(page, "shop-grade-prompt-vi-1280");
  await narrowShot(page, "shop-grade-prompt-vi-390");

  // The test's page: the panel asks for the grade, and nothing can be added.
  await openListing(page, MATH_9);
  const gradePrompt = buyBox(page).getByRole("alert").filter({ hasText: "Cần cập nhật lớp trước khi mua" });
  await expect(gradePrompt.getByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(buyBox(page).getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
  await expect(buyBox(page).getByRole("button", { name: "Mua ngay" })).toBeDisabled();
  await shot(page, "shop-listing-grade-prompt-vi-1280");
  await narrowShot(page, "shop-listing-grade-prompt-vi-390");

  // The server says the same (400 grade_required).
  const item = await listing(page.request, MATH_9);
  const refused = await page.request.post("/api/v1/shopping-cart", {
    data: { listing_id: item.id, addon: "test_only", batch_id: item.batches.at(-1)?.id },
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe("grade_required");

  // Once the grade is set in the profile, the prompt is gone.
  await prompt.getByRole("link", { name: "Cập nhật lớp trong hồ sơ" }).click();
  await page.locator("#grade").selectOption("10");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/users/profile/self/grade"));
  await page.getByRole("button", { name: "Lưu" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText("Đã lưu hồ sơ").first()).toBeVisible();
  await page.goto("/marketplace/shopping-cart");
  await expect(page.getByText("Giỏ hàng đang trống")).toBeVisible();
  await expect(page.getByText("Cần cập nhật lớp trước khi mua")).toHaveCount(0);
  await openListing(page, MATH_9);
  await expect(buyBox(page).getByRole("button", { name: "Thêm vào giỏ" })).toBeEnabled();
  await expect(page.getByText("Cần cập nhật lớp trước khi mua")).toHaveCount(0);
});
