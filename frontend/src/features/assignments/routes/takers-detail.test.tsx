import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { ASSIGNMENT, BOUGHT, page, PRESET } from "../testing/fixtures";
import { rowWith } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import TakersDetailRoute from "./takers-detail";

describe("/test-preset/takers-detail/:presetId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists who bought or was assigned the test, with batch, source and status", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/test-presets/7": ok(PRESET),
      "/api/v1/assignments": ok(page([BOUGHT, ASSIGNMENT])),
    });
    renderRoute(
      "/test-preset/takers-detail/:presetId",
      "/test-preset/takers-detail/7",
      <TakersDetailRoute />,
      {
        language: "en",
      },
    );
    expect(await screen.findByRole("heading", { level: 1, name: PRESET.name })).toBeVisible();
    const table = screen.getByRole("table", { name: "Buyers and takers" });
    await within(table).findByText("Lê Hoàng Nam");
    const bought = rowWith(table, "Lê Hoàng Nam");
    expect(bought).toHaveTextContent("Bought");
    expect(within(bought).getByRole("link", { name: "Ca 1 (sáng thứ Bảy)" })).toHaveAttribute(
      "href",
      "/assignment/batch-detail/51",
    );
    expect(rowWith(table, "Đặng Minh Khoa")).toHaveTextContent("Assigned");
    expect(
      calls.some((c) => c.path.startsWith("/api/v1/assignments?") && c.path.includes("preset_id=7")),
    ).toBe(true);
    await user.selectOptions(screen.getByLabelText("Source"), "purchase");
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes("source=purchase"))).toBe(true));
  });
});
