import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import type { FileCandidate, QuestionFile } from "../api/types";
import { BANK, page, SUBJECTS } from "../testing/fixtures";
import ImportFileRoute from "./import-file";

const FILE_ID = "7d2f3a4e-1111-4222-8333-944455556666";
const NOW = "2026-11-29T08:00:00Z";
const BASE = `/api/v1/question-files/${FILE_ID}`;

const job = (over: Partial<NonNullable<QuestionFile["read_job"]>> = {}) => ({
  id: "job-1",
  kind: "question_file",
  status: "done",
  dry_run: true,
  progress: 100,
  rows_done: 100,
  rows_total: 100,
  file_name: "de-thi.docx",
  result: { format: "docx", questions: 3, need_attention: 1 },
  error_code: "",
  error_message: "",
  created_at: NOW,
  finished_at: NOW,
  ...over,
});

const file = (over: Partial<QuestionFile> = {}): QuestionFile => ({
  id: FILE_ID,
  file_name: "de-thi.docx",
  format: "docx",
  format_name: "Word (.docx)",
  size: 12000,
  status: "ready",
  questions: 3,
  need_attention: 1,
  skipped: 0,
  importable: 2,
  imported: 0,
  target_bank_id: null,
  read_job: job(),
  import_job: null,
  created_at: NOW,
  ...over,
});

const candidate = (over: Partial<FileCandidate>): FileCandidate => ({
  id: 1,
  position: 1,
  ref: "Câu 1",
  type: "single_choice",
  source_type: "",
  folder: ["PHẦN I"],
  content: {
    stem: { vi: "<p>Giá trị của $\\frac{1}{2}$ + 1 bằng</p>", en: "" },
    options: [
      { id: "a", vi: "1", en: "" },
      { id: "b", vi: "3/2", en: "" },
    ],
    explanation: { vi: "<p>Cộng hai phân số.</p>", en: "" },
    statements: [],
    rounding: { vi: "", en: "" },
  },
  answer_key: { option: "b" },
  grade: null,
  subject_id: null,
  difficulty: "",
  score_weight: null,
  images: [],
  problems: [],
  flags: [],
  blocked: false,
  skipped: false,
  edited: false,
  question_id: null,
  ...over,
});

const FIRST = candidate({});
const NO_KEY = candidate({
  id: 6,
  position: 2,
  ref: "Câu 6",
  content: {
    stem: { vi: "<p>Thủ đô của Việt Nam là</p>", en: "" },
    options: [
      { id: "a", vi: "Huế", en: "" },
      { id: "b", vi: "Hà Nội", en: "" },
    ],
    explanation: { vi: "", en: "" },
    statements: [],
    rounding: { vi: "", en: "" },
  },
  answer_key: {},
  problems: [
    {
      code: "no_key_marked",
      message: "Câu 6: không có phương án nào được đánh dấu là đáp án.",
      blocking: true,
    },
  ],
  blocked: true,
});
const TRUE_FALSE = candidate({
  id: 11,
  position: 3,
  ref: "Câu 1",
  type: "unsupported",
  source_type: "true_false_set",
  folder: ["PHẦN II"],
  answer_key: {},
  problems: [
    {
      code: "unsupported_type",
      message:
        "Câu 1: ngân hàng câu hỏi chưa hỗ trợ các mệnh đề đúng/sai (a–d); hãy bỏ qua hoặc nhập lại thành loại câu hỏi khác.",
      blocking: true,
    },
  ],
  blocked: true,
});

/** A stand-in for XMLHttpRequest (the upload with progress): answers `reply` after reporting 40 %. */
class FakeXhr {
  static reply: { status: number; body: unknown } = { status: 202, body: {} };
  static sent: FormData[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      setTimeout(() => {
        this.status = FakeXhr.reply.status;
        this.responseText = JSON.stringify(FakeXhr.reply.body);
        this.onload?.();
      }, 50);
    }, 10);
  }
}

