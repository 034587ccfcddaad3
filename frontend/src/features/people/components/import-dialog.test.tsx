import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { ImportDialog, TEMPLATE_CSV } from "./import-dialog";

const BAD = {
  rows: 11,
  valid: 9,
  invited: 0,
  errors: [
    { row: 4, column: "email", message: "Nhập địa chỉ e-mail hợp lệ." },
    { row: 9, column: "email", message: "E-mail này xuất hiện hai lần trong file." },
  ],
};
const CLEAN = { rows: 10, valid: 10, invited: 0, errors: [] };
const JOB = {
  id: "7d1e",
  kind: "learners",
  status: "queued",
  dry_run: true,
  progress: 0,
  rows_done: 0,
  rows_total: 1200,
  file_name: "lon.csv",
  result: null,
  error_code: "",
  error_message: "",
  created_at: "2026-11-24T08:00:00Z",
  finished_at: null,
};

describe("learner import dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each bad row of the dry run, invites nobody until the file is clean, then invites all", async () => {
    const dryRuns: string[] = [];
    const { calls } = mockApi({
      "/api/v1/organization/invitations/import": (url): Reply => {
        if (url.searchParams.get("dry_run") === "false") return ok({ ...CLEAN, invited: 10 });
        dryRuns.push(url.search);
        return ok(dryRuns.length === 1 ? BAD : CLEAN);
      },
    });
    const onImported = vi.fn();
    renderWithProviders(<ImportDialog open onOpenChange={() => {}} onImported={onImported} />);
    const input = screen.getByLabelText("Tệp danh sách (.xlsx hoặc .csv)");

    await userEvent.upload(input, new File(["email\n"], "hoc-sinh.csv", { type: "text/csv" }));
    const table = await screen.findByRole("table", { name: "Các dòng có lỗi" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["4", "email", "Nhập địa chỉ e-mail hợp lệ."],
      ["9", "email", "E-mail này xuất hiện hai lần trong file."],
    ]);
    expect(screen.getByText("11 dòng: 9 hợp lệ, 2 có lỗi.")).toBeInTheDocument();
    expect(screen.getByText(/Chưa ai được mời/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mời 9 học sinh" })).toBeDisabled();

    await userEvent.upload(input, new File(["email\n"], "hoc-sinh-da-sua.csv", { type: "text/csv" }));
    expect(await screen.findByText("Tệp hợp lệ: sẵn sàng mời 10 học sinh.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Mời 10 học sinh" }));
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledWith(10));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/v1/organization/invitations/import?dry_run=true",
      "/api/v1/organization/invitations/import?dry_run=true",
      "/api/v1/organization/invitations/import?dry_run=false",
    ]);
  });

  it("shows a refused file with its report (no email column)", async () => {
    mockApi({
      "/api/v1/organization/invitations/import": {
        status: 400,
        body: {
          success: false,
          code: "import_invalid",
          message: "The first row must name the columns, with one called email.",
        },
      },
    });
    renderWithProviders(<ImportDialog open onOpenChange={() => {}} />, { language: "en" });
    await userEvent.upload(
      await screen.findByLabelText("List file (.xlsx or .csv)"),
      new File(["ten\nAn\n"], "x.csv", { type: "text/csv" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("with one called email");
    expect(screen.getByRole("button", { name: /Invite/ })).toBeDisabled();
  });

  it("polls a large file's background check with a progress bar, then shows its report", async () => {
    let polls = 0;
    const { calls } = mockApi({
      "/api/v1/organization/invitations/import": {
        status: 202,
        body: { success: true, data: JOB, message: "Đang nhập dữ liệu ở chế độ nền." },
      },
      "/api/v1/import-jobs/7d1e": (): Reply => {
        polls += 1;
        return ok(
          polls < 2
            ? { ...JOB, status: "running", progress: 40, rows_done: 480 }
            : { ...JOB, status: "done", progress: 100, rows_done: 1200, result: BAD },
        );
      },
    });
    renderWithProviders(<ImportDialog open onOpenChange={() => {}} />);
    await userEvent.upload(
      screen.getByLabelText("Tệp danh sách (.xlsx hoặc .csv)"),
      new File(["email\n"], "lon.csv", { type: "text/csv" }),
    );
    const bar = await screen.findByRole("progressbar", { name: "Tiến độ xử lý tệp" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "40"));
    expect(screen.getByText("40% · 480/1.200 dòng")).toBeInTheDocument();
    expect(screen.getByText(/Tệp lớn: đang kiểm tra ở chế độ nền/)).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Các dòng có lỗi" }, { timeout: 3000 });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByText("11 dòng: 9 hợp lệ, 2 có lỗi.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/v1/import-jobs/7d1e")).toHaveLength(2);
  });

  it("invites a large clean file in the background, then says how many", async () => {
    const big = { rows: 1200, valid: 1200, invited: 0, errors: [] };
    const inviting = { ...JOB, id: "a9c0", dry_run: false };
    mockApi({
      "/api/v1/organization/invitations/import": (url): Reply =>
        url.searchParams.get("dry_run") === "false"
          ? { status: 202, body: { success: true, data: inviting, message: "" } }
          : ok(big),
      "/api/v1/import-jobs/a9c0": ok({
        ...inviting,
        status: "done",
        progress: 100,
        result: { ...big, invited: 1200 },
      }),
    });
    const onImported = vi.fn();
    renderWithProviders(<ImportDialog open onOpenChange={() => {}} onImported={onImported} />, {
      language: "en",
    });
    await userEvent.upload(
      await screen.findByLabelText("List file (.xlsx or .csv)"),
      new File(["email\n"], "big.csv", { type: "text/csv" }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Invite 1,200 learners" }));
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledWith(1200));
  });

  it("shows the server's message and the bad rows when the background job fails", async () => {
    const inviting = { ...JOB, dry_run: false };
    mockApi({
      "/api/v1/organization/invitations/import": (url): Reply =>
        url.searchParams.get("dry_run") === "false"
          ? { status: 202, body: { success: true, data: inviting, message: "" } }
          : ok(CLEAN),
      "/api/v1/import-jobs/7d1e": ok({
        ...inviting,
        status: "failed",
        progress: 0,
        result: BAD,
        error_code: "import_invalid",
        error_message: "Nobody was invited: correct the rows listed and upload again.",
      }),
    });
    const onImported = vi.fn();
    renderWithProviders(<ImportDialog open onOpenChange={() => {}} onImported={onImported} />, {
      language: "en",
    });
    await userEvent.upload(
      await screen.findByLabelText("List file (.xlsx or .csv)"),
      new File(["email\n"], "big.csv", { type: "text/csv" }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Invite 10 learners" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Nobody was invited: correct the rows listed and upload again.",
    );
    expect(screen.getByRole("table", { name: "Rows with problems" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it("offers a template with the email column the server reads", () => {
    expect(TEMPLATE_CSV).toBe("\uFEFFemail\r\n");
  });
});
