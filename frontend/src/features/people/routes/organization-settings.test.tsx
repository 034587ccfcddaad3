import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import OrganizationSettingsRoute from "./organization-settings";

const SETTINGS = {
  id: 3,
  name: "Trung tâm Học tập Suốt đời",
  display_name: "",
  logo: null,
  contact_email: "lienhe@demo.vn",
  default_language: "vi",
  survey_management_allowed: true,
};

function admin(isAdmin = true) {
  const data = authorizedAs("EDUCATOR");
  data.user.is_admin = isAdmin;
  return ok(data);
}

describe("organization settings", () => {
  beforeAll(() => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("validates the contact e-mail, saves, and shows the SuperAdmin's survey status read-only", async () => {
    const { fetchMock } = mockApi({
      "/api/v1/auth/is-authorized": admin(),
      "/api/v1/organization/settings": (): ReturnType<typeof ok> =>
        ok({ ...SETTINGS, display_name: "Trung tâm A" }),
    });
    renderRoute("/organization/settings", "/organization/settings", <OrganizationSettingsRoute />);
    expect(await screen.findByText("Được phép")).toBeInTheDocument();
    const privacy = screen.getByRole("region", { name: "Dữ liệu cá nhân" });
    expect(within(privacy).getByRole("link", { name: "Lưu giữ dữ liệu" })).toHaveAttribute(
      "href",
      "/organization/retention",
    );
    expect(within(privacy).getByRole("link", { name: "Nhật ký truy cập" })).toHaveAttribute(
      "href",
      "/organization/access-log",
    );
    const email = screen.getByLabelText("E-mail liên hệ");
    await userEvent.clear(email);
    await userEvent.type(email, "khong-hop-le");
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("E-mail không hợp lệ")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, "tuyensinh@demo.vn");
    await userEvent.selectOptions(screen.getByLabelText("Ngôn ngữ mặc định"), "en");
    await userEvent.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
      expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
        contact_email: "tuyensinh@demo.vn",
        default_language: "en",
      });
    });
  });

  it("previews a chosen logo and shows the server's refusal of its content", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": admin(),
      "/api/v1/organization/settings": ok(SETTINGS),
      "/api/v1/organization/settings/logo": {
        status: 400,
        body: {
          success: false,
          code: "unsupported_image",
          message: "File không phải ảnh JPEG, PNG hoặc WebP.",
        },
      },
    });
    renderRoute("/organization/settings", "/organization/settings", <OrganizationSettingsRoute />);
    await userEvent.upload(
      await screen.findByLabelText("Chọn ảnh logo"),
      new File(["GIF89a"], "logo.png", { type: "image/png" }),
    );
    expect(screen.getByRole("img", { name: "Xem trước logo mới" })).toHaveAttribute("src", "blob:preview");
    await userEvent.click(screen.getByRole("button", { name: "Tải logo lên" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("File không phải ảnh JPEG, PNG hoặc WebP.");
  });

  it.each([
    ["vi", "Cài đặt tổ chức", "Logo hiện tại"],
    ["en", "Organization settings", "Current logo"],
  ] as const)("shows the organization's current logo (%s)", async (language, heading, alt) => {
    // What people.spec.ts read from the demo centre's seeded logo, in both languages.
    mockApi({
      "/api/v1/auth/is-authorized": admin(),
      "/api/v1/organization/settings": ok({ ...SETTINGS, logo: "/media/logos/3.webp" }),
    });
    renderRoute("/organization/settings", "/organization/settings", <OrganizationSettingsRoute />, {
      language,
    });
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: alt })).toHaveAttribute("src", "/media/logos/3.webp");
  });

  it("is read-only for an educator who is not an organization admin", async () => {
    mockApi({ "/api/v1/auth/is-authorized": admin(false), "/api/v1/organization/settings": ok(SETTINGS) });
    renderRoute("/organization/settings", "/organization/settings", <OrganizationSettingsRoute />, {
      language: "en",
    });
    expect(await screen.findByText("Only organization admins can change the settings.")).toBeInTheDocument();
    expect(screen.getByLabelText("Contact e-mail")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByLabelText("Choose a logo image")).toBeNull();
    // Issue 24: the retention periods to read; the access log is the admins'.
    expect(screen.getByRole("link", { name: "Data retention" })).toHaveAttribute(
      "href",
      "/organization/retention",
    );
    expect(screen.queryByRole("link", { name: "Access log" })).toBeNull();
  });
});
