/** A roster learner's consent from their row (issue 24, item 1): what every educator sees, and the
 * paper consent an organization admin records. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { MemberConsent } from "../api/member-consent";
import type { Member } from "../api/types";
import { MembersPanel } from "./members-panel";

const SLOW = { timeout: 20_000 };
const PUPIL: Member = {
  id: 41,
  name: "Phan Anh Khoa",
  email: "hocsinh15@demo.vn",
  profileImage: null,
  pandai_profile_role: "LEARNER",
  job_title: "",
  is_admin: false,
  status: "active",
  invited_by: "Nguyễn Thị Lan",
  joined: "2026-09-01T08:00:00Z",
  has_pandai_survey_account: false,
  grade: 9,
  class_name: "9A1",
  last_change: null,
};
const OWN = {
  id: 3,
  subject: "learner" as const,
  source: "invitation" as const,
  terms_version: "1.0",
  privacy_version: "1.0",
  given_at: "2026-11-27T01:00:00Z",
  parent_email: "",
  recorded_by: "",
  note: "",
};
const WAITING: MemberConsent = {
  profile_id: 41,
  name: "Phan Anh Khoa",
  email: "hocsinh15@demo.vn",
  notices: {
    terms: { version: "1.0", effective_on: "2026-11-01", summary: "" },
    privacy: { version: "1.0", effective_on: "2026-11-01", summary: "" },
  },
  age_band: "child",
  own: OWN,
  consented: true,
  parent: null,
  parent_withdrawn: false,
  parent_outdated: false,
  request_status: "pending",
  blocked: {
    code: "parental_consent_required",
    message: "Bạn chưa đủ 16 tuổi: cho đến khi cha mẹ hoặc người giám hộ đồng ý, bạn chỉ có thể xem.",
  },
  standing: "blocked",
  can_record_paper: true,
  can_withdraw_paper: false,
  birth_date_change: null,
  can_decide_birth_date: false,
};
const RECORDED: MemberConsent = {
  ...WAITING,
  parent: {
    ...OWN,
    id: 4,
    subject: "parent",
    source: "paper",
    given_at: "2026-11-27T02:00:00Z",
    recorded_by: "Nguyễn Thị Lan",
    note: "Phiếu lưu tại văn phòng",
  },
  request_status: null,
  blocked: null,
  standing: "clear",
  can_record_paper: false,
  can_withdraw_paper: true,
};

function setup(isAdmin: boolean, first: MemberConsent = WAITING) {
  let consent = first;
  const api = mockApi({
    "/api/v1/users/profile/list": ok({ items: [PUPIL], page: 1, limit: 20, total: 1 }),
    "/api/v1/organization/members/41/consent": () => ok(consent),
    "/api/v1/organization/members/41/consent/paper": () => {
      consent = RECORDED;
      return ok(RECORDED);
    },
  });
  renderRoute(
    "/learner",
    "/learner",
    <MembersPanel role="LEARNER" isAdmin={isAdmin} currentProfileId={11} />,
  );
  return api;
}

describe("a learner's consent in the people screens", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets an admin record a parent's consent obtained on paper", SLOW, async () => {
    const user = userEvent.setup();
    const { calls } = setup(true);
    await user.click(await screen.findByRole("button", { name: "Sự đồng ý của Phan Anh Khoa" }));
    const dialog = await screen.findByRole("dialog", { name: "Sự đồng ý của Phan Anh Khoa" });
    expect(await within(dialog).findByText("Còn thiếu sự đồng ý")).toBeInTheDocument();
    expect(within(dialog).getByText("Dưới 16 tuổi")).toBeInTheDocument();
    expect(within(dialog).getByText("Đã gửi yêu cầu qua e-mail, chưa trả lời")).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Điều khoản phiên bản 1.0 và chính sách bảo mật phiên bản 1.0, lúc 08:00 27/11/2026",
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Ghi chú"), "Phiếu lưu tại văn phòng");
    await user.click(within(dialog).getByRole("button", { name: "Ghi nhận đồng ý trên giấy" }));
    expect(
      await within(dialog).findByText("Trên giấy, do Nguyễn Thị Lan ghi nhận lúc 09:00 27/11/2026"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Đã đủ sự đồng ý")).toBeInTheDocument();
    const post = calls.find((c) => c.path.endsWith("/consent/paper"));
    expect(post).toMatchObject({ method: "POST", body: { note: "Phiếu lưu tại văn phòng" } });
    expect(
      within(dialog).getByRole("button", { name: "Ghi nhận việc rút lại đồng ý trên giấy" }),
    ).toBeInTheDocument();
  });

  it("lets an admin confirm a change of date of birth across 16 (issue 37, item 5)", SLOW, async () => {
    const user = userEvent.setup();
    let consent: MemberConsent = {
      ...RECORDED,
      age_band: "adult",
      birth_date_change: {
        previous: "01/06/2006",
        requested: "01/06/2013",
        status: "pending",
        confirmer: "admin",
        confirmer_name: "Trung tâm Học tập",
        requested_at: "2026-11-27T01:00:00Z",
        decided_at: null,
      },
      can_decide_birth_date: true,
    };
    const { calls } = mockApi({
      "/api/v1/users/profile/list": ok({ items: [PUPIL], page: 1, limit: 20, total: 1 }),
      "/api/v1/organization/members/41/consent": () => ok(consent),
      "/api/v1/organization/members/41/birth-date/confirm": () => {
        consent = { ...consent, age_band: "child", birth_date_change: null, can_decide_birth_date: false };
        return ok(consent);
      },
    });
    renderRoute("/learner", "/learner", <MembersPanel role="LEARNER" isAdmin currentProfileId={11} />, {
      language: "en",
    });
    await user.click(await screen.findByRole("button", { name: "Consent of Phan Anh Khoa" }));
    const dialog = await screen.findByRole("dialog", { name: "Consent of Phan Anh Khoa" });
    expect(
      await within(dialog).findByText(
        /The learner asked at 27 Nov 2026, 08:00 to change their date of birth from 01\/06\/2006 to 01\/06\/2013\./,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm the new date" }));
    expect(await within(dialog).findByText("Under 16")).toBeInTheDocument();
    expect(within(dialog).queryByText("A change of date of birth to confirm")).toBeNull();
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/birth-date/confirm"))).toBe(true);
  });

  it("shows an educator who is not an admin the consent, without recording", SLOW, async () => {
    const user = userEvent.setup();
    setup(false, { ...WAITING, can_record_paper: false });
    await user.click(await screen.findByRole("button", { name: "Sự đồng ý của Phan Anh Khoa" }));
    const dialog = await screen.findByRole("dialog", { name: "Sự đồng ý của Phan Anh Khoa" });
    expect(await within(dialog).findByText("Còn thiếu sự đồng ý")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Ghi nhận đồng ý trên giấy" })).toBeNull();
  });
});
