import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { cartItem, cartOf, EDUCATOR, ENGLISH_ROW, LEARNER } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import ShoppingCartRoute from "./shopping-cart";

const PATH = "/marketplace/shopping-cart";

describe("shopping cart", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the rows with add-on, batch and price, totals them in VND, and removes one after confirmation", async () => {
    const user = userEvent.setup();
    let cart = cartOf([cartItem({ id: 1 }), cartItem({ ...ENGLISH_ROW(2), problem: null })]);
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": () => ok(cart),
      "/api/v1/shopping-cart/2": (_url, { method }) => {
        expect(method).toBe("DELETE");
        cart = cartOf([cartItem({ id: 1 })]);
        return ok(cart);
      },
    });
    renderRoute(PATH, PATH, <ShoppingCartRoute />);
    const math = await screen.findByRole("listitem", { name: "Đánh giá năng lực Toán 9" });
    expect(math).toHaveTextContent("Bài thi + báo cáo nâng cao");
    expect(math).toHaveTextContent("Ca 2 (chiều thứ Bảy)");
    expect(math).toHaveTextContent("Trung tâm Học tập Suốt đời · Lớp 9 · Toán");
    expect(math).toHaveTextContent(/200\.000\s*₫/);
    expect(screen.getByTestId("cart-total")).toHaveTextContent(/280\.000\s*₫/);
    expect(screen.getByText("2 đề thi")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Thanh toán" })).toHaveAttribute(
      "href",
      "/marketplace/checkout/all",
    );

    // Removal asks first; cancelling keeps the row.
    await user.click(
      screen.getByRole("button", { name: "Xóa Tiếng Anh 9 - Kiểm tra giữa kỳ khỏi giỏ hàng" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Xóa khỏi giỏ hàng?" });
    await user.click(within(dialog).getByRole("button", { name: "Hủy" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await user.click(
      screen.getByRole("button", { name: "Xóa Tiếng Anh 9 - Kiểm tra giữa kỳ khỏi giỏ hàng" }),
    );
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Xóa" }));
    await vi.waitFor(() =>
      expect(screen.queryByRole("listitem", { name: "Tiếng Anh 9 - Kiểm tra giữa kỳ" })).toBeNull(),
    );
    expect(screen.getByTestId("cart-total")).toHaveTextContent(/200\.000\s*₫/);
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/v1/shopping-cart/2",
    ]);
    // The header's ["shopping-cart"] query is refreshed (GET again after the removal).
    const lastDelete = calls.findIndex((c) => c.method === "DELETE");
    await vi.waitFor(() =>
      expect(
        calls.slice(lastDelete).some((c) => c.method === "GET" && c.path === "/api/v1/shopping-cart"),
      ).toBe(true),
    );
  });

  it("shows the server's notice on a row that can no longer be bought and holds the checkout", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(
        cartOf([
          cartItem({ id: 1 }),
          {
            ...ENGLISH_ROW(2),
            problem: {
              code: "no_slot_available",
              reason: "Không còn chỗ cho Tiếng Anh 9 - Kiểm tra giữa kỳ.",
            },
          },
        ]),
      ),
    });
    renderRoute(PATH, PATH, <ShoppingCartRoute />, { language: "en" });
    const row = await screen.findByRole("listitem", { name: "Tiếng Anh 9 - Kiểm tra giữa kỳ" });
    expect(within(row).getByRole("note")).toHaveTextContent("Không còn chỗ cho Tiếng Anh 9");
    expect(screen.getByRole("button", { name: "Checkout" })).toBeDisabled();
    expect(screen.getByText(/Some items can no longer be bought/)).toBeInTheDocument();
  });

  it("has an empty state that leads to the marketplace", async () => {
    mockApi({ "/api/v1/auth/is-authorized": LEARNER, "/api/v1/shopping-cart": ok(cartOf([])) });
    renderRoute(PATH, PATH, <ShoppingCartRoute />);
    expect(await screen.findByText("Giỏ hàng đang trống")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Xem chợ đề thi" })).toHaveAttribute("href", "/marketplace");
  });

  it("asks a learner without a grade to set it first (spec section 5)", async () => {
    const authorized = authorizedAs("LEARNER");
    mockApi({
      "/api/v1/auth/is-authorized": ok({ ...authorized, user: { ...authorized.user, grade: null } }),
      "/api/v1/shopping-cart": ok(cartOf([])),
    });
    renderRoute(PATH, PATH, <ShoppingCartRoute />);
    expect(await screen.findByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toHaveAttribute(
      "href",
      "/profile",
    );
  });

  it("tells an educator that buying is for learners", async () => {
    mockApi({ "/api/v1/auth/is-authorized": EDUCATOR, "/api/v1/shopping-cart": ok(cartOf([])) });
    renderRoute(PATH, PATH, <ShoppingCartRoute />, { language: "en" });
    expect(await screen.findByText(/Only learner accounts can buy tests/)).toBeInTheDocument();
    expect(screen.queryByText("Your cart is empty")).toBeNull();
  });
});
