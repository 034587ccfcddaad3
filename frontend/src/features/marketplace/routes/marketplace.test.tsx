import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { FREE_LISTING, FULL_LISTING, LISTING, page } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import MarketplaceRoute from "./marketplace";

const SUBJECTS = [
  { code: "tieng-anh", name: "Tiếng Anh" },
  { code: "toan", name: "Toán" },
];

describe("/marketplace", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows learners the grid with VND prices, free badge and slots, and filters by grade, subject and price", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": ok(page([LISTING, FREE_LISTING, FULL_LISTING])),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
    });
    renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />);
    const grid = await screen.findByRole("list", { name: "Đề thi đang bán" });
    const paid = within(grid).getByRole("listitem", { name: LISTING.name });
    expect(paid).toHaveTextContent(/150\.000\s₫/);
    expect(paid).toHaveTextContent("Trung tâm Học tập Suốt đời");
    expect(paid).toHaveTextContent("Lớp 9");
    expect(paid).toHaveTextContent("45 phút");
    expect(paid).toHaveTextContent("Còn 4 chỗ");
    expect(within(grid).getByRole("link", { name: LISTING.name })).toHaveAttribute("href", "/marketplace/31");
    const free = within(grid).getByRole("listitem", { name: FREE_LISTING.name });
    expect(within(free).getAllByText("Miễn phí").length).toBeGreaterThan(0);
    const full = within(grid).getByRole("listitem", { name: FULL_LISTING.name });
    expect(full).toHaveTextContent("Không còn chỗ trống ở ca nào");
    // Learners neither publish nor withdraw.
    expect(screen.queryByRole("button", { name: "Đăng đề thi" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Gỡ/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Khối lớp"), "9");
    await user.selectOptions(await screen.findByLabelText("Môn học"), "toan");
    await user.type(screen.getByLabelText("Giá thấp nhất"), "100000");
    expect(screen.getByLabelText("Giá thấp nhất")).toHaveValue("100.000");
    await user.selectOptions(screen.getByLabelText("Sắp xếp"), "price");
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.startsWith("/api/v1/marketplace?") &&
            c.path.includes("grade=9") &&
            c.path.includes("subject=toan") &&
            c.path.includes("minprice=100000") &&
            c.path.includes("order_by=price"),
        ),
      ).toBe(true),
    );
  });

  it("names the career survey in English on English pages and marks the Vietnamese test names (issue 38)", async () => {
    const survey = {
      ...LISTING,
      id: 40,
      kind: "survey" as const,
      name: "Career orientation survey (Holland – RIASEC)",
      name_lang: "en" as const,
      description: "48 statements about everyday interests and habits",
      description_lang: "en" as const,
      grade: null,
      subjects: [],
      subject_codes: [],
      batches: [],
      available_slots: 0,
      price_test_only: 0,
      price_test_advanced: null,
      price_survey_report: 0,
    };
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": ok(page([survey, LISTING])),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
    });
    renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />, { language: "en" });
    const title = await screen.findByRole("link", { name: survey.name });
    expect(within(title).getByText(survey.name)).not.toHaveAttribute("lang");
    expect(title).not.toHaveAttribute("lang");
    const test = screen.getByRole("link", { name: LISTING.name });
    expect(within(test).getByText(LISTING.name)).toHaveAttribute("lang", "vi");
  });

  it("refuses a negative price filter with a message instead of dropping the minus sign", async () => {
    // The typing pause runs on the test's clock: past it without waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": ok(page([LISTING])),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
    });
    const { router } = renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />);
    const min = await screen.findByLabelText("Giá thấp nhất");
    await user.type(min, "-50000");
    expect(min).toHaveValue("-50000");
    expect(await screen.findByText("Nhập số tiền nguyên (VND) từ 0 trở lên.")).toBeVisible();
    expect(min).toHaveAttribute("aria-invalid", "true");
    await act(() => vi.advanceTimersByTimeAsync(2000)); // past the filter's typing pause
    expect(router.state.location.search).toBe("");
    expect(calls.some((c) => c.path.includes("minprice"))).toBe(false);
  });

  it("shows an empty state that clears the filters", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": (url) => ok(page(url.searchParams.get("grade") ? [] : [LISTING])),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
    });
    renderRoute("/marketplace", "/marketplace?grade=12", <MarketplaceRoute />, { language: "en" });
    expect(await screen.findByText("No test matches.")).toBeVisible();
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0]!);
    expect(await screen.findByRole("link", { name: LISTING.name })).toBeVisible();
  });

  it("lets educators see their own listings and withdraw one after confirmation, with the refusal's reason", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/marketplace": ok(page([LISTING, FREE_LISTING])),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
      "/api/v1/marketplace/31": {
        status: 409,
        body: {
          success: false,
          code: "listing_has_pending",
          message: "Không thể gỡ đề thi này: 2 giao dịch đang chờ thanh toán.",
        },
      },
    });
    renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />);
    await screen.findByRole("list", { name: "Đề thi đang bán" });
    expect(screen.getByRole("button", { name: "Đăng đề thi" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Đề thi của tôi" }));
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes("mylistings=true"))).toBe(true));
    expect(screen.getByRole("button", { name: "Đề thi của tôi" })).toHaveAttribute("aria-pressed", "true");
    // The withdraw control loads with the own listings (out of a learner's first visit); only the
    // own organization's listing (id 3) can be withdrawn.
    const withdraw = await screen.findByRole("button", { name: `Gỡ khỏi chợ: ${LISTING.name}` });
    expect(screen.queryByRole("button", { name: `Gỡ khỏi chợ: ${FREE_LISTING.name}` })).toBeNull();
    await user.click(withdraw);
    const dialog = await screen.findByRole("dialog", { name: "Gỡ đề thi khỏi chợ?" });
    await user.click(within(dialog).getByRole("button", { name: "Gỡ khỏi chợ" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Không thể gỡ đề thi này: 2 giao dịch đang chờ thanh toán.",
    );
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/v1/marketplace/31")).toBe(true);
  });

  it("keeps search, filters, order and page in the address, and clears the filters but not the order", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace": ok({ ...page([LISTING]), total: 30, page: 2 }),
      "/api/v1/marketplace/subjects": ok(SUBJECTS),
    });
    const { router } = renderRoute(
      "/marketplace",
      "/marketplace?search=To%C3%A1n&grade=9&order=price&page=2",
      <MarketplaceRoute />,
    );
    await screen.findByRole("list", { name: "Đề thi đang bán" });
    expect(calls.find((c) => c.path.startsWith("/api/v1/marketplace?"))?.path).toBe(
      "/api/v1/marketplace?page=2&limit=12&search=To%C3%A1n&order_by=price&grade=9",
    );
    expect(screen.getByLabelText("Tìm kiếm")).toHaveValue("Toán");
    expect(screen.getByLabelText("Khối lớp")).toHaveValue("9");
    expect(screen.getByLabelText("Sắp xếp")).toHaveValue("price");

    await user.click(screen.getByRole("button", { name: "Xóa bộ lọc" }));
    await vi.waitFor(() => expect(router.state.location.search).toBe("?order=price"));
    expect(screen.getByLabelText("Tìm kiếm")).toHaveValue("");
    expect(screen.getByLabelText("Khối lớp")).toHaveValue("");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe("/api/v1/marketplace?page=1&limit=12&order_by=price"),
    );
  });
});
