import { describe, expect, it } from "vitest";

import {
  answerText,
  chooseOption,
  chooseValue,
  chosenValue,
  isAnswered,
  sameAnswer,
  selectedOption,
  selectedOptions,
  SHORT_TEXT_MAX,
  textAnswer,
  toggleOption,
} from "./answers";

describe("answer shapes", () => {
  it("builds the shape of each question type", () => {
    expect(chooseOption("b")).toEqual({ option: "b" });
    expect(chooseValue(false)).toEqual({ value: false });
    expect(textAnswer("x = 16", "essay")).toEqual({ text: "x = 16" });
    expect(textAnswer("", "short_text")).toBeNull();
    expect(textAnswer("a".repeat(SHORT_TEXT_MAX + 5), "short_text")).toEqual({
      text: "a".repeat(SHORT_TEXT_MAX),
    });
  });

  it("toggles multiple-choice options in display order and clears when none is left", () => {
    const order = ["c", "a", "b"];
    let answer = toggleOption(null, "b", order);
    answer = toggleOption(answer, "c", order);
    expect(answer).toEqual({ options: ["c", "b"] });
    answer = toggleOption(answer, "c", order);
    expect(answer).toEqual({ options: ["b"] });
    expect(toggleOption(answer, "b", order)).toBeNull();
  });

  it("tells answered from not answered", () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered({ options: [] })).toBe(false);
    expect(isAnswered({ text: "   " })).toBe(false);
    expect(isAnswered({ value: false })).toBe(true);
    expect(isAnswered({ option: "a" })).toBe(true);
    expect(isAnswered({ text: "7" })).toBe(true);
  });

  it("reads the chosen parts back and compares answers", () => {
    expect(selectedOption({ option: "a" })).toBe("a");
    expect(selectedOptions({ options: ["a", "c"] })).toEqual(["a", "c"]);
    expect(selectedOptions(null)).toEqual([]);
    expect(chosenValue({ value: true })).toBe(true);
    expect(chosenValue({ option: "a" })).toBeUndefined();
    expect(answerText({ text: "hi" })).toBe("hi");
    expect(sameAnswer({ option: "a" }, { option: "a" })).toBe(true);
    expect(sameAnswer(null, undefined)).toBe(true);
    expect(sameAnswer({ value: true }, { value: false })).toBe(false);
  });
});
