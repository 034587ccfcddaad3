import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import LoginRoute from "./login";

function renderLogin(language: "vi" | "en") {
  return renderWithProviders(
    <MemoryRouter>
      <LoginRoute />
    </MemoryRouter>,
    { language },
  );
}

describe("login form validation and failures in both languages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows Vietnamese messages by default", async () => {
    renderLogin("vi");
    await userEvent.click(screen.getByRole("button", { name: "Đăng nhập" }));
    expect(await screen.findAllByText("Bắt buộc")).toHaveLength(2);
    await userEvent.type(screen.getByLabelText("E-mail"), "khong-phai-email");
    await userEvent.click(screen.getByRole("button", { name: "Đăng nhập" }));
    expect(await screen.findByText("E-mail không hợp lệ")).toBeInTheDocument();
  });

  it("shows English messages when the language is en", async () => {
    renderLogin("en");
    await userEvent.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findAllByText("Required")).toHaveLength(2);
  });

  it("offers to resend the verification e-mail on 403 email_not_verified", async () => {
    const { calls } = mockApi({
      "/public/api/auth/csrf": { body: { success: true, data: { csrf_token: "t" }, message: "" } },
      "/public/api/auth/login": {
        status: 403,
        body: {
          success: false,
          message: "Your e-mail address is not verified yet.",
          code: "email_not_verified",
        },
      },
      "/public/api/auth/resend-verification-email": { body: { success: true, data: {}, message: "" } },
    });
    renderLogin("en");
    await userEvent.type(await screen.findByLabelText("E-mail"), "an@example.vn");
    await userEvent.type(screen.getByLabelText("Password"), "Secret-123");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Your e-mail address is not verified yet.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send the verification e-mail again" }));
    await vi.waitFor(() =>
      expect(calls.map((c) => c.path)).toContain("/public/api/auth/resend-verification-email"),
    );
  });
});
