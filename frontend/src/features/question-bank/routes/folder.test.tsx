import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import { BANK, page, ROW, SUBJECTS } from "../testing/fixtures";
import FolderRoute from "./folder";

function open(path = "/question-bank/4") {
  const api = mockApi({
    "/api/v1/question-banks/4": ok({ ...BANK, path: [{ id: 4, name: "Toán 9" }] }),
    "/api/v1/question-banks": (url) =>
      ok(page(url.searchParams.get("parent_id") ? [] : [BANK, { ...BANK, id: 8, name: "Hình học" }])),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok([]),
    "/api/v1/questions": (url) => ok(page(url.searchParams.get("status") === "rejected" ? [] : [ROW])),
    "/api/v1/questions/bulk": ok([{ id: 31, ok: true, status: "published", code: "", message: "" }]),
  });
  return { ...api, ...renderRoute("/question-bank/:id", path, <FolderRoute />) };
}

describe("a question folder", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists its shared stimuli, and a question names the one it hangs from (decision 0054)", async () => {
    const stimulus = { id: 41, version: 1, status: "draft", title: { vi: "Bảng số liệu", en: "Data table" } };
    mockApi({
      "/api/v1/question-banks/4": ok({ ...BANK, path: [{ id: 4, name: "Toán 9" }] }),
      "/api/v1/question-banks": ok(page([])),
      "/api/v1/subjects": ok(SUBJECTS),
      "/api/v1/matrix-clusters": ok([]),
      "/api/v1/questions": ok(page([{ ...ROW, stimulus }])),
      "/api/v1/stimuli": ok(
        page([
          {
            id: 41,
            bank_id: 4,
            version: 1,
            grade: 9,
            subject_id: 2,
            subject_name: "Toán",
            title: stimulus.title,
            status: "draft",
            question_count: 3,
            created_by_name: "Nguyễn Thị Lan",
            updated_at: "2026-11-24T08:00:00Z",
          },
        ]),
      ),
    });
    renderRoute("/question-bank/:id", "/question-bank/4", <FolderRoute />);
    const section = await screen.findByRole("region", { name: "Ngữ liệu dùng chung" });
    const link = within(section).getByRole("link", { name: /Bảng số liệu/ });
    expect(link).toHaveAttribute("href", "/question-bank/stimulus/41");
    expect(link).toHaveTextContent("3 câu hỏi");
    const table = screen.getByRole("table", { name: "Câu hỏi" });
    expect(await within(table).findByRole("link", { name: "Thuộc ngữ liệu: Bảng số liệu" })).toHaveAttribute(
      "href",
      "/question-bank/stimulus/41",
    );
    expect(screen.getByRole("button", { name: "Ngữ liệu mới" })).toBeInTheDocument();
  });

  it("lists the questions; a filter goes to the address and the request", async () => {
    const { calls, router } = open();
    const table = await screen.findByRole("table", { name: "Câu hỏi" });
    const row = await within(table).findByRole("row", { name: /Giải phương trình bậc hai/ });
    expect(row).toHaveTextContent("Một lựa chọn");
    expect(row).toHaveTextContent("Trung bình");
    expect(row).toHaveTextContent("Nháp");
    await userEvent.selectOptions(screen.getByLabelText("Trạng thái"), "rejected");
    expect(await within(table).findByText("Không có câu hỏi nào phù hợp.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=rejected");
    expect(calls.at(-1)?.path).toBe("/api/v1/questions?status=rejected&bank_id=4&page=1&limit=20");
  });

  it("reads its filters from the address", async () => {
    const { calls } = open("/question-bank/4?grade=9&type=essay&page=2");
    expect(await screen.findByLabelText("Khối lớp")).toHaveValue("9");
    expect(screen.getByLabelText("Loại")).toHaveValue("essay");
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.path === "/api/v1/questions?type=essay&grade=9&bank_id=4&page=2&limit=20"),
      ).toBe(true),
    );
  });

  it("publishes the selected questions and moves them", async () => {
    const toasts = recordToasts();
    const { calls } = open();
    await screen.findByRole("row", { name: /Giải phương trình bậc hai/ });
    await userEvent.click(screen.getByLabelText("Chọn tất cả"));
    const bulk = screen.getByRole("region", { name: "Thao tác hàng loạt" });
    expect(bulk).toHaveTextContent("Đã chọn 1 câu hỏi");
    expect(
      within(bulk)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Chọn…", "Hình học"]);
    await userEvent.click(within(bulk).getByRole("button", { name: "Xuất bản" }));
    await vi.waitFor(() => expect(toasts.map((t) => t.title)).toContain("Thành công 1/1 câu hỏi"));
    expect(calls.find((c) => c.path === "/api/v1/questions/bulk")?.body).toEqual({
      action: "publish",
      ids: [31],
    });
    expect(screen.queryByRole("region", { name: "Thao tác hàng loạt" })).toBeNull();
  });

  it("ends an import with the number of questions imported, and the list shows them", async () => {
    const toasts = recordToasts();
    let imported = false;
    const NEW = { ...ROW, id: 40, stem: { vi: "Câu hỏi mới nhập", en: "" } };
    const { calls } = mockApi({
      "/api/v1/question-banks/4": ok({ ...BANK, path: [{ id: 4, name: "Toán 9" }] }),
      "/api/v1/question-banks": ok(page([])),
      "/api/v1/subjects": ok(SUBJECTS),
      "/api/v1/matrix-clusters": ok([]),
      // The drafts just imported are not "published": a filter left on would hide them.
      "/api/v1/questions": (url) =>
        ok(page(url.searchParams.get("status") === "published" ? [] : imported ? [NEW, ROW] : [ROW])),
      "/api/v1/question-banks/4/import": (url) => {
        const now = url.searchParams.get("dry_run") === "false";
        if (now) imported = true;
        return ok({ rows: 2, valid: 2, errors: [], imported: now ? 2 : 0 });
      },
    });
    const { router } = renderRoute(
      "/question-bank/:id",
      "/question-bank/4?status=published",
      <FolderRoute />,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Nhập từ Excel" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.upload(
      within(dialog).getByLabelText("Chọn tệp .xlsx"),
      new File(["x"], "cau-hoi.xlsx", {
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Kiểm tra tệp" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Nhập tất cả" }));

    await vi.waitFor(() => expect(toasts.map((t) => t.title)).toContain("Đã nhập 2 câu hỏi"));
    const table = screen.getByRole("table", { name: "Câu hỏi" });
    expect(await within(table).findByRole("row", { name: /Câu hỏi mới nhập/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    // The bank's counts are read again.
    expect(calls.filter((c) => c.path === "/api/v1/question-banks/4")).toHaveLength(2);
  });
});
