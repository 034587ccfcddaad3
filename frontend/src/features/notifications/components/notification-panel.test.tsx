/** Issue 18 (WCAG 2.2 AA): the time stamps are readable on an unread item's blue-50 (and on the
 * slate-100 hover), and the names a notification quotes are marked lang="vi" on English pages. */
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { formatDateTime } from "@/lib/format";
import { contrast, textColour } from "@/testing/contrast";
import { mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { NotificationPanel } from "./notification-panel";

const INVITE = {
  id: 7,
  title: "Invitation to Trung tâm An Bình",
  body: "Trần Văn An invited you to join Trung tâm An Bình as a learner.",
  created_at: new Date().toISOString(),
  has_read: false,
  actions: [],
  notifiable_type: "OrganizationLearner",
  title_args: { organization: "Trung tâm An Bình" },
  body_args: { organization: "Trung tâm An Bình", inviter: "Trần Văn An" },
};

const INVITE_VI = {
  ...INVITE,
  title: "Lời mời vào Trung tâm An Bình",
  body: "Trần Văn An mời em vào Trung tâm An Bình với vai trò học sinh.",
};

function renderPanel(item: typeof INVITE, language: "vi" | "en") {
  mockApi({
    "/api/v1/notification/list": ok({ items: [item], next_offset_id: null, has_more_record: false }),
  });
  renderWithProviders(<NotificationPanel />, { language });
}

describe("notification panel accessibility (issue 18)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the quoted organization and inviter lang=vi on an English page", async () => {
    renderPanel(INVITE, "en");
    const button = await screen.findByRole("button", { name: /Invitation to Trung tâm An Bình/ });
    expect(button).toHaveTextContent("Trần Văn An invited you to join Trung tâm An Bình as a learner.");
    expect(screen.getByText("Trần Văn An")).toHaveAttribute("lang", "vi");
    const marked = screen.getAllByText("Trung tâm An Bình");
    expect(marked).toHaveLength(2); // in the title and in the body
    for (const part of marked) expect(part).toHaveAttribute("lang", "vi");
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    renderPanel(INVITE_VI, "vi");
    const body = await screen.findByText("Trần Văn An mời em vào Trung tâm An Bình với vai trò học sinh.");
    expect(body).not.toHaveAttribute("lang");
    expect(body.innerHTML).toBe("Trần Văn An mời em vào Trung tâm An Bình với vai trò học sinh.");
  });

  it("draws the time stamp slate-600: 6.9:1 on an unread item's blue-50 and on the slate-100 hover", async () => {
    renderPanel(INVITE_VI, "vi");
    const stamp = await screen.findByText(formatDateTime(INVITE_VI.created_at, "vi-VN"));
    expect(stamp).toHaveClass("text-slate-600");
    expect(contrast(textColour(stamp), "blue-50")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(textColour(stamp), "slate-100")).toBeGreaterThanOrEqual(4.5);
  });
});
