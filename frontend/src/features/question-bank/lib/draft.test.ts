import { describe, expect, it } from "vitest";

import { NONE } from "@/components/ui/field";

import type { Question } from "../api/types";
import { QUESTION } from "../testing/fixtures";
import { emptyDraft, formFieldOf, fromQuestion, matrixBody, matrixFromQuestion, toBody } from "./draft";

const content = QUESTION.content;
const plain = { stem: content.stem, explanation: content.explanation };
/** What a question of any type but the two of issue 39 sends: no statements, no rounding. */
const sent = { ...plain, options: content.options };
/** A stored question's parts of the two types of issue 39, empty for the others. */
const none = { statements: [], rounding: { vi: "", en: "" } };
const common = { grade: 9, subject_id: 2, difficulty: "medium", score_weight: 1.5 };

/** Each type: the server's question, then the body the form sends back unchanged. */
const CASES: [string, Partial<Question>, object][] = [
  [
    "single_choice",
    { type: "single_choice", answer_key: { option: "b" } },
    { content: sent, answer_key: { option: "b" } },
  ],
  [
    "multiple_choice",
    { type: "multiple_choice", answer_key: { options: ["a", "c"] } },
    { content: sent, answer_key: { options: ["a", "c"] } },
  ],
  [
    "true_false",
    { type: "true_false", content: { ...plain, options: [], ...none }, answer_key: { value: false } },
    { content: { ...plain, options: [] }, answer_key: { value: false } },
  ],
  [
    "short_text",
    {
      type: "short_text",
      content: { ...plain, options: [], ...none },
      answer_key: { accepted: ["Hà Nội", "Ha Noi"], case_sensitive: true, diacritic_sensitive: false },
    },
    {
      content: { ...plain, options: [] },
      answer_key: { accepted: ["Hà Nội", "Ha Noi"], case_sensitive: true, diacritic_sensitive: false },
    },
  ],
  [
    "essay",
    {
      type: "essay",
      content: { ...plain, options: [], ...none },
      answer_key: { rubric: "Nêu đủ 3 ý", max_score: 6 },
    },
    { content: { ...plain, options: [] }, answer_key: { rubric: "Nêu đủ 3 ý", max_score: 6 } },
  ],
  [
    "true_false_set",
    {
      type: "true_false_set",
      content: {
        ...plain,
        options: [],
        statements: [
          { id: "a", vi: "$f(0)=0$", en: "$f(0)=0$" },
          { id: "b", vi: "Đồng biến", en: "" },
        ],
        rounding: { vi: "", en: "" },
      },
      answer_key: { statements: { a: true, b: false }, scoring_table: ["0", "0.5", "1"] },
    },
    {
      content: {
        ...plain,
        options: [],
        statements: [
          { id: "a", vi: "$f(0)=0$", en: "$f(0)=0$" },
          { id: "b", vi: "Đồng biến", en: "" },
        ],
      },
      answer_key: { statements: { a: true, b: false }, scoring_table: ["0", "0.5", "1"] },
    },
  ],
  [
    "numeric",
    {
      type: "numeric",
      content: { ...plain, options: [], statements: [], rounding: { vi: "Làm tròn", en: "Round" } },
      answer_key: { accepted: ["0,5", "-2"] },
    },
    {
      content: { ...plain, options: [], rounding: { vi: "Làm tròn", en: "Round" } },
      answer_key: { accepted: ["0,5", "-2"] },
    },
  ],
];

