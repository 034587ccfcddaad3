/** Issue 18 (WCAG 2.2 AA) in the marketplace: names contain the visible text (2.5.3), text
 * contrast of at least 4.5:1 (1.4.3), and Vietnamese content marked lang="vi" on English pages
 * (3.1.2). */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { backgroundColour, contrast, contrastOver, textColour } from "@/testing/contrast";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";
import { renderRoute } from "@/testing/render-route";

import { createMemoryRouter, RouterProvider } from "react-router-dom";

import { resetServerClock } from "@/lib/server-clock";

import { AddToCart } from "./components/add-to-cart";
import { Cover, paletteIndex } from "./components/cover";
import { Steps } from "./components/steps";
import CheckoutRoute from "./routes/checkout";
import MarketplaceRoute from "./routes/marketplace";
import ShoppingCartRoute from "./routes/shopping-cart";
import { cartItem, cartOf, FREE_LISTING, LEARNER, LISTING, page, transaction } from "./testing/fixtures";

const CART = "/marketplace/shopping-cart";

function renderGrid(language: "vi" | "en") {
  mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
    "/api/v1/marketplace": ok(page([LISTING, FREE_LISTING])),
    "/api/v1/marketplace/subjects": ok([]),
  });
  renderRoute("/marketplace", "/marketplace", <MarketplaceRoute />, { language });
}

describe("marketplace accessibility (issue 18)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the listing and organization names lang=vi on an English page", async () => {
    renderGrid("en");
    const link = await screen.findByRole("link", { name: "Đánh giá năng lực Toán 9" });
    expect(within(link).getByText("Đánh giá năng lực Toán 9")).toHaveAttribute("lang", "vi");
    expect(screen.getByText("Trường THPT Nguyễn Du")).toHaveAttribute("lang", "vi");
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    renderGrid("vi");
    const link = await screen.findByRole("link", { name: "Đánh giá năng lực Toán 9" });
    expect(link).toHaveTextContent("Đánh giá năng lực Toán 9");
    expect(link.innerHTML).toBe("Đánh giá năng lực Toán 9");
    expect(screen.getByText("Trường THPT Nguyễn Du")).not.toHaveAttribute("lang");
  });

  it("draws the free badge white on emerald-700 (5.4:1, was 3.65:1 on emerald-600)", async () => {
    renderGrid("vi");
    const card = await screen.findByRole("listitem", { name: FREE_LISTING.name });
    const badge = within(card).getAllByText("Miễn phí")[0]!;
    expect(badge).toHaveClass("bg-emerald-700", "text-white");
    expect(contrast(textColour(badge), "emerald-700")).toBeGreaterThanOrEqual(4.5);
  });

  it("draws the cover's grade badge at 4.5:1 or more on every cover colour (issue 38: was 3.3:1)", () => {
    // one subject code per colour of the cover palette
    const codes = new Map<number, string>();
    for (let n = 0; codes.size < 8 && n < 1000; n += 1) {
      const code = `mon-${n}`;
      if (!codes.has(paletteIndex(code))) codes.set(paletteIndex(code), code);
    }
    expect(codes.size).toBe(8);
    const measured: [string, number][] = [];
    for (const code of codes.values()) {
      const { unmount } = renderWithProviders(
        <Cover listing={{ ...LISTING, grade: 10, subject_codes: [code] }} />,
      );
      const badge = screen.getByText("Lớp 10");
      const cover = screen.getByTestId("cover-placeholder");
      // the gradient's two ends: the badge lies on its first, the worst case is either
      const ends = [...cover.classList]
        .filter((c) => /^(from|to)-[a-z]+-\d+$/.test(c))
        .map((c) => c.split(/-(.*)/)[1]!);
      expect(ends).toHaveLength(2);
      for (const backdrop of ends)
        measured.push([backdrop, contrastOver(textColour(badge), backgroundColour(badge), backdrop)]);
      unmount();
    }
    const low = measured
      .filter(([, ratio]) => ratio < 4.5)
      .map(([backdrop, ratio]) => `${backdrop} ${ratio.toFixed(2)}`);
    expect(low).toEqual([]);
  });

  it("names the cart's buy-only link and change button after their visible text", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 })])),
    });
    renderRoute(CART, CART, <ShoppingCartRoute />);
    const buy = await screen.findByRole("link", { name: "Chỉ mua đề này: Đánh giá năng lực Toán 9" });
    expect(buy).toHaveTextContent(/^Chỉ mua đề này$/);
    expect(buy).toHaveAttribute("href", "/marketplace/checkout/1");
    const change = screen.getByRole("button", { name: "Đổi gói/ca của Đánh giá năng lực Toán 9" });
    expect(change).toHaveTextContent(/^Đổi gói\/ca$/);
  });

  it("in English: the buy-only link starts with 'Buy this one only' and the row's names are lang=vi", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 })])),
    });
    renderRoute(CART, CART, <ShoppingCartRoute />, { language: "en" });
    const buy = await screen.findByRole("link", { name: "Buy this one only: Đánh giá năng lực Toán 9" });
    expect(buy).toHaveTextContent(/^Buy this one only$/);
    const row = screen.getByRole("listitem", { name: "Đánh giá năng lực Toán 9" });
    expect(within(row).getByText("Đánh giá năng lực Toán 9")).toHaveAttribute("lang", "vi");
    expect(within(row).getByText("Trung tâm Học tập Suốt đời")).toHaveAttribute("lang", "vi");
    expect(within(row).getByText("Ca 2 (chiều thứ Bảy)")).toHaveAttribute("lang", "vi");
  });

  it("draws the inactive checkout steps slate-600 on slate-100 (6.9:1, was 4.34:1)", () => {
    renderWithProviders(<Steps current={0} />);
    const steps = within(screen.getByRole("list", { name: "Các bước thanh toán" })).getAllByRole("listitem");
    expect(steps).toHaveLength(3);
    for (const step of steps.slice(1)) {
      expect(step).toHaveClass("bg-slate-100", "text-slate-600");
      expect(contrast(textColour(step), "slate-100")).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("draws the add-on hints slate-600, readable on the chosen option's blue-50 (6.9:1, was 4.37:1)", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok({
        ...authorizedAs("LEARNER"),
        user: { ...authorizedAs("LEARNER").user, grade: 9 },
      }),
      "/api/v1/shopping-cart": ok(cartOf([])),
    });
    const router = createMemoryRouter(
      [{ path: "/marketplace/:id", element: <AddToCart listing={LISTING} /> }],
      {
        initialEntries: ["/marketplace/31"],
      },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const hint = await screen.findByText("Làm bài và nhận kết quả.");
    expect(hint).toHaveClass("text-slate-600");
    expect(contrast(textColour(hint), "blue-50")).toBeGreaterThanOrEqual(4.5);
  });

  it("draws the payment method hints slate-600 on blue-50", async () => {
    sessionStorage.clear();
    resetServerClock();
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([])),
      "/api/v1/transaction/41": ok(transaction()),
    });
    renderRoute(
      "/marketplace/checkout/:item_id",
      "/marketplace/checkout/all?transaction=41",
      <CheckoutRoute />,
      {
        language: "en",
      },
    );
    const hint = await screen.findByText(/^The simulated bank approves/);
    expect(hint).toHaveClass("text-slate-600");
    expect(contrast(textColour(hint), "blue-50")).toBeGreaterThanOrEqual(4.5);
  });
});
