import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { ASSIGNMENT, BATCH, BOUGHT, page } from "../testing/fixtures";
import { definitions } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import BatchDetailRoute from "./batch-detail";

describe("/assignment/batch-detail/:batchId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the batch's figures and its registered learners", async () => {
    const { calls } = mockApi({
      "/api/v1/batches/51": ok(BATCH),
      "/api/v1/assignments": ok(page([ASSIGNMENT, BOUGHT])),
    });
    renderRoute("/assignment/batch-detail/:batchId", "/assignment/batch-detail/51", <BatchDetailRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: BATCH.name })).toBeVisible();
    const figures = screen.getByRole("region", { name: "Số liệu ca thi" });
    expect(definitions(figures)).toMatchObject({
      "Số chỗ": "30",
      "Còn trống": "2",
      "Đang giữ": "3",
      "Đã dùng": "25",
    });
    expect(screen.getByRole("link", { name: "Theo dõi ca thi trực tiếp" })).toHaveAttribute(
      "href",
      `/assignment/batch-progress/${BATCH.id}`,
    );
    expect(screen.getByRole("link", { name: "Sổ điểm" })).toHaveAttribute(
      "href",
      `/assignment/gradebook/batch/${BATCH.id}`,
    );
    const learners = await screen.findByRole("table", { name: "Học sinh đã đăng ký" });
    expect(await within(learners).findByText("Đặng Minh Khoa")).toBeVisible();
    expect(within(learners).getByText("Lê Hoàng Nam")).toBeVisible();
    expect(
      calls.some((c) => c.path.startsWith("/api/v1/assignments?") && c.path.includes("batch_id=51")),
    ).toBe(true);
  });

  it("says when the batch does not exist", async () => {
    mockApi({ "/api/v1/batches/99": { status: 404, body: { success: false, message: "Batch not found." } } });
    renderRoute("/assignment/batch-detail/:batchId", "/assignment/batch-detail/99", <BatchDetailRoute />);
    expect(await screen.findByText("Không tìm thấy ca thi này.")).toBeVisible();
  });
});
