import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import type { Gradebook, GradebookRow } from "../api/types";
import BatchGradebookRoute from "./gradebook-batch";
import PresetGradebookRoute from "./gradebook-preset";

const AN: GradebookRow = {
  assignment_id: 31,
  learner_profile_id: 501,
  learner_name: "Nguyễn Văn An",
  learner_email: "an@example.vn",
  batch_id: 3,
  batch_name: "Ca sáng",
  status: "graded",
  attempt_id: 71,
  score: 7.5,
  max_score: 10,
  scale_score: 7.5,
  scale_max: 10,
  parts: [],
  result: "passed",
  released: true,
  released_at: "2026-11-22T04:00:00Z",
  integrity: [],
  tab_switches: 0,
  submitted_at: "2026-11-22T01:30:00Z",
  submit_reason: "learner",
};
const BINH: GradebookRow = {
  ...AN,
  assignment_id: 32,
  learner_profile_id: 502,
  learner_name: "Trần Thị Bình",
  learner_email: "binh@example.vn",
  attempt_id: 72,
  score: 3,
  scale_score: 3,
  result: "failed",
  released: false,
  released_at: null,
  integrity: ["voided", "tab_switches"],
  tab_switches: 6,
  submitted_at: "2026-11-22T01:12:00Z",
};
const DUNG: GradebookRow = {
  ...AN,
  assignment_id: 33,
  learner_profile_id: 503,
  learner_name: "Phạm Dũng",
  learner_email: "dung@example.vn",
  status: "assigned",
  attempt_id: null,
  score: null,
  max_score: null,
  scale_score: null,
  scale_max: null,
  result: null,
  released: false,
  released_at: null,
  submitted_at: null,
};

function book(items: GradebookRow[], releasable: number, batch = true): Gradebook {
  return {
    items,
    page: 1,
    limit: 20,
    total: items.length,
    scope: {
      preset_id: 7,
      preset_name: "Toán 9 - Học kỳ I",
      batch_id: batch ? 3 : null,
      batch_name: batch ? "Ca sáng" : null,
      camera_proctoring: true,
      tab_switches_allowed: 5,
      score_scale: "ten",
      parts: [],
    },
    counts: { learners: 3, submitted: 2, graded: 2, released: 1, flagged: 1, releasable },
  };
}

