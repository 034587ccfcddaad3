import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import type { KeyCorrectionDetail } from "../api/get-key-correction";
import type { KeyCorrection, KeyCorrectionPanel } from "../api/get-key-corrections";
import type { KeyCorrectionPreview } from "../api/preview-key-correction";
import type { Question } from "../api/types";
import { QUESTION, SUBJECTS } from "../testing/fixtures";
import QuestionFormRoute from "./question-form";

const PUBLISHED: Question = { ...QUESTION, status: "published", published_at: QUESTION.created_at };

const PANEL: KeyCorrectionPanel = {
  question_id: 31,
  version: 1,
  type: "single_choice",
  answer_key: { option: "a" },
  options: QUESTION.content.options,
  statements: [],
  can_correct: true,
  blocked: null,
  attempts_submitted: 3,
  attempts_in_progress: 1,
  later_versions: [{ id: 40, version: 2, status: "draft" }],
  corrections: [],
};

/** A test of 12 points reported out of 10 (decision 0056): 10.5 points are 8,75/10, 9 are 7,50/10. */
const row = (over: Partial<KeyCorrectionPreview["rows"][number]>): KeyCorrectionPreview["rows"][number] => ({
  attempt_id: 1,
  learner_name: "Trần Văn An",
  preset_name: "Toán 9 - Học kỳ I",
  batch_name: "Ca sáng",
  points: 1.5,
  old_answer_score: 1.5,
  new_answer_score: 0,
  old_score: 10.5,
  new_score: 9,
  max_score: 12,
  old_scale_score: 8.75,
  new_scale_score: 7.5,
  scale_max: 10,
  released: true,
  changed: true,
  outcome: "rescored",
  ...over,
});

const PREVIEW: KeyCorrectionPreview = {
  answer_key: { option: "b" },
  digest: "d1g35t",
  attempts: 3,
  changed: 2,
  released_changed: 1,
  attempts_in_progress: 1,
  rows: [
    row({}),
    row({
      attempt_id: 2,
      learner_name: "Lê Thị Bình",
      old_answer_score: 0,
      new_answer_score: 1.5,
      old_score: 7.5,
      new_score: 9,
      old_scale_score: 6.25,
      new_scale_score: 7.5,
      released: false,
    }),
    row({
      attempt_id: 3,
      learner_name: "Phạm Minh Châu",
      old_answer_score: 0,
      new_answer_score: 0,
      old_score: 6,
      new_score: 6,
      old_scale_score: 5,
      new_scale_score: 5,
      changed: false,
      outcome: "hand_graded",
    }),
  ],
};

const DONE: KeyCorrection = {
  id: 5,
  question_id: 31,
  status: "done",
  reason: "Đáp án in nhầm",
  created_by_name: "Nguyễn Thị Lan",
  created_at: "2026-11-24T08:00:00Z",
  finished_at: "2026-11-24T08:00:05Z",
  old_key: { option: "a" },
  new_key: { option: "b" },
  attempts_total: 4,
  attempts_done: 4,
  attempts_changed: 2,
  learners_notified: 1,
  error: "",
};

function open(routes: Record<string, Route>, language: Language = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok([]),
    "/api/v1/questions/31": ok(PUBLISHED),
    "/api/v1/questions/31/history": ok([]),
    "/api/v1/questions/31/key-corrections": ok(PANEL),
    ...routes,
  });
  return {
    ...api,
    ...renderRoute("/question-bank/form/:id/:load?", "/question-bank/form/31", <QuestionFormRoute />, {
      language,
    }),
  };
}

const posts = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body]);

