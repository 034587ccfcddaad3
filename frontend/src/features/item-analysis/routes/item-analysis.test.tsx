import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { QUEUED, READY } from "../testing/fixtures";
import BatchItemAnalysisRoute from "./item-analysis-batch";
import PresetItemAnalysisRoute from "./item-analysis-preset";

const PRESET = "/assignment/item-analysis/preset/:presetId";

describe("item analysis", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the test's figures, histogram rows, flagged questions and what the flags mean", async () => {
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(READY) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    expect(await screen.findByRole("heading", { level: 1, name: "Toán 9 - Học kỳ I" })).toBeVisible();
    expect(screen.getByText("Tính lúc 10:00 22/11/2026")).toBeVisible();
    expect(screen.getByRole("region", { name: "Bài làm" })).toHaveTextContent(
      "Bài được phân tích40Bài bị hủy (không tính)2Bài chờ chấm (không tính)1",
    );
    expect(screen.getByRole("region", { name: "Số liệu của đề" })).toHaveTextContent(
      "Số bài40Điểm trung bình1,15Trung vị1Độ lệch chuẩn0,62Độ lệch phân bố (skewness)-0,13" +
        "Hệ số tin cậy (KR-20)0,72Sai số chuẩn đo lường (SEM)0,33Điểm tối đa2",
    );

    const histogram = screen.getByRole("table", { name: "Phân bố điểm" });
    expect(
      within(histogram)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["ĐiểmSố bài", "05", "124", "211"]);

    const questions = screen.getByRole("table", { name: "Các câu hỏi" });
    const flagged = within(questions).getByRole("row", { name: /#12/ });
    expect(flagged).toHaveTextContent(
      "Câu 1 #12Giá trị của 2 + 3 là0,45-0,12-0,10,05Phân biệt âmCó thể sai đáp án",
    );
    expect(within(flagged).getByRole("link", { name: "Mở câu hỏi #12 trong ngân hàng" })).toHaveAttribute(
      "href",
      "/question-bank/form/12",
    );
    const plain = within(questions).getByRole("row", { name: /#13/ });
    expect(within(plain).queryByRole("link")).toBeNull(); // only flagged questions link to the bank

    const meaning = screen.getByRole("region", { name: "Ý nghĩa các cảnh báo" });
    expect(meaning).toHaveTextContent(
      "Phân biệt âmĐộ phân biệt dưới 0: học viên có tổng điểm thấp làm câu này tốt hơn học viên có tổng điểm cao.",
    );
    expect(meaning).toHaveTextContent("Quá khóĐộ khó dưới 0,2: rất ít học viên làm đúng câu này.");
    expect(meaning).toHaveTextContent(
      "Có thể sai đáp ánMột phương án sai được nhóm 27% điểm cao nhất chọn nhiều hơn nhóm 27% điểm thấp nhất",
    );
    expect(screen.queryByText("Đang tính…")).toBeNull();
  });

  it("in English: the reliability and a flag's explanation with the server's thresholds", async () => {
    mockApi({
      "/api/v1/batches/3/item-analysis": ok({
        ...READY,
        batch_id: 3,
        batch_name: "Ca sáng",
        summary: { ...READY.summary!, coefficient: "alpha" },
      }),
    });
    renderRoute(
      "/assignment/item-analysis/batch/:batchId",
      "/assignment/item-analysis/batch/3",
      <BatchItemAnalysisRoute />,
      {
        language: "en",
      },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Ca sáng" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Toán 9 - Học kỳ I" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/preset/7",
    );
    expect(screen.getByRole("region", { name: "Test figures" })).toHaveTextContent(
      "Reliability (Cronbach's alpha)0.72",
    );
    expect(screen.getByRole("region", { name: "What the flags mean" })).toHaveTextContent(
      "Low discriminationDiscrimination from 0 to below 0.2: the question hardly separates stronger from weaker learners.",
    );
    expect(screen.getByText("Computed 22 Nov 2026, 10:00")).toBeVisible();
  });

  it("says 'Đang tính…' and polls while the analysis is queued, then shows the figures", async () => {
    let reads = 0;
    const { calls } = mockApi({
      "/api/v1/test-presets/7/item-analysis": () => {
        reads += 1;
        return ok(reads === 1 ? QUEUED : READY);
      },
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);
    expect(await screen.findByText("Đang tính…")).toHaveAttribute("role", "status");
    expect(screen.getByText("Chưa tính lần nào")).toBeVisible();
    expect(screen.getByRole("button", { name: "Tính lại" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Xuất Excel" })).toBeDisabled();
    expect(
      await screen.findByRole("region", { name: "Số liệu của đề" }, { timeout: 5000 }),
    ).toHaveTextContent("Hệ số tin cậy (KR-20)0,72");
    expect(screen.queryByText("Đang tính…")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/v1/test-presets/7/item-analysis")).toHaveLength(2);
  });

  it("recomputes on request and exports the spreadsheet", async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = mockApi({
      "/api/v1/test-presets/7/item-analysis": ok(READY),
      "/api/v1/test-presets/7/item-analysis/recompute": ok({
        ...READY,
        state: { ...READY.state, status: "queued" },
      }),
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

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
    await screen.findByRole("heading", { level: 1 });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["xlsx"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="item-analysis-test-7.xlsx"' },
        }),
    );
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(() => expect(saved).toEqual(["item-analysis-test-7.xlsx"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/v1/test-presets/7/item-analysis/export");
    click.mockRestore();

    await user.click(screen.getByRole("button", { name: "Tính lại" }));
    expect(await screen.findByText("Đang tính…")).toBeVisible();
    // the last figures stay shown while the new run computes
    expect(screen.getByRole("region", { name: "Số liệu của đề" })).toHaveTextContent(
      "Hệ số tin cậy (KR-20)0,72",
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/v1/test-presets/7/item-analysis/recompute",
    ]);
  });

  it("says so when the batch is not the organization's", async () => {
    mockApi({});
    renderRoute(
      "/assignment/item-analysis/batch/:batchId",
      "/assignment/item-analysis/batch/99",
      <BatchItemAnalysisRoute />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tìm thấy ca thi này.");
  });
});
