import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { LEARNER, transaction } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import TransactionRoute from "./transaction";
import TransactionsRoute from "./transactions";

const page = (items: unknown[], total = items.length) => ({ items, page: 1, limit: 10, total });

describe("transaction history", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists transactions with localized statuses, filters by status, dates and search, and offers Pay on pending ones", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction": (url) =>
        ok(
          page(
            url.searchParams.get("status") === "COMPLETED"
              ? [transaction({ id: 40, status: "COMPLETED", payment_id: "SIM-0A1B2C" })]
              : [transaction(), transaction({ id: 40, status: "COMPLETED", payment_id: "SIM-0A1B2C" })],
            25,
          ),
        ),
    });
    renderRoute("/marketplace/transactions/index", "/marketplace/transactions/index", <TransactionsRoute />);
    const pending = await screen.findByRole("row", { name: /Thanh toán giao dịch #41/ });
    expect(pending).toHaveTextContent("Chờ thanh toán");
    expect(pending).toHaveTextContent(/200\.000\s*₫/);
    expect(within(pending).getByRole("link", { name: "Thanh toán giao dịch #41" })).toHaveAttribute(
      "href",
      "/marketplace/transactions/41#pay",
    );
    const done = screen.getByRole("row", { name: /Xem giao dịch #40/ });
    expect(done).toHaveTextContent("Hoàn tất");
    expect(done).toHaveTextContent("SIM-0A1B2C");

    await user.selectOptions(screen.getByLabelText("Trạng thái"), "COMPLETED");
    await user.type(screen.getByLabelText("Từ ngày"), "2026-11-01");
    await user.type(screen.getByLabelText("Đến ngày"), "2026-11-30");
    await user.type(screen.getByLabelText("Tìm kiếm"), "Toán");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        "/api/v1/transaction?page=1&limit=10&search=To%C3%A1n&status=COMPLETED&from_date=2026-11-01&to_date=2026-11-30",
      ),
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole("link", { name: "Thanh toán giao dịch #41" })).toBeNull(),
    );
    await user.click(screen.getByRole("button", { name: "Tiếp" }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toContain("page=2"));
  });

  it("opens on the status and page in the address", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": LEARNER,
      "/api/v1/transaction": ok({ ...page([transaction({ id: 40, status: "COMPLETED" })], 25), page: 2 }),
    });
    renderRoute(
      "/marketplace/transactions/index",
      "/marketplace/transactions/index?status=COMPLETED&page=2",
      <TransactionsRoute />,
      { language: "en" },
    );
    expect(await screen.findByRole("row", { name: /View transaction #40/ })).toHaveTextContent("Completed");
    expect(screen.getByLabelText("Status")).toHaveValue("COMPLETED");
    expect(calls.find((c) => c.path.startsWith("/api/v1/transaction?"))?.path).toBe(
      "/api/v1/transaction?page=2&limit=10&status=COMPLETED",
    );
  });

  it("says so when there is no transaction yet", async () => {
    mockApi({ "/api/v1/auth/is-authorized": LEARNER, "/api/v1/transaction": ok(page([])) });
    renderRoute("/marketplace/transactions/index", "/marketplace/transactions/index", <TransactionsRoute />, {
      language: "en",
    });
    expect(await screen.findByText("You have no transactions yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the marketplace" })).toHaveAttribute(
      "href",
      "/marketplace",
    );
  });
});

describe("transaction page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows name, date, amount, remark, payment id, status, the items and a printable receipt", async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const paid = transaction({
      status: "COMPLETED",
      payment_id: "SIM-7F3A9C01B2DE",
      payment_provider: "simulated",
      completed_at: new Date().toISOString(),
    });
    mockApi({ "/api/v1/auth/is-authorized": LEARNER, "/api/v1/transaction/41": ok(paid) });
    renderRoute(
      "/marketplace/transactions/:transaction_id",
      "/marketplace/transactions/41",
      <TransactionRoute />,
      {
        language: "en",
      },
    );
    expect(
      await screen.findByRole("heading", { name: "Đánh giá năng lực Toán 9", level: 1 }),
    ).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Details" });
    expect(details).toHaveTextContent("Remark");
    expect(details).toHaveTextContent("SIM-7F3A9C01B2DE");
    expect(details).toHaveTextContent(/200,000/);
    expect(within(details).getByText("Completed")).toBeInTheDocument();
    const items = screen.getByRole("table", { name: "Items" });
    expect(items).toHaveTextContent("Test + advanced report");
    expect(items).toHaveTextContent("Ca 2 (chiều thứ Bảy)");
    expect(items).toHaveTextContent("Trung tâm Học tập Suốt đời");
    expect(screen.getByRole("link", { name: "Go to My tests" })).toHaveAttribute(
      "href",
      "/assignment/student",
    );

    const receipt = screen.getByRole("region", { name: "Payment receipt" });
    expect(receipt).toHaveTextContent("Lifelong Learning Centre");
    expect(receipt).toHaveTextContent("#41");
    expect(receipt).toHaveTextContent("SIM-7F3A9C01B2DE");
    expect(receipt).toHaveTextContent(/Total\s*₫?200,000/);
    await user.click(within(receipt).getByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("offers pay and cancel on a pending transaction, and no receipt", async () => {
    mockApi({ "/api/v1/auth/is-authorized": LEARNER, "/api/v1/transaction/41": ok(transaction()) });
    renderRoute(
      "/marketplace/transactions/:transaction_id",
      "/marketplace/transactions/41",
      <TransactionRoute />,
    );
    expect(await screen.findByRole("button", { name: /^Thanh toán 200\.000/ })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Hủy đơn hàng" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Biên lai thanh toán" })).toBeNull();
  });

  it("says when the transaction does not exist", async () => {
    mockApi({ "/api/v1/auth/is-authorized": LEARNER });
    renderRoute(
      "/marketplace/transactions/:transaction_id",
      "/marketplace/transactions/999",
      <TransactionRoute />,
    );
    expect(await screen.findByText("Không tìm thấy giao dịch.")).toBeInTheDocument();
  });
});