function routes(state: { file: QuestionFile; items?: FileCandidate[] }) {
  return mockApi({
    [BASE]: () => ok(state.file),
    [`${BASE}/candidates`]: (url) => {
      const items = state.items ?? [FIRST, NO_KEY, TRUE_FALSE];
      return ok(
        page(url.searchParams.get("attention") === "true" ? items.filter((c) => c.problems.length) : items),
      );
    },
    [`${BASE}/candidates/6`]: (_url, { body }) =>
      ok({ ...NO_KEY, ...(body as object), problems: [], blocked: false, edited: true }),
    [`${BASE}/candidates/11`]: (_url, { body }) => ok({ ...TRUE_FALSE, ...(body as object) }),
    [`${BASE}/import`]: () => {
      state.file = file({
        status: "importing",
        import_job: job({
          status: "running",
          dry_run: false,
          progress: 50,
          rows_done: 1,
          rows_total: 2,
          result: null,
        }),
      });
      return { status: 202, body: { success: true, data: state.file, message: "" } };
    },
    "/api/v1/question-banks": (url) =>
      ok(
        page(
          url.searchParams.get("parent_id") ? [{ ...BANK, id: 9, name: "Đề giữa kỳ", parent_id: 4 }] : [BANK],
        ),
      ),
    "/api/v1/subjects": ok(SUBJECTS),
  });
}

