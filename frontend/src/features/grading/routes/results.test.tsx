import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { page } from "../testing/fixtures";
import ResultsRoute from "./results";

const RESULTS = "/assignment/result/index";

describe("results", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("filters by the address's test, batch, result and search, and says when nothing matches", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/attempts": ok(page([])),
      "/api/v1/test-presets": ok(page([{ id: 7, name: "Luyện tập Toán 9" }])),
      "/api/v1/batches": ok(page([{ id: 3, name: "Ca sáng nay", starts_at: "2026-11-22T01:00:00Z" }])),
    });
    const { router } = renderRoute(
      RESULTS,
      `${RESULTS}?preset=7&batch=3&result=passed&search=Khoa`,
      <ResultsRoute />,
      { language: "en" },
    );
    expect(await screen.findByText("No result matches the filters.")).toBeVisible();
    const request = calls.find((c) => c.path.startsWith("/api/v1/attempts?"))!.path;
    for (const part of ["preset_id=7", "batch_id=3", "result=passed", "search=Khoa"])
      expect(request).toContain(part);
    expect(screen.getByLabelText("Result")).toHaveValue("passed");
    expect(screen.getByLabelText("Search")).toHaveValue("Khoa");
    expect(screen.getByRole("button", { name: "Release the batch" })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText("Result"), "");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?preset=7&batch=3&search=Khoa"));
  });
});
