import { readFileSync } from "node:fs";

import { expect, test, type Page } from "@playwright/test";

import { login } from "./helpers";

/** The market dashboard's journey. Each analytics screen's rendering is analytics.test.tsx's
 * (a learner's refusal included); their pictures in both languages and widths are a11y.spec.ts's
 * (E2E_SHOTS=1). */
const ADMIN = "educator.admin@demo.vn";

async function dashboardReady(page: Page) {
  await expect(page.getByTestId("kpi-revenue")).toBeVisible();
  await expect(page.getByTestId("revenue-chart")).toBeVisible();
}

test("an educator filters the market dashboard, drills down from grade to assessment to transactions, and exports the spreadsheet", async ({
  page,
}) => {
  await login(page, ADMIN);
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Giao dịch và thống kê" })
    .click();
  await expect(page).toHaveURL(/\/alltransaction\/index/);
  await expect(page.getByRole("heading", { name: "Phân tích thị trường", level: 1 })).toBeVisible();
  await dashboardReady(page);
  const allRevenue = await page.getByTestId("kpi-revenue").textContent();
  expect(allRevenue).toMatch(/\d{1,3}(\.\d{3})+\s*₫/);

  // Filter: grade 9 only -> less revenue, the market table keeps grade 9 alone.
  await page.getByLabel("Khối lớp", { exact: true }).selectOption("9");
  await expect(page).toHaveURL(/grade=9/);
  await expect(page.getByTestId("kpi-revenue")).not.toHaveText(allRevenue ?? "");
  const market = page.getByRole("table", { name: "Thị trường theo khối lớp" });
  await expect(market.getByRole("link", { name: "Xem thị trường khối 9" })).toBeVisible();
  await expect(market.getByRole("link", { name: "Xem thị trường khối 12" })).toHaveCount(0);

  // Drill down: grade 9 -> its assessments -> the first one's transactions.
  await market.getByRole("link", { name: "Xem thị trường khối 9" }).click();
  await expect(page).toHaveURL(/\/alltransaction\/grade\/9/);
  await expect(page.getByRole("heading", { name: "Thị trường khối 9", level: 1 })).toBeVisible();
  const assessments = page.getByRole("table", { name: "Thị trường khối 9" });
  const first = assessments.getByRole("row").nth(1).getByRole("link");
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/alltransaction\/grade\/9\/assessment\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  const rows = page.getByRole("table", { name: "Giao dịch của bài đánh giá" }).getByRole("row");
  await expect(rows.nth(1)).toContainText("Hoàn tất");
  await expect(page.getByTestId("tx-totals")).toContainText("giao dịch");

  // Search narrows the list; clearing it brings the rows back.
  const student = (await rows.nth(1).getByRole("cell").nth(1).textContent()) ?? "";
  await page.getByLabel("Tìm kiếm", { exact: true }).fill(student);
  await expect(rows.nth(1)).toContainText(student);
  await page.getByLabel("Tìm kiếm", { exact: true }).fill("");

  // Export: the browser downloads the .xlsx under the server's name.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Xuất Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^market-assessment-transactions-\d+\.xlsx$/);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip: the .xlsx container
});
