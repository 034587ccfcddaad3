import { expect, test, type Page } from "@playwright/test";

import { expectNoViolations, linkFromMail, login, resize, shot } from "./helpers";

/** A 15-year-old signs up with a parent's e-mail, sees why buying waits, the parent consents
 * through the mailed link, then the learner buys the demo practice test and starts it (issue 24,
 * item 1). Screenshots in vi and en at 1280 and 390 wide of the sign-up consent step, the banner
 * and the parent's page. The account is new on every run. */
const PRACTICE = "Luyện tập Toán 9 - Căn thức";
const PASSWORD = "Hoc-tap-2026!";

async function shots(page: Page, name: string, lang: "vi" | "en") {
  await shot(page, `${name}-${lang}-1280`);
  await resize(page, 390, 844);
  await shot(page, `${name}-${lang}-390`);
  await resize(page, 1280);
}

/** The language switch of the page's header (public layouts and the app's), kept in place. */
async function switchTo(page: Page, lang: "vi" | "en") {
  await page
    .getByRole("button", { name: lang === "en" ? /Chuyển sang tiếng Anh/ : /Switch to Vietnamese/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

async function csrf(page: Page): Promise<string> {
  await page.request.get("/public/api/auth/csrf");
  return (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
}

test("a 15-year-old signs up, the parent's mailed link consents, then the learner buys and starts a test", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const email = `hs15.${stamp}@example.vn`;
  const parent = `phuhuynh.${stamp}@example.vn`;

  // Sign-up, step 1: the details (15 years old).
  await page.goto("/signup");
  await page.locator("#name").fill("Ngô Bảo Ngọc");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("#confirm_password").fill(PASSWORD);
  await page.locator("#gender").selectOption("female");
  await page.locator("#date_of_birth").fill("10/10/2011");
  await page.locator("#cccd").fill(`0792110${String(stamp).slice(-5)}`);
  await page.locator("#phone").fill("0912345678");
  await page.locator("#class_name").fill("9A1");
  await page.locator("#school_name").fill("THCS Nguyễn Du");
  await page.locator("#province_code").selectOption("79");
  await page.locator("#curriculum").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Tiếp tục" }).click();

  // Step 2: the notices in force and, under 16, the parent's e-mail.
  await expect(page.getByRole("heading", { name: "Bước 2/2: sự đồng ý" })).toBeFocused();
  await expect(page.getByRole("link", { name: /^Điều khoản sử dụng, phiên bản 2\.0 ngày/ })).toBeVisible();
  await page.getByLabel("E-mail của cha mẹ hoặc người giám hộ").fill(parent);
  await page.getByRole("button", { name: "Đăng ký" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Hãy đồng ý với điều khoản" })).toBeVisible();
  await page.getByRole("checkbox", { name: /^Tôi đã đọc và đồng ý/ }).check();
  await shots(page, "consent-signup", "vi");
  await expectNoViolations(page);
  await switchTo(page, "en");
  await expect(page.getByRole("heading", { name: "Step 2 of 2: consent" })).toBeVisible();
  await expect(page.getByLabel("Parent's or guardian's e-mail")).toHaveValue(parent); // kept
  await shots(page, "consent-signup", "en");
  await switchTo(page, "vi");
  await page.getByRole("button", { name: "Đăng ký" }).click();
  await expect(page).toHaveURL(/signup-confirmation/);
  await page.goto(await linkFromMail(email, /\/verify-email\?token=[\w:-]+/));
  await expect(page.getByText("E-mail đã được xác minh")).toBeVisible();

  // Logged in: the banner says why buying waits; the server refuses the order.
  await login(page, email, PASSWORD);
  const banner = page.getByRole("region", { name: "Đang chờ cha mẹ đồng ý" });
  await expect(banner).toContainText("Đang chờ cha mẹ đồng ý: bạn chưa đủ 16 tuổi");
  await expect(banner).toContainText(`Chúng tôi đã gửi yêu cầu đến ${parent}`);
  const token = await csrf(page);
  expect(
    (
      await page.request.put("/api/v1/users/profile/self/grade", {
        data: { grade: 9 },
        headers: { "X-CSRFToken": token },
      })
    ).ok(),
  ).toBe(true);
  const refused = await page.request.post("/api/v1/transaction/checkout", {
    data: { items: [] },
    headers: { "X-CSRFToken": token },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("parental_consent_required");
  await page.getByRole("button", { name: "Gửi lại yêu cầu" }).waitFor();
  await shots(page, "consent-banner", "vi");
  await expectNoViolations(page);
  await switchTo(page, "en");
  await expect(page.getByRole("region", { name: "Waiting for your parent's consent" })).toContainText(
    "Waiting for your parent's consent: you are under 16",
  );
  await shots(page, "consent-banner", "en");
  await switchTo(page, "vi");

  // The parent opens the mailed link (in the learner's language) in a browser of their own.
  const link = await linkFromMail(parent, /\/parental-consent\/[\w-]+\?lang=vi/);
  const parentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const parentPage = await parentContext.newPage();
  await parentPage.goto(link);
  await expect(
    parentPage.getByRole("heading", { name: "Đồng ý xử lý dữ liệu cá nhân của Ngô Bảo Ngọc" }),
  ).toBeVisible();
  await expect(parentPage.getByText(`Ngô Bảo Ngọc (${email})`)).toBeVisible();
  await shots(parentPage, "consent-parent", "vi");
  await expectNoViolations(parentPage);
  await switchTo(parentPage, "en");
  await expect(
    parentPage.getByRole("heading", { name: "Consent for Ngô Bảo Ngọc's personal data" }),
  ).toBeVisible();
  await shots(parentPage, "consent-parent", "en");
  await parentPage.getByRole("checkbox", { name: /^I am the parent or guardian of Ngô Bảo Ngọc/ }).check();
  // the relationship and the child's date of birth, compared with the learner's (issue 37, item 5)
  await parentPage.getByRole("radio", { name: "Parent" }).check();
  await parentPage.getByLabel("Ngô Bảo Ngọc's date of birth").fill("10/10/2011");
  await parentPage.getByRole("button", { name: "I consent" }).click();
  await expect(
    parentPage.getByRole("heading", { name: "Thank you: your consent is recorded" }),
  ).toBeVisible();
  await expect(parentPage.getByRole("button", { name: "Withdraw my consent" })).toBeVisible();

  // The same link: a copy of the child's data, downloaded, and the account's deletion asked for
  // after a confirmation, then cancelled (issue 24, item 5).
  const data = parentPage.getByRole("region", { name: "Ngô Bảo Ngọc's personal data" });
  await data.getByRole("button", { name: "Request a copy" }).click();
  await expect(data.getByText(/^Your copy is ready \(/)).toBeVisible();
  const [download] = await Promise.all([
    parentPage.waitForEvent("download"),
    data.getByRole("button", { name: "Download the copy" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await data.getByRole("button", { name: "Ask to delete Ngô Bảo Ngọc's account" }).click();
  const confirm = parentPage.getByRole("dialog", { name: "Delete Ngô Bảo Ngọc's account?" });
  await confirm.getByRole("button", { name: "Delete the account" }).click();
  const due = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(new Date(Date.now() + 7 * 86_400_000)); // the grace period, 7 days, Vietnam's day
  await expect(data.getByRole("status").last()).toHaveText(
    new RegExp(`^Ngô Bảo Ngọc's account will be deleted at ${due}, \\d{2}:\\d{2}\\.$`),
  );
  await expect(data.getByText("You asked for the deletion.")).toBeVisible();
  await data.scrollIntoViewIfNeeded();
  await shots(parentPage, "consent-parent-data", "en");
  await expectNoViolations(parentPage);
  await switchTo(parentPage, "vi");
  await expect(parentPage.getByRole("region", { name: "Dữ liệu cá nhân của Ngô Bảo Ngọc" })).toContainText(
    "Bạn đã yêu cầu xóa.",
  );
  await shots(parentPage, "consent-parent-data", "vi");
  await parentPage.getByRole("button", { name: "Hủy việc xóa" }).click();
  await expect(
    parentPage.getByRole("button", { name: "Yêu cầu xóa tài khoản của Ngô Bảo Ngọc" }),
  ).toBeVisible();
  await parentContext.close();

  // The learner, now allowed: the banner is gone; buy the practice test, then start it.
  await page.reload();
  await expect(page.getByRole("heading", { name: /Xin chào/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Đang chờ cha mẹ đồng ý" })).toHaveCount(0);
  await page.goto("/marketplace");
  await page.getByRole("searchbox", { name: "Tìm kiếm" }).fill(PRACTICE);
  await expect(page).toHaveURL(/[?&]search=/); // the search has settled into the address
  await page.getByRole("link", { name: PRACTICE, exact: true }).click();
  await expect(page).toHaveURL(/\/marketplace\/\d+$/);
  const buy = page.getByRole("region", { name: "Mua đề thi" });
  await buy.getByRole("button", { name: "Mua ngay" }).click();
  await page.getByRole("button", { name: "Đặt hàng" }).click();
  await page.getByRole("button", { name: /^Thanh toán / }).click();
  await expect(page.getByText("Thanh toán thành công")).toBeVisible();
  await page.goto("/assignment/student");
  await page.getByRole("link", { name: `Chuẩn bị làm bài ${PRACTICE}` }).click();
  await page.getByRole("checkbox", { name: /Làm bài không dùng camera/ }).check();
  await page.getByRole("checkbox", { name: "Tôi đã đọc quy định và cảnh báo chuyển tab." }).check();
  await page.getByRole("button", { name: "Bắt đầu làm bài" }).click();
  await expect(page).toHaveURL(/\/take-test\/\d+$/);
});

/** Issue 37, item 2 (decision 0048): the demo's notices are at version 2.0 and hocsinh01 (15)
 * consented, with a parent's paper form, to 1.0. At login the prompt asks for the new version and
 * the parent's address; until the parent consents again (through the mailed link) the gate refuses
 * to start a test. The learner answers in English, the parent reads the page in Vietnamese and
 * consents in English. */
test("a 15-year-old's parent re-consents after a new notice version, in both languages", async ({
  page,
  browser,
}) => {
  const parent = `phuhuynh01.${Date.now()}@example.vn`;
  await login(page, "hocsinh01@demo.vn");
  let prompt = page.getByRole("dialog", { name: "Trước khi tiếp tục" });
  await expect(prompt).toContainText("Điều khoản sử dụng hoặc chính sách bảo mật đã thay đổi");
  await expect(prompt.getByRole("link", { name: /^Chính sách bảo mật, phiên bản 2\.0 ngày/ })).toBeVisible();
  await expect(prompt).toContainText("Cha mẹ hoặc người giám hộ của bạn đã đồng ý với phiên bản trước");
  await shots(page, "consent-renewal-prompt", "vi");
  await expectNoViolations(page);

  await page.evaluate(() => window.localStorage.setItem("lang", "en"));
  await page.reload();
  prompt = page.getByRole("dialog", { name: "Before you continue" });
  await expect(prompt).toContainText("Your parent or guardian consented to an earlier version");
  await prompt
    .getByRole("checkbox", { name: /^I have read and accept the terms and conditions \(version 2\.0\)/ })
    .check();
  await prompt.getByLabel("Parent's or guardian's e-mail").fill(parent);
  await shots(page, "consent-renewal-prompt", "en");
  await prompt.getByRole("button", { name: "Accept and continue" }).click();
  await expect(prompt).toBeHidden();
  const banner = page.getByRole("region", { name: "Waiting for your parent's consent" });
  await expect(banner).toContainText("Waiting for your parent's consent to the new version");
  await expect(banner).toContainText(`We sent the request to ${parent}`);

  // The gate refuses to start a test until the parent consents again.
  const token = await csrf(page);
  const me = await (await page.request.get("/api/v1/auth/is-authorized")).json();
  const born = me.data.user.date_of_birth as string; // dd/mm/yyyy, what the parent confirms
  const mine = await (await page.request.get("/api/v1/assignment-users/my-list")).json();
  const enrollment = mine.data.items[0].enrollment_id as number;
  const startTest = () =>
    page.request.post(`/api/v1/take-test/${enrollment}/start`, {
      data: { no_camera: true },
      headers: { "X-CSRFToken": token },
    });
  const refused = await startTest();
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("parental_consent_required");

  // The parent's mail (in the learner's language) and page: what was consented to before.
  const link = await linkFromMail(parent, /\/parental-consent\/[\w-]+\?lang=en/);
  const parentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const parentPage = await parentContext.newPage();
  await parentPage.goto(link);
  const note = parentPage.getByRole("note", { name: "The terms or the privacy policy changed" });
  await expect(note).toContainText("to version 1.0 of the terms and version 1.0 of the privacy policy");
  await switchTo(parentPage, "vi");
  await expect(
    parentPage.getByRole("note", { name: "Điều khoản hoặc chính sách bảo mật đã thay đổi" }),
  ).toContainText("với điều khoản sử dụng phiên bản 1.0 và chính sách bảo mật phiên bản 1.0");
  await expect(
    parentPage.getByText(/Luật Bảo vệ dữ liệu cá nhân số 91\/2025\/QH15, Điều 24/).first(),
  ).toBeVisible();
  await shots(parentPage, "consent-renewal-parent", "vi");
  await expectNoViolations(parentPage);
  await switchTo(parentPage, "en");
  await shots(parentPage, "consent-renewal-parent", "en");
  await parentPage.getByRole("checkbox", { name: /^I am the parent or guardian of Nguyễn Gia Bảo/ }).check();
  // the relationship and the child's date of birth, compared with the learner's (issue 37, item 5)
  await parentPage.getByRole("radio", { name: "Parent" }).check();
  await parentPage.getByLabel("Nguyễn Gia Bảo's date of birth").fill(born);
  await parentPage.getByRole("button", { name: "I consent" }).click();
  await expect(
    parentPage.getByRole("heading", { name: "Thank you: your consent is recorded" }),
  ).toBeVisible();
  await parentContext.close();

  // Now the learner may: the banner is gone and the gate lets the start through (the test's window
  // decides the rest).
  await page.reload();
  await expect(page.getByRole("heading", { name: /Hello|Xin chào/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Waiting for your parent's consent" })).toHaveCount(0);
  expect((await startTest()).status()).not.toBe(403);
});
