/** The child's data on the parent's link (issue 24, item 5): the copy asked for with the link's
 * token, polled until ready and downloaded by POST with the token; the deletion asked for after a
 * confirmation, then shown with its date and cancelled; a refusal shown inline. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { DataDeletion, DataExport, DataRequests } from "@/components/data-copy/types";
import { mockApi, ok, type Route } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { ChildDataSection } from "./child-data-section";

const SLOW = { timeout: 20_000 };
const BASE = "/public/api/data-requests/parent";
const EMPTY: DataRequests = {
  export: null,
  deletion: null,
  corrections: [],
  correction_organizations: [],
  grace_days: 7,
  export_keep_days: 7,
  answer_days: { export: 10, correction: 10, deletion: 10, withdrawal: 15 },
};
const READY: DataExport = {
  id: "8c7e6f1a-0000-4000-8000-000000000001",
  status: "ready",
  progress: 100,
  steps_done: 9,
  steps_total: 9,
  file_size: 2_621_440,
  download_url: `${BASE}/export/8c7e6f1a-0000-4000-8000-000000000001/download`,
  created_at: "2026-11-27T02:00:00Z",
  finished_at: "2026-11-27T02:00:05Z",
  expires_at: "2026-12-04T02:00:05Z",
  error_code: "",
  error_message: "",
  answer_due_on: "2026-12-07",
};
const SCHEDULED: DataDeletion = {
  id: "8c7e6f1a-0000-4000-8000-000000000002",
  status: "scheduled",
  requested_by: "parent",
  created_at: "2026-11-27T02:00:00Z",
  due_at: "2026-12-04T02:00:00Z",
  answer_due_on: "2026-12-07",
  can_cancel: true,
};

function setup(routes: Record<string, Route>) {
  const api = mockApi(routes);
  renderWithProviders(<ChildDataSection token="tok-123" name="Ngô Bảo Ngọc" />);
  return api;
}

describe("the child's data on the parent's link", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the copy with the token and downloads it by POST", SLOW, async () => {
    const user = userEvent.setup();
    let state = EMPTY;
    const { calls } = setup({
      [BASE]: () => ok(state),
      [`${BASE}/export`]: () => {
        state = { ...EMPTY, export: READY };
        return { status: 202, body: { success: true, data: READY, message: "" } };
      },
      [READY.download_url!]: { body: "zip" },
    });
    const create = vi.fn(() => "blob:copy");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "Dữ liệu cá nhân của Ngô Bảo Ngọc" }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Bản sao được giữ 7 ngày\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tạo bản sao dữ liệu" }));
    expect(
      await screen.findByText("Bản sao đã sẵn sàng (2,5 MB). Hãy tải về trước 09:00 04/12/2026."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${BASE}/export`)?.body).toEqual({ token: "tok-123" });

    await user.click(screen.getByRole("button", { name: "Tải về bản sao" }));
    const download = calls.find((c) => c.path === READY.download_url);
    expect(download?.method).toBe("POST");
    expect(download?.body).toEqual({ token: "tok-123" });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("asks for the deletion after a confirmation, then cancels it", SLOW, async () => {
    const user = userEvent.setup();
    let state = EMPTY;
    const { calls } = setup({
      [BASE]: () => ok(state),
      [`${BASE}/deletion`]: () => {
        state = { ...EMPTY, deletion: SCHEDULED };
        return { status: 201, body: { success: true, data: SCHEDULED, message: "" } };
      },
      [`${BASE}/deletion/cancel`]: () => {
        state = EMPTY;
        return ok({ ...SCHEDULED, status: "cancelled", can_cancel: false });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Yêu cầu xóa tài khoản của Ngô Bảo Ngọc" }));
    const dialog = screen.getByRole("dialog", { name: "Xóa tài khoản của Ngô Bảo Ngọc?" });
    expect(dialog).toHaveTextContent("Tài khoản sẽ bị xóa sau 7 ngày.");
    expect(calls.some((c) => c.path === `${BASE}/deletion`)).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Xóa tài khoản" }));
    expect(
      await screen.findByText("Tài khoản của Ngô Bảo Ngọc sẽ bị xóa lúc 09:00 04/12/2026."),
    ).toBeInTheDocument();
    expect(screen.getByText("Bạn đã yêu cầu xóa.")).toBeInTheDocument();
    expect(
      screen.getByText("Theo Luật, yêu cầu này phải được thực hiện chậm nhất vào ngày 07/12/2026."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Hủy việc xóa" }));
    expect(
      await screen.findByRole("button", { name: "Yêu cầu xóa tài khoản của Ngô Bảo Ngọc" }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${BASE}/deletion/cancel`)?.body).toEqual({ token: "tok-123" });
  });

  it("shows the server's refusal in the dialog", SLOW, async () => {
    const user = userEvent.setup();
    setup({
      [BASE]: ok(EMPTY),
      [`${BASE}/deletion`]: {
        status: 409,
        body: {
          success: false,
          code: "educator_account",
          message: "Tài khoản này đang làm việc cho một tổ chức với vai trò giáo viên.",
          errors: {},
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Yêu cầu xóa tài khoản của Ngô Bảo Ngọc" }));
    const dialog = screen.getByRole("dialog", { name: "Xóa tài khoản của Ngô Bảo Ngọc?" });
    await user.click(within(dialog).getByRole("button", { name: "Xóa tài khoản" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Tài khoản này đang làm việc cho một tổ chức với vai trò giáo viên.",
    );
  });
});
