import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";
import { TooltipProvider } from "@/components/ui/tooltip";
import { subscribeToast } from "@/lib/toast-store";
import { recordToasts } from "@/testing/render-route";

import { Header } from "./header";

function renderHeader(extra: Record<string, Reply> = {}, language: "vi" | "en" = "vi") {
  const api = mockApi({
    "/api/v1/notification/unread-count": ok({ count: 0 }),
    ...extra,
  });
  renderWithProviders(
    <MemoryRouter>
      <TooltipProvider>
        <Header authorized={authorizedAs("LEARNER") as never} />
      </TooltipProvider>
    </MemoryRouter>,
    { language },
  );
  return api;
}

const cart = (n: number) => ok({ cartItems: Array.from({ length: n }, (_, id) => ({ id })) });

describe("header cart badge and pending dot (spec §2)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the number of cart items", async () => {
    renderHeader({ "/api/v1/shopping-cart": cart(3) });
    expect(await screen.findByTestId("cart-badge")).toHaveTextContent("3");
  });

  it("shows 9+ above nine", async () => {
    renderHeader({ "/api/v1/shopping-cart": cart(12) });
    expect(await screen.findByTestId("cart-badge")).toHaveTextContent("9+");
  });

  it("hides the badge at zero and when the cart endpoint is missing (404, silent)", async () => {
    const toasts: unknown[] = [];
    const unsubscribe = subscribeToast((toast) => toast && toasts.push(toast));
    const { calls } = renderHeader();
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/shopping-cart")).toBe(true));
    expect(screen.queryByTestId("cart-badge")).toBeNull();
    expect(toasts).toEqual([]);
    unsubscribe();
  });

  it("puts a red dot on the user menu when PENDING transactions exist", async () => {
    const { calls } = renderHeader({
      "/api/v1/transaction": ok({ items: [{ id: 1 }], total: 1, page: 1, limit: 1 }),
    });
    expect(await screen.findByTestId("pending-dot")).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith("/api/v1/transaction"))?.path).toBe(
      "/api/v1/transaction?page=1&limit=1&status=PENDING",
    );
  });

  it("sends Accept-Language of the stored language on every call", async () => {
    const { calls } = renderHeader({}, "en");
    await screen.findByRole("button", { name: "NL – Account menu" });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
    expect(calls.every((c) => c.headers["Accept-Language"] === "en")).toBe(true);
  });

  it("opens the user menu with profile, transaction history and logout", async () => {
    renderHeader();
    await userEvent.click(screen.getByRole("button", { name: "NL – Tài khoản" }));
    const menu = await screen.findByRole("menu");
    for (const name of ["Hồ sơ", "Lịch sử giao dịch", "Đăng xuất"])
      expect(within(menu).getByRole("menuitem", { name })).toBeInTheDocument();
  });
});

describe("header for organization members (issue 9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the organization's logo beside the product logo and the settings entry for its admins", async () => {
    mockApi({ "/api/v1/notification/unread-count": ok({ count: 0 }) });
    const base = authorizedAs("EDUCATOR");
    const organization = { id: 3, name: "Trung tâm Học tập", logo: "/media/organizations/3/logo.webp" };
    const authorized = { ...base, user: { ...base.user, is_admin: true, organization } };
    renderWithProviders(
      <MemoryRouter>
        <TooltipProvider>
          <Header authorized={authorized as never} />
        </TooltipProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole("img", { name: "Trung tâm Học tập" })).toHaveAttribute(
      "src",
      "/media/organizations/3/logo.webp",
    );
    await userEvent.click(screen.getByRole("button", { name: "NL – Tài khoản" }));
    expect(await screen.findByRole("menuitem", { name: "Cài đặt tổ chức" })).toBeInTheDocument();
  });

  it("hides the settings entry from users who are not organization admins", async () => {
    renderHeader();
    await userEvent.click(screen.getByRole("button", { name: "NL – Tài khoản" }));
    await screen.findByRole("menu");
    expect(screen.queryByRole("menuitem", { name: "Cài đặt tổ chức" })).toBeNull();
  });
});

