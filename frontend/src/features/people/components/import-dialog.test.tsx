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

  it("offers a template with the email column the server reads", () => {
    expect(TEMPLATE_CSV).toBe("\uFEFFemail\r\n");
  });
});
