import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { page, TEST } from "../testing/fixtures";
import { rowWith } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import AssignmentTestsRoute from "./tests";

describe("/assignment (tests to assign)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists approved tests with batches, slots, takers and waiting, linking to the other pages", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/assignments/tests": ok(page([TEST])) });
    renderRoute("/assignment", "/assignment", <AssignmentTestsRoute />);
    const table = await screen.findByRole("table", { name: "Đề thi có thể giao" });
    await within(table).findByText(TEST.name);
    const row = rowWith(table, TEST.name);
    expect(row).toHaveTextContent("Đã xuất bản");
    expect(row).toHaveTextContent("Đang bán");
    expect(row).toHaveTextContent("2/2 ca chưa kết thúc");
    expect(row).toHaveTextContent("Còn 12/40 chỗ");
    expect(row).toHaveTextContent("5 giao · 20 mua");
    expect(
      within(row).getByRole("img", { name: /Đã dùng 25, đang giữ 3, còn trống 12 trên 40 chỗ/ }),
    ).toBeVisible();
    expect(within(row).getByRole("link", { name: "25 người làm bài của " + TEST.name })).toHaveAttribute(
      "href",
      "/assignment/takers?preset_id=7",
    );
    expect(within(row).getByRole("link", { name: "Giao đề" })).toHaveAttribute(
      "href",
      "/assignment/form?preset_id=7",
    );
    expect(within(row).getByRole("link", { name: `Người mua và làm bài của ${TEST.name}` })).toHaveAttribute(
      "href",
      "/test-preset/takers-detail/7",
    );
    // issue 19: each test's gradebook and item analysis, two clicks from /home
    expect(within(row).getByRole("link", { name: `Sổ điểm của ${TEST.name}` })).toHaveAttribute(
      "href",
      "/assignment/gradebook/preset/7",
    );
    expect(within(row).getByRole("link", { name: `Phân tích câu hỏi của ${TEST.name}` })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/preset/7",
    );
    // The pages link to each other (extra time too: issue 19).
    const nav = screen.getByRole("navigation", { name: "Các trang giao đề" });
    expect(within(nav).getByRole("link", { name: "Tổng quan" })).toHaveAttribute(
      "href",
      "/assignment/overview",
    );
    expect(within(nav).getByRole("link", { name: "Thêm giờ" })).toHaveAttribute(
      "href",
      "/assignment/accommodations",
    );

    await user.selectOptions(screen.getByLabelText("Trạng thái"), "approved");
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes("status=approved"))).toBe(true));
  });

  it("says so when there is no approved test", async () => {
    mockApi({ "/api/v1/assignments/tests": ok(page([])) });
    renderRoute("/assignment", "/assignment", <AssignmentTestsRoute />, { language: "en" });
    expect(await screen.findByText(/No approved test yet/)).toBeVisible();
  });
});
