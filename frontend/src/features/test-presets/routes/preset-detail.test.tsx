import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";

import { testPresetKeys } from "@/lib/api/test-presets";

import type { Preset } from "../api/types";
import { CLUSTERS, formRow, page, PRESET, ROUND, SUBJECTS } from "../testing/fixtures";
import { recordToasts, renderRoute } from "@/testing/render-route";
import PresetDetailRoute from "./preset-detail";

function api(
  preset: Preset,
  { admin = false, extra = {} }: { admin?: boolean; extra?: Record<string, Route> } = {},
) {
  const session = authorizedAs("EDUCATOR");
  session.user.is_admin = admin;
  return mockApi({
    "/api/v1/auth/is-authorized": ok(session),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    "/api/v1/test-presets/7": ok(preset),
    ...extra,
  });
}

const show = () => renderRoute("/test-preset/detail/:id", "/test-preset/detail/7", <PresetDetailRoute />);
const GENERATED = { ...PRESET, question_count: 3, max_score: 3, generated_at: "2026-11-21T01:00:00Z" };
const FORM = [formRow(1, 1, "Câu hỏi A"), formRow(2, 2, "Câu hỏi B"), formRow(3, 3, "Câu hỏi C")];

/** The stems of the preview, in the order shown. */
function shownOrder(): string[] {
  const list = screen.getByRole("list", { name: "Câu hỏi của đề" });
  return within(list)
    .getAllByText(/^Câu hỏi [ABC]$/)
    .map((node) => node.textContent ?? "");
}

