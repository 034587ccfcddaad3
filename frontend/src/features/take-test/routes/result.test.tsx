import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { mockApi, ok } from "@/testing/mock-api";

import { assignment, result } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import ResultRoute from "./result";
import TakersDetailRoute from "./takers-detail";

const RESULT = "/api/v1/take-test/5/result";

function openResult(language: "vi" | "en" = "en") {
  return renderRoute("/assignment/result/index", "/assignment/result/index?id=5", <ResultRoute />, {
    language,
  });
}

describe("the learner's result", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the score, pass or fail, the round's message and each answer against the key", async () => {
    mockApi({ [RESULT]: ok(result()) });
    openResult();
    expect(await screen.findByRole("heading", { level: 1, name: "Test result" })).toBeInTheDocument();
    expect(screen.getByText("7.50/10")).toBeInTheDocument();
    expect(screen.getByText("Passed")).toBeInTheDocument();
    expect(screen.getByText("Chúc mừng! Em đã vượt qua vòng sơ loại.")).toBeInTheDocument();
    const subjects = screen.getByRole("table", { name: "Subject" });
    expect(within(subjects).getByRole("row", { name: /Toán/ })).toHaveTextContent("2.5/462.5%");
    expect(screen.getByRole("table", { name: "Topic" })).toHaveTextContent("T9-HH Hình học1.5/275%");
    const answers = screen.getByRole("list", { name: "Answers and key" });
    const [first, second, third] = ["Question 1", "Question 2", "Question 3"].map((name) =>
      within(answers).getByRole("listitem", { name }),
    );
    expect(first).toHaveTextContent("0/1 point"); // ICU plural: 1 point, 2 points
    expect(first).not.toHaveTextContent("0/1 points");
    const [right, chosen] = within(first!).getAllByRole("listitem");
    expect(right).toHaveTextContent(/^7\(correct answer\)$/);
    expect(chosen).toHaveTextContent(/^-7\(your choice\)$/);
    expect(within(first!).getByText("Explanation")).toBeInTheDocument();
    expect(second).toHaveTextContent("Your answerTrue");
    expect(second).toHaveTextContent("Answer keyTrue");
    expect(third).toHaveTextContent("1.5/2 points");
    expect(third).toHaveTextContent("A = 3√x/(√x + 2)");
    expect(third).toHaveTextContent("Comment: Thiếu điều kiện xác định.");
  });

  it("shows the score out of 10 and each part's subtotal the Vietnamese way (decision 0056)", async () => {
    const part = (position: number, name: string, count: number, score: number, max: number) => ({
      position,
      name,
      question_type: "single_choice",
      question_count: count,
      score,
      max_score: max,
      scale_score: score,
      scale_max: max,
    });
    mockApi({
      [RESULT]: ok(
        result({
          score: 7.35,
          max_score: 10,
          scale_score: 7.35,
          scale_max: 10,
          parts: [
            part(1, "Phần I. Trắc nghiệm nhiều phương án lựa chọn", 12, 2.25, 3),
            part(2, "Phần II. Trắc nghiệm đúng sai", 4, 2.6, 4),
            part(3, "Phần III. Trắc nghiệm trả lời ngắn", 6, 2.5, 3),
          ],
        }),
      ),
    });
    openResult("vi");
    expect(await screen.findByText("7,35/10")).toBeInTheDocument();
    expect(screen.getByText("5,00/10")).toBeInTheDocument(); // the pass mark, on the same scale
    const parts = screen.getByRole("region", { name: "Điểm theo phần" });
    const rows = within(parts).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Phần I. Trắc nghiệm nhiều phương án lựa chọn122,25/3",
      "Phần II. Trắc nghiệm đúng sai42,60/4",
      "Phần III. Trắc nghiệm trả lời ngắn62,50/3",
    ]);
    expect(headingSkips()).toEqual([]);
  });

  it("has its headings in order: h1 result, h2 breakdown and answers' section, h3 each question (issue 38)", async () => {
    mockApi({
      [RESULT]: ok(result()),
      "/api/v1/take-test/5/video-views": ok({
        video: "stored",
        deleted_at: null,
        deleted_reason: null,
        views: [],
      }),
    });
    openResult("vi");
    await screen.findByRole("heading", { level: 1, name: "Kết quả bài thi" });
    await screen.findByRole("region", { name: "Ai đã xem video giám sát của bạn" });
    expect(screen.getByRole("heading", { name: "Kết quả theo môn và theo ma trận" })).toHaveProperty(
      "tagName",
      "H2",
    );
    expect(headingSkips()).toEqual([]);
  });

  it("shows who viewed the learner's proctoring video, newest first", async () => {
    mockApi({
      [RESULT]: ok(result()),
      "/api/v1/take-test/5/video-views": ok({
        video: "stored",
        deleted_at: null,
        deleted_reason: null,
        views: [
          { viewer_name: "Nguyễn Thị Lan", viewer_role: "admin", viewed_at: "2026-11-26T02:00:00Z" },
          { viewer_name: "Trần Văn Minh", viewer_role: "educator", viewed_at: "2026-11-25T01:05:00Z" },
        ],
      }),
    });
    openResult("vi");
    const section = await screen.findByRole("region", { name: "Ai đã xem video giám sát của bạn" });
    const views = within(section).getAllByRole("listitem");
    expect(views.map((v) => v.textContent)).toEqual([
      "Nguyễn Thị Lan · Quản trị viên tổ chức09:00 26/11/2026",
      "Trần Văn Minh · Giáo viên08:05 25/11/2026",
    ]);
  });

  it("says the video was deleted under the retention policy; nothing without a video", async () => {
    mockApi({
      [RESULT]: ok(result()),
      "/api/v1/take-test/5/video-views": ok({
        video: "deleted",
        deleted_at: "2026-11-26T19:30:00Z",
        deleted_reason: "retention",
        views: [],
      }),
    });
    const { unmount } = openResult("en");
    const section = await screen.findByRole("region", { name: "Who viewed your proctoring video" });
    expect(section).toHaveTextContent("Deleted under the retention policy on 27 Nov 2026, 02:30.");
    expect(section).toHaveTextContent("Nobody has viewed the video of your surroundings for this test.");
    unmount();
    vi.unstubAllGlobals();
    mockApi({
      [RESULT]: ok(result()),
      "/api/v1/take-test/5/video-views": ok({
        video: "none",
        deleted_at: null,
        deleted_reason: null,
        views: [],
      }),
    });
    openResult("en");
    expect(await screen.findByRole("heading", { level: 1, name: "Test result" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Who viewed your proctoring video" })).toBeNull();
  });

  it("says when the result is pending release", async () => {
    mockApi({
      [RESULT]: ok(
        result({ released: false, result: null, score: null, max_score: null, answers: [], message: "" }),
      ),
    });
    openResult("vi");
    expect(
      await screen.findByText("Bài đã được nộp. Kết quả sẽ hiển thị khi được chấm và công bố."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Câu trả lời và đáp án" })).toBeNull();
  });

  it("says when the result was voided by tab switches", async () => {
    mockApi({ [RESULT]: ok(result({ voided: true, tab_switches: 6, result: "failed" })) });
    openResult();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The result was voided: the tab was switched more than 5 times (6).",
    );
    expect(screen.getByText("Failed")).toBeInTheDocument();
  });

  it("says when the test has not been taken", async () => {
    mockApi({});
    openResult();
    expect(await screen.findByRole("alert")).toHaveTextContent("You have not taken this test yet.");
  });
});

describe("one of the learner's tests", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the test's details and its result once submitted", async () => {
    mockApi({
      "/api/v1/assignment-users/5": ok(
        assignment({ status: "graded", action: "result", advanced_report: true }),
      ),
      [RESULT]: ok(result()),
    });
    renderRoute("/assignment/takers-detail/:id", "/assignment/takers-detail/5", <TakersDetailRoute />, {
      language: "en",
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Đánh giá năng lực Toán 9" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Graded")).toBeInTheDocument();
    expect(screen.getByText("45 minutes")).toBeInTheDocument();
    expect(screen.getByText("Camera (starting without a camera allowed)")).toBeInTheDocument();
    expect(screen.getByText(/120,000/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Result of Đánh giá năng lực Toán 9" })).toHaveAttribute(
      "href",
      "/assignment/result/index?id=5",
    );
    expect(await screen.findByText("7.50/10")).toBeInTheDocument();
  });

  it("says when the test is not the learner's", async () => {
    mockApi({});
    renderRoute("/assignment/takers-detail/:id", "/assignment/takers-detail/99", <TakersDetailRoute />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tìm thấy bài thi này.");
  });
});
