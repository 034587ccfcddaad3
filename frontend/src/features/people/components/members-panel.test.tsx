import { focusManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { LanguageProvider } from "@/lib/intl";
import { storeLanguage } from "@/lib/language";
import { queryClient as appQueryClient } from "@/lib/query-client";
import { mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";
import { createMemoryRouter, RouterProvider } from "react-router-dom";

import type { Member } from "../api/types";
import { actionsFor, MembersPanel } from "./members-panel";

const member = (over: Partial<Member>): Member => ({
  id: 11,
  name: "Nguyễn Thị Lan",
  email: "educator.admin@demo.vn",
  profileImage: null,
  pandai_profile_role: "EDUCATOR",
  job_title: "Trưởng phòng khảo thí",
  is_admin: true,
  status: "active",
  invited_by: null,
  joined: "2026-09-01T08:00:00Z",
  has_pandai_survey_account: false,
  grade: null,
  class_name: "",
  last_change: null,
  ...over,
});

const LAN = member({});
const MINH = member({
  id: 12,
  name: "Trần Văn Minh",
  email: "educator@demo.vn",
  is_admin: false,
  job_title: "Giáo viên Toán",
  invited_by: "Nguyễn Thị Lan",
  last_change: { kind: "joined", label: "Đã tham gia", at: "2026-10-02T08:00:00Z" },
});

describe("members panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's last-admin refusal in the confirmation", async () => {
    const { calls } = mockApi({
      "/api/v1/users/profile/list": ok({ items: [LAN, MINH], page: 1, limit: 20, total: 2 }),
      "/api/v1/organization/members/11": {
        status: 409,
        body: { success: false, code: "last_admin", message: "Tổ chức phải còn ít nhất một quản trị viên." },
      },
    });
    renderRoute("/people", "/people", <MembersPanel role="EDUCATOR" isAdmin currentProfileId={11} />);
    const table = await screen.findByRole("table", { name: "Giáo viên" });
    await within(table).findByText("Trần Văn Minh");
    const [, lan, minh] = within(table).getAllByRole("row");
    expect(within(lan!).getByText("(bạn)")).toBeInTheDocument();
    expect(within(minh!).getByText("Đã tham gia · 02/10/2026")).toBeInTheDocument();
    expect(within(minh!).getByText("Giáo viên Toán")).toBeInTheDocument();

    await userEvent.click(within(lan!).getByRole("button", { name: "Thao tác với Nguyễn Thị Lan" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Gỡ quyền quản trị" }));
    const dialog = await screen.findByRole("dialog", { name: "Gỡ quyền quản trị của Nguyễn Thị Lan?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Gỡ quyền quản trị" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Tổ chức phải còn ít nhất một quản trị viên.",
    );
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe("/api/v1/organization/members/11");
  });

  it("asks the server for the search, status filter and sort the user picks", async () => {
    const { calls } = mockApi({
      "/api/v1/users/profile/list": ok({ items: [MINH], page: 1, limit: 20, total: 1 }),
    });
    renderRoute("/people", "/people", <MembersPanel role="LEARNER" isAdmin={false} currentProfileId={11} />, {
      language: "en",
    });
    const table = await screen.findByRole("table", { name: "Learners" });
    await within(table).findByText("Trần Văn Minh");
    await userEvent.type(screen.getByLabelText("Search by name or e-mail"), "minh");
    await userEvent.selectOptions(screen.getByLabelText("Filter by status"), "removed");
    await userEvent.selectOptions(screen.getByLabelText("Sort"), "-joined");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        "/api/v1/users/profile/list?role=LEARNER&page=1&limit=20&search=minh&order_by=-joined&status=removed",
      ),
    );
    // Not an admin: history only, no actions menu.
    expect(screen.queryByRole("button", { name: /Actions for/ })).toBeNull();
    expect(
      screen.getAllByRole("button", { name: "Membership history of Trần Văn Minh" }).length,
    ).toBeGreaterThan(0);
  });

  it("offers the actions that fit each member", () => {
    expect(actionsFor(LAN)).toEqual(["removeAdmin", "deactivate", "enableSurvey"]);
    expect(
      actionsFor(member({ pandai_profile_role: "LEARNER", is_admin: false, status: "inactive" })),
    ).toEqual(["reactivate", "enableSurvey", "remove"]);
    expect(actionsFor(member({ pandai_profile_role: "LEARNER", status: "removed" }))).toEqual([]);
  });
});

describe("member history", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the member's history with who and when", async () => {
    const events: Reply = ok([
      {
        id: 2,
        kind: "admin_granted",
        label: "Được cấp quyền quản trị",
        email: MINH.email,
        actor_name: "Nguyễn Thị Lan",
        created_at: "2026-11-20T03:00:00Z",
      },
      {
        id: 1,
        kind: "joined",
        label: "Đã tham gia",
        email: MINH.email,
        actor_name: null,
        created_at: "2026-10-02T08:00:00Z",
      },
    ]);
    mockApi({
      "/api/v1/users/profile/list": ok({ items: [MINH], page: 1, limit: 20, total: 1 }),
      "/api/v1/organization/members/12/events": events,
    });
    renderRoute("/people", "/people", <MembersPanel role="EDUCATOR" isAdmin currentProfileId={11} />);
    const table = await screen.findByRole("table", { name: "Giáo viên" });
    await within(table).findByText("Trần Văn Minh");
    await userEvent.click(
      within(table).getByRole("button", { name: "Lịch sử thành viên của Trần Văn Minh" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Lịch sử: Trần Văn Minh" });
    const items = await within(dialog).findAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Được cấp quyền quản trị");
    expect(items[0]).toHaveTextContent("Bởi Nguyễn Thị Lan");
    expect(items[1]).toHaveTextContent("Do chính người này");
  });
});

describe("members panel, kept current", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a member who accepted an invitation when the page is looked at again, without a reload", async () => {
    let members = [LAN];
    const { calls } = mockApi({
      "/api/v1/users/profile/list": (): Reply =>
        ok({ items: members, page: 1, limit: 20, total: members.length }),
    });
    // The app's own query defaults (no refetch on focus, 30 s fresh), not the test client's.
    const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    storeLanguage("vi");
    const router = createMemoryRouter(
      [{ path: "/educator", element: <MembersPanel role="EDUCATOR" isAdmin currentProfileId={11} /> }],
      { initialEntries: ["/educator"] },
    );
    render(
      <LanguageProvider>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </LanguageProvider>,
    );
    const table = await screen.findByRole("table", { name: "Giáo viên" });
    await within(table).findByText("Nguyễn Thị Lan");
    // Minh accepts the invitation elsewhere; the admin comes back to this window.
    members = [LAN, MINH];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(table).findByText("Trần Văn Minh")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith("/api/v1/users/profile/list"))).toHaveLength(2);
    focusManager.setFocused(undefined);
  });

  it("shows an educator who joined when the admin clicks back into this window beside another (issue 38)", async () => {
    let members = [LAN];
    const { calls } = mockApi({
      "/api/v1/users/profile/list": (): Reply =>
        ok({ items: members, page: 1, limit: 20, total: members.length }),
    });
    const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
    storeLanguage("vi");
    const router = createMemoryRouter(
      [{ path: "/educator", element: <MembersPanel role="EDUCATOR" isAdmin currentProfileId={11} /> }],
      { initialEntries: ["/educator"] },
    );
    render(
      <LanguageProvider>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </LanguageProvider>,
    );
    const table = await screen.findByRole("table", { name: "Giáo viên" });
    await within(table).findByText("Nguyễn Thị Lan");
    // Minh joins in the window beside this one; this tab was never hidden (no visibilitychange):
    // the admin's click back into this window is a window focus.
    members = [LAN, MINH];
    fireEvent.blur(window);
    fireEvent.focus(window);
    expect(await within(table).findByText("Trần Văn Minh")).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith("/api/v1/users/profile/list"))).toHaveLength(2);
  });
});
