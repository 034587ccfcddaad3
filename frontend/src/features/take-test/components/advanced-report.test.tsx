import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Route } from "@/testing/mock-api";

import type { AdvancedReportData, ReportState } from "../api/types";
import { assignment, result } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import TakersDetailRoute from "../routes/takers-detail";

const REPORT = "/api/v1/take-test/5/report";
const PDF = "/api/v1/take-test/5/report/pdf";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

function reportData(overrides: Partial<AdvancedReportData> = {}): AdvancedReportData {
  return {
    test_name: "Đánh giá năng lực Toán 9",
    learner_name: "Nguyễn Thị Lan",
    score: 6,
    max_score: 8,
    // on the reporting scale, as the server converts them (decision 0056)
    scale_score: 7.5,
    scale_max: 10,
    scale_cohort_mean: 6.56,
    scale_cohort_median: 6.88,
    parts: [],
    percent: 75,
    result: "passed",
    percentile: 62.5,
    takers: 4,
    cohort_mean: 5.25,
    cohort_median: 5.5,
    histogram: [0, 0, 0, 1, 0, 1, 0, 2, 0, 0],
    breakdown: {
      subject: [{ id: 1, name: "Toán", score: 6, max: 8, percent: 75, cohort_percent: 65.6 }],
      topic: [
        { id: 11, name: "T9-DS Đại số", score: 5, max: 6, percent: 83.3, cohort_percent: 70 },
        { id: 12, name: "T9-HH Hình học", score: 1, max: 2, percent: 50, cohort_percent: 60 },
      ],
      complexity_level: [{ id: 21, name: "NB Nhận biết", score: 2, max: 4, percent: 40, cohort_percent: 55 }],
      cognitive_domain: [],
    },
    stimuli: [],
    strengths: ["T9-DS Đại số"],
    weaknesses: ["NB Nhận biết"],
    generated_at: at(Date.now() - HOUR),
    ...overrides,
  };
}

/** The report state as the server sends it; its clock runs `skew` ms ahead of this device's. */
function state(overrides: Partial<ReportState> = {}, skew = 0): ReportState {
  return {
    available: true,
    reason: "",
    report: null,
    generated_at: null,
    next_generation_at: null,
    wait_minutes: 180,
    server_now: at(Date.now() + skew),
    ...overrides,
  };
}

function openDetail(report: Route, language: "vi" | "en" = "en", extra: Record<string, Route> = {}) {
  const api = mockApi({
    "/api/v1/assignment-users/5": ok(
      assignment({
        status: "graded",
        advanced_report: true,
        attempt_no: 1,
        attempt_status: "submitted",
        max_score: 8,
        score: 6,
        result: "passed",
        released: true,
      }),
    ),
    "/api/v1/take-test/5/result": ok(result()),
    [REPORT]: report,
    ...extra,
  });
  renderRoute("/assignment/takers-detail/:id", "/assignment/takers-detail/5", <TakersDetailRoute />, {
    language,
  });
  return api;
}

const section = (name: string) => screen.findByRole("region", { name });