const rowOf = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("gradebook", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a column per part with each learner's subtotal on the scale (decision 0056)", async () => {
    const part = (position: number, name: string, score: number | null, max: number) => ({
      position,
      name,
      question_type: "single_choice",
      question_count: 4,
      score,
      max_score: max,
      scale_score: score,
      scale_max: max,
    });
    const parted = book(
      [
        {
          ...AN,
          score: 7.35,
          scale_score: 7.35,
          parts: [part(1, "Phần I", 2.25, 3), part(2, "Phần II", 2.6, 4), part(3, "Phần III", 2.5, 3)],
        },
        DUNG,
      ],
      0,
    );
    parted.scope.parts = [
      { position: 1, name: "Phần I. Trắc nghiệm nhiều phương án lựa chọn", short_name: "Phần I" },
      { position: 2, name: "Phần II. Trắc nghiệm đúng sai", short_name: "Phần II" },
      { position: 3, name: "Phần III. Trắc nghiệm trả lời ngắn", short_name: "Phần III" },
    ];
    mockApi({ "/api/v1/batches/3/gradebook": ok(parted) });
    renderRoute(
      "/assignment/gradebook/batch/:batchId",
      "/assignment/gradebook/batch/3",
      <BatchGradebookRoute />,
    );
    await screen.findByText("7,35/10");
    const table = screen.getByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(2, 6)).toEqual(["Điểm", "Phần I", "Phần II", "Phần III"]);
    const cells = within(rowOf("Nguyễn Văn An"))
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.slice(2, 6)).toEqual(["7,35/10", "2,25/3", "2,60/4", "2,50/3"]);
    const none = within(rowOf("Phạm Dũng"))
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(none.slice(2, 6)).toEqual(["—", "—", "—", "—"]);
  });

  it("shows a batch's learners and releases the whole batch after saying how many", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    let released = false;
    const { calls } = mockApi({
      "/api/v1/batches/3/gradebook": () =>
        ok(released ? book([AN, { ...BINH, released: true }, DUNG], 0) : book([AN, BINH, DUNG], 1)),
      "/api/v1/batches/3/release": () => {
        released = true;
        return ok({ released: 1 });
      },
    });
    renderRoute(
      "/assignment/gradebook/batch/:batchId",
      "/assignment/gradebook/batch/3",
      <BatchGradebookRoute />,
    );

    expect(await screen.findByRole("heading", { level: 1, name: "Ca sáng" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Toán 9 - Học kỳ I" })).toHaveAttribute(
      "href",
      "/assignment/gradebook/preset/7",
    );
    expect(screen.getByRole("link", { name: "Phân tích câu hỏi" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/batch/3",
    );
    const an = within(rowOf("Nguyễn Văn An"));
    expect(an.getByText("7,50/10")).toBeVisible();
    expect(an.getByText("Đạt")).toBeVisible();
    expect(an.getByText("Đã công bố")).toBeVisible();
    expect(an.getByText("11:00 22/11/2026")).toBeVisible(); // released, Vietnam time
    expect(an.getByText("08:30 22/11/2026")).toBeVisible(); // submitted
    expect(an.getByText("Không")).toBeVisible(); // no integrity flag
    expect(an.getByRole("link", { name: "Nguyễn Văn An" })).toHaveAttribute("href", "/assignment/result/71");
    const binh = within(rowOf("Trần Thị Bình"));
    expect(binh.getByText("3,00/10")).toBeVisible();
    expect(binh.getByText("Không đạt")).toBeVisible();
    expect(binh.getByText("Chưa công bố")).toBeVisible();
    expect(binh.getByText("Kết quả bị hủy")).toBeVisible();
    expect(binh.getByText("Chuyển tab 6 lần")).toBeVisible();
    const dung = within(rowOf("Phạm Dũng"));
    expect(dung.getByText("Chưa làm")).toBeVisible();
    expect(dung.getByText("Chưa nộp")).toBeVisible();
    expect(dung.queryByRole("link")).toBeNull();
    expect(screen.getByText("1 kết quả đã chấm chờ công bố")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Công bố cả ca thi" }));
    const dialog = await screen.findByRole("dialog", { name: "Công bố kết quả của ca thi?" });
    expect(dialog).toHaveTextContent(
      "1 kết quả đã chấm của ca thi này sẽ hiển thị cho học viên. Kết quả còn chờ chấm vẫn được ẩn.",
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false); // nothing before the confirmation
    await user.click(within(dialog).getByRole("button", { name: "Công bố 1 kết quả" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/v1/batches/3/release",
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã công bố 1 kết quả.");
    expect(await within(rowOf("Trần Thị Bình")).findByText("Đã công bố")).toBeVisible();
    expect(screen.getByText("Không có kết quả đã chấm nào chờ công bố")).toBeVisible();
    expect(screen.getByRole("button", { name: "Công bố cả ca thi" })).toBeDisabled();
  });

  it("cancelling the confirmation releases nothing", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/batches/3/gradebook": ok(book([AN, BINH], 1)) });
    renderRoute(
      "/assignment/gradebook/batch/:batchId",
      "/assignment/gradebook/batch/3",
      <BatchGradebookRoute />,
    );
    await user.click(await screen.findByRole("button", { name: "Công bố cả ca thi" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Hủy" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows a test's gradebook in English with names marked Vietnamese, sorts, searches and exports", async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = mockApi({
      "/api/v1/test-presets/7/gradebook": ok(book([AN, BINH], 1, false)),
    });
    renderRoute(
      "/assignment/gradebook/preset/:presetId",
      "/assignment/gradebook/preset/7",
      <PresetGradebookRoute />,
      { language: "en" },
    );
    const heading = await screen.findByRole("heading", { level: 1, name: "Toán 9 - Học kỳ I" });
    expect(within(heading).getByText("Toán 9 - Học kỳ I")).toHaveAttribute("lang", "vi");
    expect(screen.getByRole("link", { name: "Item analysis" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/preset/7",
    );
    const an = within(rowOf("Nguyễn Văn An"));
    expect(an.getByText("Nguyễn Văn An")).toHaveAttribute("lang", "vi");
    expect(an.getByText("Ca sáng")).toHaveAttribute("lang", "vi");
    expect(an.getByText("7.50/10")).toBeVisible();
    expect(an.getByText("Released")).toBeVisible();
    expect(an.getByText("22 Nov 2026, 11:00")).toBeVisible();
    expect(within(rowOf("Trần Thị Bình")).getByText("6 tab switches")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Release the batch" })).toBeNull(); // a batch's page only
    expect(screen.getByRole("region", { name: "Gradebook figures" })).toHaveTextContent(
      "Learners3Submitted2Graded2Released1Flagged1",
    );

    await user.selectOptions(screen.getByLabelText("Sort"), "-score");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "an@");
    await vi.waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        "/api/v1/test-presets/7/gradebook?page=1&limit=20&search=an%40&order_by=-score",
      ),
    );

    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["xlsx"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="gradebook-preset-7.xlsx"' },
        }),
    );
    await user.click(screen.getByRole("button", { name: "Export spreadsheet" }));
    await vi.waitFor(() => expect(saved).toEqual(["gradebook-preset-7.xlsx"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      "/api/v1/test-presets/7/gradebook/export?search=an%40&order_by=-score",
    );
    click.mockRestore();
  });

  it("says so when the test is not the organization's", async () => {
    mockApi({});
    renderRoute(
      "/assignment/gradebook/preset/:presetId",
      "/assignment/gradebook/preset/99",
      <PresetGradebookRoute />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tìm thấy đề thi này.");
  });
});
