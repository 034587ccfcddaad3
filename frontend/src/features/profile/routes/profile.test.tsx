import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

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
});
