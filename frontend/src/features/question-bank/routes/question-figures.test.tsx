import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import type { ItemAppearance, QuestionItemAnalysis } from "../api/get-question-item-analysis";
import type { Question } from "../api/types";
import { QUESTION, SUBJECTS } from "../testing/fixtures";
import QuestionFormRoute from "./question-form";

const PUBLISHED: Question = { ...QUESTION, status: "published", published_at: QUESTION.created_at };

const APPEARANCE: ItemAppearance = {
  question_id: 31,
  root_id: 31,
  version: 1,
  code: "#31",
  stem: "Giải x^2 - 4 = 0",
  type: "single_choice",
  clusters: [],
  position: 3,
  part: null,
  n: 40,
  max_points: 1,
  facility: 0.45,
  discrimination: -0.12,
  efficiency: -0.2,
  upper_lower: -0.1,
  omit_rate: 0.05,
  options: [],
  statements: [],
  right_counts: [],
  accepted: [],
  wrong_answers: [],
  other_wrong: 0,
  flags: ["negative_discrimination"],
  few_attempts: false,
  preset_id: 7,
  preset_name: "Toán 9 - Học kỳ I",
  batch_id: 3,
  batch_name: "Ca sáng",
  state: {
    status: "ready",
    requested_at: "2026-11-22T03:00:00Z",
    started_at: "2026-11-22T03:00:01Z",
    computed_at: "2026-11-22T03:00:02Z",
    attempts: 40,
    voided: 0,
    pending: 0,
    error: "",
    progress: null,
  },
  test_alpha: 0.72,
};

const FIGURES: QuestionItemAnalysis = {
  question_id: 31,
  root_id: 31,
  appearances: [APPEARANCE],
  thresholds: {
    facility_low: 0.2,
    facility_high: 0.9,
    discrimination_low: 0.2,
    group_share: 0.27,
    min_attempts: 30,
    key_error_min_upper: 2,
  },
};

function open(routes: Record<string, Route>, language: Language = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok([]),
    "/api/v1/questions/31": ok(PUBLISHED),
    "/api/v1/questions/31/history": ok([]),
    "/api/v1/questions/31/item-analysis": ok(FIGURES),
    ...routes,
  });
  return {
    ...api,
    ...renderRoute("/question-bank/form/:id/:load?", "/question-bank/form/31", <QuestionFormRoute />, {
      language,
    }),
  };
}

describe("a question's item analysis figures", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists its figures per test and sends it back to vetting, then opens the new version", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const { calls, router } = open({
      "/api/v1/questions/31/send-to-vetting": ok({ ...PUBLISHED, id: 32, version: 2, status: "submitted" }),
    });

    const table = await screen.findByRole("table", { name: "Số liệu phân tích câu hỏi" });
    const row = within(table).getByRole("row", { name: /Ca sáng/ });
    expect(row).toHaveTextContent(
      "Toán 9 - Học kỳ I · Ca sángv1400,45-0,12-0,10,05Phân biệt âm10:00 22/11/2026",
    );
    expect(within(row).getByRole("link", { name: "Toán 9 - Học kỳ I · Ca sáng" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/batch/3",
    );
    expect(screen.getByRole("region", { name: "Ý nghĩa các cảnh báo" })).toHaveTextContent(
      "Phân biệt âmĐộ phân biệt dưới 0: học viên có tổng điểm thấp làm câu này tốt hơn học viên có tổng điểm cao.",
    );

    await user.click(screen.getByRole("button", { name: "Gửi lại thẩm định" }));
    const dialog = await screen.findByRole("dialog", { name: "Gửi lại câu hỏi để thẩm định?" });
    await user.type(within(dialog).getByLabelText("Nhận xét (không bắt buộc)"), "Đáp án có thể sai");
    await user.click(within(dialog).getByRole("button", { name: "Gửi thẩm định" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/question-bank/form/32"));
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/v1/questions/31/send-to-vetting", { comment: "Đáp án có thể sai" }],
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã gửi lại thẩm định: phiên bản 2.");
  });

  it("shows a 409 as its localized message, with a link to the open version", async () => {
    const user = userEvent.setup();
    const { router } = open(
      {
        "/api/v1/questions/31/send-to-vetting": {
          status: 409,
          body: { success: false, code: "question_locked", message: "Locked.", open_version_id: 35 },
        },
      },
      "en",
    );
    await user.click(await screen.findByRole("button", { name: "Send back to vetting" }));
    const dialog = await screen.findByRole("dialog", { name: "Send the question back to vetting?" });
    await user.click(within(dialog).getByRole("button", { name: "Send to vetting" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "A later version of this question is already open.",
    );
    expect(router.state.location.pathname).toBe("/question-bank/form/31");
    expect(within(dialog).getByRole("link", { name: "Open that version" })).toHaveAttribute(
      "href",
      "/question-bank/form/35",
    );
  });

  it("offers no sending back for a draft, and says when no test has figures yet", async () => {
    open({
      "/api/v1/questions/31": ok(QUESTION),
      "/api/v1/questions/31/item-analysis": ok({ ...FIGURES, appearances: [] }),
    });
    expect(await screen.findByText("Câu hỏi này chưa có số liệu trong đề thi nào.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Gửi lại thẩm định" })).toBeNull();
  });

  it("from fewer than 30 attempts, each figure and the flags carry the note, in both languages", async () => {
    const few = { ...FIGURES, appearances: [{ ...APPEARANCE, n: 3, few_attempts: true }] };
    open({ "/api/v1/questions/31/item-analysis": ok(few) });
    const table = await screen.findByRole("table", { name: "Số liệu phân tích câu hỏi" });
    const note = "Cần ít nhất 30 bài làm; ở đây có 3.";
    expect(within(table).getByRole("row", { name: /Ca sáng/ })).toHaveTextContent(
      `Toán 9 - Học kỳ I · Ca sángv130,45${note}-0,12${note}-0,1${note}0,05Phân biệt âm${note}10:00 22/11/2026`,
    );
  });

  it("in English: the note beside a figure from 3 attempts", async () => {
    const few = { ...FIGURES, appearances: [{ ...APPEARANCE, n: 3, few_attempts: true }] };
    open({ "/api/v1/questions/31/item-analysis": ok(few) }, "en");
    const table = await screen.findByRole("table", { name: "Item analysis figures" });
    const note = "Needs at least 30 attempts; this has 3.";
    expect(within(table).getAllByText(note, { ignore: "[aria-hidden] *" })).toHaveLength(4); // each figure's
    expect(within(table).getAllByText(note)).toHaveLength(5); // and once under the row on wide screens
  });
});
