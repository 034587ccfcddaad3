import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { BATCH, FULL_BATCH, page } from "../testing/fixtures";
import { rowWith } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import BatchListRoute from "./batch-list";

describe("/assignment/batch-list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows every batch's state and slot figures, read-only, and filters by state", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/batches": ok(page([BATCH, FULL_BATCH])) });
    renderRoute("/assignment/batch-list", "/assignment/batch-list", <BatchListRoute />, { language: "en" });
    const table = await screen.findByRole("table", { name: "Batch list" });
    await within(table).findByRole("link", { name: BATCH.name });
    const first = rowWith(table, BATCH.name);
    expect(within(first).getByRole("link", { name: BATCH.name })).toHaveAttribute(
      "href",
      "/assignment/batch-detail/51",
    );
    expect(within(first).getByRole("link", { name: BATCH.preset.name })).toHaveAttribute(
      "href",
      "/assignment/batch/7",
    );
    expect(first).toHaveTextContent("Upcoming");
    expect(
      within(first).getByRole("img", { name: "25 taken, 3 pending, 2 available of 30 slots" }),
    ).toBeVisible();
    const full = rowWith(table, FULL_BATCH.name);
    expect(full).toHaveTextContent("No batch slot");
    // Read-only: no field and no button in the table.
    expect(within(table).queryByRole("textbox")).toBeNull();
    expect(within(table).queryByRole("spinbutton")).toBeNull();
    expect(within(table).queryByRole("button")).toBeNull();

    await user.selectOptions(screen.getByLabelText("State"), "open");
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes("state=open"))).toBe(true));
  });
});

describe("/assignment/batch-list in the address", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the state, order and page from the address and goes back to page 1 on a new filter", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/batches": ok(page([BATCH], 45)) });
    const { router } = renderRoute(
      "/assignment/batch-list",
      "/assignment/batch-list?state=ended&order=name&page=2",
      <BatchListRoute />,
      { language: "en" },
    );
    await screen.findByRole("link", { name: BATCH.name });
    const first = calls.find((c) => c.path.startsWith("/api/v1/batches?"))!.path;
    expect(first).toContain("state=ended");
    expect(first).toContain("order_by=name");
    expect(first).toContain("page=2");
    expect(screen.getByLabelText("State")).toHaveValue("ended");
    expect(screen.getByLabelText("Sort")).toHaveValue("name");
    expect(screen.getByText("Page 2 of 3")).toBeVisible();

    await user.selectOptions(screen.getByLabelText("State"), "open");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?state=open&order=name"));
  });
});
