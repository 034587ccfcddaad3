/** The learners' consent tab (issue 37, item 2; decision 0048): an organization admin sees who has
 * not re-consented to the new version of the notices, filters on it, and records a parent's paper
 * consent to the version in force from the learner's row. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { ConsentRoster, MemberConsent } from "../api/member-consent";
import { PeoplePage } from "./people-page";

const SLOW = { timeout: 20_000 };
const NOTICES = {
  terms: { version: "2.0", effective_on: "2026-11-29", summary: "" },
  privacy: { version: "2.0", effective_on: "2026-11-29", summary: "" },
};
const EARLIER = {
  id: 3,
  subject: "learner" as const,
  source: "signup" as const,
  terms_version: "1.0",
  privacy_version: "1.0",
  given_at: "2026-11-02T02:00:00Z",
  parent_email: "",
  recorded_by: "",
  note: "",
};
const PAPER = {
  ...EARLIER,
  id: 4,
  subject: "parent" as const,
  source: "paper" as const,
  recorded_by: "Nguyễn Thị Lan",
  note: "Phiếu đồng ý của phụ huynh lưu tại văn phòng trung tâm",
};
const RENEWAL: MemberConsent = {
  profile_id: 41,
  name: "Bùi Thu Hà",
  email: "hocsinh01@demo.vn",
  notices: NOTICES,
  age_band: "child",
  own: EARLIER,
  consented: false,
  parent: PAPER,
  parent_withdrawn: false,
  parent_outdated: true,
  request_status: null,
  blocked: {
    code: "consent_required",
    message: "The terms or the privacy policy changed. Read the new version and accept it to continue.",
  },
  standing: "renewal",
  can_record_paper: true,
  can_withdraw_paper: true,
  birth_date_change: null,
  can_decide_birth_date: false,
};
const CLEAR: MemberConsent = {
  ...RENEWAL,
  profile_id: 42,
  name: "An Minh Khôi",
  email: "hocsinh02@demo.vn",
  own: { ...EARLIER, terms_version: "2.0", privacy_version: "2.0" },
  consented: true,
  parent: { ...PAPER, terms_version: "2.0", privacy_version: "2.0" },
  parent_outdated: false,
  blocked: null,
  standing: "clear",
  can_record_paper: false,
};
const COUNTS = { clear: 1, renewal: 1, blocked: 0 };
const ADMIN = authorizedAs("EDUCATOR");

function page(items: MemberConsent[]): ConsentRoster {
  return { items, page: 1, limit: 20, total: items.length, counts: COUNTS };
}

describe("the learners' consent tab", () => {
  afterEach(() => vi.unstubAllGlobals());

  it(
    "shows who has not re-consented, filters on it, and records a paper consent to the new version",
    SLOW,
    async () => {
      const user = userEvent.setup();
      let renewed = false;
      const { calls } = mockApi({
        "/api/v1/auth/is-authorized": ok({ ...ADMIN, user: { ...ADMIN.user, is_admin: true } }),
        "/api/v1/organization/consents": (url) =>
          ok(page(url.searchParams.get("standing") === "renewal" ? [RENEWAL] : [CLEAR, RENEWAL])),
        "/api/v1/organization/members/41/consent": () =>
          ok(
            renewed
              ? {
                  ...RENEWAL,
                  parent: { ...PAPER, terms_version: "2.0", privacy_version: "2.0" },
                  parent_outdated: false,
                  can_record_paper: false,
                }
              : RENEWAL,
          ),
        "/api/v1/organization/members/41/consent/paper": () => {
          renewed = true;
          return ok(RENEWAL);
        },
      });
      renderRoute("/learner", "/learner?tab=consent", <PeoplePage role="LEARNER" />, { language: "en" });

      expect(
        await screen.findByText("1 learner has not re-consented to the new version."),
      ).toBeInTheDocument();
      expect(screen.getByText(/terms version 2\.0, privacy policy version 2\.0/)).toBeInTheDocument();
      const table = screen.getByRole("table", { name: "Consent" });
      expect(within(table).getAllByText("Not re-consented to the new version")).toHaveLength(1);
      expect(within(table).getByText("Consent complete")).toBeInTheDocument();

      await user.selectOptions(screen.getByRole("combobox", { name: "Consent" }), "renewal");
      await vi.waitFor(() =>
        expect(
          calls.some(
            (c) => c.path.startsWith("/api/v1/organization/consents") && c.path.includes("standing=renewal"),
          ),
        ).toBe(true),
      );
      await vi.waitFor(() => expect(within(table).queryByText("An Minh Khôi")).toBeNull());

      await user.click(within(table).getByRole("button", { name: "Consent of Bùi Thu Hà" }));
      const dialog = await screen.findByRole("dialog", { name: "Consent of Bùi Thu Hà" });
      expect(
        await within(dialog).findByText(
          "For an earlier version (terms 1.0, privacy policy 1.0): the parent is asked again",
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText(/^Given for an earlier version \(terms 1\.0, privacy policy 1\.0\)/),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Record paper consent" }));
      await vi.waitFor(() =>
        expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/members/41/consent/paper"))).toBe(
          true,
        ),
      );
      await vi.waitFor(() => expect(within(dialog).queryByText(/the parent is asked again/)).toBeNull());
    },
  );
});
