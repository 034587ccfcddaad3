import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { ESSAY, page, SHORT } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import GradingEditRoute, { parseScore } from "./grading-edit";

const EDIT = "/assignment/grading/edit";

function api(saveReply?: (body: unknown) => { status?: number; body: unknown }) {
  return mockApi({
    "/api/v1/grading": (url) =>
      url.searchParams.get("state") === "graded" ? ok(page([], 3)) : ok(page([ESSAY, SHORT])),
    [`/api/v1/grading/${ESSAY.id}`]: (_url, { body }) =>
      saveReply ? saveReply(body) : ok({ ...ESSAY, ...(body as object), graded_at: "2026-11-22T02:00:00Z" }),
  });
}

describe("grading editor", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("parses decimal scores with a comma or a dot", () => {
    expect(parseScore("1,5")).toBe(1.5);
    expect(parseScore(" 2 ")).toBe(2);
    expect(Number.isNaN(parseScore("abc"))).toBe(true);
    expect(Number.isNaN(parseScore("-1"))).toBe(true);
  });

  it("shows the stem, rubric and answer with its line breaks, and the progress", async () => {
    api();
    renderRoute(EDIT, `${EDIT}?answer=${ESSAY.id}&preset=7`, <GradingEditRoute />, { language: "en" });
    expect(await screen.findByRole("heading", { name: "Answer of Trần Minh Khoa" })).toBeInTheDocument();
    expect(screen.getByText(/Simplify/)).toBeInTheDocument();
    expect(screen.getByText(/Giải thích: 1 điểm/)).toBeInTheDocument();
    expect(screen.getByTestId("learner-answer").textContent).toBe("Ta có 8 = 4 · 2\nnên √8 = 2√2.");
    expect(screen.getByTestId("learner-answer")).toHaveClass("whitespace-pre-wrap");
    expect(screen.getByText("2 of 5 left")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the list" })).toHaveAttribute(
      "href",
      "/assignment/grading/list?preset=7",
    );
  });

  it("refuses a score out of range before sending, and shows the server's 400 inline", async () => {
    const user = userEvent.setup();
    const { calls } = api(() => ({
      status: 400,
      body: {
        success: false,
        code: "validation_error",
        message: "The score could not be saved.",
        errors: { score: ["Enter a score from 0 to 2."] },
      },
    }));
    renderRoute(EDIT, `${EDIT}?answer=${ESSAY.id}`, <GradingEditRoute />, { language: "en" });
    const score = await screen.findByLabelText("Score (0–2)");
    await user.type(score, "2.5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a score from 0 to 2.")).toBeInTheDocument();
    expect(score).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await user.clear(score);
    await user.type(score, "1,5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ score: "1.5", comment: "" }),
    );
    expect(await screen.findByText("Enter a score from 0 to 2.")).toBeInTheDocument();
  });

  it("saves with a comment and moves to the next answer with Ctrl+Enter", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const { router } = renderRoute(EDIT, `${EDIT}?answer=${ESSAY.id}&preset=7`, <GradingEditRoute />, {
      language: "en",
    });
    await user.type(await screen.findByLabelText("Score (0–2)"), "1.5");
    await user.type(screen.getByLabelText("Comment"), "Thiếu giải thích");
    await user.keyboard("{Control>}{Enter}{/Control}");
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        path: `/api/v1/grading/${ESSAY.id}`,
        body: { score: "1.5", comment: "Thiếu giải thích" },
      }),
    );
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?answer=${SHORT.id}&preset=7`));
    expect(await screen.findByRole("heading", { name: "Answer of Lê Thu Hà" })).toBeInTheDocument();
    expect(screen.getByText("bảy")).toBeInTheDocument();
  });
});
