import { expect, test, type Page } from "@playwright/test";

import { login, shot } from "./helpers";

async function logout(page: Page) {
  await page.getByRole("button", { name: /Tài khoản|Account menu/ }).click();
  await page.getByRole("menuitem", { name: /Đăng xuất|Log out/ }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("an educator builds a bank, a matrix and questions; a colleague approves; the author publishes", async ({
  page,
}) => {
  const bankName = `Toán 9 — ${Date.now()}`;
  await login(page, "educator@demo.vn");
  await page.goto("/question-bank");
  await shot(page, "qb-banks-vi");

  // Matrix: a topic and a subtopic (complexity levels and cognitive domains are seeded).
  await page.getByRole("link", { name: "Ma trận" }).click();
  await page.getByRole("button", { name: "Thêm" }).first().click();
  await page.getByLabel("Mã").fill(`E2E${Date.now() % 100000}`);
  await page.getByLabel("Mô tả").fill("Hàm số bậc hai");
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByText("Hàm số bậc hai")).toBeVisible();
  await page.getByRole("button", { name: "Thêm" }).nth(1).click();
  await page.getByLabel("Mã").fill(`E2ES${Date.now() % 100000}`);
  await page.getByLabel("Mô tả").fill("Đồ thị parabol");
  const parents = await page.getByLabel("Chủ đề cha").locator("option").allTextContents();
  await page
    .getByLabel("Chủ đề cha")
    .selectOption({ label: parents.find((o) => o.includes("Hàm số bậc hai"))! });
  await page.getByRole("button", { name: "Lưu" }).click();
  await expect(page.getByText("Đồ thị parabol")).toBeVisible();
  await shot(page, "qb-matrix-vi");

  // A bank.
  await page.getByRole("link", { name: "Ngân hàng", exact: true }).click();
  await page.getByRole("button", { name: "Ngân hàng mới" }).click();
  await page.getByRole("textbox", { name: "Tên" }).fill(bankName);
  await page.getByRole("button", { name: "Lưu" }).click();
  await page.getByRole("link", { name: bankName }).click();
  await expect(page.getByRole("heading", { name: bankName })).toBeVisible();
  const folderUrl = page.url();

  // A question of each type; the single-choice one has an image and a formula.
  const types: [string, (p: Page) => Promise<void>][] = [
    [
      "single_choice",
      async (p) => {
        await p.getByLabel("Nội dung phương án A").fill("$x=\\pm 2$");
        await p.getByLabel("Nội dung phương án B").fill("$x=4$");
        await p.getByLabel("Đánh dấu A là đáp án đúng").check();
      },
    ],
    [
      "multiple_choice",
      async (p) => {
        await p.getByLabel("Nội dung phương án A").fill("2");
        await p.getByLabel("Nội dung phương án B").fill("3");
        await p.getByLabel("Đánh dấu A là đáp án đúng").check();
        await p.getByLabel("Đánh dấu B là đáp án đúng").check();
      },
    ],
    [
      "true_false",
      async (p) =>
        p
          .getByLabel("Đáp án đúng")
          .selectOption("true")
          .then(() => undefined),
    ],
    ["short_text", async (p) => p.getByLabel(/Các đáp án được chấp nhận/).fill("Hà Nội\nHa Noi")],
    [
      "essay",
      async (p) => {
        await p.getByLabel("Hướng dẫn chấm").fill("Nêu đủ 3 ý, mỗi ý 2 điểm");
        await p.getByLabel("Điểm tối đa").fill("6");
      },
    ],
  ];
  const ids: number[] = [];
  for (const [type, fill] of types) {
    await page.goto(folderUrl);
    await page.getByRole("button", { name: "Câu hỏi mới" }).click();
    // The folder has filters labelled like the form's fields (Loại, Khối lớp, Môn học, Độ khó):
    // choose only once the form is there, or the choices land in the folder's filters.
    await expect(page).toHaveURL(/\/question-bank\/form\/new/);
    await expect(page.getByLabel("Nội dung câu hỏi")).toBeVisible();
    await page.getByLabel("Loại").selectOption(type);
    await page.getByLabel("Khối lớp").selectOption("9");
    await page.getByLabel("Môn học").selectOption({ label: "Toán" });
    await page.getByLabel("Độ khó").selectOption("medium");
    await page.getByLabel("Nội dung câu hỏi").fill(`Giải phương trình $x^2 - 4 = 0$ (${type})`);
    await fill(page);
    if (type === "single_choice") {
      await page
        .locator("input[type=file][accept^='image']")
        .setInputFiles({ name: "hinh.png", mimeType: "image/png", buffer: pngBytes() });
      await expect(page.getByLabel("Nội dung câu hỏi")).toHaveValue(/<img src=/);
    }
    await page.getByRole("button", { name: "Lưu" }).first().click();
    await expect(page).toHaveURL(/\/question-bank\/form\/\d+$/);
    ids.push(Number(page.url().split("/").pop()));
    await expect(page.locator(".katex").first()).toBeVisible(); // the preview renders the formula
    if (type === "single_choice") await shot(page, "qb-question-form-vi");
    // Matrix, then submit.
    const options = async (label: string) =>
      (await page.getByLabel(label).locator("option").allTextContents()).filter((o) => o.includes("—"));
    await page
      .getByLabel("Chủ đề", { exact: true })
      .selectOption({ label: (await options("Chủ đề")).find((o) => o.includes("Hàm số bậc hai"))! });
    await page
      .getByLabel("Chủ đề con")
      .selectOption({ label: (await options("Chủ đề con")).find((o) => o.includes("Đồ thị parabol"))! });
    await page.getByLabel("Mức độ nhận thức").selectOption({ index: 2 });
    await page.getByLabel("Lĩnh vực nhận thức (Bloom)").selectOption({ index: 3 });
    await page.getByRole("button", { name: "Gắn ma trận" }).click();
    await expect(page.getByText("Đã gắn ma trận").first()).toBeVisible();
    await page.getByRole("button", { name: "Gửi duyệt" }).click();
    await expect(page.getByText("Chờ duyệt").first()).toBeVisible();
    await expect(page.getByText("Đang chờ một giáo viên khác duyệt.")).toBeVisible();
  }
  await logout(page);

  // A colleague approves from the vetting queue.
  await login(page, "educator.admin@demo.vn");
  await page.goto("/question-bank/vetting");
  await shot(page, "qb-vetting-vi");
  for (const id of ids) {
    await page.goto(`/question-bank/form/${id}`);
    await page.getByRole("button", { name: "Duyệt" }).click();
    await expect(page.getByText("Đã duyệt").first()).toBeVisible();
  }
  await logout(page);

  // The author publishes (bulk, from the folder).
  await login(page, "educator@demo.vn");
  await page.goto("/question-bank");
  await page.getByRole("link", { name: bankName }).click();
  await expect(page.locator("tbody tr")).toHaveCount(ids.length); // rows loaded
  await page.getByLabel("Chọn tất cả").check();
  await page
    .getByRole("region", { name: "Thao tác hàng loạt" })
    .getByRole("button", { name: "Xuất bản" })
    .click();
  await expect(page.getByText(`Thành công ${ids.length}/${ids.length} câu hỏi`).first()).toBeVisible();
  await expect(page.locator("tbody").getByText("Đã xuất bản")).toHaveCount(ids.length);
  await shot(page, "qb-folder-published-vi");
  await page.getByRole("button", { name: "VI – Chuyển sang tiếng Anh" }).click();
  await expect(page.locator("tbody").getByText("Published")).toHaveCount(ids.length);
  await shot(page, "qb-folder-published-en");
  await page.goto(`/question-bank/form/${ids[0]}`);
  await expect(page.getByText("This question is published")).toBeVisible();
  await shot(page, "qb-question-published-en");
});

/** A tiny valid PNG (1x1). */
function pngBytes(): Buffer {
  return Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
    "base64",
  );
}
