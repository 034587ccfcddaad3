import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { linkFromMail, login, resize, shot } from "./helpers";

/** The age checked and a withdrawal that stops the sitting (issue 37, items 5 and 6): a parent's
 * date of birth that does not match stops the consent; a 15-year-old's new date of birth across
 * 16 waits for the parent on /profile; a parent's withdrawal during a test ends it, and the
 * centre's admin reads why on the attempt's page. Screenshots in vi and en at 1280 and 390 wide
 * (also copied to E2E_SHOTS_DIR when set). Every account is new on every run. */
const PRACTICE = "Luyện tập Toán 9 - Căn thức";
const PASSWORD = "Hoc-tap-2026!";
const COPY_TO = process.env.E2E_SHOTS_DIR;

async function shots(page: Page, name: string, lang: "vi" | "en") {
  for (const width of [1280, 390]) {
    if (width === 390) await resize(page, 390, 844);
    await shot(page, `${name}-${lang}-${width}`);
    if (COPY_TO) {
      mkdirSync(COPY_TO, { recursive: true });
      await page.screenshot({ path: join(COPY_TO, `${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await resize(page, 1280);
}

async function switchTo(page: Page, lang: "vi" | "en") {
  await page
    .getByRole("button", { name: lang === "en" ? /Chuyển sang tiếng Anh/ : /Switch to Vietnamese/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** A Vietnam calendar day `years` years before today, shifted by `days`, as dd/mm/yyyy. */
function bornAgo(years: number, days = 0): string {
  const now = new Date(Date.now() + 7 * 3600_000); // Vietnam time, read with the UTC getters
  const day = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(day.getUTCDate())}/${two(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
}

/** A CCCD number whose digits agree with `born` (dd/mm/yyyy): 079, the century and sex code (3: a
 * girl born 2000-2099), the year's last two digits, six digits of `stamp`. */
function cccdFor(born: string, stamp: number): string {
  return `0793${born.slice(-2)}${String(stamp).slice(-6)}`;
}

async function csrf(request: APIRequestContext): Promise<string> {
  await request.get("/public/api/auth/csrf");
  return (await request.storageState()).cookies.find((c) => c.name === "csrftoken")?.value ?? "";
}

/** Sign a learner up through the API, with a parent's address, and verify the e-mail. */
async function signUp(page: Page, email: string, name: string, born: string, parent: string, stamp: number) {
  const token = await csrf(page.request);
  const res = await page.request.post("/public/api/users/register", {
    headers: { "X-CSRFToken": token, "Accept-Language": "vi" },
    data: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      name,
      gender: "female",
      date_of_birth: born,
      cccd: cccdFor(born, stamp),
      class_name: "9A1",
      school_name: "THCS Nguyễn Du",
      district_text: "",
      province_code: "79",
      curriculum: "Kết nối tri thức",
      phone: "0912345678",
      contact_email: "",
      parent_email: parent,
      accept_terms: true,
      terms_version: "2.0", // consent.services.NOTICE_VERSION (decision 0048)
      privacy_version: "2.0",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(await linkFromMail(email, /\/verify-email\?token=[\w:-]+/));
  await expect(page.getByText("E-mail đã được xác minh")).toBeVisible();
}

test("a parent's date of birth that does not match stops the consent; a new date across 16 waits", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const email = `hs.tuoi.${stamp}@example.vn`;
  const parent = `me.tuoi.${stamp}@example.vn`;
  const born = bornAgo(16, 2); // 15, turning 16 in two days
  await signUp(page, email, "Đỗ Minh Thư", born, parent, stamp);

  // The parent's page asks the relationship and the child's date of birth.
  const link = await linkFromMail(parent, /\/parental-consent\/[\w-]+\?lang=vi/);
  const parentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const parentPage = await parentContext.newPage();
  await parentPage.goto(link);
  await expect(parentPage.getByRole("group", { name: "Bạn và Đỗ Minh Thư" })).toBeVisible();
  await shots(parentPage, "parent-page", "vi");
  await switchTo(parentPage, "en");
  await expect(parentPage.getByRole("group", { name: "You and Đỗ Minh Thư" })).toBeVisible();
  await shots(parentPage, "parent-page", "en");
  await parentPage.getByRole("checkbox", { name: /^I am the parent or guardian of Đỗ Minh Thư/ }).check();
  await parentPage.getByRole("radio", { name: "Parent" }).check();
  await parentPage.getByLabel("Đỗ Minh Thư's date of birth").fill(bornAgo(17));
  await parentPage.getByRole("button", { name: "I consent" }).click();
  await expect(parentPage.getByRole("heading", { name: "The consent was not recorded" })).toBeVisible();
  await expect(parentPage.getByRole("alert")).toContainText("is not the one Đỗ Minh Thư gave");
  await shots(parentPage, "parent-page-mismatch", "en");
  await switchTo(parentPage, "vi");
  await expect(parentPage.getByRole("heading", { name: "Sự đồng ý chưa được ghi nhận" })).toBeVisible();
  await shots(parentPage, "parent-page-mismatch", "vi");
  await parentContext.close();

  // The learner: a new date of birth, 16 already, waits for the parent.
  await login(page, email, PASSWORD);
  await page.goto("/profile");
  const field = page.getByLabel("Ngày sinh (dd/mm/yyyy)");
  await expect(field).toHaveValue(born);
  await field.fill(bornAgo(16, -2));
  await page.getByRole("button", { name: "Lưu" }).click();
  const note = page.getByText(/đang chờ cha mẹ hoặc người giám hộ/);
  await expect(note).toContainText(`(${parent})`);
  await expect(field).toHaveValue(born); // the confirmed date stays
  await page.reload(); // the state is the server's: still waiting after a reload
  await expect(page.getByText(/đang chờ cha mẹ hoặc người giám hộ/)).toBeVisible();
  await shots(page, "profile-birth-date-pending", "vi");
  await switchTo(page, "en");
  await expect(page.getByText(/waits for confirmation by your parent or guardian/)).toBeVisible();
  await shots(page, "profile-birth-date-pending", "en");
  await linkFromMail(parent, /\/birth-date-confirm\/[\w-]+\?lang=vi/); // the parent is asked
});

test("a parent's withdrawal during a test ends it; the admin reads why", async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `hs.rut.${stamp}@example.vn`;
  const parent = `me.rut.${stamp}@example.vn`;
  const born = bornAgo(14);
  await signUp(page, email, "Vũ Hải Yến", born, parent, stamp);
  const token = (await linkFromMail(parent, /\/parental-consent\/([\w-]+)\?lang=vi/)).match(
    /parental-consent\/([\w-]+)/,
  )![1]!;
  const parentApi = (await browser.newContext()).request;
  const given = await parentApi.post("/public/api/consent/parent/consent", {
    headers: { "X-CSRFToken": await csrf(parentApi) },
    data: {
      token,
      accept_terms: true,
      terms_version: "2.0", // consent.services.NOTICE_VERSION (decision 0048)
      privacy_version: "2.0",
      relationship: "parent",
      child_birth_date: born,
    },
  });
  expect(given.status(), await given.text()).toBe(200);

  // The learner buys the practice test and starts it without camera.
  await login(page, email, PASSWORD);
  await page.request.put("/api/v1/users/profile/self/grade", {
    data: { grade: 9 },
    headers: { "X-CSRFToken": await csrf(page.request) },
  });
  await page.goto("/marketplace");
  await page.getByRole("searchbox", { name: "Tìm kiếm" }).fill(PRACTICE);
  await expect(page).toHaveURL(/[?&]search=/);
  await page.getByRole("link", { name: PRACTICE, exact: true }).click();
  await page.getByRole("region", { name: "Mua đề thi" }).getByRole("button", { name: "Mua ngay" }).click();
  await page.getByRole("button", { name: "Đặt hàng" }).click();
  await page.getByRole("button", { name: /^Thanh toán / }).click();
  await expect(page.getByText("Thanh toán thành công")).toBeVisible();
  await page.goto("/assignment/student");
  await page.getByRole("link", { name: `Chuẩn bị làm bài ${PRACTICE}` }).click();
  await page.getByRole("checkbox", { name: /Làm bài không dùng camera/ }).check();
  await page.getByRole("checkbox", { name: "Tôi đã đọc quy định và cảnh báo chuyển tab." }).check();
  await page.getByRole("button", { name: "Bắt đầu làm bài" }).click();
  await expect(page).toHaveURL(/\/take-test\/\d+$/);
  await page.getByRole("radio").first().check();
  await expect(page.getByText("Đã lưu", { exact: false }).first()).toBeVisible();

  // The parent withdraws through the link: the next answer is refused and the test is over.
  const withdrawn = await parentApi.post("/public/api/consent/parent/withdraw", {
    headers: { "X-CSRFToken": await csrf(parentApi) },
    data: { token },
  });
  expect(withdrawn.status()).toBe(200);
  await page
    .getByRole("button", { name: /Câu sau/ })
    .first()
    .click();
  await page.locator("input[type=radio], input[type=checkbox]").first().check(); // any type
  await expect(page).toHaveURL(/\/assignment\/result\/index\?id=\d+/);
  await expect(
    page.getByText(/Bài thi đã kết thúc khi sự đồng ý xử lý dữ liệu của bạn bị rút lại/),
  ).toBeVisible();

  // The centre's admin: the results list and the attempt's page say why.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  await login(adminPage, "educator.admin@demo.vn");
  await adminPage.goto(`/assignment/result/index?search=${encodeURIComponent("Vũ Hải Yến")}`);
  await expect(adminPage.getByText("Đã rút lại đồng ý").first()).toBeVisible();
  await adminPage.getByRole("link", { name: "Vũ Hải Yến" }).first().click();
  await expect(adminPage.getByRole("heading", { name: "Vũ Hải Yến" })).toBeVisible();
  await expect(
    adminPage.getByText(/Bài thi đã kết thúc khi sự đồng ý xử lý dữ liệu của người học/),
  ).toBeVisible();
  await shots(adminPage, "educator-attempt-withdrawn", "vi");
  await switchTo(adminPage, "en");
  await expect(adminPage.getByText(/The test was ended when the consent/)).toBeVisible();
  await shots(adminPage, "educator-attempt-withdrawn", "en");
  await admin.close();
});
