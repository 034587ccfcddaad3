import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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

  it("checks a backup answers file, shows what it changes and applies it on confirmation", async () => {
    // issue 38, item 3
    const user = userEvent.setup();
    const preview = {
      applied: false,
      attempt_id: 301,
      learner_name: "Đặng Minh Khoa",
      test_name: "Đánh giá năng lực Toán 9",
      deadline_at: "2026-12-01T02:00:00Z",
      file_created_at: "2026-12-01T02:05:00Z",
      status: "in_progress",
      result: "pending",
      score: null,
      max_score: 10,
      changed: 1,
      rows: [
        {
          number: 1,
          question_id: 11,
          stem: { vi: "Căn bậc hai của 49", en: "" },
          old: "A",
          new: "B",
          outcome: "older",
        },
        {
          number: 2,
          question_id: 12,
          stem: { vi: "2 + 2 = 4", en: "The sum 2 + 2 = 4" },
          old: "",
          new: "Đúng",
          outcome: "changed",
        },
        {
          number: 3,
          question_id: 13,
          stem: { vi: "", en: "" },
          old: "",
          new: "C",
          outcome: "after_deadline",
        },
      ],
    };
    const applied = { ...preview, applied: true, status: "submitted", result: "passed", score: 7.5 };
    const { calls } = mockApi({
      "/api/v1/batches/51": ok(BATCH),
      "/api/v1/assignments": ok(page([ASSIGNMENT])),
      "/api/v1/batches/51/backup-answers/preview": ok(preview),
      "/api/v1/batches/51/backup-answers": {
        body: {
          success: true,
          data: applied,
          message: "Đã áp dụng bài làm dự phòng: 1 câu trả lời được thay đổi.",
        },
      },
    });
    renderRoute("/assignment/batch-detail/:batchId", "/assignment/batch-detail/51", <BatchDetailRoute />);
    const section = await screen.findByRole("region", { name: "Bài làm dự phòng" });
    const file = new File(['{"format": "pandai.backup-answers"}'], "bai-lam-du-phong-301.json", {
      type: "application/json",
    });
    await user.upload(within(section).getByLabelText("Tệp bài làm dự phòng (.json)"), file);
    const table = await within(section).findByRole("table", { name: "Câu trả lời trong tệp" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      "Câu 1Căn bậc hai của 49ABCũ hơn câu trả lời đang lưu: bỏ qua",
      "Câu 22 + 2 = 4—ĐúngSẽ áp dụng",
      "Câu 3—CLàm sau giờ nộp bài: bỏ qua",
    ]);
    expect(section).toHaveTextContent("Đặng Minh Khoa — Đánh giá năng lực Toán 9. Hạn nộp bài:");
    expect(section).toHaveTextContent("1 câu trả lời sẽ được áp dụng.");
    expect(calls.filter((c) => c.path.includes("backup-answers"))).toHaveLength(1); // checked, not applied
    await user.click(within(section).getByRole("button", { name: "Áp dụng" }));
    expect(await within(section).findByText("Đã áp dụng bài làm dự phòng")).toBeVisible();
    expect(within(section).getByRole("status")).toHaveTextContent(
      "Bài làm của Đặng Minh Khoa đã được nộp và chấm: 7,5/10 điểm.",
    );
    expect(within(section).getByText("Đã áp dụng")).toBeVisible();
    expect(
      calls.filter((c) => c.path === "/api/v1/batches/51/backup-answers" && c.method === "POST"),
    ).toHaveLength(1);
  });

  it("shows the server's refusal of a backup file", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/batches/51": ok(BATCH),
      "/api/v1/assignments": ok(page([ASSIGNMENT])),
      "/api/v1/batches/51/backup-answers/preview": {
        status: 400,
        body: {
          success: false,
          code: "backup_edited",
          message: "Tệp đã bị sửa sau khi trang làm bài lưu nó, nên không thể tin các câu trả lời trong đó.",
          errors: {},
        },
      },
    });
    renderRoute("/assignment/batch-detail/:batchId", "/assignment/batch-detail/51", <BatchDetailRoute />, {
      language: "vi",
    });
    const section = await screen.findByRole("region", { name: "Bài làm dự phòng" });
    await user.upload(
      within(section).getByLabelText("Tệp bài làm dự phòng (.json)"),
      new File(["{}"], "sua.json", { type: "application/json" }),
    );
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Tệp đã bị sửa sau khi trang làm bài lưu nó, nên không thể tin các câu trả lời trong đó.",
    );
    expect(within(section).queryByRole("table")).toBeNull();
  });
});
