import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import ProfileRoute from "./profile";

const PROVINCES = [
  { code: "01", name: "Thành phố Hà Nội" },
  { code: "79", name: "Thành phố Hồ Chí Minh" },
];

describe("profile form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the server's field errors on their fields and toasts its message", async () => {
    const toasts = recordToasts();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/public/api/provinces": ok(PROVINCES),
      "/api/v1/users/profile/self": {
        status: 400,
        body: {
          success: false,
          code: "validation_error",
          message: "Dữ liệu không hợp lệ.",
          errors: { alternate_email: ["E-mail phụ không hợp lệ."], unknown_field: ["x"] },
        },
      },
    });
    renderRoute("/profile", "/profile", <ProfileRoute />);
    const alternate = await screen.findByLabelText("E-mail phụ");
    expect(screen.getByLabelText("Tỉnh/thành phố")).toHaveValue("79");
    await userEvent.type(alternate, "lan@phu.vn");
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));

    expect(await screen.findByText("E-mail phụ không hợp lệ.")).toBeInTheDocument();
    expect(alternate).toHaveAttribute("aria-invalid", "true");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ alternate_email: "lan@phu.vn" });
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        variant: "destructive",
        title: "Cập nhật thất bại",
        description: "Dữ liệu không hợp lệ.",
      }),
    );
  });

  it("holds a date of birth across 16 for confirmation, asking who confirms (issue 37, item 5)", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const me = authorizedAs("LEARNER");
    const learner = { ...me, user: { ...me.user, date_of_birth: "01/06/2012" } };
    const change = {
      previous: "01/06/2012",
      requested: "01/01/2000",
      status: "pending",
      confirmer: "parent",
      confirmer_name: "me.lan@example.vn",
      requested_at: "2026-11-27T01:00:00Z",
      decided_at: null,
    };
    let asked = false;
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(learner),
      "/public/api/provinces": ok(PROVINCES),
      "/api/v1/consent/me": () =>
        ok({ applies: true, prompt: [], blocked: null, birth_date_change: asked ? change : null }),
      "/api/v1/users/profile/self": (_url, { body }) => {
        if (!(body as { parent_email?: string }).parent_email)
          return {
            status: 400,
            body: {
              success: false,
              code: "validation_error",
              message:
                "Thay đổi ngày sinh qua mốc 16 tuổi cần cha mẹ hoặc người giám hộ xác nhận: hãy nhập e-mail của họ.",
              errors: { parent_email: ["Bắt buộc"] },
            },
          };
        asked = true;
        return ok(learner.user);
      },
    });
    renderRoute("/profile", "/profile", <ProfileRoute />);
    const born = await screen.findByLabelText("Ngày sinh (dd/mm/yyyy)");
    await user.clear(born);
    await user.type(born, "01/01/2000");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    const parent = await screen.findByLabelText(
      "E-mail của cha mẹ hoặc người giám hộ (người xác nhận ngày sinh mới)",
    );
    expect(screen.getByText("Bắt buộc")).toBeInTheDocument();
    await user.type(parent, "me.lan@example.vn");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(
      await screen.findByText(
        "Ngày sinh mới của bạn, 01/01/2000, đang chờ cha mẹ hoặc người giám hộ (me.lan@example.vn) xác nhận: thay đổi này vượt qua mốc 16 tuổi nên bạn không thể tự đổi. Cho đến khi đó, ngày 01/06/2012 được giữ.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toMatchObject({
      date_of_birth: "01/01/2000",
      parent_email: "me.lan@example.vn",
    });
    expect(born).toHaveValue("01/06/2012"); // the confirmed date stays in the form
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        variant: "success",
        title: "Đã lưu hồ sơ. Ngày sinh mới của bạn đang chờ xác nhận.",
      }),
    );
  });

  it("shows the learner's own CCCD number in full, read-only", async () => {
    const me = authorizedAs("LEARNER");
    mockApi({
      "/api/v1/auth/is-authorized": ok({ ...me, user: { ...me.user, cccd: "079209001234" } }),
      "/public/api/provinces": ok(PROVINCES),
    });
    renderRoute("/profile", "/profile", <ProfileRoute />);
    const cccd = await screen.findByRole("textbox", { name: "Số CCCD (12 chữ số)" });
    expect(cccd).toHaveValue("079209001234");
    expect(cccd).toBeDisabled();
  });

  it("marks the organization's and the person's names lang=vi on an English page", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/public/api/provinces": ok(PROVINCES),
    });
    renderRoute("/profile", "/profile", <ProfileRoute />, { language: "en" });
    const organization = await screen.findByRole("textbox", { name: "Organization" });
    expect(screen.queryByRole("textbox", { name: /CCCD/ })).toBeNull(); // none on this profile
    expect(organization).toHaveValue("Trung tâm Học tập");
    expect(organization).toHaveAttribute("lang", "vi");
    expect(screen.getByRole("textbox", { name: "Role" })).not.toHaveAttribute("lang");
    expect(screen.getByText("NL", { selector: '[lang="vi"] > [role="img"]' })).toHaveAccessibleName(
      "Nguyễn Thị Lan",
    );
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/public/api/provinces": ok(PROVINCES),
    });
    renderRoute("/profile", "/profile", <ProfileRoute />);
    const organization = await screen.findByRole("textbox", { name: "Tổ chức" });
    expect(organization).toHaveValue("Trung tâm Học tập");
    expect(organization).not.toHaveAttribute("lang");
    expect(screen.getByRole("img", { name: "Nguyễn Thị Lan" })).toHaveTextContent("NL");
    expect(screen.queryByText("NL", { selector: '[lang] > [role="img"]' })).toBeNull();
  });

  it("leaves the public learner's organization text (an interface text) unmarked", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/public/api/provinces": ok(PROVINCES),
    });
    renderRoute("/profile", "/profile", <ProfileRoute />, { language: "en" });
    const organization = await screen.findByRole("textbox", { name: "Organization" });
    expect(organization).toHaveValue("Independent learner");
    expect(organization).not.toHaveAttribute("lang");
  });

  it("shows the saved grade at once after Lưu, and keeps it when the session is read again (issue 38)", async () => {
    const toasts = recordToasts();
    const me = authorizedAs("LEARNER");
    // The server's copy: both saves land within the same second (updatedAt has no milliseconds).
    let user = { ...me.user };
    const saved = "2026-11-22T08:00:05Z";
    const { fetchMock } = mockApi({
      "/api/v1/auth/is-authorized": () => ok({ ...me, user }),
      "/public/api/provinces": ok(PROVINCES),
      "/api/v1/users/profile/self": (_url, { body }) => {
        user = { ...user, ...(body as object), updatedAt: saved };
        return ok(user);
      },
      "/api/v1/users/profile/self/grade": (_url, { body }) => {
        user = { ...user, grade: (body as { grade: number }).grade, updatedAt: saved };
        return ok(user);
      },
    });
    // The grade's save takes a moment, as over a network: the page renders in between.
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/self/grade")) await new Promise((resolve) => setTimeout(resolve, 100));
      return fetchMock(input, init);
    });
    const { client } = renderRoute("/profile", "/profile", <ProfileRoute />);
    const grade = await screen.findByRole("combobox", { name: "Khối lớp" });
    expect(headingSkips()).toEqual([]); // h1 > h2 (issue 38)
    expect(grade).toHaveValue("9");
    await userEvent.selectOptions(grade, "Lớp 10");
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({ variant: "success", title: "Đã lưu hồ sơ" }),
    );
    expect(screen.getByRole("combobox", { name: "Khối lớp" })).toHaveValue("10");
    // the session the other screens read (the marketplace's grade) has it too, without a reload
    expect(client.getQueryData<{ user: { grade: number } }>(["auth", "is-authorized"])?.user.grade).toBe(10);
    await client.refetchQueries({ queryKey: ["auth", "is-authorized"] });
    expect(screen.getByRole("combobox", { name: "Khối lớp" })).toHaveValue("10");
  });
});