describe("the key correction after the exam", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("previews every attempt's score before and after, then confirms with the reason", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const queued: KeyCorrection = { ...DONE, status: "queued", attempts_done: 0, attempts_changed: 0 };
    let confirmed = false;
    const { calls } = open({
      "/api/v1/questions/31/key-corrections": (_url, { method }) => {
        if (method === "POST") {
          confirmed = true;
          return { status: 202, body: { success: true, data: queued, message: "" } };
        }
        return ok(confirmed ? { ...PANEL, answer_key: { option: "b" }, corrections: [queued] } : PANEL);
      },
      "/api/v1/questions/31/key-corrections/preview": ok(PREVIEW),
    });
    const section = await screen.findByRole("region", { name: "Sửa đáp án sau khi thi" });
    expect(section).toHaveTextContent("Phiên bản này có 3 bài đã nộp và 1 bài đang làm.");
    expect(section).toHaveTextContent(
      "Các phiên bản sau có đáp án riêng, lần sửa này không đổi chúng: phiên bản 2",
    );
    expect(within(section).getByRole("link", { name: "phiên bản 2" })).toHaveAttribute(
      "href",
      "/question-bank/form/40",
    );

    await user.click(within(section).getByRole("button", { name: "Sửa đáp án sau khi thi" }));
    const dialog = await screen.findByRole("dialog", { name: "Sửa đáp án của phiên bản 1" });
    const options = within(dialog).getByRole("group", { name: "Phương án đúng" });
    expect(
      within(options)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).checked),
    ).toEqual([true, false, false]);
    await user.click(within(options).getAllByRole("radio")[1]!);
    await user.click(within(dialog).getByRole("button", { name: "Xem trước" }));

    const table = await within(dialog).findByRole("table", { name: "Điểm trước và sau khi sửa" });
    expect(within(dialog).getByText(/bài làm, /)).toHaveTextContent(
      "3 bài làm, 2 bài đổi tổng điểm; 1 học sinh có điểm đã công bố sẽ nhận thông báo.",
    );
    expect(dialog).toHaveTextContent("1 bài đang làm sẽ được chấm theo đáp án mới khi nộp.");
    const [head, ...rows] = within(table).getAllByRole("row");
    expect(head).toHaveTextContent(
      "Học sinhBài thi · ca thiĐiểm câu nàyTổng điểm (theo thang điểm)Đã công bố",
    );
    // the question's score in its points, the total on the test's scale as the learner's result shows it
    expect(rows.map((r) => r.textContent)).toEqual([
      "Trần Văn AnToán 9 - Học kỳ I · Ca sáng1,5/1,5→thành0/1,58,75/10→thành7,50/10Có",
      "Lê Thị BìnhToán 9 - Học kỳ I · Ca sáng0/1,5→thành1,5/1,56,25/10→thành7,50/10Chưa",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Hiện cả 1 bài không đổi điểm" }));
    expect(within(table).getAllByRole("row").at(-1)).toHaveTextContent(
      "Phạm Minh ChâuToán 9 - Học kỳ I · Ca sáng0/1,55,00/10Giữ điểm giáo viên chấm tayCó",
    );

    // a reason is required before the confirmation reaches the server
    await user.click(within(dialog).getByRole("button", { name: "Xác nhận sửa đáp án" }));
    expect(within(dialog).getByText("Hãy ghi lý do đáp án sai: lịch sử sẽ lưu lại.")).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);

    await user.type(within(dialog).getByLabelText("Lý do sửa"), "Đáp án in nhầm");
    await user.click(within(dialog).getByRole("button", { name: "Xác nhận sửa đáp án" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(calls)).toEqual([
      ["/api/v1/questions/31/key-corrections/preview", { answer_key: { option: "b" } }],
      [
        "/api/v1/questions/31/key-corrections",
        { answer_key: { option: "b" }, reason: "Đáp án in nhầm", digest: "d1g35t" },
      ],
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã sửa đáp án. Các bài làm đang được chấm lại.");
    expect(await screen.findByText("Đang chờ chấm lại")).toBeInTheDocument();
  }, 20_000);

  it("shows the server's field errors on the key and drops a preview when the key changes", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      "/api/v1/questions/31/key-corrections/preview": (_url, { body }) =>
        (body as { answer_key: { option: string } }).answer_key.option === "c"
          ? {
              status: 400,
              body: {
                success: false,
                code: "validation_error",
                message: "Không lưu được đáp án.",
                errors: { answer_key: ["Đây vẫn là đáp án hiện tại của câu hỏi: hãy sửa đáp án trước."] },
              },
            }
          : ok(PREVIEW),
    });
    const section = await screen.findByRole("region", { name: "Sửa đáp án sau khi thi" });
    await user.click(within(section).getByRole("button", { name: "Sửa đáp án sau khi thi" }));
    const dialog = await screen.findByRole("dialog");
    const radios = within(dialog).getAllByRole("radio");
    await user.click(radios[1]!);
    await user.click(within(dialog).getByRole("button", { name: "Xem trước" }));
    await within(dialog).findByRole("table");
    await user.click(radios[2]!); // another key: the preview is gone, "Xem trước" again
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Xem trước" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Đây vẫn là đáp án hiện tại của câu hỏi: hãy sửa đáp án trước.",
    );
    expect(within(dialog).getByRole("group", { name: "Phương án đúng" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(posts(calls).map(([, body]) => body)).toEqual([
      { answer_key: { option: "b" } },
      { answer_key: { option: "c" } },
    ]);
  });

  it("edits a true/false set's statements and scoring table (English)", async () => {
    const user = userEvent.setup();
    const statements = ["a", "b", "c", "d"].map((id) => ({ id, vi: `Ý ${id}`, en: `Statement ${id}` }));
    const { calls } = open(
      {
        "/api/v1/questions/31/key-corrections": ok({
          ...PANEL,
          type: "true_false_set",
          options: [],
          statements,
          later_versions: [],
          answer_key: {
            statements: statements.map((s, i) => ({ id: s.id, value: i < 2 })),
            scoring_table: ["0", "0.1", "0.25", "0.5", "1"],
          },
        }),
        "/api/v1/questions/31/key-corrections/preview": ok({ ...PREVIEW, rows: [row({})] }),
      },
      "en",
    );
    const section = await screen.findByRole("region", { name: "Correct the key after the exam" });
    await user.click(within(section).getByRole("button", { name: "Correct the key after the exam" }));
    const dialog = await screen.findByRole("dialog", { name: "Correct the key of version 1" });
    const d = within(dialog).getByRole("radiogroup", { name: "Statement d" });
    expect(d).toHaveTextContent("d) Statement d");
    await user.click(within(d).getByRole("radio", { name: "True" }));
    const third = within(dialog).getByLabelText("3 right");
    expect(third).toHaveValue("0.5");
    await user.clear(third);
    await user.type(third, "0.6");
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    await within(dialog).findByText(/attempts, 2 totals change/);
    const [head, first] = within(within(dialog).getByRole("table")).getAllByRole("row");
    expect(head).toHaveTextContent(
      "LearnerTest · batchThis question's pointsTotal (on the reporting scale)Released",
    );
    expect(first).toHaveTextContent(
      "Trần Văn AnToán 9 - Học kỳ I · Ca sáng1.5/1.5→becomes0/1.58.75/10→becomes7.50/10Yes",
    );
    expect(posts(calls)).toEqual([
      [
        "/api/v1/questions/31/key-corrections/preview",
        {
          answer_key: {
            statements: { a: true, b: true, c: false, d: true },
            scoring_table: ["0", "0.1", "0.25", "0.6", "1"],
          },
        },
      ],
    ]);
  });

  it("sends a numeric answer's accepted numbers one a line", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      "/api/v1/questions/31/key-corrections": ok({
        ...PANEL,
        type: "numeric",
        options: [],
        answer_key: { accepted: ["0,5"] },
      }),
      "/api/v1/questions/31/key-corrections/preview": ok(PREVIEW),
    });
    const section = await screen.findByRole("region", { name: "Sửa đáp án sau khi thi" });
    await user.click(within(section).getByRole("button", { name: "Sửa đáp án sau khi thi" }));
    const numbers = within(await screen.findByRole("dialog")).getByLabelText(/Số được chấp nhận/);
    expect(numbers).toHaveValue("0,5");
    await user.clear(numbers);
    await user.type(numbers, "-0,5{enter}{enter} -,5 ");
    await user.click(screen.getByRole("button", { name: "Xem trước" }));
    await screen.findByRole("table");
    expect(posts(calls)[0]![1]).toEqual({ answer_key: { accepted: ["-0,5", "-,5"] } });
  });

  it("lists the corrections: when, who, why, the keys, the counts, each attempt on demand", async () => {
    const user = userEvent.setup();
    const detail: KeyCorrectionDetail = {
      ...DONE,
      rows: [
        { ...row({}), notified: true, done: true },
        // a test in raw points: its total stays in points of its maximum, as its result shows it
        {
          ...row({ attempt_id: 2, learner_name: "Lê Thị Bình", preset_name: "Toán 9 - Thi thử" }),
          old_scale_score: 10.5,
          new_scale_score: 9,
          scale_max: 12,
          notified: true,
          done: true,
        },
      ],
    };
    open({
      "/api/v1/questions/31/key-corrections": ok({
        ...PANEL,
        answer_key: { option: "b" },
        corrections: [DONE],
      }),
      "/api/v1/key-corrections/5": ok(detail),
    });
    const section = await screen.findByRole("region", { name: "Sửa đáp án sau khi thi" });
    const item = await within(section).findByRole("listitem");
    expect(item).toHaveTextContent(
      "15:00 24/11/2026 · Nguyễn Thị LanĐã chấm lại xongLý do: Đáp án in nhầmĐáp án: a → b4 bài: 2 bài đổi điểm · 1 học sinh được báo",
    );
    await user.click(within(item).getByRole("button", { name: "Xem từng bài làm" }));
    const table = await within(item).findByRole("table", {
      name: "Các bài làm của lần sửa 15:00 24/11/2026",
    });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      "Trần Văn AnToán 9 - Học kỳ I · Ca sáng1,5/1,5→thành0/1,58,75/10→thành7,50/10CóĐã báo học sinh",
      "Lê Thị BìnhToán 9 - Thi thử · Ca sáng1,5/1,5→thành0/1,510,50/12→thành9,00/12CóĐã báo học sinh",
    ]);
  });
});
