/** A test in parts on the test page (issue 39; decision 0056): each question names its part and
 * its points per question above its number, the question grid groups the numbers under each
 * part's short heading (a list named by it; the numbers' names unchanged), the review splits its
 * lists by part; a test without parts is as before. Both languages. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { Attempt, AttemptPart, AttemptQuestion } from "../api/types";
import { attempt, QUESTIONS } from "../testing/fixtures";
import TakeTestRoute from "./take-test";

const BASE = "/api/v1/take-test/5";

const choice = (id: number): AttemptQuestion => ({ ...QUESTIONS[0]!, id, points: 0.25 });
const set = (id: number): AttemptQuestion => ({
  id,
  type: "true_false_set",
  stem: { vi: "<p>Cho hàm số $y=x^3$.</p>", en: "<p>Let $y=x^3$.</p>" },
  options: [],
  statements: [
    { id: "a", vi: "Hàm số đồng biến", en: "The function is increasing" },
    { id: "b", vi: "$y(1)=2$", en: "$y(1)=2$" },
  ],
  rounding: { vi: "", en: "" },
  points: 1,
  stimulus_id: null,
});
const numeric: AttemptQuestion = {
  id: 305,
  type: "numeric",
  stem: { vi: "<p>Tính $\\sqrt{2}$.</p>", en: "<p>Compute $\\sqrt{2}$.</p>" },
  options: [],
  statements: [],
  rounding: { vi: "Làm tròn đến hàng phần mười", en: "Round to one decimal place" },
  points: 0.5,
  stimulus_id: null,
};

/** Phần I: questions 1–3 (0,25 each); Phần II: 4–5 (1 each); Phần III: 6 (0,5). */
const QUESTIONS_IN_PARTS = [choice(301), choice(302), choice(303), set(304), set(306), numeric];

const PARTS: Record<"vi" | "en", AttemptPart[]> = {
  vi: [
    {
      position: 1,
      name: "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
      place: "Phần I",
      question_type: "single_choice",
      points: 0.25,
      first: 1,
      count: 3,
    },
    {
      position: 2,
      name: "Phần II. Trắc nghiệm đúng sai",
      place: "Phần II",
      question_type: "true_false_set",
      points: 1,
      first: 4,
      count: 2,
    },
    {
      position: 3,
      name: "Phần III. Trắc nghiệm trả lời ngắn",
      place: "Phần III",
      question_type: "numeric",
      points: 0.5,
      first: 6,
      count: 1,
    },
  ],
  en: [
    {
      position: 1,
      name: "Part I. Four-option multiple choice",
      place: "Part I",
      question_type: "single_choice",
      points: 0.25,
      first: 1,
      count: 3,
    },
    {
      position: 2,
      name: "Part II. True/false questions",
      place: "Part II",
      question_type: "true_false_set",
      points: 1,
      first: 4,
      count: 2,
    },
    {
      position: 3,
      name: "Part III. Short answers",
      place: "Part III",
      question_type: "numeric",
      points: 0.5,
      first: 6,
      count: 1,
    },
  ],
};

function openTest(language: "vi" | "en", overrides: Partial<Attempt>) {
  const routes: Parameters<typeof mockApi>[0] = {
    [`${BASE}/attempt`]: ok(attempt(overrides)),
    [`${BASE}/start`]: ok({ attempt_id: 77, device_token: "tok-1", deadline_at: attempt().deadline_at }),
  };
  for (const q of overrides.questions ?? [])
    routes[`${BASE}/answers/${q.id}`] = (_url, request) =>
      ok({
        question_id: q.id,
        seq: (request.body as { seq: number }).seq,
        applied: true,
        saved_at: new Date().toISOString(),
      });
  mockApi(routes);
  return renderRoute("/take-test/:test_user_assignment_id", "/take-test/5", <TakeTestRoute />, { language });
}

const grid = () => screen.getByRole("navigation", { name: /Danh sách câu hỏi|Questions/ });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole("button")
    .map((b) => b.getAttribute("aria-label"));

