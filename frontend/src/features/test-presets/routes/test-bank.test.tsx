import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import { page, PRESET_ROW, TEST_BANK } from "../testing/fixtures";
import TestBankRoute from "./test-bank";

const IN_BANK = { ...PRESET_ROW, test_bank_ids: [3] };
const OTHER = { ...PRESET_ROW, id: 8, name: "Tiếng Anh 9 — giữa kì", status: "approved", test_bank_ids: [] };

describe("one test bank", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the tests in the bank, takes one out and adds others", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/test-banks/3": ok(TEST_BANK),
      "/api/v1/test-banks/3/presets": ok(TEST_BANK),
      "/api/v1/test-presets": (url) =>
        ok(page(url.searchParams.get("test_bank_id") === "3" ? [IN_BANK] : [IN_BANK, OTHER])),
    });
    renderRoute("/test-preset/banks/:id", "/test-preset/banks/3", <TestBankRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: "Đề thi học kì 1" })).toBeVisible();
    const crumbs = screen.getByRole("navigation", { name: "Đường dẫn" });
    expect(within(crumbs).getByRole("link", { name: "Ngân hàng đề thi" })).toHaveAttribute(
      "href",
      "/test-preset/banks",
    );
    const table = screen.getByRole("table", { name: "Đề thi trong Đề thi học kì 1" });
    const row = await within(table).findByRole("row", { name: new RegExp(PRESET_ROW.name) });
    expect(within(row).getByRole("link", { name: PRESET_ROW.name })).toHaveAttribute(
      "href",
      "/test-preset/detail/7",
    );
    expect(
      calls.some((c) => c.path === "/api/v1/test-presets?test_bank_id=3&order_by=name&page=1&limit=20"),
    ).toBe(true);

    await user.click(within(row).getByRole("button", { name: `Bỏ khỏi ngân hàng: ${PRESET_ROW.name}` }));
    await vi.waitFor(() =>
      expect(toasts.map((t) => t.title)).toContain(`Đã bỏ “${PRESET_ROW.name}” khỏi ngân hàng.`),
    );

    await user.click(screen.getByRole("button", { name: "Thêm đề thi" }));
    const dialog = await screen.findByRole("dialog", { name: "Thêm đề thi vào “Đề thi học kì 1”" });
    const already = await within(dialog).findByRole("checkbox", { name: new RegExp(PRESET_ROW.name) });
    expect(already).toBeChecked();
    expect(already).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Thêm" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /Tiếng Anh 9 — giữa kì/ }));
    await user.click(within(dialog).getByRole("button", { name: "Thêm 1 đề thi" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.path === "/api/v1/test-banks/3/presets").map((c) => c.body)).toEqual([
      { add: [], remove: [7] },
      { add: [8], remove: [] },
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã thêm 1 đề thi vào ngân hàng.");
  });

  it("says when the bank does not exist", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/test-banks/99": { status: 404, body: { success: false, code: "not_found", message: "" } },
    });
    renderRoute("/test-preset/banks/:id", "/test-preset/banks/99", <TestBankRoute />, { language: "en" });
    expect(await screen.findByText("This test bank could not be found.")).toBeVisible();
  });
});
