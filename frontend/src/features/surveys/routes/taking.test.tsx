import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { overviewPayload, questionsPayload } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import { resumePage } from "../lib/pages";
import SurveyTakingRoute from "./taking";

const URL_Q = "/api/v1/surveys/submissions/7/questions";
const URL_O = "/api/v1/surveys/submissions/7/overview";
const URL_SAVE = "/api/v1/surveys/submissions/store-answer";
const URL_FINISH = "/api/v1/surveys/submissions/7/finish";

function render(answered: number, extra = {}) {
  const api = mockApi({
    [URL_Q]: ok(questionsPayload(answered)),
    [URL_O]: ok(overviewPayload()),
    [URL_SAVE]: (_url, { body }) => {
      const b = body as { question_id: number; answer: number };
      return ok({
        question_id: b.question_id,
        answer: b.answer,
        answered: answered + 1,
        total: 48,
        progress: [],
      });
    },
    ...extra,
  });
  const view = renderRoute("/survey/taking/:user_survey_id", "/survey/taking/7", <SurveyTakingRoute />);
  return { ...api, ...view };
}

describe("survey taking", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("counts the time limit down on the server's clock, the request's round trip taken off", async () => {
    // The device's clock is 10 minutes behind the server's. The request leaves at 07:50:00 by the
    // device, the server answers at 08:00:01 by its clock (the middle of the round trip) and the
    // answer arrives at 07:50:02: the offset is 10:00, so at the arrival it is 08:00:02 on the
    // server and 22:58 are left until the 08:23:00 deadline.
    vi.useFakeTimers({ toFake: ["Date"] });
    const sentAt = Date.parse("2026-11-22T07:50:00Z");
    vi.setSystemTime(sentAt);
    render(10, {
      [URL_Q]: () => {
        vi.setSystemTime(sentAt + 2000);
        return ok({
          ...questionsPayload(10),
          server_now: "2026-11-22T08:00:01.000Z",
          deadline_at: "2026-11-22T08:23:00Z",
        });
      },
    });
    const clock = await screen.findByText("22:58");
    expect(clock).toHaveTextContent(/^Thời gian còn lại\s*22:58$/);
    vi.setSystemTime(sentAt + 2000 + 22 * 60_000 + 58_000); // 08:23:00 on the server
    expect(await screen.findByText("Đã hết thời gian làm bài.")).toBeInTheDocument();
    expect(screen.getByText("00:00")).toBeInTheDocument();
    expect(
      within(screen.getByRole("group", { name: "Nhận định 11: Nhận định số 11" })).getAllByRole("radio")[0],
    ).toBeDisabled();
  });

  it("resumes on the first page with an unanswered statement, with every saved answer", async () => {
    render(10); // statements 1-10 answered: page 2 holds 9-16
    expect(await screen.findByRole("heading", { name: "Trang 2/6" })).toBeInTheDocument();
    expect(screen.getByText("Đã trả lời 10/48 nhận định")).toBeInTheDocument();
    const ninth = screen.getByRole("group", { name: "Nhận định 9: Nhận định số 9" });
    expect(within(ninth).getByRole("radio", { name: /^4/ })).toBeChecked();
    const eleventh = screen.getByRole("group", { name: "Nhận định 11: Nhận định số 11" });
    expect(
      within(eleventh)
        .getAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    // progress by group: R holds statements 1, 7 (answered) and 13, 19, ... -> 2 of 8
    expect(screen.getByRole("progressbar", { name: "Kỹ thuật (Realistic): 2/8" })).toHaveAttribute(
      "aria-valuenow",
      "2",
    );
    expect(resumePage(questionsPayload(0).questions, {})).toBe(0);
    expect(
      resumePage(
        questionsPayload(48).questions,
        Object.fromEntries(questionsPayload(48).questions.map((q) => [q.id, 4])),
      ),
    ).toBe(5);
  });

  it("saves each answer as it is given, the last choice of a statement winning", async () => {
    const user = userEvent.setup();
    const { calls } = render(10);
    const eleventh = await screen.findByRole("group", { name: "Nhận định 11: Nhận định số 11" });
    await user.click(within(eleventh).getByRole("radio", { name: /^2/ }));
    await user.click(within(eleventh).getByRole("radio", { name: /^5/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === URL_SAVE)).toHaveLength(2));
    const saves = calls.filter((c) => c.path === URL_SAVE).map((c) => c.body);
    expect(saves).toEqual([
      { user_survey_id: 7, question_id: 111, answer: 2 },
      { user_survey_id: 7, question_id: 111, answer: 5 },
    ]);
    expect(within(eleventh).getByRole("radio", { name: /^5/ })).toBeChecked();
    expect(await within(eleventh).findByText("Đã lưu")).toBeInTheDocument();
    expect(screen.getByText("Đã trả lời 11/48 nhận định")).toBeInTheDocument();
  });

  it("shows a failed save and lets the learner retry", async () => {
    const user = userEvent.setup();
    render(0, {
      [URL_SAVE]: { status: 500, body: { success: false, message: "Lỗi máy chủ", code: "server_error" } },
    });
    const first = await screen.findByRole("group", { name: "Nhận định 1: Nhận định số 1" });
    await user.click(within(first).getByRole("radio", { name: /^3/ }));
    expect(await screen.findByText("Không lưu được câu trả lời")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Thử lại" })).toBeInTheDocument();
  });

  it("lists the unanswered statements when finishing is refused, and leads to each", async () => {
    const user = userEvent.setup();
    const unanswered = [{ id: 148, number: 48, group: "C", text: "Nhận định số 48" }];
    render(47, {
      [URL_FINISH]: {
        status: 409,
        body: { success: false, code: "survey_unanswered", message: "Còn 1 câu", errors: {}, unanswered },
      },
    });
    expect(await screen.findByRole("heading", { name: "Trang 6/6" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Nộp bài" }));
    expect(await screen.findByText("Không nộp được bài khảo sát")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Nhận định 48" }));
    expect(screen.getByRole("group", { name: "Nhận định 48: Nhận định số 48" })).toBeInTheDocument();
  });

  it("finishes and opens the result", async () => {
    const user = userEvent.setup();
    const { router } = render(48, {
      [URL_FINISH]: ok(overviewPayload({ status: "completed", holland_code: "SEA" })),
    });
    await user.click(await screen.findByRole("button", { name: "Nộp bài" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/survey/detail/7"));
  });

  it("sends a learner who has not started back to the overview", async () => {
    mockApi({
      [URL_Q]: {
        status: 409,
        body: { success: false, code: "survey_not_started", message: "Hãy bắt đầu bài khảo sát trước." },
      },
      [URL_O]: ok(overviewPayload({ status: "not_started" })),
    });
    renderRoute("/survey/taking/:user_survey_id", "/survey/taking/7", <SurveyTakingRoute />);
    expect(await screen.findByText("Không tải được bài khảo sát")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mở trang giới thiệu bài khảo sát" })).toHaveAttribute(
      "href",
      "/survey/overview/7",
    );
  });
});
