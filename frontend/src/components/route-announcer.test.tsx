import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";

import { Dialog } from "@/components/ui/dialog";
import { createMemoryRouter, Link, Outlet, RouterProvider, useMatches } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { RouteAnnouncer } from "./route-announcer";

function Layout() {
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title ?? "";
  const [cart, setCart] = useState(false);
  return (
    <>
      <RouteAnnouncer title={title} />
      <nav>
        <Link to="/no-heading">Không tiêu đề</Link>
        <Link to="/slow">Trang chậm</Link>
        <button type="button" onClick={() => setCart(true)}>
          Giỏ hàng
        </button>
      </nav>
      <Dialog open={cart} onOpenChange={setCart} title="Giỏ hàng của bạn" closeLabel="Đóng">
        <Link to="/checkout" onClick={() => setCart(false)}>
          Thanh toán
        </Link>
      </Dialog>
      <main aria-label="Nội dung">
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading appears once its data has loaded. */
function Slow() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Kết quả</h1> : <p>Đang tải…</p>;
}

function visit() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/", element: <h1>Trang chủ</h1>, handle: { title: "Trang chủ" } },
          { path: "/no-heading", element: <p>Chỉ có đoạn văn</p>, handle: { title: "Không tiêu đề" } },
          { path: "/slow", element: <Slow />, handle: { title: "Kết quả bài thi" } },
          { path: "/checkout", element: <h1>Thanh toán</h1>, handle: { title: "Thanh toán" } },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.useRealTimers());

describe("RouteAnnouncer", () => {
  it("waits for a heading that comes with the page's data", async () => {
    const user = userEvent.setup();
    visit();
    await user.click(screen.getByRole("link", { name: "Trang chậm" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Kết quả" })).toHaveFocus());
    expect(screen.getByTestId("route-announcer")).toHaveTextContent(/^Kết quả bài thi$/);
  });

  it("focuses <main> when the page has no h1", async () => {
    const user = userEvent.setup();
    visit();
    await user.click(screen.getByRole("link", { name: "Không tiêu đề" }));
    const main = screen.getByRole("main", { name: "Nội dung" });
    await waitFor(() => expect(main).toHaveFocus(), { timeout: 4000 });
    expect(main).toHaveAttribute("tabindex", "-1");
    expect(screen.getByTestId("route-announcer")).toHaveTextContent(/^Không tiêu đề$/);
  });

  it("does not take focus back from a control the user moved to meanwhile", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const user = userEvent.setup();
    visit();
    await user.click(screen.getByRole("link", { name: "Trang chậm" }));
    const other = screen.getByRole("link", { name: "Không tiêu đề" });
    other.focus();
    await screen.findByRole("heading", { level: 1, name: "Kết quả" });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(other).toHaveFocus();
  });

  it("keeps focus on the new page's heading when a link in a dialog navigated (not back on the opener)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // the test's clock: no real wait
    const user = userEvent.setup();
    visit();
    await user.click(screen.getByRole("button", { name: "Giỏ hàng" }));
    await user.click(await screen.findByRole("link", { name: "Thanh toán" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Thanh toán" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(heading).toHaveFocus();
  });
});