describe("question draft mapping", () => {
  it.each(CASES)("%s: server -> form -> body keeps every field", (type, changes, expected) => {
    const question = { ...QUESTION, ...changes };
    expect(toBody(fromQuestion(question))).toEqual({ type, ...common, ...expected });
  });

  it("maps a single choice into the form's values", () => {
    expect(fromQuestion(QUESTION)).toEqual({
      type: "single_choice",
      grade: "9",
      subject_id: "2",
      difficulty: "medium",
      score_weight: "1.5",
      stem: content.stem,
      explanation: content.explanation,
      options: content.options,
      correct: ["a"],
      truth: NONE,
      accepted: "",
      case_sensitive: false,
      diacritic_sensitive: false,
      rubric: "",
      max_score: "",
      statements: emptyDraft().statements,
      scoring_table: ["0", "0.1", "0.25", "0.5", "1"],
      numeric_accepted: [""],
      rounding: { vi: "", en: "" },
    });
  });

  it("an empty draft (and an incomplete question) sends nulls and empty keys", () => {
    const body = toBody(emptyDraft());
    expect(body).toEqual({
      type: "single_choice",
      grade: null,
      subject_id: null,
      difficulty: "",
      score_weight: 1,
      content: {
        stem: { vi: "", en: "" },
        explanation: { vi: "", en: "" },
        options: [
          { id: "a", vi: "", en: "" },
          { id: "b", vi: "", en: "" },
        ],
      },
      answer_key: { option: "" },
    });
    const incomplete: Question = {
      ...QUESTION,
      type: "true_false",
      grade: null,
      subject_id: null,
      difficulty: "",
      content: { ...plain, options: [], ...none },
      answer_key: {},
    };
    const values = fromQuestion(incomplete);
    expect(values.options).toEqual(emptyDraft().options); // two blank options to start from
    expect(toBody(values)).toMatchObject({ grade: null, subject_id: null, difficulty: "", answer_key: {} });
    expect(toBody({ ...values, type: "essay" }).answer_key).toEqual({ rubric: "", max_score: null });
  });

  it("drops blank accepted answers and trims the others", () => {
    const values = { ...emptyDraft(), type: "short_text" as const, accepted: " Hà Nội \n\n  Ha Noi" };
    expect(toBody(values).answer_key).toEqual({
      accepted: ["Hà Nội", "Ha Noi"],
      case_sensitive: false,
      diacritic_sensitive: false,
    });
  });

  it("puts each server field error on the form field that shows it", () => {
    expect(formFieldOf("content.stem", "essay")).toBe("stem");
    expect(formFieldOf("score_weight", "essay")).toBe("score_weight");
    expect(formFieldOf("content.options.2.id", "single_choice")).toBe("options");
    expect(formFieldOf("answer_key.option", "single_choice")).toBe("correct");
    expect(formFieldOf("answer_key", "true_false")).toBe("truth");
    expect(formFieldOf("answer_key", "short_text")).toBe("accepted");
    expect(formFieldOf("answer_key.max_score", "essay")).toBe("max_score");
    expect(formFieldOf("bank_id", "essay")).toBeNull();
    expect(formFieldOf("content.statements.1.id", "true_false_set")).toBe("statements");
    expect(formFieldOf("answer_key.statements", "true_false_set")).toBe("statements");
    expect(formFieldOf("answer_key.scoring_table", "true_false_set")).toBe("scoring_table");
    expect(formFieldOf("answer_key.accepted.0", "numeric")).toBe("numeric_accepted");
    expect(formFieldOf("content.rounding.vi", "numeric")).toBe("rounding");
  });

  it("maps the matrix both ways", () => {
    const question: Question = {
      ...QUESTION,
      matrix: {
        topic: { id: 7, code: "HS", description: "Hàm số", label: "Hàm số" },
        subtopic: null,
        complexity_level: { id: 9, code: "NB", description: "Nhận biết", label: "Nhận biết" },
        cognitive_domain: null,
      },
    };
    const values = matrixFromQuestion(question);
    expect(values).toEqual({
      topic_id: "7",
      subtopic_id: NONE,
      complexity_level_id: "9",
      cognitive_domain_id: NONE,
    });
    expect(matrixBody(values)).toEqual({
      topic_id: 7,
      subtopic_id: null,
      complexity_level_id: 9,
      cognitive_domain_id: null,
    });
  });
});