describe("importing questions from a file", () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("uploads with progress, then shows every question as the learner sees it with what needs attention", async () => {
    const state = {
      file: file({ status: "reading", read_job: job({ status: "running", progress: 50, result: null }) }),
    };
    routes(state);
    FakeXhr.reply = { status: 202, body: { success: true, data: state.file, message: "Đang đọc tệp." } };
    const { router } = renderRoute(
      "/question-bank/import-file",
      "/question-bank/import-file?bank=4",
      <ImportFileRoute />,
    );
    expect(await screen.findByRole("heading", { name: "Nhập câu hỏi từ tệp" })).toBeInTheDocument();
    const upload = screen.getByRole("button", { name: "Tải lên và xem trước" });
    expect(upload).toBeDisabled();
    await userEvent.upload(screen.getByLabelText("Tệp câu hỏi"), new File(["x"], "de-thi.docx"));
    await userEvent.click(upload);
    expect(await screen.findByText("Đang tải lên… 40%")).toBeInTheDocument();
    expect(await screen.findByText("Đang đọc de-thi.docx…")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Tiến độ đọc tệp" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(router.state.location.search).toBe(`?bank=4&file=${FILE_ID}`);
    expect((FakeXhr.sent[0]!.get("file") as File).name).toBe("de-thi.docx");

    state.file = file();
    expect(
      await screen.findByRole("heading", { name: "Xem trước de-thi.docx" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Tìm thấy 3 câu hỏi · 1 câu cần xử lý · bỏ qua 0")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Các câu hỏi đọc được từ tệp" });
    const cards = await within(list).findAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Câu 1", "Câu 6", "Câu 1"]);
    expect(cards[0]).toHaveTextContent("Một lựa chọn");
    expect(cards[0]).toHaveTextContent("PHẦN I");
    const options = within(cards[0]!).getByRole("list", { name: "Các phương án" });
    expect(within(options).getAllByRole("listitem")[1]).toHaveTextContent("B.3/2Đáp án");
    expect(cards[1]).toHaveTextContent("Cần xử lý");
    expect(within(cards[1]!).getByRole("list", { name: "Vấn đề" })).toHaveTextContent(
      "Vấn đề: Câu 6: không có phương án nào được đánh dấu là đáp án.",
    );
    expect(cards[2]).toHaveTextContent("Chùm đúng/sai (chưa hỗ trợ)");
  });

  it("filters the questions that need attention, skips one and imports the rest with progress", async () => {
    const toasts = recordToasts();
    const state = { file: file() };
    const { calls } = routes(state);
    renderRoute(
      "/question-bank/import-file",
      `/question-bank/import-file?bank=4&file=${FILE_ID}`,
      <ImportFileRoute />,
    );
    await screen.findByRole("heading", { name: "Xem trước de-thi.docx" });
    await userEvent.click(screen.getByRole("button", { name: "Cần xử lý" }));
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(`${BASE}/candidates?page=1&limit=20&attention=true`),
    );
    await vi.waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Bỏ qua Câu 1" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
        path: `${BASE}/candidates/11`,
        body: { skipped: true },
      }),
    );

    expect(screen.getByLabelText("Ngân hàng câu hỏi")).toHaveValue("4");
    await vi.waitFor(() => expect(screen.getByRole("option", { name: "Đề giữa kỳ" })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText("Thư mục"), "9");
    expect(screen.getByText("1 câu cần xử lý sẽ không được nhập cho đến khi được sửa.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Nhập 2 câu hỏi" }));
    expect(calls.find((c) => c.path === `${BASE}/import`)?.body).toEqual({ bank_id: 4, folder_id: 9 });
    expect(await screen.findByRole("progressbar", { name: "Tiến độ nhập" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.getByText("50% · 1/2 câu hỏi")).toBeInTheDocument();

    state.file = file({
      status: "imported",
      imported: 2,
      target_bank_id: 9,
      import_job: job({
        dry_run: false,
        rows_done: 2,
        rows_total: 2,
        result: { imported: 2, skipped: 1, folders: 1 },
      }),
    });
    expect(
      await screen.findByText("Đã nhập 2 câu thành bản nháp, bỏ qua 1 câu", {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mở ngân hàng câu hỏi" })).toHaveAttribute(
      "href",
      "/question-bank/9",
    );
    expect(toasts).toEqual([]);
  });

  it("fixes a question with the question form and sends the form's fields", async () => {
    const toasts = recordToasts();
    const { calls } = routes({ file: file() });
    renderRoute(
      "/question-bank/import-file",
      `/question-bank/import-file?file=${FILE_ID}`,
      <ImportFileRoute />,
      { language: "en" },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Fix Câu 6" }));
    const dialog = await screen.findByRole("dialog", { name: "Fix Câu 6" });
    expect(dialog).toHaveTextContent("Câu 6: không có phương án nào được đánh dấu là đáp án.");
    await userEvent.click(within(dialog).getByLabelText("Mark B as correct"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save the fix" }));
    await vi.waitFor(() => expect(toasts.map((t) => t.title)).toContain("Câu 6 is ready to import."));
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`${BASE}/candidates/6`);
    expect(patch?.body).toMatchObject({
      type: "single_choice",
      answer_key: { option: "b" },
      content: {
        stem: { vi: "<p>Thủ đô của Việt Nam là</p>", en: "" },
        options: [
          { id: "a", vi: "Huế", en: "" },
          { id: "b", vi: "Hà Nội", en: "" },
        ],
      },
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("in English: the summary, an empty filter and a file that could not be read", async () => {
    const state = { file: file({ need_attention: 0, importable: 1, questions: 1 }), items: [FIRST] };
    routes(state);
    const view = renderRoute(
      "/question-bank/import-file",
      `/question-bank/import-file?file=${FILE_ID}`,
      <ImportFileRoute />,
      {
        language: "en",
      },
    );
    expect(
      await screen.findByText("1 question found · none needs attention · 0 skipped"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Needs attention" }));
    expect(await screen.findByText("No question needs attention.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import 1 question" })).toBeEnabled();
    view.unmount();

    state.file = file({
      status: "failed",
      questions: 0,
      read_job: job({
        status: "failed",
        error_code: "question_file_unreadable",
        error_message: "The Word file could not be read: it is damaged or not a real .docx file.",
        result: null,
      }),
    });
    renderRoute(
      "/question-bank/import-file",
      `/question-bank/import-file?file=${FILE_ID}`,
      <ImportFileRoute />,
      { language: "en" },
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("de-thi.docx could not be read.");
    expect(alert).toHaveTextContent(
      "The Word file could not be read: it is damaged or not a real .docx file.",
    );
    expect(within(alert).getByRole("button", { name: "Upload another file" })).toBeInTheDocument();
  });

  it("shows the server's refusal of a file that is not a question file", async () => {
    routes({ file: file() });
    FakeXhr.reply = {
      status: 400,
      body: {
        success: false,
        code: "not_a_question_file",
        message:
          "This is not a question file we can read: upload a Word (.docx), Moodle XML, GIFT, Aiken or QTI file.",
        errors: {},
      },
    };
    renderRoute("/question-bank/import-file", "/question-bank/import-file", <ImportFileRoute />, {
      language: "en",
    });
    await userEvent.upload(await screen.findByLabelText("Question file"), new File(["%PDF"], "de-thi.docx"));
    await userEvent.click(screen.getByRole("button", { name: "Upload and preview" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This is not a question file we can read: upload a Word (.docx), Moodle XML, GIFT, Aiken or QTI file.",
    );
  });

  it("offers a sample Word exam to try, in both languages", async () => {
    const { fetchMock } = mockApi({});
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["docx"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="de-thi-mau.docx"' },
        }),
    );
    const view = renderRoute("/question-bank/import-file", "/question-bank/import-file", <ImportFileRoute />);
    await userEvent.click(await screen.findByRole("button", { name: "Tải đề thi Word mẫu" }));
    await vi.waitFor(() => expect(saved).toEqual(["de-thi-mau.docx"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/v1/question-files/sample");
    view.unmount();
    renderRoute("/question-bank/import-file", "/question-bank/import-file", <ImportFileRoute />, {
      language: "en",
    });
    expect(await screen.findByRole("button", { name: "Download a sample Word exam" })).toBeInTheDocument();
    click.mockRestore();
  });
});
