import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { cartBadge, useCart } from "../api/get-cart";
import { FULL_LISTING, LISTING } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import ListingRoute from "./listing";

const EMPTY_CART = ok({ cartItems: [], count: 0, total: 0 });

/** The cart as GET/POST /api/v1/shopping-cart answer once LISTING is in it. */
function cartWith(addon: string, batchId: number) {
  const batch = LISTING.batches[0]!;
  return {
    cartItems: [
      {
        id: 77,
        listing: {
          id: LISTING.id,
          name: LISTING.name,
          grade: 9,
          subjects: ["Toán"],
          organization: LISTING.organization.name,
          cover_image: null,
          price_test_only: LISTING.price_test_only,
          price_test_advanced: LISTING.price_test_advanced,
        },
        addon,
        addon_name: addon,
        batch: { ...batch, id: batchId, available: 3 },
        price: addon === "test_advanced" ? 250_000 : 150_000,
        problem: null,
      },
    ],
    count: 1,
    total: addon === "test_advanced" ? 250_000 : 150_000,
  };
}

function learnerWithGrade(grade: number | null) {
  const authorized = authorizedAs("LEARNER");
  return ok({ ...authorized, user: { ...authorized.user, grade } });
}

/** What the header's cart badge shows (the same query, by the same key). */
function HeaderBadge() {
  const cart = useCart();
  return <output aria-label="cart badge">{cartBadge(cart.data?.cartItems.length ?? 0) ?? "none"}</output>;
}

