import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import AccessLogRoute from "./access-log";

const ROW = {
  id: 7,
  created_at: "2026-11-26T16:59:00Z",
  actor_name: "Trần Văn Minh",
  actor_role: "educator",
  kind: "proctoring_video",
  object_type: "attempt",
  object_id: "71",
  object_label: "Luyện tập Toán 9 - Căn thức",
  learner_name: "Tạ Minh Quân",
  ip: "192.0.2.10",
  user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
};
const EXPORT = {
  ...ROW,
  id: 8,
  actor_name: "Nguyễn Thị Lan",
  actor_role: "admin",
  kind: "gradebook_export",
  object_type: "test_preset",
  learner_name: "",
};

const render = (path = "/organization/access-log", language: "vi" | "en" = "vi") =>
  renderRoute("/organization/access-log", path, <AccessLogRoute />, { language });

describe("access log", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists who opened what, when and from where, in Vietnam time", async () => {
    mockApi({ "/api/v1/privacy/access-log": ok({ items: [ROW, EXPORT], page: 1, limit: 20, total: 2 }) });
    render();
    const table = await screen.findByRole("table", { name: "Nhật ký truy cập" });
    await within(table).findByText("Tạ Minh Quân");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(
      "23:59 26/11/2026Trần Văn MinhGiáo viênVideo giám sátLuyện tập Toán 9 - Căn thứcTạ Minh Quân192.0.2.10Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
    );
    expect(rows[2]).toHaveTextContent(
      "Nguyễn Thị LanQuản trị viên tổ chứcBảng điểm (.xlsx)Luyện tập Toán 9 - Căn thức—",
    );
  });

  it("filters by kind and days through the address, in English", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/privacy/access-log": ok({ items: [], page: 1, limit: 20, total: 0 }),
    });
    render("/organization/access-log?from=2026-11-01", "en");
    expect(await screen.findByText("No access matches the filters.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Kind of file"), "Proctoring video");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        "/api/v1/privacy/access-log?page=1&limit=20&kind=proctoring_video&from_date=2026-11-01",
      ),
    );
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(
      await screen.findByText("Nobody has viewed or downloaded a private file yet."),
    ).toBeInTheDocument();
  });

  it("says why the server refused", async () => {
    mockApi({
      "/api/v1/privacy/access-log": {
        status: 403,
        body: {
          success: false,
          code: "not_org_admin",
          message: "Chỉ quản trị viên tổ chức mới xem được nhật ký truy cập.",
        },
      },
    });
    render();
    expect(
      await screen.findByText("Chỉ quản trị viên tổ chức mới xem được nhật ký truy cập."),
    ).toHaveAttribute("role", "alert");
  });
});
