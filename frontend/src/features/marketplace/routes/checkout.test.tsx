import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { resetServerClock } from "@/lib/server-clock";
import { cartItem, cartOf, ENGLISH_ROW, LEARNER, transaction } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import CheckoutRoute from "./checkout";

const PATTERN = "/marketplace/checkout/:item_id";
const ENGLISH = { ...ENGLISH_ROW(2), batch: { ...ENGLISH_ROW(2).batch!, available: 3 } };

describe("checkout", () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetServerClock();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("names and highlights the item that made the checkout fail", async () => {
    const user = userEvent.setup();
    const reason =
      "Ca thi hết chỗ: Ca 1 (sáng Chủ nhật) của Tiếng Anh 9 - Kiểm tra giữa kỳ đã đầy, hãy chọn ca khác.";
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 }), ENGLISH])),
      "/api/v1/transaction/checkout": {
        status: 409,
        body: {
          success: false,
          code: "checkout_failed",
          message: `Thanh toán thất bại: ${reason}`,
          errors: { "items.1": [reason] },
          reason: "no_batch_slot",
          item: 1,
        },
      },
    });
    renderRoute(PATTERN, "/marketplace/checkout/all", <CheckoutRoute />);
    expect(await screen.findByTestId("order-total")).toHaveTextContent(/280\.000\s*₫/);
    await user.click(screen.getByRole("button", { name: "Đặt hàng" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Thanh toán thất bại");
    expect(alert).toHaveTextContent(reason);
    expect(within(alert).getByRole("link", { name: "Mở giỏ hàng" })).toHaveAttribute(
      "href",
      "/marketplace/shopping-cart",
    );
    const failed = screen.getByRole("listitem", { name: "Tiếng Anh 9 - Kiểm tra giữa kỳ" });
    expect(failed).toHaveAttribute("data-failed", "true");
    expect(failed).toHaveAccessibleDescription(reason);
    expect(screen.getByRole("listitem", { name: "Đánh giá năng lực Toán 9" })).not.toHaveAttribute(
      "data-failed",
    );
    // The lines are sent in the order shown, so that the server's index names the right one.
    expect(calls.find((c) => c.path === "/api/v1/transaction/checkout")?.body).toEqual({
      items: [{ cart_item_id: 1 }, { cart_item_id: 2 }],
    });
  });

  it("shows the consent gate's own message to a learner waiting for her parent, never the role's", async () => {
    const user = userEvent.setup();
    const waiting =
      "Waiting for your parent's consent: you are under 16, so until your parent or guardian consents you can browse, but not buy, take a test or the career survey, or record a video.";
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 })])),
      "/api/v1/transaction/checkout": {
        status: 403,
        body: { success: false, code: "parental_consent_required", message: waiting, errors: {} },
      },
    });
    renderRoute(PATTERN, "/marketplace/checkout/all", <CheckoutRoute />, { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Place order" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Consent is needed before buying");
    expect(alert).toHaveTextContent(waiting);
    expect(screen.queryByText(/Only learner accounts can buy tests/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place order" })).toBeEnabled(); // the order stays on the page
  });

  it("keeps the role's message for a role's refusal", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 })])),
      "/api/v1/transaction/checkout": {
        status: 403,
        body: {
          success: false,
          code: "forbidden_role",
          message: "You're not allowed to access this page",
          errors: {},
        },
      },
    });
    renderRoute(PATTERN, "/marketplace/checkout/all", <CheckoutRoute />, { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Place order" }));
    expect(await screen.findByText(/Only learner accounts can buy tests/)).toBeInTheDocument();
  });

  it("checks out one cart item and moves on to the payment step with the countdown", async () => {
    const user = userEvent.setup();
    const tx = transaction();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/shopping-cart": ok(cartOf([cartItem({ id: 1 }), ENGLISH])),
      "/api/v1/transaction/checkout": ok(tx),
      "/api/v1/transaction/41": ok(tx),
    });
    const { router } = renderRoute(PATTERN, "/marketplace/checkout/1", <CheckoutRoute />, { language: "en" });
    const lines = await screen.findByRole("list", { name: "Items of the order" });
    expect(within(lines).getAllByRole("listitem")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByRole("heading", { name: "Payment" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?transaction=41");
    expect(screen.getByRole("timer")).toHaveTextContent(/^(29|30):\d\d$/);
    expect(screen.getByText(/no money is charged/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/v1/transaction/checkout")?.body).toEqual({
      items: [{ cart_item_id: 1 }],
    });
  });

  it("pays with one idempotency key per transaction: a double click sends once, a retry reuses the key", async () => {
    const user = userEvent.setup();
    const tx = transaction();
    let attempts = 0;
    const { calls, fetchMock } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction/41": () => ok(attempts >= 2 ? { ...tx, status: "COMPLETED" } : tx),
      "/api/v1/transaction/pay": () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { success: false, code: "server_error", message: "Unavailable" } }
          : ok({
              ...tx,
              status: "COMPLETED",
              payment_id: "SIM-ABC123",
              completed_at: new Date().toISOString(),
            });
      },
    });
    // Hold the first payment on the wire to see the button disabled meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const delegate = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith("/pay") && attempts === 0) await held;
      return delegate(input, init);
    });

    const { router } = renderRoute(PATTERN, "/marketplace/checkout/all?transaction=41", <CheckoutRoute />, {
      language: "en",
    });
    const pay = await screen.findByRole("button", { name: /^Pay / });
    await user.dblClick(pay);
    expect(await screen.findByRole("button", { name: "Paying…" })).toBeDisabled();
    release();
    expect(await screen.findByText(/could not be confirmed/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Pay / }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/marketplace/transactions/41"));

    const payments = calls.filter((c) => c.path === "/api/v1/transaction/pay");
    expect(payments).toHaveLength(2);
    const keys = payments.map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(payments[1]!.headers["Idempotency-Key"]).toBe(keys[0]);
    expect(payments[0]!.body).toMatchObject({ transaction_id: 41, method: "" });
    expect(sessionStorage.getItem("shop.pay.41")).toBeNull(); // forgotten once paid
  });

  it("shows a declined payment and the released state", async () => {
    const user = userEvent.setup();
    let declined = false;
    const tx = transaction();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction/41": () => ok(declined ? { ...tx, status: "FAILED", payment_id: "SIM-DEC" } : tx),
      "/api/v1/transaction/pay": () => {
        declined = true;
        return {
          status: 402,
          body: {
            success: false,
            code: "payment_declined",
            message: "Thanh toán bị từ chối; chỗ đã giữ được trả lại.",
          },
        };
      },
    });
    renderRoute(PATTERN, "/marketplace/checkout/all?transaction=41", <CheckoutRoute />);
    await user.click(await screen.findByRole("radio", { name: /Từ chối thanh toán/ }));
    await user.click(screen.getByRole("button", { name: /^Thanh toán 200\.000/ }));
    expect(
      await screen.findByText(/Thanh toán bị từ chối; chỗ đã giữ trong ca thi được trả lại/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/v1/transaction/pay")?.body).toMatchObject({
      method: "decline",
    });
    expect(screen.queryByRole("button", { name: /^Thanh toán 200\.000/ })).toBeNull();
  });

  it("stops payment when the time to pay is over", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction/41": ok(transaction({ expires_at: new Date(Date.now() - 1000).toISOString() })),
    });
    renderRoute(PATTERN, "/marketplace/checkout/all?transaction=41", <CheckoutRoute />, { language: "en" });
    expect(await screen.findByText("Time is up")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Pay / })).toBeDisabled();
    expect(screen.getByText(/The payment deadline has passed/)).toBeInTheDocument();
  });

  it("cancels the order after confirmation", async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const tx = transaction();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction/41": () => ok(cancelled ? { ...tx, status: "CANCELLED" } : tx),
      "/api/v1/transaction/cancel/41": () => {
        cancelled = true;
        return ok({ ...tx, status: "CANCELLED" });
      },
    });
    renderRoute(PATTERN, "/marketplace/checkout/all?transaction=41", <CheckoutRoute />, { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this order?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText(/The order was cancelled/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/v1/transaction/cancel/41")?.method).toBe("DELETE");
  });
});