describe("test preset detail", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each short cluster and how many questions are missing when generation fails", async () => {
    const user = userEvent.setup();
    const { calls } = api(PRESET, {
      extra: {
        "/api/v1/test-presets/7/generate": {
          status: 400,
          body: {
            success: false,
            code: "generation_failed",
            message: "Tạo đề thất bại: T9-DS Căn bậc hai: thiếu 2 câu; T9-HH Hình học: thiếu 3 câu",
            shortfalls: [
              {
                subject: "Toán",
                cluster: "T9-DS Căn bậc hai",
                complexity_level: "NB",
                needed: 5,
                available: 3,
                missing: 2,
              },
              {
                subject: "Toán",
                cluster: "T9-HH Hình học",
                complexity_level: "",
                needed: 4,
                available: 1,
                missing: 3,
              },
            ],
          },
        },
      },
    });
    show();
    await user.click(await screen.findByRole("button", { name: "Tạo đề" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Tạo đề thất bại")).toBeInTheDocument();
    const items = within(within(alert).getByRole("list", { name: "Mục ma trận thiếu câu hỏi" })).getAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Toán · T9-DS Căn bậc hai · NB");
    expect(items[0]).toHaveTextContent("Cần 5, hiện có 3, thiếu 2 câu");
    expect(items[1]).toHaveTextContent("Toán · T9-HH Hình học");
    expect(items[1]).toHaveTextContent("Cần 4, hiện có 1, thiếu 3 câu");
    expect(calls.filter((c) => c.path.endsWith("/generate"))).toHaveLength(1);
  });

  it("asks before regenerating an existing form", async () => {
    const user = userEvent.setup();
    const { calls } = api(GENERATED, {
      extra: { "/api/v1/test-presets/7/form": ok(FORM), "/api/v1/test-presets/7/generate": ok(GENERATED) },
    });
    show();
    await user.click(await screen.findByRole("button", { name: "Tạo lại đề" }));
    const dialog = await screen.findByRole("dialog", { name: "Tạo lại đề?" });
    expect(calls.some((c) => c.path.endsWith("/generate"))).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Tạo lại đề" }));
    await vi.waitFor(() => expect(calls.some((c) => c.path.endsWith("/generate"))).toBe(true));
  });

  it("puts the old order back and says so when saving a new order fails", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const { calls } = api(GENERATED, {
      extra: {
        "/api/v1/test-presets/7/form": ok(FORM),
        "/api/v1/test-presets/7/form/order": {
          status: 400,
          body: { success: false, code: "reorder_failed", message: "Sắp xếp lại câu hỏi thất bại" },
        },
      },
    });
    show();
    await screen.findByText("Câu hỏi A");
    expect(shownOrder()).toEqual(["Câu hỏi A", "Câu hỏi B", "Câu hỏi C"]);
    await user.click(screen.getByRole("button", { name: "Chuyển câu 1 xuống" }));
    await vi.waitFor(() => expect(toasts.map((t) => t.title)).toContain("Sắp xếp lại câu hỏi thất bại"));
    expect(shownOrder()).toEqual(["Câu hỏi A", "Câu hỏi B", "Câu hỏi C"]);
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ order: [2, 1, 3] });
    expect(toasts.find((t) => t.title === "Sắp xếp lại câu hỏi thất bại")?.variant).toBe("destructive");
  });

  it("keeps a saved order, and swaps one question", async () => {
    const user = userEvent.setup();
    const { calls } = api(GENERATED, {
      extra: {
        "/api/v1/test-presets/7/form": ok(FORM),
        "/api/v1/test-presets/7/form/order": ok({}),
        "/api/v1/test-presets/7/form/3/swap": ok(formRow(3, 3, "Câu hỏi B'")),
      },
    });
    show();
    await screen.findByText("Câu hỏi A");
    await user.click(screen.getByRole("button", { name: "Chuyển câu 3 lên" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(shownOrder()).toEqual(["Câu hỏi A", "Câu hỏi C", "Câu hỏi B"]);
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ order: [1, 3, 2] });
    await user.click(screen.getByRole("button", { name: "Đổi câu khác cho câu 2" }));
    expect(await screen.findByText("Câu hỏi B'")).toBeInTheDocument();
  });

  it("shows approve and reject to organization admins only, and the server's reasons when not ready", async () => {
    const user = userEvent.setup();
    api(GENERATED, { extra: { "/api/v1/test-presets/7/form": ok(FORM) } });
    const view = show();
    await screen.findByRole("heading", { name: PRESET.name });
    expect(screen.queryByRole("button", { name: "Duyệt" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Từ chối" })).toBeNull();
    view.unmount();
    vi.unstubAllGlobals();

    api(GENERATED, {
      admin: true,
      extra: {
        "/api/v1/test-presets/7/form": ok(FORM),
        "/api/v1/test-presets/7/approve": {
          status: 400,
          body: {
            success: false,
            code: "preset_not_ready",
            message: "Đề thi chưa sẵn sàng để duyệt.",
            errors: { passing_score: ["Điểm đạt cao hơn điểm tối đa (3)."] },
          },
        },
      },
    });
    show();
    await user.click(await screen.findByRole("button", { name: "Duyệt" }));
    const dialog = await screen.findByRole("dialog", { name: "Duyệt đề thi?" });
    await user.click(within(dialog).getByRole("button", { name: "Duyệt" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Đề thi chưa sẵn sàng để duyệt.");
    expect(alert).toHaveTextContent("Điểm đạt cao hơn điểm tối đa (3).");
  });

  it("requires a comment to reject", async () => {
    const user = userEvent.setup();
    const { calls } = api(GENERATED, {
      admin: true,
      extra: {
        "/api/v1/test-presets/7/form": ok(FORM),
        "/api/v1/test-presets/7/reject": ok({
          ...GENERATED,
          status: "rejected",
          review_comment: "Thiếu câu khó",
        }),
      },
    });
    show();
    await user.click(await screen.findByRole("button", { name: "Từ chối" }));
    const dialog = await screen.findByRole("dialog", { name: "Từ chối đề thi?" });
    await user.click(within(dialog).getByRole("button", { name: "Từ chối" }));
    expect(await within(dialog).findByText("Bắt buộc")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Nhận xét"), "Thiếu câu khó");
    await user.click(within(dialog).getByRole("button", { name: "Từ chối" }));
    expect(await screen.findByText("Thiếu câu khó")).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/reject"))?.body).toEqual({ comment: "Thiếu câu khó" });
    expect(screen.getAllByText("Bị từ chối").length).toBeGreaterThan(0);
  });

  it("shows a published preset's questions read-only", async () => {
    api(
      { ...GENERATED, status: "published" },
      { admin: true, extra: { "/api/v1/test-presets/7/form": ok(FORM) } },
    );
    show();
    await screen.findByText("Câu hỏi A");
    expect(screen.getByText("Đề thi đã xuất bản: câu hỏi chỉ để xem.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sổ điểm" })).toHaveAttribute(
      "href",
      "/assignment/gradebook/preset/7",
    );
    for (const name of [/Chuyển câu/, /Đổi câu khác/, /Kéo để sắp xếp/, "Tạo lại đề", "Sửa", "Duyệt"])
      expect(screen.queryByRole("button", { name })).toBeNull();
    // options render with KaTeX (its MathML copy), once it came (after the texts were shown)
    expect(
      (
        await within(screen.getByRole("list", { name: "Câu hỏi của đề" })).findAllByRole(
          "math",
          { hidden: true },
          { timeout: 30_000 },
        )
      ).length,
    ).toBeGreaterThan(0);
  });

  it("leads a published test on to assigning, grading (with the answers waiting), results, gradebook and item analysis, and each batch to its page", async () => {
    const batch = {
      id: 3,
      name: "Ca sáng",
      starts_at: "2026-12-05T01:00:00Z",
      expires_at: "2026-12-05T03:00:00Z",
      slots: 10,
      available: 10,
      pending: 0,
      taken: 0,
      low_slot: false,
    };
    const { calls } = api(
      { ...GENERATED, status: "published", batches: [batch] },
      {
        extra: {
          "/api/v1/test-presets/7/form": ok(FORM),
          "/api/v1/grading": ok({ items: [], page: 1, limit: 1, total: 3 }),
        },
      },
    );
    show();
    const loop = await screen.findByRole("navigation", { name: "Giao đề và kết quả" });
    await vi.waitFor(() => expect(within(loop).getByText("3 chờ chấm")).toBeInTheDocument());
    expect(
      within(loop)
        .getAllByRole("link")
        .map((link) => [link.textContent?.trim(), link.getAttribute("href")]),
    ).toEqual([
      ["Giao cho học sinh", "/assignment/form?preset_id=7"],
      ["Chấm bài 3 chờ chấm", "/assignment/grading/list?preset=7"],
      ["Kết quả", "/assignment/result/index?preset=7"],
      ["Sổ điểm", "/assignment/gradebook/preset/7"],
      ["Phân tích câu hỏi", "/assignment/item-analysis/preset/7"],
    ]);
    // the count is the grading list's total for this test, pending answers only
    expect(calls.find((c) => c.path.startsWith("/api/v1/grading"))?.path).toBe(
      "/api/v1/grading?page=1&limit=1&preset_id=7&state=pending",
    );
    const table = screen.getByRole("table", { name: "Ca thi" });
    expect(within(table).getByRole("link", { name: "Ca sáng" })).toHaveAttribute(
      "href",
      "/assignment/batch-detail/3",
    );
  });

  it("offers no assignment or results to a draft", async () => {
    const { calls } = api(PRESET);
    show();
    await screen.findByRole("heading", { name: PRESET.name });
    expect(screen.queryByRole("navigation", { name: "Giao đề và kết quả" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Giao cho học sinh" })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/api/v1/grading"))).toBe(false);
  });

  it("adds a batch and shows the server's refusal to lower slots below what is sold", async () => {
    const user = userEvent.setup();
    const batch = {
      id: 3,
      name: "Ca sáng",
      starts_at: "2026-12-05T01:00:00Z",
      expires_at: "2026-12-05T03:00:00Z",
      slots: 10,
      available: 2,
      pending: 3,
      taken: 5,
      low_slot: true,
    };
    const { calls } = api(
      { ...PRESET, batches: [batch] },
      {
        extra: {
          "/api/v1/test-presets/7/batches": {
            status: 201,
            body: { success: true, data: batch, message: "" },
          },
          "/api/v1/test-presets/7/batches/3": {
            status: 400,
            body: {
              success: false,
              message: "Không thể lưu ca thi.",
              errors: { slots: ["Đã có ít nhất 9 chỗ được bán hoặc giữ."] },
            },
          },
        },
      },
    );
    show();
    const table = await screen.findByRole("table", { name: "Ca thi" });
    expect(within(table).getByText("Sắp hết chỗ")).toBeInTheDocument();
    expect(
      within(table).getByRole("img", { name: "Đã dùng 5, đang giữ 3, còn trống 2 trên 10 chỗ" }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Thêm ca thi" }));
    let dialog = await screen.findByRole("dialog", { name: "Ca thi mới" });
    fireEvent.change(within(dialog).getByLabelText("Giờ bắt đầu"), { target: { value: "2026-12-06T08:00" } });
    fireEvent.change(within(dialog).getByLabelText("Giờ kết thúc"), {
      target: { value: "2026-12-06T07:00" },
    });
    await user.type(within(dialog).getByLabelText("Số chỗ"), "30");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Giờ kết thúc phải sau giờ bắt đầu.")).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Giờ kết thúc"), {
      target: { value: "2026-12-06T10:00" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST" && c.path.endsWith("/batches"))?.body).toMatchObject({
      slots: 30,
    });

    await user.click(screen.getByRole("button", { name: "Sửa ca thi Ca sáng" }));
    dialog = await screen.findByRole("dialog", { name: "Sửa ca thi" });
    const slots = within(dialog).getByLabelText("Số chỗ");
    await user.clear(slots);
    await user.type(slots, "9");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Đã có ít nhất 9 chỗ được bán hoặc giữ.")).toBeInTheDocument();
    expect(within(dialog).getByText("Không thể lưu ca thi.")).toBeInTheDocument();
  });

  it("reads the preset under the key every page shares", async () => {
    api(PRESET);
    const { client } = show();
    await screen.findByRole("heading", { name: PRESET.name });
    expect(client.getQueryData(testPresetKeys.detail(7))).toEqual(PRESET);
  });

  it("says the test is not found, without asking the server, when the address has no id", async () => {
    const { calls } = api(PRESET);
    renderRoute("/test-preset/detail/:id", "/test-preset/detail/abc", <PresetDetailRoute />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tìm thấy đề thi.");
    expect(screen.getByRole("link", { name: "Về danh sách đề thi" })).toHaveAttribute("href", "/test-preset");
    expect(calls.filter((c) => c.path.startsWith("/api/v1/test-presets"))).toEqual([]);
  });
});
