import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { page, PRESET_ROW, SUBJECTS, TEST_BANK } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import PresetsRoute from "./presets";

describe("test preset list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows name, grade, subjects, status, dates and batches, and filters, sorts and pages", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/subjects": ok(SUBJECTS),
      "/api/v1/test-presets": (url) =>
        ok({ ...page([{ ...PRESET_ROW, status: url.searchParams.get("status") ?? "draft" }], 45) }),
    });
    const { router } = renderRoute("/test-preset", "/test-preset", <PresetsRoute />, { language: "en" });
    const row = await screen.findByRole("row", { name: new RegExp(PRESET_ROW.name) });
    expect(row).toHaveTextContent("Grade 9");
    expect(await within(row).findByText("Mathematics, English")).toBeInTheDocument();
    expect(row).toHaveTextContent("Draft");
    expect(row).toHaveTextContent("Vòng 1");
    expect(row.textContent).toMatch(/2026.*–.*2026/);

    await user.selectOptions(screen.getByLabelText("Status"), "approved");
    await user.selectOptions(screen.getByLabelText("Sort"), "name");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe("/api/v1/test-presets?page=1&limit=20&status=approved&order_by=name"),
    );
    expect(await within(screen.getByRole("table")).findByText("Approved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toContain("page=2"));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: PRESET_ROW.name }));
    expect(router.state.location.pathname).toBe("/test-preset/detail/7");
  });

  it("says when there are no tests yet", async () => {
    mockApi({ "/api/v1/subjects": ok(SUBJECTS), "/api/v1/test-presets": ok(page([])) });
    renderRoute("/test-preset", "/test-preset", <PresetsRoute />);
    expect(
      await screen.findByText("Chưa có đề thi nào. Tạo đề đầu tiên từ ngân hàng câu hỏi."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Đề thi mới" })).toHaveAttribute("href", "/test-preset/form");
  });

  it("keeps search, status, order and page in the address, and says when nothing matches", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ "/api/v1/subjects": ok(SUBJECTS), "/api/v1/test-presets": ok(page([])) });
    const { router } = renderRoute(
      "/test-preset",
      "/test-preset?search=To%C3%A1n&status=approved&order=name&page=2",
      <PresetsRoute />,
    );
    expect(await screen.findByText("Không có đề thi nào khớp bộ lọc.")).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith("/api/v1/test-presets"))?.path).toBe(
      "/api/v1/test-presets?page=2&limit=20&search=To%C3%A1n&status=approved&order_by=name",
    );
    expect(screen.getByLabelText("Tìm kiếm")).toHaveValue("Toán");
    expect(screen.getByLabelText("Trạng thái")).toHaveValue("approved");
    expect(screen.getByLabelText("Sắp xếp")).toHaveValue("name");

    await user.selectOptions(screen.getByLabelText("Trạng thái"), "Tất cả");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?search=To%C3%A1n&order=name"));
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe("/api/v1/test-presets?page=1&limit=20&search=To%C3%A1n&order_by=name"),
    );
  });

  it("leads to the test banks and filters the list by bank", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/subjects": ok(SUBJECTS),
      "/api/v1/test-banks": ok(page([TEST_BANK])),
      "/api/v1/test-presets": ok(page([PRESET_ROW])),
    });
    const { router } = renderRoute("/test-preset", "/test-preset", <PresetsRoute />);
    expect(await screen.findByRole("link", { name: "Ngân hàng đề thi" })).toHaveAttribute(
      "href",
      "/test-preset/banks",
    );
    const filter = screen.getByLabelText("Ngân hàng đề");
    await within(filter).findByRole("option", { name: "Đề thi học kì 1" });
    await user.selectOptions(filter, "3");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        "/api/v1/test-presets?page=1&limit=20&test_bank_id=3&order_by=-updated_at",
      ),
    );
    expect(router.state.location.search).toBe("?bank=3");
  });
});
