import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { subscribeToast, type ToastData } from "@/lib/toast-store";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { InvitationsPanel } from "./invitations-panel";

const base = {
  role: "LEARNER",
  job_title: "",
  invited_by: "Nguyễn Thị Lan",
  responded_at: null,
};
const ITEMS = [
  {
    ...base,
    id: 1,
    email: "hoc.sinh.moi@demo.vn",
    status: "pending",
    sent_at: "2026-11-20T03:00:00Z",
    expires_at: "2026-11-27T03:00:00Z",
    resend_count: 0,
  },
  {
    ...base,
    id: 2,
    email: "hoc.sinh.cu@demo.vn",
    status: "expired",
    sent_at: "2026-11-01T03:00:00Z",
    expires_at: "2026-11-08T03:00:00Z",
    resend_count: 2,
  },
  {
    ...base,
    id: 3,
    email: "learner.both@demo.vn",
    status: "accepted",
    sent_at: "2026-10-01T03:00:00Z",
    expires_at: "2026-10-08T03:00:00Z",
    resend_count: 0,
    responded_at: "2026-10-02T03:00:00Z",
  },
];

describe("invitations panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows expired invitations as such, resends them, and shows the rate limit when refused", async () => {
    const toasts: ToastData[] = [];
    const unsubscribe = subscribeToast((toast) => toast && toasts.push(toast));
    let resends = 0;
    mockApi({
      "/api/v1/organization/invitations": ok({ items: ITEMS, page: 1, limit: 20, total: 3 }),
      "/api/v1/organization/invitations/2/resend": () =>
        ++resends === 1
          ? ok({ ...ITEMS[1], status: "pending", resend_count: 3 })
          : {
              status: 429,
              body: {
                success: false,
                code: "resend_too_soon",
                message: "Vui lòng đợi 58 giây trước khi gửi lại.",
              },
            },
    });
    renderRoute("/people", "/people", <InvitationsPanel role="LEARNER" isAdmin />);
    const table = await screen.findByRole("table", { name: "Lời mời" });
    await within(table).findByText("hoc.sinh.moi@demo.vn");
    const [, pending, expired, accepted] = within(table).getAllByRole("row");
    expect(within(pending!).getByText("Đang chờ")).toBeInTheDocument();
    expect(within(expired!).getByText("Hết hạn")).toBeInTheDocument();
    expect(within(expired!).getByText(/^Đã hết hạn lúc/)).toBeInTheDocument();
    expect(within(expired!).getByText("2")).toBeInTheDocument(); // resend count
    expect(within(accepted!).queryByRole("button")).toBeNull(); // answered: nothing to do

    const resend = within(expired!).getByRole("button", { name: "Gửi lại lời mời tới hoc.sinh.cu@demo.vn" });
    await userEvent.click(resend);
    await vi.waitFor(() => expect(toasts.at(-1)?.title).toBe("Đã gửi lại lời mời tới hoc.sinh.cu@demo.vn"));
    await userEvent.click(resend);
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        variant: "destructive",
        title: "Gửi lại thất bại",
        description: "Vui lòng đợi 58 giây trước khi gửi lại.",
      }),
    );
    unsubscribe();
  });

  it("revokes a pending invitation after a confirmation", async () => {
    const { calls } = mockApi({
      "/api/v1/organization/invitations": ok({ items: ITEMS, page: 1, limit: 20, total: 3 }),
      "/api/v1/organization/invitations/1": ok({ ...ITEMS[0], status: "revoked" }),
    });
    renderRoute("/people", "/people", <InvitationsPanel role="LEARNER" isAdmin />);
    const table = await screen.findByRole("table", { name: "Lời mời" });
    await within(table).findByText("hoc.sinh.moi@demo.vn");
    await userEvent.click(
      within(table).getByRole("button", { name: "Thu hồi lời mời gửi hoc.sinh.moi@demo.vn" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Thu hồi lời mời?" });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Thu hồi" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "DELETE")?.path).toBe("/api/v1/organization/invitations/1"),
    );
  });
});
