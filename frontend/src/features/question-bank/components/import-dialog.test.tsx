import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { ImportDialog } from "./import-dialog";

const JOB = {
  id: "0c5b",
  kind: "questions",
  status: "queued",
  dry_run: true,
  progress: 0,
  rows_done: 0,
  rows_total: 20000,
  file_name: "ngan-hang.xlsx",
  result: null,
  error_code: "",
  error_message: "",
  created_at: "2026-11-24T08:00:00Z",
  finished_at: null,
};
const IMPORT = "/api/v1/question-banks/4/import";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function choose(label: string) {
  await userEvent.upload(
    await screen.findByLabelText(label),
    new File(["x"], "ngan-hang.xlsx", { type: XLSX }),
  );
}

describe("question import dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a small file answers its report at once, then imports", async () => {
    mockApi({
      [IMPORT]: (url): Reply =>
        ok({ rows: 2, valid: 2, errors: [], imported: url.searchParams.get("dry_run") === "false" ? 2 : 0 }),
    });
    const onImported = vi.fn();
    renderWithProviders(<ImportDialog bankId={4} open onOpenChange={() => {}} onImported={onImported} />);
    await choose("Chọn tệp .xlsx");
    await userEvent.click(screen.getByRole("button", { name: "Kiểm tra tệp" }));
    expect(await screen.findByText("2 dòng, 2 dòng hợp lệ")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Nhập tất cả" }));
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("polls a large file's background check with a progress bar, then lists the bad rows", async () => {
    let polls = 0;
    const { calls } = mockApi({
      [IMPORT]: { status: 202, body: { success: true, data: JOB, message: "" } },
      "/api/v1/import-jobs/0c5b": (): Reply => {
        polls += 1;
        return ok(
          polls < 2
            ? { ...JOB, status: "running", progress: 25, rows_done: 5000 }
            : {
                ...JOB,
                status: "done",
                progress: 100,
                rows_done: 20000,
                result: {
                  rows: 20000,
                  valid: 19999,
                  errors: [{ row: 7, column: "grade", message: "Vui lòng nhập số nguyên." }],
                  imported: 0,
                },
              },
        );
      },
    });
    const onImported = vi.fn();
    renderWithProviders(<ImportDialog bankId={4} open onOpenChange={() => {}} onImported={onImported} />);
    await choose("Chọn tệp .xlsx");
    await userEvent.click(screen.getByRole("button", { name: "Kiểm tra tệp" }));
    const bar = await screen.findByRole("progressbar", { name: "Tiến độ nhập tệp" });
    await vi.waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "25"));
    expect(screen.getByText("25% · 5.000/20.000 dòng")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kiểm tra tệp" })).toBeDisabled();
    expect(
      await screen.findByText("20000 dòng, 19999 dòng hợp lệ", {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Dòng 7, cột grade: Vui lòng nhập số nguyên.")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Nhập tất cả" })).toBeDisabled();
    expect(calls.filter((c) => c.path === "/api/v1/import-jobs/0c5b")).toHaveLength(2);
    expect(onImported).not.toHaveBeenCalled();
  });

  it("imports a large clean file in the background; a failed job shows the server's message", async () => {
    const clean = { rows: 20000, valid: 20000, errors: [], imported: 0 };
    let outcome: "done" | "failed" = "done";
    mockApi({
      [IMPORT]: (url): Reply =>
        url.searchParams.get("dry_run") === "false"
          ? { status: 202, body: { success: true, data: { ...JOB, dry_run: false }, message: "" } }
          : ok(clean),
      "/api/v1/import-jobs/0c5b": (): Reply =>
        ok(
          outcome === "done"
            ? { ...JOB, dry_run: false, status: "done", progress: 100, result: { ...clean, imported: 20000 } }
            : {
                ...JOB,
                dry_run: false,
                status: "failed",
                progress: 37,
                error_code: "import_failed",
                error_message: "The import failed. Please try again.",
              },
        ),
    });
    const onImported = vi.fn();
    const onOpenChange = vi.fn();
    const view = renderWithProviders(
      <ImportDialog bankId={4} open onOpenChange={onOpenChange} onImported={onImported} />,
      { language: "en" },
    );
    await choose("Choose an .xlsx file");
    await userEvent.click(screen.getByRole("button", { name: "Check the file" }));
    await userEvent.click(await screen.findByRole("button", { name: "Import all" }));
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);

    view.unmount();
    outcome = "failed";
    renderWithProviders(<ImportDialog bankId={4} open onOpenChange={() => {}} onImported={onImported} />, {
      language: "en",
    });
    await choose("Choose an .xlsx file");
    await userEvent.click(screen.getByRole("button", { name: "Check the file" }));
    await userEvent.click(await screen.findByRole("button", { name: "Import all" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The import failed. Please try again.");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(onImported).toHaveBeenCalledTimes(1);
  });
});
