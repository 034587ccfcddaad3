import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import { page, ROW, STIMULUS, SUBJECTS } from "../testing/fixtures";
import StimulusFormRoute from "./stimulus-form";

const PATTERN = "/question-bank/stimulus/:id";

function open(path: string, routes: Record<string, Route> = {}, language: Language = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/questions": ok(page([{ ...ROW, id: 53, stem: { vi: "Tính $AC$.", en: "" } }])),
    "/api/v1/stimuli/41": ok(STIMULUS),
    ...routes,
  });
  return { ...api, ...renderRoute(PATTERN, path, <StimulusFormRoute />, { language }) };
}

const writes = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method !== "GET");

describe("the shared stimulus form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("vi: refuses a stimulus without its passage, then creates it in the bank", async () => {
    const toasts = recordToasts();
    const { calls, router } = open("/question-bank/stimulus/new?bank=4", {
      "/api/v1/stimuli": ok(STIMULUS),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Ngữ liệu mới" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Hãy viết đoạn văn, hoặc thêm bảng hay hình.")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Tiêu đề"), { target: { value: "Hình vẽ tam giác $ABC$" } });
    fireEvent.change(screen.getByLabelText("Đoạn văn, bảng hoặc hình"), {
      target: { value: "<p>Cho tam giác vuông $ABC$ tại $A$.</p>" },
    });
    await userEvent.selectOptions(screen.getByLabelText("Khối lớp"), "9");
    // The preview shows it as the learner will read it.
    const preview = screen.getByRole("complementary", { name: "Xem trước (như học sinh thấy)" });
    expect(within(preview).getByRole("region", { name: /Hình vẽ tam giác/ })).toHaveTextContent(
      "Cho tam giác vuông",
    );
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/question-bank/stimulus/41"));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        path: "/api/v1/stimuli",
        method: "POST",
        body: {
          bank_id: 4,
          grade: 9,
          subject_id: null,
          content: {
            title: { vi: "Hình vẽ tam giác $ABC$", en: "" },
            body: { vi: "<p>Cho tam giác vuông $ABC$ tại $A$.</p>", en: "" },
          },
        },
      }),
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã lưu ngữ liệu.");
  });

  it("vi: orders, removes and adds its questions", async () => {
    const { calls } = open("/question-bank/stimulus/41", {
      "/api/v1/stimuli/41/questions": (_url, { body }) => {
        const ids = (body as { question_ids: number[] }).question_ids;
        return ok({ ...STIMULUS, questions: ids.map((id) => ({ ...ROW, id })) });
      },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ngữ liệu #41 (phiên bản 1)" }),
    ).toBeInTheDocument();
    const list = screen.getByRole("region", { name: "Các câu hỏi của ngữ liệu" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Tính $BC$."), expect.stringContaining("Tính góc $B$.")]);
    await userEvent.click(within(list).getByRole("button", { name: "Đưa câu 2 lên" }));
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      path: "/api/v1/stimuli/41/questions",
      method: "PUT",
      body: { question_ids: [52, 51] },
    });
    await userEvent.click(within(list).getByRole("button", { name: "Bỏ câu 1 khỏi ngữ liệu" }));
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ body: { question_ids: [51] } });
    await userEvent.selectOptions(
      within(list).getByLabelText("Thêm một câu hỏi có sẵn trong ngân hàng"),
      "53",
    );
    await userEvent.click(within(list).getByRole("button", { name: "Thêm" }));
    await vi.waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({ body: { question_ids: [51, 53] } });
    expect(within(list).getByRole("link", { name: /Câu hỏi mới/ })).toHaveAttribute(
      "href",
      "/question-bank/form/new?bank=4&stimulus=41",
    );
  });

  it("vi: warns before submitting an incomplete group, naming the question", async () => {
    const missing = [{ field: "questions.1.grade", message: "Hãy dùng khối lớp của ngữ liệu." }];
    // Without formulas: KaTeX's output makes jsdom's accessible names slow and brittle here.
    const plain = {
      ...STIMULUS,
      content: { title: { vi: "Bảng số liệu", en: "" }, body: { vi: "<p>Nhiệt độ</p>", en: "" } },
      questions: [ROW],
    };
    const { calls } = open("/question-bank/stimulus/41", {
      "/api/v1/stimuli/41": ok({ ...plain, missing }),
      "/api/v1/stimuli/41/submit": ok({ ...plain, status: "submitted" }),
    });
    const workflow = await screen.findByRole("region", { name: "Quy trình duyệt" });
    await userEvent.click(within(workflow).getByRole("button", { name: "Gửi duyệt" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Câu 2: Hãy dùng khối lớp của ngữ liệu.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Vẫn gửi duyệt" }));
    expect(
      await screen.findByText("Ngữ liệu đang được duyệt: chưa thể sửa ngữ liệu và các câu hỏi của nó."),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: "/api/v1/stimuli/41/submit", body: { comment: "" } }),
    ]);
  });

  it("en: a published stimulus saves as a new version", async () => {
    open(
      "/question-bank/stimulus/41",
      { "/api/v1/stimuli/41": ok({ ...STIMULUS, status: "published" }) },
      "en",
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Shared stimulus #41 (version 1)" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "This stimulus is published: saving creates a new version of it and of its questions, to be vetted again; tests already generated keep the old one.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save as a new version" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Move question 2 up" })).not.toBeInTheDocument();
  });
});
