/** Sign-up in two steps (issue 24, item 1): the details, then consent to the notices in force and,
 * when the server says the date of birth is under 16, the parent's e-mail; the register call
 * carries the versions shown. An error about the details goes back to the first step. */
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Route } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import SignupRoute from "./signup";

const SLOW = { timeout: 20_000 };
const NOTICES = {
  terms: { version: "1.0", effective_on: "2026-11-01", summary: "" },
  privacy: { version: "1.1", effective_on: "2026-11-20", summary: "" },
};

function setup(register: Route, band: "child" | "under_7" | "adult" = "child") {
  const api = mockApi({
    "/public/api/provinces": ok([{ code: "79", name: "Thành phố Hồ Chí Minh" }]),
    "/public/api/consent/notices": ok({ ...NOTICES, age_band: band, needs_parent: band !== "adult" }),
    "/public/api/users/register": register,
  });
  const view = renderRoute("/signup", "/signup", <SignupRoute />);
  return { ...api, ...view };
}

const LABELS: Record<string, string> = {
  name: "Họ và tên",
  email: "E-mail",
  password: "Mật khẩu",
  confirm_password: "Nhập lại mật khẩu",
  gender: "Giới tính",
  date_of_birth: "Ngày sinh (dd/mm/yyyy)",
  cccd: "Số CCCD (12 chữ số)",
  phone: "Số điện thoại (cá nhân hoặc phụ huynh)",
  class_name: "Lớp",
  school_name: "Trường",
  province_code: "Tỉnh/thành phố",
  curriculum: "Bộ sách giáo khoa đang học",
  contact_email: "E-mail phụ huynh (không bắt buộc)",
};
const field = (name: string) => screen.getByLabelText(LABELS[name]!, { exact: true });

async function fillDetails() {
  const set = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  set("name", "Ngô Bảo Ngọc");
  set("email", "ngoc@example.vn");
  set("password", "Hoc-tap-2026!");
  set("confirm_password", "Hoc-tap-2026!");
  set("gender", "female");
  set("date_of_birth", "10/10/2011");
  set("cccd", "079211012345");
  set("phone", "0912345678");
  set("class_name", "9A1");
  set("school_name", "THCS Nguyễn Du");
  await screen.findByRole("option", { name: "Thành phố Hồ Chí Minh" });
  set("province_code", "79");
  set("curriculum", "Cánh Diều");
  set("contact_email", "me@example.vn");
}

describe("sign-up with consent", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks a learner under 16 for the parent's e-mail and sends the versions accepted", SLOW, async () => {
    const user = userEvent.setup();
    const { calls, router } = setup(ok({ email: "ngoc@example.vn" }));
    await fillDetails();
    await user.click(screen.getByRole("button", { name: "Tiếp tục" }));
    expect(await screen.findByRole("heading", { name: "Bước 2/2: sự đồng ý" })).toHaveFocus();
    expect(calls.find((c) => c.path.startsWith("/public/api/consent/notices"))?.path).toBe(
      "/public/api/consent/notices?date_of_birth=10%2F10%2F2011",
    );
    expect(await screen.findByLabelText("E-mail của cha mẹ hoặc người giám hộ")).toHaveValue("me@example.vn");
    expect(
      screen.getByRole("link", { name: "Chính sách bảo mật, phiên bản 1.1 ngày 20/11/2026" }),
    ).toBeVisible();
    await user.click(
      screen.getByRole("checkbox", {
        name: "Tôi đã đọc và đồng ý với điều khoản sử dụng (phiên bản 1.0) và chính sách bảo mật (phiên bản 1.1).",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Đăng ký" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/signup-confirmation"));
    expect(calls.find((c) => c.path === "/public/api/users/register")?.body).toMatchObject({
      email: "ngoc@example.vn",
      date_of_birth: "10/10/2011",
      accept_terms: true,
      terms_version: "1.0",
      privacy_version: "1.1",
      parent_email: "me@example.vn",
    });
  });

  it("says a parent fills in the form for a child under 7", SLOW, async () => {
    const user = userEvent.setup();
    setup(ok({}), "under_7");
    await fillDetails();
    await user.click(screen.getByRole("button", { name: "Tiếp tục" }));
    expect(
      await screen.findByText(/Trẻ dưới 7 tuổi do cha mẹ hoặc người giám hộ đăng ký/),
    ).toBeInTheDocument();
  });

  it("goes back to the details when the server refuses one of them", SLOW, async () => {
    const user = userEvent.setup();
    setup(
      {
        status: 400,
        body: {
          success: false,
          code: "validation_error",
          message: "Đăng ký thất bại",
          errors: { email: ["Hãy nhập một địa chỉ e-mail hợp lệ."] },
        },
      },
      "adult",
    );
    await fillDetails();
    await user.click(screen.getByRole("button", { name: "Tiếp tục" }));
    await user.click(await screen.findByRole("checkbox", { name: /^Tôi đã đọc và đồng ý/ }));
    expect(screen.queryByLabelText("E-mail của cha mẹ hoặc người giám hộ")).toBeNull(); // 16 or over
    await user.click(screen.getByRole("button", { name: "Đăng ký" }));
    expect(await screen.findByText("Hãy nhập một địa chỉ e-mail hợp lệ.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tiếp tục" })).toBeInTheDocument();
    expect(field("name")).toHaveValue("Ngô Bảo Ngọc"); // what was typed stays
  });

  it(
    "ends on the check-your-mail page whatever the address (the server tells nobody it is taken)",
    SLOW,
    async () => {
      const user = userEvent.setup();
      // An address that already has an account answers exactly this (issue 38 item 5): the owner is mailed.
      const { router } = setup(
        {
          status: 201,
          body: { success: true, message: "Đăng ký thành công.", data: { email: "ngoc@example.vn" } },
        },
        "adult",
      );
      await fillDetails();
      await user.click(screen.getByRole("button", { name: "Tiếp tục" }));
      await user.click(await screen.findByRole("checkbox", { name: /^Tôi đã đọc và đồng ý/ }));
      await user.click(screen.getByRole("button", { name: "Đăng ký" }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe("/signup-confirmation"));
      expect(router.state.location.search).toBe("?email=ngoc%40example.vn");
      expect(screen.queryByRole("alert")).toBeNull();
    },
  );
});