describe("header names contain what they show (WCAG 2.5.3) and the logo is named at 390 px", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the language switch and the avatar after their visible text, in Vietnamese", () => {
    renderHeader();
    const switcher = screen.getByRole("button", { name: "VI – Chuyển sang tiếng Anh" });
    expect(switcher).toHaveTextContent(/^VI$/);
    const avatar = screen.getByRole("button", { name: "NL – Tài khoản" });
    expect(avatar).toHaveTextContent(/^NL$/);
  });

  it("does the same in English", async () => {
    renderHeader({}, "en");
    expect(await screen.findByRole("button", { name: "EN – Switch to Vietnamese" })).toHaveTextContent(
      /^EN$/,
    );
    expect(screen.getByRole("button", { name: "NL – Account menu" })).toHaveTextContent(/^NL$/);
  });

  it("names the avatar button without initials when it shows a photo", () => {
    mockApi({ "/api/v1/notification/unread-count": ok({ count: 0 }) });
    const base = authorizedAs("LEARNER");
    const authorized = { ...base, user: { ...base.user, profileImage: "/media/u/1.webp" } };
    renderWithProviders(
      <MemoryRouter>
        <TooltipProvider>
          <Header authorized={authorized as never} />
        </TooltipProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: "Tài khoản" })).toBeInTheDocument();
  });

  it("names the bell and the cart with their badges as shown, outside parentheses", async () => {
    renderHeader({
      "/api/v1/shopping-cart": cart(1),
      "/api/v1/notification/unread-count": ok({ count: 3 }),
    });
    expect(await screen.findByRole("link", { name: "Giỏ hàng: 1 sản phẩm" })).toHaveTextContent(/^1$/);
    expect(await screen.findByRole("button", { name: "Thông báo: 3 chưa đọc" })).toHaveTextContent(/^3$/);
  });

  it("says 9+ in the names above nine, as the badges do, with English plurals", async () => {
    renderHeader(
      { "/api/v1/shopping-cart": cart(12), "/api/v1/notification/unread-count": ok({ count: 15 }) },
      "en",
    );
    expect(await screen.findByRole("link", { name: "Shopping cart: 9+ items" })).toHaveTextContent(/^9\+$/);
    expect(await screen.findByRole("button", { name: "Notifications: 9+ unread" })).toHaveTextContent(
      /^9\+$/,
    );
  });

  it("leaves the page readable while the user menu is open (not modal: no aria-hidden around it)", async () => {
    renderHeader();
    await userEvent.click(screen.getByRole("button", { name: "NL – Tài khoản" }));
    await screen.findByRole("menu");
    // Found by role only when no aria-hidden ancestor hides it.
    expect(screen.getByRole("link", { name: /^Giỏ hàng/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Thông báo/ })).toBeInTheDocument();
  });

  it("names the logo link with the product name even where its text is hidden (below sm)", () => {
    renderHeader();
    const logo = screen.getByRole("link", { name: "Trung tâm Học tập Suốt đời" });
    expect(logo).toHaveAttribute("href", "/home");
    expect(logo).toHaveAttribute("aria-label", "Trung tâm Học tập Suốt đời");
  });
});

describe("header language of parts (WCAG 3.1.2)", () => {
  afterEach(() => vi.unstubAllGlobals());

  function renderMember(language: "vi" | "en") {
    mockApi({ "/api/v1/notification/unread-count": ok({ count: 0 }) });
    const base = authorizedAs("EDUCATOR");
    const organization = { id: 3, name: "Trung tâm Học tập", logo: "/media/organizations/3/logo.webp" };
    renderWithProviders(
      <MemoryRouter>
        <TooltipProvider>
          <Header authorized={{ ...base, user: { ...base.user, organization } } as never} />
        </TooltipProvider>
      </MemoryRouter>,
      { language },
    );
  }

  it("marks the person and organization names lang=vi on an English page", async () => {
    renderMember("en");
    expect(await screen.findByRole("img", { name: "Trung tâm Học tập" })).toHaveAttribute("lang", "vi");
    await userEvent.click(screen.getByRole("button", { name: "NL – Account menu" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Nguyễn Thị Lan")).toHaveAttribute("lang", "vi");
    expect(within(menu).getByText("Trung tâm Học tập")).toHaveAttribute("lang", "vi");
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    renderMember("vi");
    expect(screen.getByRole("img", { name: "Trung tâm Học tập" })).not.toHaveAttribute("lang");
    await userEvent.click(screen.getByRole("button", { name: "NL – Tài khoản" }));
    const menu = await screen.findByRole("menu");
    expect(menu.innerHTML).not.toContain("lang=");
    expect(within(menu).getByText("Nguyễn Thị Lan")).toBeInTheDocument();
  });
});

describe("logout from the header (issue 38 item 6)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const unauthorized: Reply = {
    status: 401,
    body: { success: false, code: "not_authenticated", message: "Vui lòng đăng nhập." },
  };

  /** A server whose session ends with the logout: the header's cart, unread count and pending
   * transactions answer 401 from then on. */
  function renderSignedIn(language: "vi" | "en") {
    let signedIn = true;
    const session = (data: unknown) => () => (signedIn ? ok(data) : unauthorized);
    document.cookie = "csrftoken=test-token";
    mockApi({
      "/api/v1/notification/unread-count": session({ count: 2 }),
      "/api/v1/shopping-cart": session({ cartItems: [{ id: 1 }] }),
      "/api/v1/transaction": session({ items: [{ id: 1 }], total: 1, page: 1, limit: 1 }),
      "/api/v1/auth/logout": () => {
        signedIn = false;
        return ok({});
      },
    });
    renderWithProviders(
      <MemoryRouter initialEntries={["/home"]}>
        <TooltipProvider>
          <Routes>
            <Route path="/home" element={<Header authorized={authorizedAs("LEARNER") as never} />} />
            <Route path="/" element={<h1>Trang chủ</h1>} />
          </Routes>
        </TooltipProvider>
      </MemoryRouter>,
      { language },
    );
  }

  it.each([
    ["vi", "Tài khoản", "Đăng xuất", "Đã đăng xuất"],
    ["en", "Account menu", "Log out", "Logged out"],
  ] as const)(
    "ends on the landing page with the confirmation and no error toast (%s)",
    async (language, menu, item, confirmation) => {
      renderSignedIn(language);
      expect(await screen.findByTestId("pending-dot")).toBeInTheDocument(); // signed-in data shown
      const toasts = recordToasts();
      await userEvent.click(screen.getByRole("button", { name: `NL – ${menu}` }));
      await userEvent.click(await screen.findByRole("menuitem", { name: item }));
      expect(await screen.findByRole("heading", { name: "Trang chủ" })).toBeInTheDocument();
      await vi.waitFor(() => expect(toasts.map((t) => t.title)).toContain(confirmation));
      // what the header's queries would answer now (401) has had time to arrive
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(toasts.map((t) => [t.variant, t.title])).toEqual([["success", confirmation]]);
    },
  );
});
