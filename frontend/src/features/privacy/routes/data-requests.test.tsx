/** The organization's personal data requests (issue 37, item 8): rows by the Law's due day with
 * the due state (overdue distinct), the filter with its counts kept in the address, the answer to
 * a correction (a refusal needs the reason), both languages. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { OrgDataRequest } from "../api/types";
import DataRequestsRoute from "./data-requests";

const LIST = "/api/v1/organization/data-requests";
const OVERDUE: OrgDataRequest = {
  id: "0b9f7c3e-0000-4000-8000-000000000001",
  kind: "deletion",
  status: "scheduled",
  requested_by: "parent",
  requester_name: "Lê Gia Huy",
  requester_email: "hocsinh07@demo.vn",
  text: "",
  created_at: "2026-11-18T02:00:00Z",
  answer_due_on: "2026-11-28",
  due_state: "overdue",
  answer: "",
  answered_by_name: "",
  answered_at: null,
  can_answer: false,
};
const CORRECTION: OrgDataRequest = {
  ...OVERDUE,
  id: "0b9f7c3e-0000-4000-8000-000000000002",
  kind: "correction",
  status: "open",
  requested_by: "learner",
  requester_name: "Nguyễn Thu Hà",
  requester_email: "hocsinh01@demo.vn",
  text: "Ngày sinh đúng là 12/03/2011.",
  created_at: "2026-11-20T03:00:00Z",
  answer_due_on: "2026-11-30",
  due_state: "due_soon",
  can_answer: true,
};
const page = (items: OrgDataRequest[], over = {}) =>
  ok({ items, page: 1, limit: 20, total: items.length, open: 2, due_soon: 1, overdue: 1, ...over });

const render = (path = "/organization/data-requests", language: "vi" | "en" = "vi") =>
  renderRoute("/organization/data-requests", path, <DataRequestsRoute />, { language });

describe("personal data requests of the organization", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the open requests by due day, the overdue one marked, with the counts", async () => {
    const { calls } = mockApi({ [LIST]: page([OVERDUE, CORRECTION]) });
    render();
    const table = await screen.findByRole("table", { name: "Yêu cầu về dữ liệu cá nhân" });
    await within(table).findByText("Lê Gia Huy");
    expect(calls[0]?.path).toBe(`${LIST}?state=open&page=1&limit=20`);
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent(
      "28/11/2026Quá hạnLê Gia Huyhocsinh07@demo.vnXóa tài khoản · do cha mẹ yêu cầuNhận lúc 09:00 18/11/2026Đã lên lịch",
    );
    expect(rows[2]).toHaveTextContent(
      "30/11/2026Sắp đến hạnNguyễn Thu Hàhocsinh01@demo.vnChỉnh sửa dữ liệu · do người học yêu cầuNhận lúc 10:00 20/11/2026Ngày sinh đúng là 12/03/2011.Đang chờ trả lờiTrả lời",
    );
    const filter = screen.getByRole("group", { name: "Hiển thị" });
    expect(within(filter).getByRole("button", { name: "Đang mở 2" })).toHaveAttribute("aria-pressed", "true");
    expect(within(filter).getByRole("button", { name: "Quá hạn 1" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(within(filter).getByRole("button", { name: "Đến hạn trong 2 ngày 1" })).toBeInTheDocument();
  });

  it("filters the overdue ones through the address, in English", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [LIST]: page([OVERDUE]) });
    render("/organization/data-requests", "en");
    await screen.findByText("Lê Gia Huy");
    await user.click(screen.getByRole("button", { name: "Overdue 1" }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe(`${LIST}?state=overdue&page=1&limit=20`));
    expect(screen.getByRole("button", { name: "Overdue 1" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("28 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("Account deletion")).toBeInTheDocument();
  });

  it("answers a correction: a refusal needs the reason, then it is sent", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [LIST]: page([CORRECTION]),
      [`${LIST}/${CORRECTION.id}/answer`]: ok({ ...CORRECTION, status: "refused", due_state: "answered" }),
    });
    render();
    await user.click(await screen.findByRole("button", { name: "Trả lời" }));
    const dialog = await screen.findByRole("dialog", { name: "Trả lời yêu cầu chỉnh sửa của Nguyễn Thu Hà" });
    await user.click(within(dialog).getByLabelText("Từ chối chỉnh sửa"));
    await user.click(within(dialog).getByRole("button", { name: "Gửi câu trả lời" }));
    expect(
      await within(dialog).findByText("Hãy cho biết vì sao không chỉnh sửa dữ liệu."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(
      within(dialog).getByLabelText("Câu trả lời cho người học"),
      "Giấy khai sinh ghi 21/03/2011.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Gửi câu trả lời" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === "POST");
    expect(post?.path).toBe(`${LIST}/${CORRECTION.id}/answer`);
    expect(post?.body).toEqual({ outcome: "refused", answer: "Giấy khai sinh ghi 21/03/2011." });
  });

  it("says why the server refused", async () => {
    mockApi({
      [LIST]: {
        status: 403,
        body: {
          success: false,
          code: "not_org_admin",
          message: "Chỉ quản trị viên tổ chức mới xem được các yêu cầu về dữ liệu cá nhân.",
          errors: {},
        },
      },
    });
    render();
    expect(
      await screen.findByText("Chỉ quản trị viên tổ chức mới xem được các yêu cầu về dữ liệu cá nhân."),
    ).toBeInTheDocument();
  });
});
