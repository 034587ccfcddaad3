import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";
import { renderRoute } from "@/testing/render-route";

import type { LearnerActivity, Member } from "../api/types";
import { ActivityDialog } from "./activity-dialog";
import { MembersPanel } from "./members-panel";

const HOA: Member = {
  id: 31,
  name: "Lê Thu Hoa",
  email: "hocsinh01@demo.vn",
  profileImage: null,
  pandai_profile_role: "LEARNER",
  job_title: "",
  is_admin: false,
  status: "active",
  invited_by: "Nguyễn Thị Lan",
  joined: "2026-09-01T08:00:00Z",
  has_pandai_survey_account: true,
  grade: 9,
  class_name: "9A1",
  last_change: null,
};

const ACTIVITY: LearnerActivity = {
  profile_id: 31,
  name: HOA.name,
  email: HOA.email,
  status: "active",
  cccd: "********1234",
  assignments: [
    {
      id: 5,
      preset_id: 2,
      preset_name: "Kiểm tra Toán 9 giữa kỳ",
      batch: {
        id: 3,
        name: "Ca sáng",
        starts_at: "2026-11-10T01:00:00Z",
        expires_at: "2026-11-10T04:00:00Z",
      },
      status: "graded",
      source: "direct",
      attempts_allowed: 2,
      attempts_used: 1,
      created_at: "2026-11-01T01:00:00Z",
      attempt: {
        number: 1,
        status: "submitted",
        submitted_at: "2026-11-10T02:00:00Z",
        score: 8.5,
        max_score: 10,
        scale_score: 8.5,
        scale_max: 10,
        result: "passed",
        voided: false,
        released: false,
      },
    },
    {
      id: 4,
      preset_id: 1,
      preset_name: "Tiếng Anh 9",
      batch: null,
      status: "assigned",
      source: "purchase",
      attempts_allowed: 1,
      attempts_used: 0,
      created_at: "2026-10-01T01:00:00Z",
      attempt: null,
    },
  ],
  surveys: [
    {
      id: 9,
      survey_id: 1,
      survey_name: "Khảo sát Holland",
      status: "completed",
      started_at: "2026-11-02T01:00:00Z",
      completed_at: "2026-11-02T01:20:00Z",
      holland_code: "IRC",
    },
  ],
};

describe("learner activity", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the learner's tests with results and surveys with the Holland code", async () => {
    const { calls } = mockApi({
      "/api/v1/users/profile/list": ok({ items: [HOA], page: 1, limit: 20, total: 1 }),
      "/api/v1/organization/members/31/activity": ok(ACTIVITY),
    });
    renderRoute("/people", "/people", <MembersPanel role="LEARNER" isAdmin={false} currentProfileId={11} />);
    const table = await screen.findByRole("table", { name: "Học sinh" });
    await userEvent.click(await within(table).findByRole("button", { name: "Xem hoạt động của Lê Thu Hoa" }));
    const dialog = await screen.findByRole("dialog", { name: "Hoạt động: Lê Thu Hoa" });
    const tests = await within(dialog).findByRole("region", { name: "Bài kiểm tra (2)" });
    const [maths, english] = within(tests).getAllByRole("listitem");
    expect(maths).toHaveTextContent("Kiểm tra Toán 9 giữa kỳ");
    expect(maths).toHaveTextContent("Ca sáng · ");
    expect(maths).toHaveTextContent("8,50/10");
    expect(maths).toHaveTextContent("Đạt");
    expect(maths).toHaveTextContent("Chưa công bố cho học sinh");
    expect(english).toHaveTextContent("Chưa xếp ca thi");
    expect(english).toHaveTextContent("Chưa làm");
    const surveys = within(dialog).getByRole("region", { name: "Khảo sát hướng nghiệp (1)" });
    expect(within(surveys).getByRole("listitem")).toHaveTextContent("IRC");
    expect(within(dialog).getByText("Số CCCD: ********1234")).toBeInTheDocument(); // masked by the server
    expect(calls.some((c) => c.path === "/api/v1/organization/members/31/activity")).toBe(true);
  });

  it("says so when the learner has nothing yet, in English too", async () => {
    mockApi({
      "/api/v1/users/profile/list": ok({ items: [HOA], page: 1, limit: 20, total: 1 }),
      "/api/v1/organization/members/31/activity": ok({ ...ACTIVITY, assignments: [], surveys: [] }),
    });
    renderRoute("/people", "/people", <MembersPanel role="LEARNER" isAdmin currentProfileId={11} />, {
      language: "en",
    });
    const table = await screen.findByRole("table", { name: "Learners" });
    await userEvent.click(
      await within(table).findByRole("button", { name: "View the activity of Lê Thu Hoa" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Activity: Lê Thu Hoa" });
    expect(
      await within(dialog).findByText("This learner has no tests in the organization yet."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("This learner has not taken any of the organization's surveys."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("CCCD number: ********1234")).toBeInTheDocument();
  });

  it("shows a released result and a learner without surveys, in English", async () => {
    // What people.spec.ts read in English from the demo's hocsinh16 (a released practice result).
    const [graded] = ACTIVITY.assignments;
    mockApi({
      "/api/v1/users/profile/list": ok({ items: [HOA], page: 1, limit: 20, total: 1 }),
      "/api/v1/organization/members/31/activity": ok({
        ...ACTIVITY,
        assignments: [{ ...graded!, attempt: { ...graded!.attempt!, released: true } }],
        surveys: [],
      }),
    });
    renderRoute("/people", "/people", <MembersPanel role="LEARNER" isAdmin={false} currentProfileId={11} />, {
      language: "en",
    });
    const table = await screen.findByRole("table", { name: "Learners" });
    await userEvent.click(
      await within(table).findByRole("button", { name: "View the activity of Lê Thu Hoa" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Activity: Lê Thu Hoa" });
    const tests = await within(dialog).findByRole("region", { name: "Tests (1)" });
    const result = within(tests).getByRole("listitem");
    expect(result).toHaveTextContent("Kiểm tra Toán 9 giữa kỳ");
    expect(result).toHaveTextContent("8.50/10");
    expect(result).toHaveTextContent("Passed");
    expect(result).toHaveTextContent("Released to the learner");
    expect(result).not.toHaveTextContent("Not released");
    expect(within(dialog).getByRole("region", { name: /^Career surveys/ })).toHaveTextContent(
      "This learner has not taken any of the organization's surveys.",
    );
  });

  it("shows a loading state while the activity is on its way", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderWithProviders(<ActivityDialog member={HOA} onClose={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: "Hoạt động: Lê Thu Hoa" });
    expect(within(dialog).getByRole("status")).toHaveTextContent("Đang tải");
  });

  it("has no activity button for educators", async () => {
    mockApi({
      "/api/v1/users/profile/list": ok({
        items: [{ ...HOA, pandai_profile_role: "EDUCATOR" }],
        page: 1,
        limit: 20,
        total: 1,
      }),
    });
    renderRoute("/people", "/people", <MembersPanel role="EDUCATOR" isAdmin currentProfileId={11} />);
    const table = await screen.findByRole("table", { name: "Giáo viên" });
    // The row is there, with its history button, but no activity button.
    await within(table).findByRole("button", { name: "Lịch sử thành viên của Lê Thu Hoa" });
    expect(screen.queryByRole("button", { name: /Xem hoạt động/ })).toBeNull();
  });
});
