import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Route } from "@/testing/mock-api";

import { page, ROUND } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import RoundsRoute from "./rounds";

const ROUND_2 = {
  ...ROUND,
  id: 6,
  name: "Vòng 2",
  status: "upcoming",
  starts_at: "2027-01-10T00:00:00Z",
  expires_at: "2027-02-10T00:00:00Z",
  required_round_id: 5,
};

/** /api/v1/rounds listing `rounds` and refusing a new round with these field errors. */
function refusingCreate(errors: Record<string, string[]>, rounds: (typeof ROUND)[] = []): Route {
  return (_url, { method }) =>
    method === "POST"
      ? { status: 400, body: { success: false, message: "Không thể lưu vòng thi.", errors } }
      : ok(page(rounds));
}

describe("rounds", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists rounds with their status and required round, and filters by status", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/rounds": ok(page([ROUND_2, ROUND])) });
    renderRoute("/round", "/round", <RoundsRoute />);
    const table = await screen.findByRole("table", { name: "Vòng thi" });
    await within(table).findByText("Vòng 2");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Vòng 2");
    expect(rows[0]).toHaveTextContent("Sắp diễn ra");
    await vi.waitFor(() => expect(rows[0]).toHaveTextContent("Vòng 1")); // the round to pass first
    expect(rows[1]).toHaveTextContent("Đang mở");
    await user.selectOptions(screen.getByLabelText("Trạng thái"), "closed");
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes("status=closed"))).toBe(true));
  });

  it("checks the dates and shows the server's errors inline when creating", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/rounds": refusingCreate({ required_round_id: ["Chọn một trong các giá trị cho phép."] }, [
        ROUND,
      ]),
    });
    renderRoute("/round", "/round", <RoundsRoute />);
    await user.click(await screen.findByRole("button", { name: "Vòng thi mới" }));
    const dialog = await screen.findByRole("dialog", { name: "Vòng thi mới" });
    fireEvent.change(within(dialog).getByLabelText("Ngày bắt đầu"), {
      target: { value: "2027-03-10T08:00" },
    });
    fireEvent.change(within(dialog).getByLabelText("Ngày hết hạn"), {
      target: { value: "2027-03-01T08:00" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Bắt buộc")).toBeInTheDocument();
    expect(within(dialog).getByText("Ngày hết hạn phải sau ngày bắt đầu.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Tên vòng thi"), "Phỏng vấn");
    fireEvent.change(within(dialog).getByLabelText("Ngày hết hạn"), {
      target: { value: "2027-03-20T08:00" },
    });
    await user.selectOptions(within(dialog).getByLabelText("Vòng phải vượt qua trước"), "5");
    await user.type(within(dialog).getByLabelText("Thông báo khi đạt (tiếng Anh)"), "Well done");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Chọn một trong các giá trị cho phép.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      name: "Phỏng vấn",
      required_round_id: 5,
      passed_message_en: "Well done",
    });
  });

  it("closes a round after confirmation, and shows why a round in use cannot be deleted", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/rounds": ok(page([ROUND])),
      "/api/v1/rounds/5/close": ok({ ...ROUND, status: "closed", closed_at: "2026-11-22T00:00:00Z" }),
      "/api/v1/rounds/5": {
        status: 409,
        body: {
          success: false,
          code: "round_in_use",
          message: "Vòng thi này đang được đề thi hoặc vòng khác sử dụng.",
        },
      },
    });
    renderRoute("/round", "/round", <RoundsRoute />);
    await user.click(await screen.findByRole("button", { name: "Đóng vòng thi Vòng 1" }));
    let dialog = await screen.findByRole("dialog", { name: "Đóng vòng thi?" });
    await user.click(within(dialog).getByRole("button", { name: "Đóng vòng thi" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === "/api/v1/rounds/5/close")?.body).toEqual({ closed: true }),
    );

    await user.click(screen.getByRole("button", { name: "Xóa vòng thi Vòng 1" }));
    dialog = await screen.findByRole("dialog", { name: "Xóa vòng thi?" });
    await user.click(within(dialog).getByRole("button", { name: "Xóa" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Xóa thất bại: Vòng thi này đang được đề thi hoặc vòng khác sử dụng.",
    );
  });

  it("reads the status filter from the address", async () => {
    const { calls } = mockApi({ "/api/v1/rounds": ok(page([])) });
    renderRoute("/round", "/round?status=closed", <RoundsRoute />);
    expect(await screen.findByText("Không có vòng thi nào khớp bộ lọc.")).toBeInTheDocument();
    expect(screen.getByLabelText("Trạng thái")).toHaveValue("closed");
    expect(calls.map((c) => c.path)).toContain(
      "/api/v1/rounds?page=1&limit=20&status=closed&order_by=-starts_at",
    );
  });

  it("lists the server's errors about fields the dialog does not show under its message", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/rounds": refusingCreate({
        name: ["Tên này đã được dùng."],
        closed_at: ["Không thể đặt thời điểm đóng."],
      }),
    });
    renderRoute("/round", "/round", <RoundsRoute />);
    await user.click(await screen.findByRole("button", { name: "Vòng thi mới" }));
    const dialog = await screen.findByRole("dialog", { name: "Vòng thi mới" });
    await user.type(within(dialog).getByLabelText("Tên vòng thi"), "Vòng 3");
    fireEvent.change(within(dialog).getByLabelText("Ngày bắt đầu"), {
      target: { value: "2027-03-01T08:00" },
    });
    fireEvent.change(within(dialog).getByLabelText("Ngày hết hạn"), {
      target: { value: "2027-03-20T08:00" },
    });
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    const alerts = await within(dialog).findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toEqual([
      "Không thể lưu vòng thi.Không thể đặt thời điểm đóng.",
      "Tên này đã được dùng.",
    ]);
    expect(within(dialog).getByLabelText("Tên vòng thi")).toHaveAttribute("aria-invalid", "true");
  });
});