describe("the advanced report on the learner's test", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the percentile, the cohort comparison, strengths and weaknesses, and the time left on the server's clock", async () => {
    const skew = HOUR; // the server's clock is an hour ahead: the wait must be counted on it
    const serverNow = Date.now() + skew;
    openDetail(
      ok(
        state(
          {
            report: reportData(),
            generated_at: at(serverNow - 45 * MINUTE),
            next_generation_at: at(serverNow + 2 * HOUR + 14 * MINUTE + 10_000),
          },
          skew,
        ),
      ),
    );
    const report = await section("Advanced report");
    expect(await within(report).findByText("62.5")).toBeInTheDocument();
    expect(report).toHaveTextContent("among 4 takers");
    expect(report).toHaveTextContent("Score7.50/1075%Cohort mean6.56/10Cohort median6.88/10");
    expect(within(report).getByText("A new report can be generated in 2 h 15 min.")).toBeVisible();
    const generate = within(report).getByRole("button", { name: "Generate a new report" });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription("A new report can be generated in 2 h 15 min.");
    expect(within(report).getByRole("button", { name: "Download PDF" })).toBeEnabled();

    const cohort = within(report).getByRole("table", { name: "You against the cohort (% of points): Topic" });
    expect(within(cohort).getByRole("row", { name: /T9-DS Đại số/ })).toHaveTextContent("83.3%70%");
    expect(within(cohort).getByRole("row", { name: /T9-HH Hình học/ })).toHaveTextContent("50%60%");
    const spread = within(report).getByRole("table", { name: "Score distribution of the takers" });
    expect(within(spread).getByRole("row", { name: /70–80%/ })).toHaveTextContent("2");
    expect(report).toHaveTextContent("Your band: 70–80%");
    expect(within(report).getByRole("list", { name: "Strengths" })).toHaveTextContent("T9-DS Đại số");
    expect(within(report).getByRole("list", { name: "To work on" })).toHaveTextContent("NB Nhận biết");

    await userEvent.setup().selectOptions(within(report).getByLabelText("Group by"), "complexity_level");
    expect(
      within(report).getByRole("table", { name: "You against the cohort (% of points): Complexity level" }),
    ).toHaveTextContent("NB Nhận biết40%55%");
  });

  it.each([
    ["report_not_purchased", "Bài thi này không mua kèm báo cáo nâng cao."],
    ["test_not_ended", /^Báo cáo nâng cao có sau khi bài thi kết thúc \(.+\)\.$/],
    ["result_not_released", "Báo cáo nâng cao có sau khi kết quả của bạn được công bố."],
  ])("says why it is not available (%s)", async (reason, text) => {
    openDetail(ok(state({ available: false, reason })), "vi");
    const report = await section("Báo cáo nâng cao");
    expect(await within(report).findByText(text)).toBeInTheDocument();
    expect(within(report).queryByRole("button", { name: /Tạo báo cáo/ })).toBeNull();
    expect(within(report).queryByRole("button", { name: "Tải PDF" })).toBeNull();
  });

  it("generates a report, then refuses during the wait period and shows the time left", async () => {
    const user = userEvent.setup();
    let generated = 0;
    const { calls } = openDetail((_url, request) => {
      if (request.method === "POST") {
        generated += 1;
        if (generated > 1)
          return {
            status: 409,
            body: { success: false, code: "report_wait", message: "Wait.", retry_at: at(Date.now() + HOUR) },
          };
        return ok(
          state({
            report: reportData(),
            generated_at: at(Date.now()),
            next_generation_at: at(Date.now() - 1000), // a wait of zero: it may be generated again
          }),
        );
      }
      return ok(
        generated === 0
          ? state()
          : state({
              report: reportData(),
              generated_at: at(Date.now()),
              next_generation_at: at(Date.now() + 30 * MINUTE),
            }),
      );
    }, "vi");
    const report = await section("Báo cáo nâng cao");
    expect(await within(report).findByText("Bạn có thể tạo báo cáo nâng cao cho bài thi này.")).toBeVisible();
    expect(report).toHaveTextContent("Mỗi lần tạo báo cáo cách nhau ít nhất 3 giờ 0 phút.");
    await user.click(within(report).getByRole("button", { name: "Tạo báo cáo" }));
    expect(await within(report).findByText("62,5")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === REPORT && c.method === "POST")).toHaveLength(1);

    await user.click(within(report).getByRole("button", { name: "Tạo báo cáo mới" }));
    expect(await within(report).findByRole("alert")).toHaveTextContent(
      "Chưa hết thời gian chờ, chưa thể tạo báo cáo mới.",
    );
    expect(await within(report).findByText("Có thể tạo báo cáo mới sau 0 giờ 30 phút nữa.")).toBeVisible();
    expect(within(report).getByRole("button", { name: "Tạo báo cáo mới" })).toBeDisabled();
  });

  it("downloads the PDF under the server's file name", async () => {
    const api = openDetail(ok(state({ report: reportData(), generated_at: at(Date.now()) })));
    const json = api.fetchMock;
    const pdfCalls: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== PDF) return json(input, init);
      pdfCalls.push(url.pathname);
      return new Response(new Blob(["%PDF-1.4"], { type: "application/pdf" }), {
        status: 200,
        headers: { "Content-Disposition": 'attachment; filename="advanced-report-5.pdf"' },
      });
    });
    const created = vi.fn(() => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const report = await section("Advanced report");
    await userEvent.setup().click(await within(report).findByRole("button", { name: "Download PDF" }));
    await vi.waitFor(() => expect(saved).toEqual(["advanced-report-5.pdf"]));
    expect(pdfCalls).toEqual([PDF]);
    expect(created).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});
