import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { ESSAY, page } from "../testing/fixtures";
import GradingListRoute from "./grading-list";

const LIST = "/assignment/grading/list";
const TESTS = [
  { id: 7, name: "Luyện tập Toán 9 - Căn thức" },
  { id: 8, name: "Tự luận Văn 9" },
];
const BATCHES = [{ id: 3, name: "Ca sáng nay", starts_at: "2026-11-22T01:00:00Z" }];

function api() {
  return mockApi({
    "/api/v1/grading": ok(page([ESSAY], 1)),
    "/api/v1/test-presets": ok(page(TESTS)),
    "/api/v1/batches": ok(page(BATCHES)),
  });
}

describe("grading list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the test, batch and tab of the address and carries them to the editor", async () => {
    const { calls } = api();
    renderRoute(LIST, `${LIST}?preset=7&batch=3&state=graded`, <GradingListRoute />, { language: "en" });
    await screen.findByText("Trần Minh Khoa");
    // (by its cells: the stem's formula defeats the accessible name of the row)
    const row = screen.getAllByRole("row").find((r) => within(r).queryByText("Trần Minh Khoa"))!;
    const request = calls.find((c) => c.path.startsWith("/api/v1/grading?"))!.path;
    expect(request).toContain("preset_id=7");
    expect(request).toContain("batch_id=3");
    expect(request).toContain("state=graded");
    expect(screen.getByRole("tab", { name: "Graded" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("1 graded answer")).toBeVisible();
    await vi.waitFor(() => expect(screen.getByLabelText("Test")).toHaveValue("7"));
    await vi.waitFor(() => expect(screen.getByLabelText("Batch")).toHaveValue("3"));
    expect(within(row).getByRole("link", { name: "Grade the answer of Trần Minh Khoa" })).toHaveAttribute(
      "href",
      `/assignment/grading/edit?answer=${ESSAY.id}&preset=7&batch=3&state=graded`,
    );
  });

  it("offers the batches once a test is chosen and leaves the waiting tab out of the address", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const { router } = renderRoute(LIST, `${LIST}?state=graded&page=2`, <GradingListRoute />, {
      language: "en",
    });
    const batch = await screen.findByLabelText("Batch");
    expect(batch).toBeDisabled();
    expect(within(batch).getByRole("option", { name: "Choose a test first" })).toBeInTheDocument();
    await user.selectOptions(
      screen.getByLabelText("Test"),
      await screen.findByRole("option", { name: "Tự luận Văn 9" }),
    );
    await vi.waitFor(() => expect(router.state.location.search).toBe("?state=graded&preset=8"));
    await vi.waitFor(() => expect(screen.getByLabelText("Batch")).toBeEnabled());
    expect(calls.some((c) => c.path.startsWith("/api/v1/batches?") && c.path.includes("preset_id=8"))).toBe(
      true,
    );
    await user.click(screen.getByRole("tab", { name: "Waiting" }));
    await vi.waitFor(() => expect(router.state.location.search).toBe("?preset=8"));
  });
});
