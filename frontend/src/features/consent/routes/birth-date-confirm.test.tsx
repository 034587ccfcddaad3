/** The parent's page for a change of date of birth across 16 (issue 37, item 5): the learner, the
 * date kept and the date asked for, then the parent's answer; a withdrawn change's link says so. */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { BirthDateLink } from "../api/birth-date-link";
import BirthDateConfirmRoute from "./birth-date-confirm";

const SLOW = { timeout: 20_000 };
const LINK: BirthDateLink = {
  learner_name: "Lê Thu Hà",
  learner_email: "ha@example.vn",
  change: {
    previous: "01/06/2012",
    requested: "01/01/2000",
    status: "pending",
    confirmer: "parent",
    confirmer_name: "me.ha@example.vn",
    requested_at: "2026-11-27T01:00:00Z",
    decided_at: null,
  },
  language: "vi",
};

describe("the parent's page for a new date of birth", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows both dates and confirms the change", SLOW, async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/public/api/consent/birth-date/check": ok(LINK),
      "/public/api/consent/birth-date/confirm": ok({
        ...LINK,
        change: { ...LINK.change, status: "confirmed", decided_at: "2026-11-28T03:00:00Z" },
      }),
    });
    renderRoute("/birth-date-confirm/:token", "/birth-date-confirm/tok-9", <BirthDateConfirmRoute />);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ngày sinh mới của Lê Thu Hà" }),
    ).toBeInTheDocument();
    expect(screen.getByText("01/06/2012")).toBeInTheDocument();
    expect(screen.getByText("01/01/2000")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Xác nhận ngày mới" }));
    expect(
      await screen.findByText("Bạn đã xác nhận ngày sinh mới của Lê Thu Hà lúc 10:00 28/11/2026."),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: "/public/api/consent/birth-date/confirm",
      body: { token: "tok-9" },
    });
  });

  it("refuses it, in English", SLOW, async () => {
    const user = userEvent.setup();
    mockApi({
      "/public/api/consent/birth-date/check": ok(LINK),
      "/public/api/consent/birth-date/refuse": ok({
        ...LINK,
        change: { ...LINK.change, status: "refused", decided_at: "2026-11-28T03:00:00Z" },
      }),
    });
    renderRoute("/birth-date-confirm/:token", "/birth-date-confirm/tok-9", <BirthDateConfirmRoute />, {
      language: "en",
    });
    await user.click(await screen.findByRole("button", { name: "Refuse" }));
    expect(
      await screen.findByText(
        "You refused the change at 28 Nov 2026, 10:00: Lê Thu Hà's date of birth stays as it was.",
      ),
    ).toBeInTheDocument();
  });

  it("says when the change was withdrawn", SLOW, async () => {
    mockApi({
      "/public/api/consent/birth-date/check": {
        status: 400,
        body: {
          success: false,
          code: "invalid_consent_link",
          message: "Liên kết này không còn hiệu lực: thay đổi ngày sinh đã được rút lại hoặc thay thế.",
          errors: {},
        },
      },
    });
    renderRoute("/birth-date-confirm/:token", "/birth-date-confirm/tok-9", <BirthDateConfirmRoute />);
    expect(await screen.findByRole("alert")).toHaveTextContent("thay đổi ngày sinh đã được rút lại");
  });
});