describe("a test in parts on the test page", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem("takeTest.token.5", "tok-1");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("vi: names each question's part with its points per question and groups the grid by part", async () => {
    const user = userEvent.setup();
    openTest("vi", { questions: QUESTIONS_IN_PARTS, parts: PARTS.vi });
    const first = await screen.findByRole("heading", { name: /Câu 1\/6/ });
    expect(
      screen.getByText("Phần I. Trắc nghiệm nhiều phương án lựa chọn · 0,25 điểm/câu"),
    ).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription("Phần I. Trắc nghiệm nhiều phương án lựa chọn · 0,25 điểm/câu");

    // The grid: one list per part, named by its heading; the numbers' names as without parts.
    const nav = grid();
    expect(
      within(nav)
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Phần I", "Phần II", "Phần III"]);
    const lists = within(nav).getAllByRole("list", { name: /^Phần/ });
    expect(lists.map((l) => [l.getAttribute("start"), names(l)])).toEqual([
      ["1", ["Câu 1: Chưa trả lời", "Câu 2: Chưa trả lời", "Câu 3: Chưa trả lời"]],
      ["4", ["Câu 4: Chưa trả lời", "Câu 5: Chưa trả lời"]],
      ["6", ["Câu 6: Chưa trả lời"]],
    ]);
    expect(within(nav).getByRole("list", { name: "Phần II" })).toBe(lists[1]);
    expect(headingSkips()).toEqual([]);

    // Phần II has begun: the caption says so.
    await user.click(within(nav).getByRole("button", { name: "Câu 4: Chưa trả lời" }));
    const fourth = await screen.findByRole("heading", { name: /Câu 4\/6/ });
    expect(fourth).toHaveAccessibleDescription("Phần II. Trắc nghiệm đúng sai · 1 điểm/câu");
    expect(screen.queryByText(/Phần I\. Trắc nghiệm nhiều/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Câu sau" }));
    await user.click(screen.getByRole("button", { name: "Câu sau" }));
    await screen.findByRole("heading", { name: /Câu 6\/6/ });
    expect(screen.getByText("Phần III. Trắc nghiệm trả lời ngắn · 0,5 điểm/câu")).toBeInTheDocument();

    // Up and down follow the rows as drawn: each part starts a row.
    within(nav).getByRole("button", { name: "Câu 2: Chưa trả lời" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(within(nav).getByRole("button", { name: "Câu 5: Chưa trả lời" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(nav).getByRole("button", { name: "Câu 6: Chưa trả lời" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(within(nav).getByRole("button", { name: "Câu 4: Chưa trả lời" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(within(nav).getByRole("button", { name: "Câu 3: Chưa trả lời" })).toHaveFocus();
  });

  it("vi: the review lists unanswered and flagged questions under their part", async () => {
    const user = userEvent.setup();
    openTest("vi", {
      questions: QUESTIONS_IN_PARTS,
      parts: PARTS.vi,
      answers: [
        { question_id: 301, answer: { option: "a" }, flagged: false, seq: 1 },
        { question_id: 302, answer: { option: "a" }, flagged: true, seq: 1 },
        { question_id: 303, answer: { option: "b" }, flagged: false, seq: 1 },
        { question_id: 306, answer: null, flagged: true, seq: 1 },
      ],
    });
    await screen.findByRole("heading", { name: /Câu 1\/6/ });
    await user.click(screen.getAllByRole("button", { name: "Xem lại" })[0]!);
    const review = await screen.findByRole("region", { name: "Xem lại trước khi nộp" });
    const run = (name: string) =>
      within(review)
        .getAllByRole("list", { name })
        .map((l) =>
          within(l)
            .getAllByRole("button")
            .map((button) => button.textContent),
        );
    // Unanswered: Phần II (4, 5) and Phần III (6); flagged: Phần I (2) and Phần II (5).
    expect(within(review).getAllByRole("list", { name: /^Phần/ })).toHaveLength(4);
    expect(run("Phần I")).toEqual([["Câu 2"]]);
    expect(run("Phần II")).toEqual([["Câu 4", "Câu 5"], ["Câu 5"]]);
    expect(run("Phần III")).toEqual([["Câu 6"]]);
    expect(headingSkips()).toEqual([]);
  });

  it("en: the part's name and points per question in English", async () => {
    const user = userEvent.setup();
    openTest("en", { questions: QUESTIONS_IN_PARTS, parts: PARTS.en });
    await screen.findByRole("heading", { name: /Question 1 of 6/ });
    expect(
      screen.getByText("Part I. Four-option multiple choice · 0.25 points per question"),
    ).toBeInTheDocument();
    await user.click(within(grid()).getByRole("button", { name: "Question 4: Not answered" }));
    expect(await screen.findByRole("heading", { name: /Question 4 of 6/ })).toHaveAccessibleDescription(
      "Part II. True/false questions · 1 point per question",
    );
    expect(within(grid()).getByRole("list", { name: "Part III" })).toHaveTextContent("6");
  });

  it("without parts: no caption, one list of numbers, no part heading", async () => {
    openTest("vi", { questions: QUESTIONS });
    const heading = await screen.findByRole("heading", { name: /Câu 1\/3/ });
    expect(heading).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/điểm\/câu/)).not.toBeInTheDocument();
    const nav = grid();
    expect(within(nav).queryAllByRole("heading")).toEqual([]);
    const lists = within(nav).getAllByRole("list");
    // the numbers and the legend
    expect(lists).toHaveLength(2);
    expect(names(lists[0]!)).toEqual(["Câu 1: Chưa trả lời", "Câu 2: Chưa trả lời", "Câu 3: Chưa trả lời"]);
    expect(lists[0]).not.toHaveAttribute("start");
  });
});
