/** The parent's page (issue 24, item 1): the learner named, the notices with their versions, the
 * consent sent with those versions, then withdrawn after a confirmation; an invalid link says so. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ParentLink } from "../api/parent-link";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import ParentalConsentRoute from "./parental-consent";

const SLOW = { timeout: 20_000 };
const LINK: ParentLink = {
  learner_name: "Ngô Bảo Ngọc",
  learner_email: "ngoc@example.vn",
  parent_email: "me@example.vn",
  status: "pending",
  notices: {
    terms: { version: "1.0", effective_on: "2026-11-01", summary: "" },
    privacy: { version: "1.0", effective_on: "2026-11-01", summary: "" },
  },
  consent: null,
  earlier_consent: null,
  withdrawn_at: null,
  expires_at: "2026-12-04T01:00:00Z",
  language: "vi",
};
const CONSENT = {
  id: 7,
  subject: "parent" as const,
  source: "parent_link" as const,
  terms_version: "1.0",
  privacy_version: "1.0",
  given_at: "2026-11-27T02:30:00Z",
  parent_email: "me@example.vn",
  recorded_by: "",
  note: "",
};

function setup(check = ok(LINK)) {
  const api = mockApi({
    "/public/api/consent/parent/check": check,
    "/public/api/data-requests/parent": ok({
      export: null,
      deletion: null,
      grace_days: 7,
      export_keep_days: 7,
    }),
    "/public/api/consent/parent/consent": ok({ ...LINK, status: "consented", consent: CONSENT }),
    "/public/api/consent/parent/withdraw": ok({
      ...LINK,
      status: "withdrawn",
      consent: CONSENT,
      withdrawn_at: "2026-11-28T03:00:00Z",
    }),
  });
  renderRoute("/parental-consent/:token", "/parental-consent/tok-123", <ParentalConsentRoute />);
  return api;
}

describe("the parent's consent page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the learner, asks to accept the versions shown, consents, then withdraws", SLOW, async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Đồng ý xử lý dữ liệu cá nhân của Ngô Bảo Ngọc" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ngô Bảo Ngọc \(ngoc@example\.vn\) có tài khoản/)).toBeInTheDocument();
    expect(screen.getByText(/đến hết ngày 04\/12\/2026/)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: "tok-123" });

    await user.click(screen.getByRole("button", { name: "Tôi đồng ý" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Hãy đồng ý với điều khoản sử dụng và chính sách bảo mật để tiếp tục.",
    );
    await user.click(
      screen.getByRole("checkbox", { name: /^Tôi là cha mẹ hoặc người giám hộ của Ngô Bảo Ngọc/ }),
    );
    // the relationship and the child's date of birth (issue 37, item 5)
    await user.click(screen.getByRole("radio", { name: "Người giám hộ hợp pháp" }));
    await user.type(screen.getByLabelText("Ngày sinh của Ngô Bảo Ngọc"), "05/09/2011");
    await user.click(screen.getByRole("button", { name: "Tôi đồng ý" }));
    expect(
      await screen.findByText(/Bạn đã đồng ý cho Ngô Bảo Ngọc lúc 09:30 27\/11\/2026/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/public/api/consent/parent/consent")?.body).toEqual({
      token: "tok-123",
      accept_terms: true,
      terms_version: "1.0",
      privacy_version: "1.0",
      relationship: "guardian",
      child_birth_date: "05/09/2011",
    });

    await user.click(screen.getByRole("button", { name: "Rút lại sự đồng ý" }));
    const dialog = screen.getByRole("dialog", { name: "Rút lại sự đồng ý cho Ngô Bảo Ngọc?" });
    await user.click(within(dialog).getByRole("button", { name: "Rút lại sự đồng ý" }));
    expect(
      await screen.findByText(/Bạn đã rút lại sự đồng ý cho Ngô Bảo Ngọc lúc 10:00 28\/11\/2026/),
    ).toBeInTheDocument();
  });

  it(
    "asks a parent who consented to an earlier version to consent to the new one (English)",
    SLOW,
    async () => {
      const user = userEvent.setup();
      const renewal: ParentLink = {
        ...LINK,
        notices: {
          terms: {
            version: "2.0",
            effective_on: "2026-11-29",
            summary: "Now under the Law No. 91/2025/QH15.",
          },
          privacy: { version: "2.0", effective_on: "2026-11-29", summary: "" },
        },
        earlier_consent: { ...CONSENT, source: "paper", parent_email: "", given_at: "2026-11-02T02:00:00Z" },
      };
      const { calls } = mockApi({
        "/public/api/consent/parent/check": ok(renewal),
        "/public/api/data-requests/parent": ok({
          export: null,
          deletion: null,
          grace_days: 7,
          export_keep_days: 7,
        }),
        "/public/api/consent/parent/consent": ok({
          ...renewal,
          status: "consented",
          consent: CONSENT,
          earlier_consent: null,
        }),
      });
      renderRoute("/parental-consent/:token", "/parental-consent/tok-123", <ParentalConsentRoute />, {
        language: "en",
      });
      const note = await screen.findByRole("note", { name: "The terms or the privacy policy changed" });
      expect(note).toHaveTextContent(
        "You consented for Ngô Bảo Ngọc to version 1.0 of the terms and version 1.0 of the privacy policy at 2 Nov 2026, 09:00.",
      );
      expect(screen.getByText(/— Now under the Law No\. 91\/2025\/QH15\./)).toBeInTheDocument();
      await user.click(
        screen.getByRole("checkbox", { name: /^I am the parent or guardian of Ngô Bảo Ngọc/ }),
      );
      await user.click(screen.getByRole("button", { name: "I consent" }));
      expect(
        await screen.findByRole("heading", { name: "Thank you: your consent is recorded" }),
      ).toBeInTheDocument();
      expect(calls.find((c) => c.path === "/public/api/consent/parent/consent")?.body).toMatchObject({
        terms_version: "2.0",
        privacy_version: "2.0",
      });
    },
  );

  it("shows the notices' text behind their disclosures", SLOW, async () => {
    setup();
    expect(await screen.findAllByText("Phiên bản 1.0, có hiệu lực từ 01/11/2026")).toHaveLength(2);
    expect(screen.getByText("Điều khoản sử dụng", { selector: "summary" })).toBeInTheDocument();
    expect(screen.getByText("Chính sách bảo mật", { selector: "summary" })).toBeInTheDocument();
  });

  it("says when the link is not valid any more", SLOW, async () => {
    setup({
      status: 400,
      body: {
        success: false,
        code: "invalid_consent_link",
        message: "Đường dẫn này không còn hiệu lực. Hãy nhờ con gửi lại yêu cầu.",
        errors: {},
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Đường dẫn này không còn hiệu lực.");
  });

  it("stops on a date of birth that does not match, and says so to the parent", SLOW, async () => {
    const user = userEvent.setup();
    let stopped = false;
    const message =
      "The date of birth you entered is not the one Ngô Bảo Ngọc gave, so your consent was not recorded. We have asked Ngô Bảo Ngọc to check it and send you a new request.";
    mockApi({
      "/public/api/consent/parent/check": () => ok({ ...LINK, status: stopped ? "mismatch" : "pending" }),
      "/public/api/data-requests/parent": ok({
        export: null,
        deletion: null,
        grace_days: 7,
        export_keep_days: 7,
      }),
      "/public/api/consent/parent/consent": () => {
        stopped = true;
        return { status: 409, body: { success: false, code: "birth_date_mismatch", message, errors: {} } };
      },
    });
    renderRoute("/parental-consent/:token", "/parental-consent/tok-123?lang=en", <ParentalConsentRoute />, {
      language: "en",
    });
    await user.click(
      await screen.findByRole("checkbox", { name: /^I am the parent or guardian of Ngô Bảo Ngọc/ }),
    );
    await user.click(screen.getByRole("radio", { name: "Parent" }));
    await user.type(screen.getByLabelText("Ngô Bảo Ngọc's date of birth"), "05/09/2010");
    await user.click(screen.getByRole("button", { name: "I consent" }));
    expect(await screen.findByRole("heading", { name: "The consent was not recorded" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByText(/so this request stopped\. Ngô Bảo Ngọc has been told/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "I consent" })).toBeNull();
  });

  it("says when the link has expired", SLOW, async () => {
    setup(ok({ ...LINK, status: "expired" }));
    expect(await screen.findByText(/Đường dẫn này đã hết hạn ngày 04\/12\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Tôi đồng ý" })).toBeNull();
  });
});
