/** The national exam's two types on the test page and in the result (issue 39, item 1): a
 * true/false set's Đúng/Sai groups named by their statement, the answer sheet's four cells (one
 * input; a letter or a fifth character refused with a polite message; the point kept on screen,
 * the comma saved), the nav's partly answered state and the result's exact texts. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { loadKatex, loadMathSpeech } from "@/components/math-html";

import type { Language } from "@/lib/language";
import { mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";
import { renderRoute } from "@/testing/render-route";

import type { Answer, AttemptQuestion } from "../api/types";
import { answerState } from "../lib/answers";
import ResultRoute from "../routes/result";
import { result } from "../testing/fixtures";
import { QuestionView } from "./question-view";

const SET: AttemptQuestion = {
  id: 201,
  type: "true_false_set",
  stem: { vi: "<p>Cho hàm số $y=x^3$.</p>", en: "<p>Let $y=x^3$.</p>" },
  options: [],
  statements: [
    { id: "a", vi: "Hàm số đồng biến", en: "The function is increasing" },
    { id: "b", vi: "$y(1)=2$", en: "$y(1)=2$" },
    { id: "c", vi: "Đồ thị đi qua gốc tọa độ", en: "The graph passes through the origin" },
    { id: "d", vi: "Hàm số có cực trị", en: "The function has an extremum" },
  ],
  rounding: { vi: "", en: "" },
  points: 1,
  stimulus_id: null,
};

const NUMERIC: AttemptQuestion = {
  id: 202,
  type: "numeric",
  stem: { vi: "<p>Tính $\\sqrt{2}$.</p>", en: "<p>Compute $\\sqrt{2}$.</p>" },
  options: [],
  statements: [],
  rounding: { vi: "Làm tròn kết quả đến hàng phần mười", en: "Round the result to one decimal place" },
  points: 1,
  stimulus_id: null,
};

/** The question with its answer kept as the test page keeps it; every answer sent is recorded. */
function Taking({ question, sent }: { question: AttemptQuestion; sent: Answer[] }) {
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  return (
    <QuestionView
      question={question}
      index={0}
      total={2}
      answer={answer}
      flagged={false}
      disabled={false}
      onAnswer={(next) => {
        sent.push(next);
        setAnswer(next);
      }}
      onFlag={() => {}}
      onTextBlur={() => {}}
    />
  );
}

function take(question: AttemptQuestion, language: Language = "vi") {
  const sent: Answer[] = [];
  renderWithProviders(<Taking question={question} sent={sent} />, { language });
  return sent;
}

describe("a true/false set on the test page", () => {
  beforeAll(async () => {
    await loadKatex();
    await loadMathSpeech("vi");
  });

  it("offers a Đúng/Sai group per statement, named by its letter and text, in order", async () => {
    const sent = take(SET);
    const groups = await screen.findAllByRole("radiogroup");
    const names = [
      "a) Hàm số đồng biến",
      "b) y của 1 bằng 2",
      "c) Đồ thị đi qua gốc tọa độ",
      "d) Hàm số có cực trị",
    ];
    // each group is named by its letter and text, formulas as spoken, in the written order
    expect(groups).toEqual(names.map((name) => screen.getByRole("radiogroup", { name })));
    await userEvent.click(
      within(screen.getByRole("radiogroup", { name: "c) Đồ thị đi qua gốc tọa độ" })).getByRole("radio", {
        name: "Đúng",
      }),
    );
    await userEvent.click(
      within(screen.getByRole("radiogroup", { name: "a) Hàm số đồng biến" })).getByRole("radio", {
        name: "Sai",
      }),
    );
    expect(sent).toEqual([{ statements: { c: true } }, { statements: { a: false, c: true } }]);
    expect(within(groups[0]!).getByRole("radio", { name: "Sai" })).toBeChecked();
  });

  it("is partly answered in the nav until every statement is judged", () => {
    expect(answerState(undefined, SET)).toBe("unanswered");
    expect(answerState({ statements: { a: true, b: false } }, SET)).toBe("partial");
    expect(answerState({ statements: { a: true, b: false, c: true, d: true } }, SET)).toBe("answered");
    expect(answerState({ text: "1" }, NUMERIC)).toBe("answered");
  });
});

