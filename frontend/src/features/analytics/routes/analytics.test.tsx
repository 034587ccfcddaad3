import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { subscribeToast, type ToastData } from "@/lib/toast-store";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { fileNameFromDisposition } from "@/lib/download";
import { withFallbacks } from "../api/get-market-transactions";
import { dashboard, markets, options, txRow } from "../testing/fixtures";
import AssessmentRoute from "./assessment";
import DashboardRoute from "./dashboard";

describe("market analytics", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the KPI cards with their change, what is not counted, and the market per grade; filters go to the API", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/transaction/analytics/filters": ok(options),
      "/api/v1/transaction/analytics": ok(dashboard),
      "/api/v1/transaction/analytics/markets": ok(markets),
    });
    const { router } = renderRoute(
      "/alltransaction/index",
      "/alltransaction/index?from=2025-03-01&to=2025-03-10",
      <DashboardRoute />,
    );
    expect(await screen.findByTestId("kpi-revenue")).toHaveTextContent(/390\.000\s*₫/);
    expect(screen.getByText("+160% so với kỳ trước")).toBeInTheDocument();
    expect(screen.getByText("-13,3% so với kỳ trước")).toBeInTheDocument();
    expect(screen.getByTestId("not-counted")).toHaveTextContent("1 chờ thanh toán (80.000 ₫)");
    const table = screen.getByRole("table", { name: "Thị trường theo khối lớp" });
    await within(table).findByRole("link", { name: "Xem thị trường khối 9" });
    const grade9 = within(table).getByRole("row", { name: /^Xem thị trường khối 9 / });
    expect(grade9).toHaveTextContent(/280\.000\s*₫/);
    expect(within(table).getByRole("row", { name: /^Tổng / })).toHaveTextContent(/390\.000\s*₫/);
    const first = calls.find((c) => c.path === "/api/v1/transaction/analytics");
    expect(first?.body).toEqual({
      analytic_type: "dashboard",
      from_date: "2025-03-01",
      to_date: "2025-03-10",
    });

    await user.selectOptions(screen.getByLabelText("Khối lớp"), "9");
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/v1/transaction/analytics").at(-1)?.body).toEqual({
        analytic_type: "dashboard",
        from_date: "2025-03-01",
        to_date: "2025-03-10",
        grade: 9,
      }),
    );
    expect(
      calls.some(
        (c) => c.path.startsWith("/api/v1/transaction/analytics/markets?") && c.path.includes("grade=9"),
      ),
    ).toBe(true);
    await user.click(within(table).getByRole("link", { name: "Xem thị trường khối 9" }));
    expect(router.state.location.pathname).toBe("/alltransaction/grade/9");
    expect(router.state.location.search).toContain("grade=9");
  });

  it("tells a learner plainly that the market is not theirs to see", async () => {
    mockApi({
      "/api/v1/transaction/analytics/filters": {
        status: 403,
        body: { success: false, code: "forbidden_role", message: "You're not allowed to access this page" },
      },
      "/api/v1/transaction/analytics": {
        status: 403,
        body: { success: false, code: "forbidden_role", message: "You're not allowed to access this page" },
      },
      "/api/v1/transaction/analytics/markets": {
        status: 403,
        body: { success: false, code: "forbidden_role" },
      },
    });
    renderRoute("/alltransaction/index", "/alltransaction/index", <DashboardRoute />, { language: "en" });
    expect(
      await screen.findByRole("heading", { name: "You're not allowed to access this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Only an organization's educators/)).toBeInTheDocument();
  });

  it("tells a learner so in Vietnamese, the SPA's own heading", async () => {
    mockApi({
      "/api/v1/transaction/analytics/filters": {
        status: 403,
        body: { success: false, code: "forbidden_role" },
      },
      "/api/v1/transaction/analytics": { status: 403, body: { success: false, code: "forbidden_role" } },
      "/api/v1/transaction/analytics/markets": {
        status: 403,
        body: { success: false, code: "forbidden_role" },
      },
    });
    renderRoute("/alltransaction/index", "/alltransaction/index", <DashboardRoute />);
    expect(
      await screen.findByRole("heading", { name: "Bạn không có quyền xem trang này" }),
    ).toBeInTheDocument();
  });

  it("lists an assessment's transactions and exports them with the server's file name", async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = mockApi({
      "/api/v1/transaction/analytics/markets/assessments/transactions": ok({
        items: [
          txRow(),
          txRow({ id: "", itemId: 8, transactionId: 42, studentName: "", paymentId: "SIM-X" }),
        ],
        page: 1,
        limit: 20,
        total: 2,
        totals: { totalPaid: 360_000 },
      }),
    });
    renderRoute(
      "/alltransaction/grade/:grade/assessment/:testPresetId",
      "/alltransaction/grade/9/assessment/5?from=2025-03-01&to=2025-03-10",
      <AssessmentRoute />,
    );
    const table = await screen.findByRole("table", { name: "Giao dịch của bài đánh giá" });
    expect(await within(table).findByText("Nguyễn Văn An")).toBeInTheDocument();
    expect(within(table).getByText("#SIM-X")).toBeInTheDocument(); // the id falls back to the payment id
    expect(screen.getByTestId("tx-totals")).toHaveTextContent(/360\.000\s*₫/);
    expect(calls[0]?.body).toEqual({
      from_date: "2025-03-01",
      to_date: "2025-03-10",
      test_preset_id: 5,
      kind: "test",
      status: "COMPLETED",
    });
    const created: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["xlsx"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="market-assessment-transactions-5.xlsx"' },
        }),
    );
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(() => expect(created).toEqual(["market-assessment-transactions-5.xlsx"]));
    click.mockRestore();
  });

  it("runs a large export in the background with a progress bar, then downloads it", async () => {
    const user = userEvent.setup();
    const job = {
      id: "0b7c",
      kind: "transactions_xlsx",
      status: "queued",
      progress: 0,
      rows_done: 0,
      rows_total: 12000,
      file_name: "market-assessment-transactions-all.xlsx",
      download_url: null,
      error: "",
      created_at: "2025-03-10T10:00:00Z",
    };
    let polls = 0;
    const { fetchMock } = mockApi({
      "/api/v1/transaction/analytics/markets/assessments/transactions": ok({
        items: [txRow()],
        page: 1,
        limit: 20,
        total: 12000,
        totals: { totalPaid: 1_200_000_000 },
      }),
      "/api/v1/transaction/analytics/markets/assessments/transactions/export": {
        status: 202,
        body: { success: true, data: job, message: "" },
      },
      "/api/v1/transaction/analytics/exports/0b7c": () => {
        polls += 1;
        return polls < 2
          ? ok({ ...job, status: "running", progress: 40, rows_done: 4800 })
          : ok({
              ...job,
              status: "done",
              progress: 100,
              rows_done: 12000,
              download_url: "/api/v1/transaction/analytics/exports/0b7c/download",
            });
      },
    });
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
    renderRoute(
      "/alltransaction/grade/:grade/assessment/:testPresetId",
      "/alltransaction/grade/9/assessment/5",
      <AssessmentRoute />,
    );
    await screen.findByText("Nguyễn Văn An");
    const download = vi.fn(
      async () =>
        new Response(new Blob(["xlsx"]), {
          status: 200,
          headers: {
            "Content-Disposition": 'attachment; filename="market-assessment-transactions-all.xlsx"',
          },
        }),
    );
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith("/download") ? download() : original(input, init),
    );
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    const bar = await screen.findByRole("progressbar", { name: "Tiến độ xuất tệp" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"), { timeout: 3000 });
    await vi.waitFor(() => expect(saved).toEqual(["market-assessment-transactions-all.xlsx"]), {
      timeout: 4000,
    });
    // the download is saved before the job's last render removes the bar
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    click.mockRestore();
  });

  it("stops polling and says why when the server failed the export because its worker died", async () => {
    const user = userEvent.setup();
    const lost = "Máy chủ xử lý tệp này đã dừng trước khi hoàn tất. Vui lòng thử lại.";
    const job = {
      id: "7d2e",
      kind: "transactions_xlsx",
      status: "queued",
      progress: 0,
      rows_done: 0,
      rows_total: 12000,
      file_name: "market-assessment-transactions-all.xlsx",
      download_url: null,
      error: "",
      created_at: "2025-03-10T10:00:00Z",
    };
    let polls = 0;
    const { calls } = mockApi({
      "/api/v1/transaction/analytics/markets/assessments/transactions": ok({
        items: [txRow()],
        page: 1,
        limit: 20,
        total: 12000,
        totals: { totalPaid: 1_200_000_000 },
      }),
      "/api/v1/transaction/analytics/markets/assessments/transactions/export": {
        status: 202,
        body: { success: true, data: job, message: "" },
      },
      "/api/v1/transaction/analytics/exports/7d2e": () => {
        polls += 1;
        return polls < 2
          ? ok({ ...job, status: "running", progress: 40, rows_done: 4800 })
          : ok({ ...job, status: "failed", progress: 40, rows_done: 4800, error: lost });
      },
    });
    const toasts: ToastData[] = [];
    let before = -1; // the store hands the last toast (of an earlier test) at once: not ours
    const unsubscribe = subscribeToast((toast) => {
      if (before === -1) before = toast?.id ?? 0;
      else if (toast && toast.id > before && !toasts.some((t) => t.id === toast.id)) toasts.push(toast);
    });
    renderRoute(
      "/alltransaction/grade/:grade/assessment/:testPresetId",
      "/alltransaction/grade/9/assessment/5",
      <AssessmentRoute />,
    );
    await screen.findByText("Nguyễn Văn An");
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(
      () =>
        expect(toasts.at(-1)).toMatchObject({
          variant: "destructive",
          title: "Xuất tệp thất bại",
          description: lost,
        }),
      { timeout: 4000 },
    );
    await vi.waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(screen.getByRole("button", { name: "Xuất Excel" })).toBeEnabled();
    expect(calls.filter((c) => c.path === "/api/v1/transaction/analytics/exports/7d2e")).toHaveLength(2);
    unsubscribe();
  });

  it("ends the wait when a poll of the export fails, and polls no more", async () => {
    const user = userEvent.setup();
    const job = {
      id: "5c1d",
      kind: "transactions_xlsx",
      status: "queued",
      progress: 0,
      rows_done: 0,
      rows_total: 12000,
      file_name: "market-assessment-transactions-all.xlsx",
      download_url: null,
      error: "",
      created_at: "2025-03-10T10:00:00Z",
    };
    const { calls } = mockApi({
      "/api/v1/transaction/analytics/markets/assessments/transactions": ok({
        items: [txRow()],
        page: 1,
        limit: 20,
        total: 12000,
        totals: { totalPaid: 1_200_000_000 },
      }),
      "/api/v1/transaction/analytics/markets/assessments/transactions/export": {
        status: 202,
        body: { success: true, data: job, message: "" },
      },
      "/api/v1/transaction/analytics/exports/5c1d": {
        status: 404,
        body: { success: false, code: "not_found", message: "Không tìm thấy tệp xuất." },
      },
    });
    renderRoute(
      "/alltransaction/grade/:grade/assessment/:testPresetId",
      "/alltransaction/grade/9/assessment/5",
      <AssessmentRoute />,
    );
    await screen.findByText("Nguyễn Văn An");
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Xuất Excel" })).toBeEnabled(), {
      timeout: 4000,
    });
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/v1/transaction/analytics/exports/5c1d")).toHaveLength(1);
  });

  it.each([
    [
      "the server refuses the download",
      async () =>
        new Response(
          JSON.stringify({ success: false, code: "export_failed", message: "Xuất tệp thất bại." }),
          {
            status: 409,
            headers: { "Content-Type": "application/json" },
          },
        ),
      "Xuất tệp thất bại.",
    ],
    [
      "the connection drops",
      async () => {
        throw new TypeError("Failed to fetch");
      },
      "Hãy kiểm tra kết nối mạng rồi xuất lại.",
    ],
  ])("says so when the finished export cannot be downloaded (%s)", async (_case, download, description) => {
    const user = userEvent.setup();
    const job = {
      id: "9f1a",
      kind: "transactions_xlsx",
      status: "done",
      progress: 100,
      rows_done: 12000,
      rows_total: 12000,
      file_name: "market-assessment-transactions-all.xlsx",
      download_url: "/api/v1/transaction/analytics/exports/9f1a/download",
      error: "",
      created_at: "2025-03-10T10:00:00Z",
    };
    const { fetchMock } = mockApi({
      "/api/v1/transaction/analytics/markets/assessments/transactions": ok({
        items: [txRow()],
        page: 1,
        limit: 20,
        total: 12000,
        totals: { totalPaid: 1_200_000_000 },
      }),
      "/api/v1/transaction/analytics/markets/assessments/transactions/export": {
        status: 202,
        body: {
          success: true,
          data: { ...job, status: "queued", progress: 0, download_url: null },
          message: "",
        },
      },
      "/api/v1/transaction/analytics/exports/9f1a": ok(job),
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith("/download") ? download() : original(input, init),
    );
    const toasts: ToastData[] = [];
    let before = -1; // the store hands the last toast (of an earlier test) at once: not ours
    const unsubscribe = subscribeToast((toast) => {
      if (before === -1) before = toast?.id ?? 0;
      else if (toast && toast.id > before && !toasts.some((t) => t.id === toast.id)) toasts.push(toast);
    });
    renderRoute(
      "/alltransaction/grade/:grade/assessment/:testPresetId",
      "/alltransaction/grade/9/assessment/5",
      <AssessmentRoute />,
    );
    await screen.findByText("Nguyễn Văn An");
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        variant: "destructive",
        title: "Không tải được tệp đã xuất",
        description,
      }),
    );
    // one toast, the button's own (the API client stays silent), and the button is usable again
    expect(toasts.filter((t) => t.variant === "destructive")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Xuất Excel" })).toBeEnabled();
    unsubscribe();
  });

  it("reads file names and fills row fallbacks", () => {
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"', "x")).toBe("a.xlsx");
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''b%C3%A1o-c%C3%A1o.pdf", "x")).toBe(
      "báo-cáo.pdf",
    );
    expect(fileNameFromDisposition(null, "transactions-dashboard.pdf")).toBe("transactions-dashboard.pdf");
    const row = withFallbacks({
      ...txRow({ id: "", paymentId: "", studentName: "" }),
      learnerName: "Lê Nam",
    });
    expect(row.id).toBe("gen-7");
    expect(row.studentName).toBe("Lê Nam");
  });
});
