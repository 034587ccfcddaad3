import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { AddToCart, type AddToCartListing } from "./add-to-cart";

const soon = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const LISTING: AddToCartListing = {
  id: 5,
  name: "Đánh giá năng lực Toán 9",
  price_test_only: 120_000,
  price_test_advanced: 200_000,
  batches: [
    {
      id: 8,
      name: "Ca 1 (sáng thứ Bảy)",
      starts_at: soon(8, 1),
      expires_at: soon(8, 3),
      slots: 12,
      available: 0,
    },
    {
      id: 9,
      name: "Ca 2 (chiều thứ Bảy)",
      starts_at: soon(9, 1),
      expires_at: soon(9, 3),
      slots: 30,
      available: 30,
    },
  ],
};

const EMPTY_CART = ok({ cartItems: [], count: 0, total: 0 });

function cartWith(addon: string, batchId: number) {
  return {
    cartItems: [
      {
        id: 77,
        listing: {
          id: 5,
          name: LISTING.name,
          grade: 9,
          subjects: ["Toán"],
          organization: "Trung tâm",
          cover_image: null,
          price_test_only: 120_000,
          price_test_advanced: 200_000,
        },
        addon,
        addon_name: addon,
        batch: {
          id: batchId,
          name: "Ca 2 (chiều thứ Bảy)",
          starts_at: soon(9, 1),
          expires_at: soon(9, 3),
          available: 29,
        },
        price: addon === "test_advanced" ? 200_000 : 120_000,
        problem: null,
      },
    ],
    count: 1,
    total: 200_000,
  };
}

function learner(grade: number | null) {
  const authorized = authorizedAs("LEARNER");
  return ok({ ...authorized, user: { ...authorized.user, grade } });
}

function renderPanel(routes: Record<string, Route>, language: "vi" | "en" = "vi") {
  document.cookie = "csrftoken=test-token";
  const api = mockApi(routes);
  const router = createMemoryRouter(
    [
      { path: "/marketplace/:id", element: <AddToCart listing={LISTING} /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: ["/marketplace/5"] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return { ...api, router };
}

describe("add-to-cart panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks a learner without a grade to set it in the profile first, and cannot add", async () => {
    const { calls } = renderPanel({
      "/api/v1/auth/is-authorized": learner(null),
      "/api/v1/shopping-cart": EMPTY_CART,
    });
    const prompt = await screen.findByRole("alert");
    expect(prompt).toHaveTextContent("Cần cập nhật lớp trước khi mua");
    expect(within(prompt).getByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(screen.getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Mua ngay" })).toBeDisabled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("offers both add-ons with VND prices and the batches with free slots; a full batch is disabled", async () => {
    renderPanel({ "/api/v1/auth/is-authorized": learner(11), "/api/v1/shopping-cart": EMPTY_CART }, "en");
    const testOnly = await screen.findByRole("radio", { name: /Test only/ });
    expect(testOnly).toBeChecked();
    expect(testOnly).toHaveAccessibleName(/120,000\s*₫|₫\s*120,000/); // named by its whole label
    const advanced = screen.getByRole("radio", { name: /Test \+ advanced report/ });
    expect(advanced).toHaveAccessibleName(/200,000/);
    const full = screen.getByRole("radio", { name: /Ca 1 \(sáng thứ Bảy\)/ });
    expect(full).toBeDisabled();
    expect(full).toHaveAccessibleName(/No batch slot/);
    const open = screen.getByRole("radio", { name: /Ca 2 \(chiều thứ Bảy\)/ });
    expect(open).toBeChecked(); // the first batch with a free slot
    expect(open).toHaveAccessibleName(/30 slots left/);
  });

  it("adds the chosen add-on and batch, refreshes the header's cart and links to the cart", async () => {
    const user = userEvent.setup();
    let cart: unknown = { cartItems: [], count: 0, total: 0 };
    const { calls } = renderPanel({
      "/api/v1/auth/is-authorized": learner(11),
      "/api/v1/shopping-cart": (_url, { method, body }) => {
        if (method === "POST") {
          const b = body as { addon: string; batch_id: number };
          cart = cartWith(b.addon, b.batch_id);
        }
        return ok(cart);
      },
    });
    await user.click(await screen.findByRole("radio", { name: /Bài thi \+ báo cáo nâng cao/ }));
    expect(screen.getByTestId("add-to-cart-price")).toHaveTextContent(/200\.000/);
    const gets = () => calls.filter((c) => c.path === "/api/v1/shopping-cart" && c.method === "GET").length;
    const before = gets();
    await user.click(screen.getByRole("button", { name: "Thêm vào giỏ" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Đã thêm vào giỏ hàng.");
    expect(screen.getByRole("link", { name: "Xem giỏ hàng" })).toHaveAttribute(
      "href",
      "/marketplace/shopping-cart",
    );
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({ listing_id: 5, addon: "test_advanced", batch_id: 9 });
    await vi.waitFor(() => expect(gets()).toBeGreaterThan(before)); // ["shopping-cart"] invalidated
    expect(screen.getByRole("button", { name: "Cập nhật giỏ hàng" })).toBeInTheDocument();
  });

  it("shows the server's 409 reason as it comes", async () => {
    const user = userEvent.setup();
    const reason =
      "Đánh giá năng lực Toán 9: đã có bài thi cùng môn và khối lớp trong giỏ hàng hoặc đang chờ thanh toán.";
    renderPanel({
      "/api/v1/auth/is-authorized": learner(11),
      "/api/v1/shopping-cart": (_url, { method }) =>
        method === "POST"
          ? {
              status: 409,
              body: { success: false, code: "duplicate_subject_grade", message: reason, errors: {} },
            }
          : EMPTY_CART,
    });
    await user.click(await screen.findByRole("button", { name: "Thêm vào giỏ" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(reason);
  });

  it("turns a grade_required refusal into the profile prompt", async () => {
    const user = userEvent.setup();
    renderPanel({
      "/api/v1/auth/is-authorized": learner(11),
      "/api/v1/shopping-cart": (_url, { method }) =>
        method === "POST"
          ? {
              status: 400,
              body: { success: false, code: "grade_required", message: "Set your grade.", errors: {} },
            }
          : EMPTY_CART,
    });
    await user.click(await screen.findByRole("button", { name: "Thêm vào giỏ" }));
    expect(await screen.findByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
  });

  it("buy now puts the test in the cart and opens its checkout", async () => {
    const user = userEvent.setup();
    const { router } = renderPanel({
      "/api/v1/auth/is-authorized": learner(11),
      "/api/v1/shopping-cart": (_url, { method }) =>
        ok(method === "POST" ? cartWith("test_only", 9) : { cartItems: [], count: 0, total: 0 }),
    });
    await user.click(await screen.findByRole("button", { name: "Mua ngay" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/marketplace/checkout/77"));
  });

  it("tells an educator that only learners buy", async () => {
    renderPanel({ "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")) });
    expect(await screen.findByText(/Chỉ tài khoản học sinh mới mua được đề thi/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
  });
});
