import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { assignment, page } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import MyTestsRoute from "./my-tests";

const HOUR = 3_600_000;
const future = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("the learner's tests", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each test with its organization, status, window, attempts, due date, price, source and action", async () => {
    const user = userEvent.setup();
    const rows = [
      assignment({ window_starts_at: future(-HOUR), window_expires_at: future(2 * HOUR) }),
      assignment({
        enrollment_id: 6,
        preset_name: "Tiếng Anh 9",
        status: "in_progress",
        action: "continue",
        source: "direct",
        purchase_cost: 0,
        requires_purchase: false,
      }),
      assignment({ enrollment_id: 7, preset_name: "Toán 12", status: "graded", action: "result" }),
      assignment({
        enrollment_id: 8,
        preset_name: "Ngữ văn 9",
        batch_starts_at: future(-5 * HOUR),
        batch_expires_at: future(-HOUR),
        // The server's word (assignments/window.py): the window is over for this learner.
        window_starts_at: future(-5 * HOUR),
        window_expires_at: future(-HOUR),
        can_start_now: false,
        action: "closed",
      }),
    ];
    const { calls } = mockApi({
      "/api/v1/assignment-users/my-list": (url) => {
        const status = url.searchParams.get("status");
        return ok(page(status ? rows.filter((r) => r.status === status) : rows, 23));
      },
    });
    const { router } = renderRoute("/assignment/student", "/assignment/student", <MyTestsRoute />, {
      language: "en",
    });
    await screen.findByRole("link", { name: "Đánh giá năng lực Toán 9" });
    const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });
    const first = row("Đánh giá năng lực Toán 9");
    expect(first).toHaveTextContent("Trung tâm Học tập Suốt đời · Grade 9");
    expect(first).toHaveTextContent("Not started");
    expect(first).toHaveTextContent("Ca 1 (sáng thứ Bảy)");
    expect(first).toHaveTextContent(/120,000/);
    expect(first).toHaveTextContent("Purchased");
    expect(within(first).getByRole("link", { name: "Prepare for Đánh giá năng lực Toán 9" })).toHaveAttribute(
      "href",
      "/take-test/preparation/5",
    );
    const second = row("Tiếng Anh 9");
    expect(second).toHaveTextContent("In progress");
    expect(second).toHaveTextContent("Free");
    expect(second).toHaveTextContent("Assigned");
    expect(within(second).getByRole("link", { name: "Continue Tiếng Anh 9" })).toHaveAttribute(
      "href",
      "/take-test/6",
    );
    const third = row("Toán 12");
    expect(within(third).getByRole("link", { name: "Result of Toán 12" })).toHaveAttribute(
      "href",
      "/assignment/result/index?id=7",
    );
    expect(row("Ngữ văn 9")).toHaveTextContent("Closed");
    // An accommodation keeps the window open past the batch: the list shows what the server says.
    expect(within(row("Đánh giá năng lực Toán 9")).queryByText("Closed")).toBeNull();

    await user.selectOptions(screen.getByLabelText("Status"), "graded");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe("/api/v1/assignment-users/my-list?page=1&limit=10&status=graded"),
    );
    await user.type(screen.getByLabelText("Search"), "Toán");
    await vi.waitFor(() => expect(calls.at(-1)?.path).toContain("search=To%C3%A1n"));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toContain("page=2"));
    await user.click(await screen.findByRole("link", { name: "Toán 12" }));
    expect(router.state.location.pathname).toBe("/assignment/takers-detail/7");
  });

  it("shows the latest attempt's score on the test's scale and its result once released", async () => {
    const submitted = { attempt_no: 1, attempt_status: "submitted", max_score: 8, scale_max: 10 };
    mockApi({
      "/api/v1/assignment-users/my-list": ok(
        page([
          assignment({
            status: "graded",
            ...submitted,
            score: 6.5,
            scale_score: 8.13, // 6,5 of 8 points out of 10, as the server rounds it
            result: "passed",
            released: true,
          }),
          assignment({ enrollment_id: 6, preset_name: "Tiếng Anh 9", status: "graded", ...submitted }),
          assignment({
            enrollment_id: 7,
            preset_name: "Toán 12",
            status: "graded",
            ...submitted,
            attempt_no: 2,
            score: 2,
            scale_score: 2.5,
            result: "failed",
            released: true,
          }),
          assignment({
            enrollment_id: 8,
            preset_name: "Ngữ văn 9",
            status: "in_progress",
            attempt_no: 1,
            attempt_status: "in_progress",
            max_score: 10,
            scale_max: 10,
          }),
          assignment({ enrollment_id: 9, preset_name: "Vật lý 9" }),
        ]),
      ),
    });
    renderRoute("/assignment/student", "/assignment/student", <MyTestsRoute />);
    await screen.findByRole("link", { name: "Vật lý 9" });
    const table = screen.getByRole("table", { name: "Bài thi của tôi" });
    expect(within(table).getByRole("columnheader", { name: "Điểm" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Kết quả" })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    const cells = (name: string) => {
      const row = within(table).getByRole("row", { name: new RegExp(name) });
      const all = within(row).getAllByRole("cell");
      const at = (header: string) => all[headers.indexOf(header)];
      return { score: at("Điểm"), result: at("Kết quả"), attempts: at("Số lần làm bài") };
    };
    const passed = cells("Đánh giá năng lực Toán 9");
    expect(passed.score).toHaveTextContent(/^8,13\/10$/);
    expect(passed.result).toHaveTextContent(/^ĐạtĐã công bố$/);
    expect(passed.attempts).toHaveTextContent(/^1Lần làm 1$/);
    const held = cells("Tiếng Anh 9");
    expect(held.score).toHaveTextContent(/^—\/10$/);
    expect(held.result).toHaveTextContent(/^Đang chờChờ công bố$/);
    const failed = cells("Toán 12");
    expect(failed.score).toHaveTextContent(/^2,50\/10$/);
    expect(failed.result).toHaveTextContent(/^Chưa đạtĐã công bố$/);
    expect(failed.attempts).toHaveTextContent(/Lần làm 2$/);
    const going = cells("Ngữ văn 9");
    expect(going.score).toHaveTextContent(/^—$/);
    expect(going.result).toHaveTextContent(/^—$/);
    const fresh = cells("Vật lý 9");
    expect(fresh.score).toHaveTextContent(/^—$/);
    expect(fresh.attempts).toHaveTextContent(/^1$/);
  });

  it("leads to the marketplace when there is no test yet", async () => {
    mockApi({ "/api/v1/assignment-users/my-list": ok(page([])) });
    renderRoute("/assignment/student", "/assignment/student", <MyTestsRoute />);
    expect(
      await screen.findByText("Bạn chưa có bài thi nào. Hãy tìm bài thi phù hợp trên chợ bài thi."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Đến chợ bài thi" })).toHaveAttribute("href", "/marketplace");
  });

  it("says so when the list cannot be loaded", async () => {
    mockApi({ "/api/v1/assignment-users/my-list": { status: 500, body: { message: "boom" } } });
    renderRoute("/assignment/student", "/assignment/student", <MyTestsRoute />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tải được danh sách bài thi");
  });
});
