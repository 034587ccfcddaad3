/** The consent prompt and banner in the app layout (issue 24, item 1): a learner who has not
 * consented is asked before anything else (accept or log out), a date of birth under 16 opens the
 * parent's e-mail the server asks for, and a learner waiting for a parent is told why buying waits
 * and can resend or change the address. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ConsentState } from "@/lib/api/consent";
import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { DefaultLayout } from "./default-layout";

const NOTICES = {
  terms: { version: "1.0", effective_on: "2026-11-01", summary: "" },
  privacy: { version: "1.1", effective_on: "2026-11-20", summary: "" },
};
const BLOCKED_VI =
  "Đang chờ cha mẹ đồng ý: bạn chưa đủ 16 tuổi, nên cho đến khi cha mẹ hoặc người giám hộ đồng ý, bạn chỉ có thể xem, chưa thể mua, làm bài kiểm tra hay khảo sát hướng nghiệp, hoặc quay video.";

function state(extra: Partial<ConsentState> = {}): ConsentState {
  return {
    applies: true,
    notices: NOTICES,
    consented: true,
    own: null,
    own_withdrawn: false,
    age_band: "adult",
    parent: null,
    parent_withdrawn: false,
    parent_outdated: false,
    request: null,
    prompt: [],
    blocked: null,
    birth_date_change: null,
    ...extra,
  };
}

const WAITING = state({
  age_band: "child",
  request: {
    parent_email: "me.hoa@example.vn",
    status: "pending",
    sent_at: "2026-11-27T01:00:00Z",
    expires_at: "2026-12-04T01:00:00Z",
    mails_left: 4,
  },
  blocked: { code: "parental_consent_required", message: BLOCKED_VI },
});

function setup(consent: Route, extra: Record<string, Route> = {}, language: "vi" | "en" = "vi") {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
    "/api/v1/consent/me": consent,
    ...extra,
  });
  const router = createMemoryRouter(
    [{ element: <DefaultLayout />, children: [{ path: "*", element: <h1>Chợ bài kiểm tra</h1> }] }],
    { initialEntries: ["/marketplace"] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return { ...api, router };
}

// A whole layout with typing: slower than one component under a loaded machine.
const SLOW = { timeout: 20_000 };

describe("consent in the app layout (issue 24, item 1)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks a learner who has not consented to accept the versions in force, or log out", SLOW, async () => {
    const user = userEvent.setup();
    let answered = false;
    const { calls } = setup(() => ok(answered ? state() : state({ consented: false, prompt: ["terms"] })), {
      "/api/v1/consent/prompt": () => {
        answered = true;
        return ok(state());
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Trước khi tiếp tục" });
    expect(within(dialog).getByText(/Hãy đọc điều khoản sử dụng và chính sách bảo mật/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole("link", { name: "Điều khoản sử dụng, phiên bản 1.0 ngày 01/11/2026" }),
    ).toHaveAttribute("href", "/terms-and-conditions");
    expect(
      within(dialog).getByRole("link", {
        name: "Chính sách bảo mật, phiên bản 1.1 ngày 20/11/2026",
      }),
    ).toHaveAttribute("target", "_blank");
    expect(within(dialog).getByRole("button", { name: "Đăng xuất" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Đóng/ })).toBeNull(); // only its own buttons close it

    await user.click(within(dialog).getByRole("button", { name: "Đồng ý và tiếp tục" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Hãy đồng ý với điều khoản sử dụng và chính sách bảo mật để tiếp tục.",
    );
    expect(calls.some((c) => c.path === "/api/v1/consent/prompt")).toBe(false);

    await user.click(
      within(dialog).getByRole("checkbox", {
        name: "Tôi đã đọc và đồng ý với điều khoản sử dụng (phiên bản 1.0) và chính sách bảo mật (phiên bản 1.1).",
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Đồng ý và tiếp tục" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.path === "/api/v1/consent/prompt")?.body).toEqual({
      accept_terms: true,
      terms_version: "1.0",
      privacy_version: "1.1",
      date_of_birth: "",
      parent_email: "",
    });
  });

  it(
    "asks a 15-year-old again after a new version: the new notices, and her parent's address to mail (English)",
    SLOW,
    async () => {
      const user = userEvent.setup();
      const earlier = {
        id: 7,
        subject: "parent" as const,
        source: "parent_link" as const,
        terms_version: "1.0",
        privacy_version: "1.0",
        given_at: "2026-11-02T02:00:00Z",
        parent_email: "me.hoa@example.vn",
        recorded_by: "",
        note: "",
      };
      const { calls } = setup(
        ok(
          state({
            consented: false,
            age_band: "child",
            own: { ...earlier, id: 6, subject: "learner", source: "signup", parent_email: "" },
            parent: earlier,
            parent_outdated: true,
            prompt: ["terms", "parent_email"],
            blocked: { code: "consent_required", message: "The terms or the privacy policy changed." },
          }),
        ),
        { "/api/v1/consent/prompt": ok(WAITING) },
        "en",
      );
      const dialog = await screen.findByRole("dialog", { name: "Before you continue" });
      expect(within(dialog).getByText(/The terms or the privacy policy have changed/)).toBeInTheDocument();
      expect(
        within(dialog).getByText(/Your parent or guardian consented to an earlier version/),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText("Parent's or guardian's e-mail")).toHaveValue("me.hoa@example.vn");
      await user.click(within(dialog).getByRole("checkbox", { name: /^I have read and accept/ }));
      await user.click(within(dialog).getByRole("button", { name: "Accept and continue" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(calls.find((c) => c.path === "/api/v1/consent/prompt")?.body).toMatchObject({
        accept_terms: true,
        terms_version: "1.0",
        privacy_version: "1.1",
        parent_email: "me.hoa@example.vn",
      });
      expect(
        await screen.findByRole("heading", { name: "Waiting for your parent's consent" }),
      ).toBeInTheDocument();
    },
  );

  it("logs out from the prompt", SLOW, async () => {
    const user = userEvent.setup();
    const { calls, router } = setup(ok(state({ consented: false, own_withdrawn: true, prompt: ["terms"] })), {
      "/api/v1/auth/logout": ok({}),
    });
    const dialog = await screen.findByRole("dialog", { name: "Trước khi tiếp tục" });
    expect(within(dialog).getByText(/Bạn đã rút lại sự đồng ý/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Đăng xuất" }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/auth/logout")).toBe(true));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it(
    "asks the date of birth, then the parent's e-mail the server asks for under 16 (English)",
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { calls } = setup(
        ok(state({ age_band: "unknown", prompt: ["date_of_birth"] })),
        {
          "/api/v1/consent/prompt": (_url, { body }) =>
            (body as { parent_email: string }).parent_email
              ? ok(WAITING)
              : {
                  status: 400,
                  body: {
                    success: false,
                    code: "validation_error",
                    message: "Please correct the highlighted fields.",
                    errors: { parent_email: ["Required"] },
                  },
                },
        },
        "en",
      );
      const dialog = await screen.findByRole("dialog", { name: "Before you continue" });
      expect(within(dialog).queryByRole("checkbox")).toBeNull(); // the terms are consented already
      await user.type(within(dialog).getByLabelText("Date of birth (dd/mm/yyyy)"), "02/02/2012");
      await user.click(within(dialog).getByRole("button", { name: "Accept and continue" }));
      const parent = await within(dialog).findByLabelText("Parent's or guardian's e-mail");
      expect(within(dialog).getByText("Required")).toBeInTheDocument();
      await user.type(parent, "me.hoa@example.vn");
      await user.click(within(dialog).getByRole("button", { name: "Accept and continue" }));
      await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(calls.filter((c) => c.path === "/api/v1/consent/prompt").at(-1)?.body).toMatchObject({
        date_of_birth: "02/02/2012",
        parent_email: "me.hoa@example.vn",
      });
      expect(
        await screen.findByRole("heading", { name: "Waiting for your parent's consent" }),
      ).toBeInTheDocument();
    },
  );

  it(
    "tells a learner under 16 why buying waits, resends and changes the parent's address",
    SLOW,
    async () => {
      const user = userEvent.setup();
      const { calls } = setup(ok(WAITING), {
        "/api/v1/consent/parent/resend": ok({ ...WAITING, request: { ...WAITING.request!, mails_left: 3 } }),
        "/api/v1/consent/parent": (_url, { body }) =>
          (body as { parent_email: string }).parent_email === "me.hoa@example.vn"
            ? {
                status: 400,
                body: {
                  success: false,
                  code: "validation_error",
                  message: "Vui lòng sửa các trường được đánh dấu.",
                  errors: {
                    parent_email: [
                      "Hãy nhập e-mail của cha mẹ hoặc người giám hộ, không phải e-mail của bạn.",
                    ],
                  },
                },
              }
            : ok(WAITING),
      });
      const banner = await screen.findByRole("region", { name: "Đang chờ cha mẹ đồng ý" });
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(within(banner).getByText(BLOCKED_VI)).toBeInTheDocument();
      expect(
        within(banner).getByText("Chúng tôi đã gửi yêu cầu đến me.hoa@example.vn lúc 08:00 27/11/2026."),
      ).toBeInTheDocument();
      expect(screen.getByRole("heading", { name: "Chợ bài kiểm tra" })).toBeInTheDocument(); // browsing stays open

      await user.click(within(banner).getByRole("button", { name: "Gửi lại yêu cầu" }));
      expect(await within(banner).findByRole("status")).toHaveTextContent(
        "Yêu cầu đã được gửi cho cha mẹ hoặc người giám hộ của bạn.",
      );
      expect(calls.filter((c) => c.path === "/api/v1/consent/parent/resend")).toHaveLength(1);

      await user.click(within(banner).getByRole("button", { name: "Đổi e-mail của phụ huynh" }));
      const field = within(banner).getByLabelText("E-mail mới của cha mẹ hoặc người giám hộ");
      await user.type(field, "me.hoa@example.vn");
      await user.click(within(banner).getByRole("button", { name: "Gửi yêu cầu" }));
      expect(
        await within(banner).findByText(
          "Hãy nhập e-mail của cha mẹ hoặc người giám hộ, không phải e-mail của bạn.",
        ),
      ).toBeInTheDocument();
      await user.clear(field);
      await user.type(field, "bo.an@example.vn");
      await user.click(within(banner).getByRole("button", { name: "Gửi yêu cầu" }));
      await vi.waitFor(() =>
        expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toEqual({
          parent_email: "bo.an@example.vn",
        }),
      );
      expect(await within(banner).findByRole("status")).toHaveTextContent("Yêu cầu đã được gửi");
    },
  );

  it("shows nothing to a learner whose consent is complete", SLOW, async () => {
    const { calls } = setup(ok(state()));
    await vi.waitFor(() => expect(calls.some((c) => c.path === "/api/v1/consent/me")).toBe(true));
    await screen.findByRole("heading", { name: "Chợ bài kiểm tra" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Đang chờ cha mẹ đồng ý" })).toBeNull();
  });
});