describe("a numeric answer on the test page: the answer sheet's four cells", () => {
  it("is one labelled input described by its rule and the rounding instruction", async () => {
    take(NUMERIC);
    const input = await screen.findByRole("textbox", { name: "Câu trả lời (bốn ô của phiếu trả lời)" });
    expect(input).toHaveAttribute("maxLength", "4");
    expect(input).toHaveAccessibleDescription(
      /Làm tròn kết quả đến hàng phần mười 4 ký tự: chữ số, dấu - và dấu phẩy/,
    );
  });

  it("refuses a letter and a fifth character as they are typed, with a polite message", async () => {
    const sent = take(NUMERIC);
    const input = await screen.findByRole("textbox", { name: "Câu trả lời (bốn ô của phiếu trả lời)" });
    await userEvent.type(input, "1,5");
    expect(input).toHaveValue("1,5");
    expect(sent.at(-1)).toEqual({ text: "1,5" });
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("");
    await userEvent.type(input, "a");
    expect(input).toHaveValue("1,5");
    expect(status).toHaveTextContent("Chỉ nhập chữ số, dấu - và dấu phẩy.");
    await userEvent.type(input, "2");
    expect(status).toHaveTextContent("");
    await userEvent.type(input, "3");
    expect(input).toHaveValue("1,52");
    expect(status).toHaveTextContent("Tối đa 4 ký tự.");
    expect(sent.at(-1)).toEqual({ text: "1,52" });
  });

  it("keeps the point on screen and saves the comma, in English too", async () => {
    const sent = take(NUMERIC, "en");
    const input = await screen.findByRole("textbox", { name: "Your answer (the answer sheet's four cells)" });
    await userEvent.type(input, "−0.5");
    expect(input).toHaveValue("−0.5");
    expect(sent.at(-1)).toEqual({ text: "-0,5" });
    await userEvent.type(input, "x");
    expect(screen.getByRole("status")).toHaveTextContent("Only digits, - and , are allowed.");
    await userEvent.type(input, "9");
    expect(screen.getByRole("status")).toHaveTextContent("At most 4 characters.");
    expect(screen.getByText("Round the result to one decimal place")).toBeInTheDocument();
  });
});

describe("the result of the two types", () => {
  afterEach(() => vi.unstubAllGlobals());

  function released() {
    return result({
      answers: [
        {
          question: SET,
          answer: { statements: { a: true, b: false, c: true, d: true } },
          score: 0.5,
          comment: "",
          key: {
            statements: { a: true, b: false, c: true, d: false },
            scoring_table: ["0", "0.1", "0.25", "0.5", "1"],
          },
          explanation: { vi: "", en: "" },
          statements_right: 3,
        },
        {
          question: NUMERIC,
          answer: { text: "1,4" },
          score: 1,
          comment: "",
          key: { accepted: ["1,4", "1,41"] },
          explanation: { vi: "", en: "" },
          statements_right: null,
        },
      ],
    });
  }

  it.each([
    [
      "vi",
      "Câu 1",
      "Câu trả lời và đáp án",
      "3/4 ý đúng → 0,5 điểm",
      ["a) Hàm số đồng biếnĐúng(đúng)Đúng", "d) Hàm số có cực trịĐúng(sai)Sai"],
      "Bài làm1,4Đáp án được chấp nhận1,4 · 1,41",
    ],
    [
      "en",
      "Question 1",
      "Answers and key",
      "3/4 statements right → 0.5 points",
      ["a) The function is increasingTrue(right)True", "d) The function has an extremumTrue(wrong)False"],
      "Answer1.4Accepted values1.4 · 1.41",
    ],
  ] as const)(
    "%s: each statement with the answer and the key, and the numeric answer against the accepted values",
    async (language, first, list, summary, rows, numeric) => {
      mockApi({ "/api/v1/take-test/5/result": ok(released()) });
      renderRoute("/assignment/result/index", "/assignment/result/index?id=5", <ResultRoute />, { language });
      const set = await screen.findByRole("listitem", { name: first });
      expect(within(set).getByText(summary)).toBeInTheDocument();
      const shown = within(within(set).getByRole("table"))
        .getAllByRole("row")
        .map((row) => row.textContent);
      expect(shown).toEqual(expect.arrayContaining([...rows]));
      const items = within(screen.getByRole("list", { name: list })).getAllByRole("listitem", { name: /./ });
      expect(items.at(-1)).toHaveTextContent(numeric);
    },
  );
});
