/** A shared stimulus on the test page, the review panel and the result (issue 39, item 1; decision
 * 0054): shown once per group as a region named by its title, each of its questions saying which
 * questions refer to it, in both languages. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { AttemptQuestion, AttemptStimulus } from "../api/types";
import { attempt, QUESTIONS, result } from "../testing/fixtures";
import ResultRoute from "./result";
import TakeTestRoute from "./take-test";

const BASE = "/api/v1/take-test/5";

const RAINFALL: AttemptStimulus = {
  id: 9,
  title: { vi: "Bảng lượng mưa", en: "Rainfall table" },
  body: {
    vi: "<table><tr><th>Tháng</th><th>mm</th></tr><tr><td>7</td><td>$320$</td></tr></table>",
    en: "<table><tr><th>Month</th><th>mm</th></tr><tr><td>7</td><td>$320$</td></tr></table>",
  },
};

const inGroup = (q: AttemptQuestion, id: number): AttemptQuestion => ({ ...q, id, stimulus_id: RAINFALL.id });
/** Question 1 alone, questions 2 and 3 on the rainfall table, question 4 alone. */
const TEST_QUESTIONS: AttemptQuestion[] = [
  QUESTIONS[0]!,
  inGroup(QUESTIONS[1]!, 201),
  inGroup({ ...QUESTIONS[1]!, stem: { vi: "Tháng 7 mưa nhiều nhất?", en: "Is July the wettest?" } }, 202),
  QUESTIONS[2]!,
];

function openTest(language: "vi" | "en") {
  mockApi({
    [`${BASE}/attempt`]: ok(attempt({ questions: TEST_QUESTIONS, stimuli: [RAINFALL] })),
    [`${BASE}/start`]: ok({ attempt_id: 77, device_token: "tok-1", deadline_at: attempt().deadline_at }),
  });
  return renderRoute("/take-test/:test_user_assignment_id", "/take-test/5", <TakeTestRoute />, { language });
}

describe("a shared stimulus on the test page", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem("takeTest.token.5", "tok-1");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("vi: shows the stimulus with its questions, once for the group, and says which questions refer to it", async () => {
    const user = userEvent.setup();
    openTest("vi");
    await screen.findByRole("heading", { name: /Câu 1\/4/ });
    expect(screen.queryByRole("region", { name: "Bảng lượng mưa" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Câu sau" }));
    await screen.findByRole("heading", { name: /Câu 2\/4/ });
    const region = screen.getByRole("region", { name: "Bảng lượng mưa" });
    expect(region).toHaveTextContent("Câu 2–3");
    expect(within(region).getByRole("table")).toHaveTextContent("Tháng");
    expect(screen.getByText("Câu 2–3 dựa vào: Bảng lượng mưa")).toBeInTheDocument();
    // The answer's group is described by the note, then the stem.
    expect(screen.getByRole("group", { name: "Chọn Đúng hoặc Sai" })).toHaveAccessibleDescription(
      /^Câu 2–3 dựa vào: Bảng lượng mưa/,
    );
    expect(headingSkips()).toEqual([]);

    // The button moves the focus to the stimulus (a keyboard user on a phone reads it above).
    await user.click(screen.getByRole("button", { name: "Đến ngữ liệu" }));
    expect(region).toHaveFocus();

    // The next question of the group keeps the same panel: one stimulus, not one per question.
    await user.click(screen.getByRole("button", { name: "Câu sau" }));
    await screen.findByRole("heading", { name: /Câu 3\/4/ });
    expect(screen.getByRole("region", { name: "Bảng lượng mưa" })).toBe(region);
    expect(screen.getAllByRole("region", { name: "Bảng lượng mưa" })).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Câu sau" }));
    await screen.findByRole("heading", { name: /Câu 4\/4/ });
    expect(screen.queryByRole("region", { name: "Bảng lượng mưa" })).not.toBeInTheDocument();

    // The review panel lists the stimulus with its questions and goes to the first.
    await user.click(screen.getAllByRole("button", { name: "Xem lại" })[0]!);
    expect(await screen.findByRole("heading", { name: "Ngữ liệu dùng chung (1)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Câu 2–3: Bảng lượng mưa" }));
    expect(await screen.findByRole("heading", { name: /Câu 2\/4/ })).toBeInTheDocument();
  });

  it("en: the same in English", async () => {
    const user = userEvent.setup();
    openTest("en");
    await screen.findByRole("heading", { name: /Question 1 of 4/ });
    await user.click(screen.getByRole("button", { name: "Next" }));
    const region = await screen.findByRole("region", { name: "Rainfall table" });
    expect(region).toHaveTextContent("Questions 2–3");
    expect(screen.getByText("Questions 2–3 refer to: Rainfall table")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to the shared material" })).toBeInTheDocument();
  });
});

describe("a shared stimulus in the result", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["vi", "Câu 1", "Câu 1 dựa vào: Bảng lượng mưa"],
    ["en", "Question 1", "Question 1 refers to: Rainfall table"],
  ] as const)("%s: shows the stimulus once, with its first question", async (language, range, note) => {
    const base = result();
    const answers = base.answers.map((row, index) =>
      index === 0 ? { ...row, question: { ...row.question, stimulus_id: RAINFALL.id } } : row,
    );
    mockApi({ [`${BASE}/result`]: ok({ ...base, answers, stimuli: [RAINFALL] }) });
    renderRoute("/assignment/result/index", "/assignment/result/index?id=5", <ResultRoute />, { language });
    const title = language === "vi" ? "Bảng lượng mưa" : "Rainfall table";
    const region = await screen.findByRole("region", { name: title });
    expect(region).toHaveTextContent(range);
    expect(screen.getAllByRole("region", { name: title })).toHaveLength(1);
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(headingSkips()).toEqual([]);
  });
});
