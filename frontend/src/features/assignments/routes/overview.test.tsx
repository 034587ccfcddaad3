import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { definitions } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import AssignmentOverviewRoute from "./overview";

const OVERVIEW = {
  presets: { draft: 2, approved: 1, rejected: 0, published: 3 },
  batches: { upcoming: 2, open: 1, ended: 4, slots: 60, available: 20, pending: 5, taken: 35 },
  assignments: {
    total: 40,
    direct: 15,
    purchase: 25,
    assigned: 30,
    in_progress: 2,
    submitted: 5,
    graded: 3,
  },
  waiting: 6,
};

describe("/assignment/overview", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the figures: tests, batches, slots as a bar, takers by status and source, waiting", async () => {
    mockApi({ "/api/v1/assignments/overview": ok(OVERVIEW) });
    renderRoute("/assignment/overview", "/assignment/overview", <AssignmentOverviewRoute />);
    await screen.findByText("Đề thi đã duyệt");
    const card = (label: string) =>
      screen.getAllByRole("listitem").find((item) => within(item).queryByText(label));
    expect(card("Đề thi đã duyệt")).toHaveTextContent("4"); // approved + published
    expect(card("Ca thi chưa kết thúc")).toHaveTextContent("3");
    expect(card("Học sinh đang chờ chỗ")).toHaveTextContent("6");
    expect(
      screen.getByRole("img", { name: "Đã dùng 35, đang giữ 5, còn trống 20 trên 60 chỗ" }),
    ).toBeVisible();
    const source = screen.getByRole("region", { name: "Người làm bài theo hình thức" });
    expect(definitions(source)).toEqual({ "Giao trực tiếp": "15", "Đã mua": "25" });
    const status = screen.getByRole("region", { name: "Người làm bài theo trạng thái" });
    expect(definitions(status)).toMatchObject({ "Đã nộp": "5" });
  });

  it("offers a retry when the figures cannot be loaded", async () => {
    mockApi({ "/api/v1/assignments/overview": { status: 500, body: { success: false, message: "boom" } } });
    renderRoute("/assignment/overview", "/assignment/overview", <AssignmentOverviewRoute />);
    expect(await screen.findByRole("button", { name: "Thử lại" })).toBeVisible();
  });
});
