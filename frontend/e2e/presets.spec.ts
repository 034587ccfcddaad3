import { expect, test, type Locator, type Page } from "@playwright/test";

import { login, resize, settled, shot } from "./helpers";

/** `YYYY-MM-DDTHH:mm` in the browser's local time, `days` from now (for datetime-local inputs). */
function localInput(days: number, hour = 8): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Selects the option whose label contains every given part. */
async function choose(select: Locator, ...parts: string[]) {
  const labels = await select.locator("option").allTextContents();
  const label = labels.find((l) => parts.every((p) => l.includes(p)));
  if (!label) throw new Error(`no option with ${parts.join(" + ")} in ${labels.join(" | ")}`);
  await select.selectOption({ label });
}

/** A full-page screenshot from the top (a sticky header would otherwise sit mid-page). */
async function shotTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** The stems of the preview, in order. */
async function previewStems(page: Page): Promise<string[]> {
  const items = page.getByRole("list", { name: "Câu hỏi của đề" }).locator(":scope > li");
  return (await items.allInnerTexts()).map((text) => text.split("\n").slice(1, 3).join(" "));
}

async function fillPreset(page: Page, name: string, roundName: string) {
  await page.getByLabel("Tên đề thi").fill(name);
  await page.getByLabel("Mô tả").fill("Đề đánh giá năng lực cuối học kì, rút ngẫu nhiên từ ngân hàng mẫu.");
  await page.getByLabel("Khối lớp").selectOption("9");
  await page.getByLabel("Thời lượng (phút)").fill("45");
  await page.getByLabel("Ngày bắt đầu").fill(localInput(1));
  await page.getByLabel("Ngày kết thúc").fill(localInput(20));
  await choose(page.getByLabel("Vòng thi", { exact: true }), roundName);
}

