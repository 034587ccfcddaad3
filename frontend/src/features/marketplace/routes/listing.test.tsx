import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { FULL_LISTING, LISTING } from "../testing/fixtures";
import { renderRoute } from "../testing/render-route";
import ListingRoute from "./listing";

describe("/marketplace/:listing_id", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the description, add-ons with VND prices and batches with free slots", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/31": ok(LISTING),
    });
    renderRoute("/marketplace/:listing_id", "/marketplace/31", <ListingRoute />);
    expect(await screen.findByRole("heading", { level: 1, name: LISTING.name })).toBeVisible();
    expect(screen.getByText(/Đề đánh giá năng lực cuối học kì/)).toBeVisible();
    const addons = screen.getByRole("region", { name: "Gói và giá" });
    expect(within(addons).getByText("Chỉ bài thi").closest("li")).toHaveTextContent(/150\.000\s₫/);
    expect(within(addons).getByText("Bài thi + báo cáo nâng cao").closest("li")).toHaveTextContent(
      /250\.000\s₫/,
    );
    expect(within(addons).getByText("Báo cáo khảo sát").closest("li")).toHaveTextContent("Không có");
    const batches = screen.getByRole("region", { name: "Ca thi" });
    expect(within(batches).getByText("Ca 1 (sáng thứ Bảy)").closest("li")).toHaveTextContent("Còn 4 chỗ");
    expect(screen.queryByText("Không còn chỗ trống ở ca nào")).toBeNull();
    // Buying arrives with the cart (issue 6): no button pretends to.
    expect(screen.queryByRole("button", { name: /giỏ|mua/i })).toBeNull();
  });

  it("lets a learner join the waiting list when every batch is full, shows the place and leaves it", async () => {
    const user = userEvent.setup();
    let entry: Record<string, unknown> | null = null;
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/marketplace/33": ok(FULL_LISTING),
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
      "/api/v1/marketplace/33": ok(FULL_LISTING),
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
    expect(screen.getByRole("button", { name: `Gỡ ${FULL_LISTING.name} khỏi chợ` })).toBeVisible();
  });
});