describe("/marketplace/:listing_id", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the description, add-ons with VND prices and batches with free slots", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/31": ok(LISTING),
      "/api/v1/shopping-cart": EMPTY_CART,
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: LISTING.name })).toBeVisible();
    expect(screen.getByText(/Đề đánh giá năng lực cuối học kì/)).toBeVisible();
    expect(headingSkips()).toEqual([]); // h1 > h2 (issue 38)
    const addons = screen.getByRole("region", { name: "Gói và giá" });
    const [testOnly, advanced, surveyReport] = within(addons).getAllByRole("listitem");
    expect(testOnly).toHaveTextContent(/^Chỉ bài thi.*150\.000\s₫$/);
    expect(advanced).toHaveTextContent(/^Bài thi \+ báo cáo nâng cao.*250\.000\s₫$/);
    expect(surveyReport).toHaveTextContent(/^Báo cáo khảo sát.*Không có$/);
    const batches = screen.getByRole("region", { name: "Ca thi" });
    expect(within(batches).getByRole("listitem")).toHaveTextContent(/^Ca 1 \(sáng thứ Bảy\).*Còn 4 chỗ$/);
    expect(screen.queryByText("Không còn chỗ trống ở ca nào")).toBeNull();
    // The buy box beside it offers the same add-ons and batches to choose from.
    const buy = screen.getByRole("region", { name: "Mua đề thi" });
    expect(within(buy).getByRole("radio", { name: /Chỉ bài thi/ })).toBeChecked();
    expect(within(buy).getByRole("radio", { name: /Ca 1 \(sáng thứ Bảy\)/ })).toBeChecked();
    expect(within(buy).queryByRole("radio", { name: /Báo cáo khảo sát/ })).toBeNull();
    expect(within(buy).getByRole("button", { name: "Thêm vào giỏ" })).toBeEnabled();
  });

  it("lets a learner add the test with the advanced report to the cart; the header's badge follows at once", async () => {
    const user = userEvent.setup();
    let cart: unknown = { cartItems: [], count: 0, total: 0 };
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/31": ok(LISTING),
      "/api/v1/shopping-cart": (_url, { method, body }) => {
        if (method === "POST") {
          const b = body as { addon: string; batch_id: number };
          cart = cartWith(b.addon, b.batch_id);
        }
        return ok(cart);
      },
    });
    renderRoute(
      "/marketplace/:listing_id",
      "/marketplace/31",
      <>
        <HeaderBadge />
        <ListingRoute />
      </>,
    );
    const buy = await screen.findByRole("region", { name: "Mua đề thi" });
    expect(await screen.findByRole("status", { name: "cart badge" })).toHaveTextContent("none");
    await user.click(within(buy).getByRole("radio", { name: /Bài thi \+ báo cáo nâng cao/ }));
    expect(within(buy).getByTestId("add-to-cart-price")).toHaveTextContent(/250\.000\s₫/);
    await user.click(within(buy).getByRole("button", { name: "Thêm vào giỏ" }));

    expect(await within(buy).findByRole("status")).toHaveTextContent("Đã thêm vào giỏ hàng.");
    expect(within(buy).getByRole("link", { name: "Xem giỏ hàng" })).toHaveAttribute(
      "href",
      "/marketplace/shopping-cart",
    );
    const posts = calls.filter((c) => c.method === "POST" && c.path === "/api/v1/shopping-cart");
    expect(posts.map((c) => c.body)).toEqual([{ listing_id: 31, addon: "test_advanced", batch_id: 51 }]);
    expect(await screen.findByRole("status", { name: "cart badge" })).toHaveTextContent("1");
    expect(within(buy).getByRole("button", { name: "Cập nhật giỏ hàng" })).toBeVisible();
  });

  it("buy now puts the test in the cart and opens its checkout page", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/31": ok(LISTING),
      "/api/v1/shopping-cart": (_url, { method }) =>
        ok(method === "POST" ? cartWith("test_only", 51) : { cartItems: [], count: 0, total: 0 }),
    });
    const { router } = renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    const buy = await screen.findByRole("region", { name: "Mua đề thi" });
    await user.click(within(buy).getByRole("button", { name: "Mua ngay" }));
    expect(await screen.findByText("elsewhere")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/marketplace/checkout/77");
  });

  it("shows the server's refusal (same subject and grade waiting for payment) in the panel", async () => {
    const user = userEvent.setup();
    const reason =
      "Đánh giá năng lực Toán 9: đã có bài thi cùng môn và khối lớp trong giỏ hàng hoặc đang chờ thanh toán.";
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/31": ok(LISTING),
      "/api/v1/shopping-cart": (_url, { method }) =>
        method === "POST"
          ? {
              status: 409,
              body: { success: false, code: "duplicate_subject_grade", message: reason, errors: {} },
            }
          : EMPTY_CART,
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    const buy = await screen.findByRole("region", { name: "Mua đề thi" });
    await user.click(within(buy).getByRole("button", { name: "Thêm vào giỏ" }));
    expect(await within(buy).findByRole("alert")).toHaveTextContent(reason);
  });

  it("asks a learner without a grade to set it in the profile first, and cannot add", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": learnerWithGrade(null),
      "/api/v1/marketplace/31": ok(LISTING),
      "/api/v1/shopping-cart": EMPTY_CART,
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    const buy = await screen.findByRole("region", { name: "Mua đề thi" });
    const prompt = within(buy).getByRole("alert");
    expect(prompt).toHaveTextContent("Cần cập nhật lớp trước khi mua");
    expect(within(prompt).getByRole("link", { name: "Cập nhật lớp trong hồ sơ" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(within(buy).getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
    expect(within(buy).getByRole("button", { name: "Mua ngay" })).toBeDisabled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("offers a learner to take a free career survey from its listing, and opens it", async () => {
    const user = userEvent.setup();
    const survey = {
      ...LISTING,
      id: 40,
      kind: "survey",
      preset_id: 3,
      name: "Khảo sát định hướng nghề nghiệp",
      grade: null,
      subjects: [],
      subject_codes: [],
      duration_minutes: 30,
      batches: [],
      available_slots: 0,
      price_test_only: 0,
      price_test_advanced: null,
      price_survey_report: 49000,
    };
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": learnerWithGrade(9),
      "/api/v1/marketplace/40": ok(survey),
      "/api/v1/users/register-pandai-survey": ok(authorizedAs("LEARNER").user),
      "/api/v1/survey-users": ok({ id: 91 }),
    });
    const { router } = renderRoute("/marketplace/:listing_id", "/marketplace/40", <ListingRoute />);
    const panel = await screen.findByRole("region", { name: "Khảo sát miễn phí" });
    expect(panel).toHaveTextContent(/Báo cáo đầy đủ có giá 49\.000\s₫/);
    await user.click(within(panel).getByRole("button", { name: "Làm khảo sát" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/survey/overview/91"));
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/v1/users/register-pandai-survey", undefined],
      ["/api/v1/survey-users", { listing_id: 40 }],
    ]);
  });

  it("offers educators no add-to-cart panel", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/marketplace/31": ok(LISTING),
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: LISTING.name })).toBeVisible();
    expect(screen.getByRole("region", { name: "Gói và giá" })).toBeVisible();
    expect(screen.queryByRole("region", { name: "Mua đề thi" })).toBeNull();
    expect(screen.queryByRole("button", { name: /giỏ|mua/i })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/api/v1/shopping-cart"))).toBe(false);
  });

  it("lets a learner join the waiting list when every batch is full, shows the place and leaves it", async () => {
    const user = userEvent.setup();
    let entry: Record<string, unknown> | null = null;
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/33": () => ok({ ...FULL_LISTING, on_waiting_list: entry !== null }),
      "/api/v1/shopping-cart": EMPTY_CART,
      "/api/v1/marketplace/33/waiting-list": (_url, { method }) => {
        if (method === "POST") {
          entry = { status: "waiting", position: 3, offered_batch_id: null, claim_expires_at: null };
          return { status: 201, body: { success: true, data: entry, message: "" } };
        }
        if (method === "DELETE") {
          entry = null;
          return ok({});
        }
        return entry ? ok(entry) : { status: 404, body: { success: false, message: "Not on the list." } };
      },
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/33", <ListingRoute />);
    const panel = await screen.findByRole("region", { name: "Không còn chỗ trống ở ca nào" });
    const batches = screen.getByRole("region", { name: "Ca thi" });
    expect(within(batches).getAllByText("Ca thi hết chỗ")).toHaveLength(2);
    // Nothing to add to the cart: the buy box says so and its buttons are off.
    const buy = screen.getByRole("region", { name: "Mua đề thi" });
    expect(within(buy).getByText("Không còn chỗ trống ở ca nào.")).toBeVisible();
    expect(within(buy).getByRole("button", { name: "Thêm vào giỏ" })).toBeDisabled();
    expect(within(buy).getByRole("button", { name: "Mua ngay" })).toBeDisabled();
    await user.click(await within(panel).findByRole("button", { name: "Vào danh sách chờ" }));
    expect(await within(panel).findByText("Bạn đang ở vị trí thứ 3 trong danh sách chờ.")).toBeVisible();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/v1/marketplace/33/waiting-list")).toBe(
      true,
    );

    await user.click(within(panel).getByRole("button", { name: "Rời danh sách chờ" }));
    const dialog = await screen.findByRole("dialog", { name: "Rời danh sách chờ?" });
    await user.click(within(dialog).getByRole("button", { name: "Rời danh sách chờ" }));
    expect(await within(panel).findByRole("button", { name: "Vào danh sách chờ" })).toBeVisible();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("shows the slot offered to a learner with its claim deadline", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/33": ok({ ...FULL_LISTING, on_waiting_list: true }),
      "/api/v1/shopping-cart": EMPTY_CART,
      "/api/v1/marketplace/33/waiting-list": ok({
        status: "offered",
        position: 0,
        offered_batch_id: 52,
        claim_expires_at: "2099-12-01T02:00:00Z",
      }),
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/33", <ListingRoute />, { language: "en" });
    const panel = await screen.findByRole("region", { name: "No slot available" });
    expect(await within(panel).findByText("A slot is held for you")).toBeVisible();
    expect(
      within(panel).getByText(/A slot in Ca 2 \(chiều thứ Bảy\) is held for you until .*2099/),
    ).toBeVisible();
  });

  it("asks a learner who is on no waiting list for no place: a full test, an open one (issue 38)", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/33": ok({ ...FULL_LISTING, on_waiting_list: false }),
      "/api/v1/marketplace/31": ok({ ...LISTING, on_waiting_list: false }),
      "/api/v1/shopping-cart": EMPTY_CART,
      "/api/v1/marketplace/33/waiting-list": { status: 404, body: { success: false, message: "Not on it." } },
      "/api/v1/marketplace/31/waiting-list": { status: 404, body: { success: false, message: "Not on it." } },
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/33", <ListingRoute />);
    const panel = await screen.findByRole("region", { name: "Không còn chỗ trống ở ca nào" });
    expect(await within(panel).findByRole("button", { name: "Vào danh sách chờ" })).toBeVisible();
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: LISTING.name })).toBeVisible();
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/shopping-cart")).toBe(true));
    expect(calls.filter((c) => c.path.includes("waiting-list"))).toEqual([]);
  });

  it("shows educators the full state without the waiting list", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/marketplace/33": ok(FULL_LISTING),
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/33", <ListingRoute />);
    const panel = await screen.findByRole("region", { name: "Không còn chỗ trống ở ca nào" });
    expect(
      within(panel).getByText("Mọi ca thi đã hết chỗ. Học sinh có thể vào danh sách chờ."),
    ).toBeVisible();
    expect(within(panel).queryByRole("button")).toBeNull();
    expect(calls.some((c) => c.path.includes("waiting-list"))).toBe(false);
    // Its own organization's listing (id 3) can be withdrawn from here.
    expect(screen.getByRole("button", { name: `Gỡ khỏi chợ: ${FULL_LISTING.name}` })).toBeVisible();
  });
});