test("an educator admin builds a round and a preset, generates, reorders, approves and adds a batch", async ({
  page,
}) => {
  const stamp = Date.now() % 100000;
  const roundName = `Vòng 1 — E2E ${stamp}`;
  const presetName = `Đánh giá năng lực lớp 9 — ${stamp}`;
  await login(page, "educator.admin@demo.vn");

  // The sidebar leads to the rounds screen; a round open from yesterday for a month.
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Vòng thi", exact: true })
    .click();
  await expect(page).toHaveURL(/\/round$/);
  await expect(page.getByRole("heading", { name: "Vòng thi" })).toBeVisible();
  await page.getByRole("button", { name: "Vòng thi mới" }).click();
  const roundDialog = page.getByRole("dialog", { name: "Vòng thi mới" });
  await roundDialog.getByLabel("Tên vòng thi").fill(roundName);
  await roundDialog.getByLabel("Ngày bắt đầu").fill(localInput(-1));
  await roundDialog.getByLabel("Ngày hết hạn").fill(localInput(-2));
  await roundDialog.getByRole("button", { name: "Lưu" }).click();
  await expect(roundDialog.getByText("Ngày hết hạn phải sau ngày bắt đầu.")).toBeVisible();
  await roundDialog.getByLabel("Ngày hết hạn").fill(localInput(30));
  await roundDialog.getByLabel("Thông báo khi đạt (tiếng Việt)").fill("Chúc mừng bạn đã vượt qua vòng 1!");
  await roundDialog.getByLabel("Thông báo khi đạt (tiếng Anh)").fill("Congratulations, you passed round 1!");
  await roundDialog.getByLabel("Thông báo khi chưa đạt (tiếng Việt)").fill("Rất tiếc, bạn chưa đạt vòng 1.");
  await roundDialog.getByLabel("Thông báo khi chưa đạt (tiếng Anh)").fill("Sorry, you did not pass round 1.");
  await roundDialog.getByRole("button", { name: "Lưu" }).click();
  await expect(roundDialog).toBeHidden();
  const roundRow = page.getByRole("row").filter({ hasText: roundName });
  await expect(roundRow).toContainText("Đang mở");

  // A preset for grade 9 from the sidebar's "tests" item.
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Đề thi", exact: true })
    .click();
  await expect(page).toHaveURL(/\/test-preset$/);
  await page.getByRole("link", { name: "Đề thi mới" }).click();
  await expect(page).toHaveURL(/\/test-preset\/form$/);
  await fillPreset(page, presetName, roundName);
  await page.getByLabel("Điểm đạt").fill("3");
  await page.getByLabel("Môn học", { exact: true }).selectOption({ label: "Toán" });
  await choose(page.getByLabel("Mục ma trận, dòng 1 (Toán)"), "T9-DS", "cả chủ đề");
  await page.getByLabel("Số câu, dòng 1 (Toán)").fill("2");
  await page.getByRole("button", { name: "Thêm mục ma trận" }).click();
  await choose(page.getByLabel("Mục ma trận, dòng 2 (Toán)"), "T9-HS1");
  await page.getByLabel("Số câu, dòng 2 (Toán)").fill("1");
  await page.getByRole("button", { name: "Thêm môn học" }).click();
  await page.getByLabel("Môn học", { exact: true }).nth(1).selectOption({ label: "Tiếng Anh" });
  await choose(page.getByLabel("Mục ma trận, dòng 1 (Tiếng Anh)"), "E9-GR", "cả chủ đề");
  await page.getByLabel("Số câu, dòng 1 (Tiếng Anh)").fill("2");
  await expect(page.getByText("Tổng cộng 5 câu hỏi")).toBeVisible();
  const requirements = page.getByRole("group", { name: "Điều kiện tham gia" });
  await requirements.getByRole("button", { name: "Thêm dòng" }).click();
  await page.getByLabel("Điều kiện tham gia: khóa dòng 1").fill("province");
  await page.getByLabel("Điều kiện tham gia: giá trị dòng 1").fill("79");
  const outcomes = page.getByRole("group", { name: "Kết quả gán khi đạt" });
  await outcomes.getByRole("button", { name: "Thêm dòng" }).click();
  await outcomes.getByRole("button", { name: "Thêm dòng" }).click();
  await page.getByLabel("Kết quả gán khi đạt: khóa dòng 1").fill("scholarship");
  await page.getByLabel("Kết quả gán khi đạt: giá trị dòng 1").fill("yes");
  await page.getByLabel("Kết quả gán khi đạt: khóa dòng 2").fill("Scholarship");
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByText("Khóa này đã được dùng.")).toBeVisible(); // inline, nothing sent
  await expect(page).toHaveURL(/\/test-preset\/form$/);
  await shotTop(page, "tests-form-flow-vi-1280");
  await page.getByRole("button", { name: "Kết quả gán khi đạt: xóa dòng 2" }).click();
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page).toHaveURL(/\/test-preset\/detail\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole("heading", { name: presetName })).toBeVisible();
  await expect(page.getByText("Bản nháp").first()).toBeVisible();

  // Generate: five questions drawn from the demo bank, stems and options rendered with KaTeX.
  await page.getByRole("button", { name: "Tạo đề", exact: true }).click();
  const preview = page.getByRole("list", { name: "Câu hỏi của đề" });
  await expect(preview.locator(":scope > li")).toHaveCount(5);
  await expect(page.locator(".katex").first()).toBeVisible();

  // Reorder by keyboard: pick question 1 up, move it down one place, drop it; the order is saved.
  const before = await previewStems(page);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/form/order") && r.request().method() === "PUT" && r.status() === 200,
  );
  // Each key once the previous one has taken effect: the handle is pressed while its question is
  // held, and dnd-kit's live region says where it is.
  const handle = page.getByRole("button", { name: "Kéo để sắp xếp câu 1" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("[id^=DndLiveRegion]")).toHaveText("Câu 1 đang ở vị trí 2.");
  await page.keyboard.press("Space");
  await saved;
  await expect.poll(() => previewStems(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  // And with a button, then check the server kept it.
  const saved2 = page.waitForResponse((r) => r.url().endsWith("/form/order") && r.status() === 200);
  await page.getByRole("button", { name: "Chuyển câu 5 lên" }).click();
  await saved2;
  const expected = [before[1], before[0], before[2], before[4], before[3]];
  await page.reload();
  await expect.poll(() => previewStems(page)).toEqual(expected);
  // Swap one question for another of the same cluster.
  const swapped = page.waitForResponse((r) => r.url().includes("/swap") && r.status() === 200);
  await page.getByRole("button", { name: "Đổi câu khác cho câu 1" }).click();
  await swapped;
  await shotTop(page, "tests-detail-draft-vi-1280");

  // The organization admin approves it; the questions become read-only.
  await page.getByRole("button", { name: "Duyệt", exact: true }).click();
  const approve = page.getByRole("dialog", { name: "Duyệt đề thi?" });
  await approve.getByLabel("Nhận xét (không bắt buộc)").fill("Đề cân đối, đạt yêu cầu.");
  await approve.getByRole("button", { name: "Duyệt" }).click();
  await expect(page.getByText("Đã duyệt đề thi").first()).toBeVisible();
  await expect(page.getByText("Đề cân đối, đạt yêu cầu.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Kéo để sắp xếp câu 1" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Tạo lại đề/ })).toHaveCount(0);

  // A batch: the expiry must be later than the start; then 40 slots, all available.
  await page.getByRole("button", { name: "Thêm ca thi" }).click();
  const batch = page.getByRole("dialog", { name: "Ca thi mới" });
  await batch.getByLabel("Tên ca thi").fill("Ca sáng");
  await batch.getByLabel("Giờ bắt đầu").fill(localInput(2, 8));
  await batch.getByLabel("Giờ kết thúc").fill(localInput(2, 7));
  await batch.getByLabel("Số chỗ").fill("40");
  await batch.getByRole("button", { name: "Lưu" }).click();
  await expect(batch.getByText("Giờ kết thúc phải sau giờ bắt đầu.")).toBeVisible();
  await batch.getByLabel("Giờ kết thúc").fill(localInput(2, 10));
  await batch.getByRole("button", { name: "Lưu" }).click();
  await expect(batch).toBeHidden();
  const batchRow = page
    .getByRole("table", { name: "Ca thi" })
    .getByRole("row")
    .filter({ hasText: "Ca sáng" });
  await expect(batchRow).toContainText("40");
  await expect(
    batchRow.getByRole("img", { name: "Đã dùng 0, đang giữ 0, còn trống 40 trên 40 chỗ" }),
  ).toBeVisible();
  await shotTop(page, "tests-detail-flow-vi-1280");

  // The list shows it approved with its batch.
  await page.goto("/test-preset");
  const listRow = page.getByRole("row").filter({ hasText: presetName });
  await expect(listRow).toContainText("Đã duyệt");
  await expect(listRow).toContainText("Toán, Tiếng Anh");
  await shotTop(page, "tests-list-flow-vi-1280");

  // A preset asking for more questions than a cluster has: generation fails with the shortfall.
  await page.getByRole("link", { name: "Đề thi mới" }).click();
  await fillPreset(page, `Đọc hiểu nâng cao — ${stamp}`, roundName);
  await page.getByLabel("Môn học", { exact: true }).selectOption({ label: "Tiếng Anh" });
  await choose(page.getByLabel("Mục ma trận, dòng 1 (Tiếng Anh)"), "E9-RD", "cả chủ đề");
  await page.getByLabel("Số câu, dòng 1 (Tiếng Anh)").fill("10");
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page).toHaveURL(/\/test-preset\/detail\/\d+$/);
  const shortUrl = page.url();
  await page.getByRole("button", { name: "Tạo đề", exact: true }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Tạo đề thất bại" });
  await expect(failure).toBeVisible();
  const shortfalls = failure.getByRole("list", { name: "Mục ma trận thiếu câu hỏi" }).getByRole("listitem");
  await expect(shortfalls).toHaveCount(1);
  await expect(shortfalls.first()).toContainText("E9-RD");
  await expect(shortfalls.first()).toContainText("Cần 10, hiện có 6, thiếu 4 câu");
  await shotTop(page, "tests-generation-failed-vi-1280");

  // The round is now in use: deleting it is refused with the server's reason.
  await page.goto("/round");
  await page.getByRole("button", { name: `Xóa vòng thi ${roundName}` }).click();
  const del = page.getByRole("dialog", { name: "Xóa vòng thi?" });
  await del.getByRole("button", { name: "Xóa" }).click();
  await expect(del.getByRole("alert")).toContainText("đang được đề thi hoặc vòng khác sử dụng");
  await del.getByRole("button", { name: "Hủy" }).click();

  // Screenshots of the draft's form and the approved test's page in both languages, at 1280 and
  // 390 px (the rounds and tests lists are photographed by a11y.spec.ts, which reaches no draft).
  const screens: [string, string][] = [
    ["tests-form", shortUrl.replace("/detail/", "/form/")],
    ["tests-detail", detailUrl],
  ];
  for (const lang of ["vi", "en"] as const) {
    await page.evaluate((value) => window.localStorage.setItem("lang", value), lang);
    for (const [name, url] of screens) {
      await resize(page, 1280);
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(/Đang tải|Loading/)).toHaveCount(0);
      if (name === "tests-detail") await expect(page.locator(".katex").first()).toBeVisible();
      await settled(page);
      await shot(page, `${name}-${lang}-1280`);
      await resize(page, 390, 844);
      await shot(page, `${name}-${lang}-390`);
    }
  }
});
