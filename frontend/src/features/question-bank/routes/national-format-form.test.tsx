/** The question form for the national exam's two types (issue 39, item 1): a true/false set's
 * statements with their Đúng/Sai keys and its scoring table (the default for the count, the
 * Ministry's and proportional presets, the server's message), a numeric answer's accepted values
 * checked as they are typed by the answer sheet's rule, and its rounding instruction. */
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { QUESTION, SUBJECTS } from "../testing/fixtures";
import QuestionFormRoute from "./question-form";

function open(routes: Record<string, Route> = {}, language: Language = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok([]),
    ...routes,
  });
  return {
    ...api,
    ...renderRoute(
      "/question-bank/form/:id/:load?",
      "/question-bank/form/new?bank=4",
      <QuestionFormRoute />,
      {
        language,
      },
    ),
  };
}

const posts = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method !== "GET");
const tableShown = () =>
  within(screen.getByRole("group", { name: /Điểm theo số ý đúng|Points by statements right/ }))
    .getAllByRole("textbox")
    .map((input) => (input as HTMLInputElement).value);

describe("a true/false set in the question form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    "writes four statements with their keys and the Ministry's table, then another table",
    { timeout: 20_000 },
    async () => {
      const { calls } = open({ "/api/v1/questions": ok(QUESTION) });
      await userEvent.selectOptions(await screen.findByLabelText("Loại"), "true_false_set");
      fireEvent.change(screen.getByLabelText("Nội dung câu hỏi"), { target: { value: "Cho $f(x)=x^3$." } });
      expect(tableShown()).toEqual(["0", "0,1", "0,25", "0,5", "1"]);
      expect(screen.getByRole("button", { name: "Dùng bảng của Bộ" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      const texts = ["$f(0)=0$", "Hàm số nghịch biến", "Có hai cực trị", "Đồ thị đi qua $(1;1)$"];
      for (const [index, text] of texts.entries()) {
        const letter = "abcd"[index]!;
        fireEvent.change(screen.getByLabelText(`Ý ${letter})`), { target: { value: text } });
        const key = screen.getByRole("radiogroup", { name: `Đáp án ý ${letter})` });
        await userEvent.click(within(key).getByRole("radio", { name: index % 2 ? "Sai" : "Đúng" }));
      }
      await userEvent.click(screen.getByRole("button", { name: "Tỉ lệ theo số ý" }));
      expect(tableShown()).toEqual(["0", "0,25", "0,5", "0,75", "1"]);
      await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
      await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
      expect(posts(calls)[0]).toMatchObject({
        body: {
          type: "true_false_set",
          content: {
            options: [],
            statements: texts.map((vi, index) => ({ id: "abcd"[index], vi, en: "" })),
          },
          answer_key: {
            statements: { a: true, b: false, c: true, d: false },
            scoring_table: ["0", "0.25", "0.5", "0.75", "1"],
          },
        },
      });
    },
  );

  it("resets the table to the default for the count when a statement is added or removed", async () => {
    open();
    await userEvent.selectOptions(await screen.findByLabelText("Loại"), "true_false_set");
    await userEvent.click(screen.getByRole("button", { name: "Xóa ý d)" }));
    expect(tableShown()).toEqual(["0", "0,33", "0,67", "1"]);
    expect(screen.getByRole("button", { name: "Dùng bảng của Bộ" })).toBeDisabled();
    expect(screen.getByText("Bảng của Bộ dành cho câu có 4 ý.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Thêm ý" }));
    await userEvent.click(screen.getByRole("button", { name: "Thêm ý" }));
    await userEvent.click(screen.getByRole("button", { name: "Thêm ý" }));
    expect(tableShown()).toEqual(["0", "0,17", "0,33", "0,5", "0,67", "0,83", "1"]);
    expect(screen.getByRole("button", { name: "Thêm ý" })).toBeDisabled();
  });

  it("shows the server's message under the table", async () => {
    open(
      {
        "/api/v1/questions": {
          status: 400,
          body: {
            success: false,
            message: "The question could not be saved.",
            errors: { "answer_key.scoring_table": ["A fraction cannot be smaller than the one before it."] },
          },
        },
      },
      "en",
    );
    await userEvent.selectOptions(await screen.findByLabelText("Type"), "true_false_set");
    fireEvent.change(screen.getByLabelText("Question text"), { target: { value: "Let $f(x)=x^3$." } });
    const table = screen.getByRole("group", { name: "Points by statements right" });
    fireEvent.change(within(table).getByLabelText("2 right"), { target: { value: "0.05" } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await within(table).findByText("A fraction cannot be smaller than the one before it."),
    ).toBeInTheDocument();
  });
});

describe("a numeric answer in the question form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["vi", "Loại", "Đáp án 1", "Lưu", "Tối đa 4 ký tự.", "Chỉ nhập chữ số, dấu - và dấu phẩy."],
    ["en", "Type", "Accepted value 1", "Save", "At most 4 characters.", "Only digits, - and , are allowed."],
  ] as const)(
    "%s: checks each accepted value as typed and saves it with the rounding",
    async (language, type, value, save, tooLong, badCharacter) => {
      const { calls } = open({ "/api/v1/questions": ok(QUESTION) }, language);
      await userEvent.selectOptions(await screen.findByLabelText(type), "numeric");
      fireEvent.change(screen.getByLabelText(language === "vi" ? "Nội dung câu hỏi" : "Question text"), {
        target: { value: "$\\sqrt{2}$" },
      });
      const input = screen.getByLabelText(value);
      fireEvent.change(input, { target: { value: "12345" } });
      expect(screen.getByText(tooLong)).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
      fireEvent.change(input, { target: { value: "1e3" } });
      expect(screen.getByText(badCharacter)).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: save }));
      expect(posts(calls)).toEqual([]);
      fireEvent.change(input, { target: { value: "1.4" } });
      expect(input).not.toHaveAttribute("aria-invalid");
      await userEvent.click(
        screen.getByRole("button", { name: language === "vi" ? "Thêm đáp án" : "Add an accepted value" }),
      );
      fireEvent.change(screen.getByLabelText(language === "vi" ? "Đáp án 2" : "Accepted value 2"), {
        target: { value: "1,41" },
      });
      fireEvent.change(
        screen.getByLabelText(
          language === "vi" ? "Hướng dẫn làm tròn (không bắt buộc)" : "Rounding instruction (optional)",
        ),
        {
          target: { value: "Làm tròn kết quả đến hàng phần mười" },
        },
      );
      await userEvent.click(screen.getByRole("button", { name: save }));
      await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
      expect(posts(calls)[0]).toMatchObject({
        body: {
          type: "numeric",
          content: { rounding: { vi: "Làm tròn kết quả đến hàng phần mười", en: "" } },
          answer_key: { accepted: ["1.4", "1,41"] },
        },
      });
    },
  );
});
