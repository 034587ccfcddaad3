import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import { emptyDraft, toBody } from "../lib/draft";
import { QUESTION, SUBJECTS } from "../testing/fixtures";
import QuestionFormRoute from "./question-form";

const PATTERN = "/question-bank/form/:id/:load?";

function open(path: string, routes: Record<string, Route> = {}, language: Language = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok([]),
    "/api/v1/questions/31": ok(QUESTION),
    "/api/v1/questions/31/history": ok([]),
    ...routes,
  });
  return { ...api, ...renderRoute(PATTERN, path, <QuestionFormRoute />, { language }) };
}

const posts = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method !== "GET");

describe("question form validation", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["vi", "Lưu", "Trọng số", "Trọng số phải lớn hơn 0 và không quá 100."],
    ["en", "Save", "Weight", "Enter a weight above 0 and at most 100."],
  ] as const)(
    "%s: a weight outside (0, 100] is refused before saving",
    async (language, save, label, message) => {
      const { calls } = open("/question-bank/form/new?bank=4", {}, language);
      const weight = await screen.findByLabelText(label);
      for (const value of ["0", "101", "-1"]) {
        fireEvent.change(weight, { target: { value } });
        await userEvent.click(screen.getByRole("button", { name: save }));
        expect(await screen.findByText(message)).toBeInTheDocument();
      }
      expect(posts(calls)).toEqual([]);
    },
  );

  it.each([
    ["vi", "Loại", "Điểm tối đa", "Lưu", "Điểm tối đa phải lớn hơn 0 và không quá 1000."],
    ["en", "Type", "Maximum score", "Save", "Enter a score above 0 and at most 1000."],
  ] as const)(
    "%s: an essay's maximum score above 0 and at most 1000",
    async (language, type, label, save, message) => {
      const { calls } = open("/question-bank/form/new?bank=4", {}, language);
      await userEvent.selectOptions(await screen.findByLabelText(type), "essay");
      fireEvent.change(screen.getByLabelText(label), { target: { value: "1001" } });
      await userEvent.click(screen.getByRole("button", { name: save }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(label), { target: { value: "0" } });
      await userEvent.click(screen.getByRole("button", { name: save }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(posts(calls)).toEqual([]);
    },
  );

  it.each([
    ["vi", "Lưu", "Nội dung câu hỏi", "Hãy viết câu hỏi bằng tiếng Việt hoặc tiếng Anh."],
    ["en", "Save", "Question text", "Write the question in Vietnamese or English."],
  ] as const)("%s: an empty question is not saved", async (language, save, label, message) => {
    const { calls } = open("/question-bank/form/new?bank=4", {}, language);
    await userEvent.click(await screen.findByRole("button", { name: save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Markup alone is no question either.
    fireEvent.change(screen.getByLabelText(label), { target: { value: "<p> </p>" } });
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it("saves an incomplete draft (the server lists what is missing before submission)", async () => {
    const toasts = recordToasts();
    const { calls, router } = open("/question-bank/form/new?bank=4", {
      "/api/v1/questions": ok({
        ...QUESTION,
        missing: [{ field: "grade", message: "Hãy chọn khối lớp." }],
      }),
    });
    fireEvent.change(await screen.findByLabelText("Nội dung câu hỏi"), {
      target: { value: "Giải $x^2 = 4$" },
    });
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/question-bank/form/31"));
    const draft = emptyDraft();
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        path: "/api/v1/questions",
        method: "POST",
        // every field as the draft mapping sends it (lib/draft.test.ts spells it out)
        body: { bank_id: 4, ...toBody({ ...draft, stem: { ...draft.stem, vi: "Giải $x^2 = 4$" } }) },
      }),
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã lưu câu hỏi");
  });

  it("shows the server's field errors under their fields", async () => {
    const toasts = recordToasts();
    open("/question-bank/form/31", {
      "/api/v1/questions/31": (_url, { method }) =>
        method === "PUT"
          ? {
              status: 400,
              body: {
                success: false,
                message: "Không thể lưu câu hỏi.",
                errors: {
                  grade: ["Chọn khối lớp từ 1 đến 12."],
                  "answer_key.option": ["Đáp án đúng phải là một trong các phương án."],
                },
              },
            }
          : ok(QUESTION),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Chọn khối lớp từ 1 đến 12.")).toBeInTheDocument();
    const options = screen.getByRole("group", { name: "Các phương án" });
    expect(within(options).getByText("Đáp án đúng phải là một trong các phương án.")).toBeInTheDocument();
    expect(toasts.at(-1)).toMatchObject({
      title: "Không thể lưu câu hỏi",
      description: "Không thể lưu câu hỏi.",
    });
  });
});

describe("question form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads a question, edits both languages and sends the changed key", async () => {
    const { calls } = open("/question-bank/form/31", {
      "/api/v1/questions/31": (_url, { method, body }) =>
        ok(method === "PUT" ? { ...QUESTION, ...(body as object) } : QUESTION),
    });
    expect(await screen.findByRole("heading", { name: "Câu hỏi #31 (phiên bản 1)" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nội dung câu hỏi")).toHaveValue("Giải $x^2 - 4 = 0$");
    expect(screen.getByLabelText("Đánh dấu A là đáp án đúng")).toBeChecked();
    // Removing the correct option unmarks it; B becomes the answer.
    await userEvent.click(screen.getByRole("button", { name: "Xóa phương án A" }));
    await userEvent.click(screen.getByLabelText("Đánh dấu B là đáp án đúng"));
    await userEvent.click(screen.getByRole("tab", { name: "English" }));
    expect(screen.getByLabelText("Nội dung câu hỏi")).toHaveValue("Solve $x^2 - 4 = 0$");
    fireEvent.change(screen.getByLabelText("Nội dung phương án B"), { target: { value: "x = four" } });
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      path: "/api/v1/questions/31",
      method: "PUT",
      body: {
        score_weight: 1.5,
        content: {
          options: [
            { id: "b", vi: "$x = 4$", en: "x = four" },
            { id: "c", vi: "Vô nghiệm", en: "No solution" },
          ],
        },
        answer_key: { option: "b" },
      },
    });
  });

  it("warns before submitting an incomplete question, then submits", async () => {
    const missing = [{ field: "difficulty", message: "Hãy chọn độ khó." }];
    const { calls } = open("/question-bank/form/31", {
      "/api/v1/questions/31": ok({ ...QUESTION, missing }),
      "/api/v1/questions/31/submit": ok({ ...QUESTION, status: "submitted" }),
    });
    const workflow = await screen.findByRole("region", { name: "Quy trình duyệt" });
    await userEvent.click(within(workflow).getByRole("button", { name: "Gửi duyệt" }));
    const dialog = await screen.findByRole("dialog", { name: "Câu hỏi chưa đầy đủ" });
    expect(within(dialog).getByText("Hãy chọn độ khó.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Vẫn gửi duyệt" }));
    expect(await screen.findByText("Đang chờ một giáo viên khác duyệt.")).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: "/api/v1/questions/31/submit", body: { comment: "" } }),
    ]);
  });
});
