import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { LISTING, page, PUBLISHABLE } from "../testing/fixtures";
import { PublishDialog } from "./publish-dialog";

describe("publish dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("publishes several tests with prices per add-on and shows the server's errors at each item", async () => {
    const user = userEvent.setup();
    document.cookie = "csrftoken=test-token";
    let answer: "errors" | "conflict" | "ok" = "errors";
    const { calls } = mockApi({
      "/api/v1/assignments/tests": ok(page(PUBLISHABLE)),
      "/api/v1/marketplace/create_multiple": () =>
        answer === "errors"
          ? {
              status: 400,
              body: {
                success: false,
                code: "validation_error",
                message: "Không thể đăng đề thi.",
                errors: {
                  "items.1.price_test_advanced": ["Nhập số tiền VND nguyên từ 0 đến 100.000.000."],
                  "items.0.price_survey_report": ["Giá không hợp lệ."],
                },
              },
            }
          : answer === "conflict"
            ? {
                status: 409,
                body: {
                  success: false,
                  code: "already_listed",
                  message: "Tiếng Anh 9 — giữa kì đã có trên chợ.",
                },
              }
            : ok([LISTING, { ...LISTING, id: 35 }]),
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<PublishDialog open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole("dialog", { name: "Đăng đề thi lên chợ" });
    await user.click(await within(dialog).findByRole("checkbox", { name: /Đánh giá năng lực Toán 9/ }));
    await user.click(within(dialog).getByRole("checkbox", { name: /Tiếng Anh 9 — giữa kì/ }));

    // The test-only price is required for each test (checked before sending).
    await user.click(within(dialog).getByRole("button", { name: "Đăng 2 đề thi" }));
    const first = within(dialog).getByRole("region", { name: "Giá của Đánh giá năng lực Toán 9" });
    const second = within(dialog).getByRole("region", { name: "Giá của Tiếng Anh 9 — giữa kì" });
    expect(await within(first).findByText("Bắt buộc")).toBeVisible();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(first).getByLabelText("Chỉ bài thi"), "150000");
    expect(within(first).getByLabelText("Chỉ bài thi")).toHaveValue("150.000");
    await user.type(within(first).getByLabelText("Bài thi + báo cáo nâng cao"), "250000");
    await user.type(within(second).getByLabelText("Chỉ bài thi"), "0");
    await user.type(within(second).getByLabelText("Bài thi + báo cáo nâng cao"), "99");
    await user.type(within(second).getByLabelText("Mô tả"), "Luyện nghe và ngữ pháp.");
    await user.click(within(dialog).getByRole("button", { name: "Đăng 2 đề thi" }));

    // Each server error appears at its own item and field.
    expect(await within(second).findByText("Nhập số tiền VND nguyên từ 0 đến 100.000.000.")).toBeVisible();
    expect(within(second).getByLabelText("Bài thi + báo cáo nâng cao")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(within(first).getByText("Giá không hợp lệ.")).toBeVisible();
    expect(within(first).queryByText("Nhập số tiền VND nguyên từ 0 đến 100.000.000.")).toBeNull();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      items: [
        {
          preset_id: 7,
          price_test_only: 150000,
          price_test_advanced: 250000,
          price_survey_report: null,
          description: "",
        },
        {
          preset_id: 8,
          price_test_only: 0,
          price_test_advanced: 99,
          price_survey_report: null,
          description: "Luyện nghe và ngữ pháp.",
        },
      ],
    });

    answer = "conflict";
    await user.click(within(dialog).getByRole("button", { name: "Đăng 2 đề thi" }));
    expect(await within(dialog).findByText("Tiếng Anh 9 — giữa kì đã có trên chợ.")).toBeVisible();

    answer = "ok";
    await user.click(within(dialog).getByRole("button", { name: "Đăng 2 đề thi" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it.each([
    ["vi", "-150000", "-150000", "Nhập số tiền nguyên (VND) từ 0 đến 100.000.000."],
    ["vi", "1500,5", "1.500,5", "Nhập số tiền nguyên (VND) từ 0 đến 100.000.000."],
    ["en", "-150000", "-150000", "Enter a whole number of VND from 0 to 100,000,000."],
    ["en", "1500.5", "1,500.5", "Enter a whole number of VND from 0 to 100,000,000."],
  ] as const)(
    "%s: refuses the price %s with a message instead of dropping what does not fit",
    async (language, typed, shown, message) => {
      const user = userEvent.setup();
      const { calls } = mockApi({
        "/api/v1/assignments/tests": ok(page(PUBLISHABLE)),
        "/api/v1/marketplace/create_multiple": ok([LISTING]),
      });
      renderWithProviders(<PublishDialog open onOpenChange={() => {}} />, { language });
      const dialog = await screen.findByRole("dialog");
      await user.click(await within(dialog).findByRole("checkbox", { name: /Đánh giá năng lực Toán 9/ }));
      const price = within(dialog).getByLabelText(language === "vi" ? "Chỉ bài thi" : "Test only");
      await user.type(price, typed);
      expect(price).toHaveValue(shown);
      await user.click(
        within(dialog).getByRole("button", { name: language === "vi" ? "Đăng 1 đề thi" : "Publish 1 test" }),
      );
      expect(await within(dialog).findByText(message)).toBeVisible();
      expect(price).toHaveAttribute("aria-invalid", "true");
      expect(calls.some((c) => c.method === "POST")).toBe(false);
    },
  );
});
