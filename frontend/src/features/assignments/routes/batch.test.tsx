import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { BATCH, FULL_BATCH, page, PRESET, WAITING } from "../testing/fixtures";
import { rowWith } from "../testing/queries";
import { renderRoute } from "@/testing/render-route";
import TestBatchesRoute from "./batch";

describe("/assignment/batch/:presetId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the test's batches and its waiting list with positions, offers and claim deadlines", async () => {
    const { calls } = mockApi({
      "/api/v1/test-presets/7": ok(PRESET),
      "/api/v1/batches": ok(page([BATCH, FULL_BATCH])),
      "/api/v1/waiting-list": ok(page(WAITING)),
    });
    renderRoute("/assignment/batch/:presetId", "/assignment/batch/7", <TestBatchesRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: PRESET.name })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/v1/batches?") && c.path.includes("preset_id=7"))).toBe(
      true,
    );
    expect(calls.some((c) => c.path.startsWith("/api/v1/waiting-list?preset_id=7"))).toBe(true);
    const batches = await screen.findByRole("table", { name: "Các ca thi" });
    expect(await within(batches).findByText(FULL_BATCH.name)).toBeVisible();
    const waiting = screen.getByRole("table", { name: "Danh sách chờ" });
    await within(waiting).findByText("Võ Ngọc Anh");
    const first = rowWith(waiting, "Võ Ngọc Anh");
    expect(first).toHaveTextContent("1");
    expect(first).toHaveTextContent("Được giữ chỗ");
    expect(first).toHaveTextContent(FULL_BATCH.name);
    expect(first).toHaveTextContent("2099");
    const second = rowWith(waiting, "Phạm Quốc Bảo");
    expect(second).toHaveTextContent("2");
    expect(second).toHaveTextContent("Đang chờ");
  });
});
