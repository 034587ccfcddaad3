/** The profile's consent section (issue 24, item 1): what was consented to and when, and the
 * learner's withdrawal after a confirmation. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ConsentState } from "@/lib/api/consent";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { ConsentSection } from "./consent-section";

const SLOW = { timeout: 20_000 };
const GIVEN = {
  id: 3,
  subject: "learner" as const,
  source: "signup" as const,
  terms_version: "1.0",
  privacy_version: "1.1",
  given_at: "2026-11-27T01:00:00Z",
  parent_email: "",
  recorded_by: "",
  note: "",
};
const STATE: ConsentState = {
  applies: true,
  notices: { terms: null, privacy: null },
  consented: true,
  own: GIVEN,
  own_withdrawn: false,
  age_band: "child",
  parent: { ...GIVEN, id: 4, subject: "parent", source: "paper", recorded_by: "Nguyễn Thị Lan" },
  parent_withdrawn: false,
  parent_outdated: false,
  request: null,
  prompt: [],
  blocked: null,
  birth_date_change: null,
};

describe("consent on the profile page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the consents and withdraws the learner's own after a confirmation", SLOW, async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/consent/me": () =>
        ok(
          withdrawn
            ? { ...STATE, own: null, consented: false, own_withdrawn: true, prompt: ["terms"] }
            : STATE,
        ),
      "/api/v1/consent/withdraw": () => {
        withdrawn = true;
        return ok({ withdrawn: 1 });
      },
    });
    renderRoute("/profile", "/profile", <ConsentSection />);
    const section = await screen.findByRole("region", { name: "Sự đồng ý" });
    expect(
      await within(section).findByText(
        "Bạn đã đồng ý với điều khoản sử dụng (phiên bản 1.0) và chính sách bảo mật (phiên bản 1.1) lúc 08:00 27/11/2026.",
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        "Sự đồng ý trên giấy của cha mẹ hoặc người giám hộ của bạn do Nguyễn Thị Lan ghi nhận lúc 08:00 27/11/2026.",
      ),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Rút lại sự đồng ý" }));
    const dialog = screen.getByRole("dialog", { name: "Rút lại sự đồng ý?" });
    expect(dialog).toHaveTextContent("tài khoản của bạn sẽ bị xoá sau 7 ngày");
    await user.click(within(dialog).getByRole("button", { name: "Rút lại sự đồng ý" }));
    expect(await within(section).findByText("Bạn đã rút lại sự đồng ý.")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/v1/consent/withdraw" && c.method === "POST")).toBe(true);
  });

  it("is not shown to an educator", SLOW, async () => {
    const { calls } = mockApi({ "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")) });
    renderRoute("/profile", "/profile", <ConsentSection />);
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/auth/is-authorized")).toBe(true));
    expect(screen.queryByRole("heading", { name: "Sự đồng ý" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/v1/consent/me")).toBe(false);
  });
});
