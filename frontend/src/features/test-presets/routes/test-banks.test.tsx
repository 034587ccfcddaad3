import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Reply } from "@/testing/mock-api";
import { recordToasts, renderRoute } from "@/testing/render-route";

import { page, TEST_BANK } from "../testing/fixtures";
import TestBanksRoute from "./test-banks";

const THEIRS = { ...TEST_BANK, id: 4, name: "Đề thi thử THPT", preset_count: 0, created_by_profile_id: 99 };

function open(
  path = "/test-preset/banks",
  routes: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  const api = mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/test-banks": ok(page([TEST_BANK, THEIRS])),
    ...routes,
  });
  return { ...api, ...renderRoute("/test-preset/banks", path, <TestBanksRoute />) };
}

describe("test banks", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the banks with their tests; only the creator may rename or delete; search in the address", async () => {
    const user = userEvent.setup();
    const { calls, router } = open();
    const list = await screen.findByRole("list", { name: "Ngân hàng đề thi" });
    const [mine, theirs] = within(list).getAllByRole("listitem");
    expect(mine).toHaveTextContent("Đề thi học kì 1");
    expect(mine).toHaveTextContent("1 đề thi · Nguyễn Thị Lan · 22/11/2026");
    expect(within(mine!).getByRole("link", { name: "Đề thi học kì 1" })).toHaveAttribute(
      "href",
      "/test-preset/banks/3",
    );
    expect(await within(mine!).findByRole("button", { name: "Đổi tên Đề thi học kì 1" })).toBeVisible();
    expect(within(mine!).getByRole("button", { name: "Xóa Đề thi học kì 1" })).toBeVisible();
    expect(within(theirs!).queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Về danh sách đề thi" })).toHaveAttribute("href", "/test-preset");

    await user.type(screen.getByLabelText("Tìm kiếm"), "học kì");
    await user.selectOptions(screen.getByLabelText("Sắp xếp"), "-updated_at");
    await vi.waitFor(() =>
      expect(calls.at(-1)?.path).toBe(
        "/api/v1/test-banks?search=h%E1%BB%8Dc+k%C3%AC&order_by=-updated_at&page=1&limit=20",
      ),
    );
    expect(router.state.location.search).toBe("?search=h%E1%BB%8Dc+k%C3%AC&order=-updated_at");
  });

  it("creates a bank: a name is required, the server's field error shows under it", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    let reply: Reply = {
      status: 400,
      body: {
        success: false,
        code: "validation_error",
        message: "Cần có tên ngân hàng đề thi.",
        errors: { name: ["Bắt buộc"] },
      },
    };
    const { calls } = open("/test-preset/banks", {
      "/api/v1/test-banks": (_url, { method }) => (method === "POST" ? reply : ok(page([TEST_BANK]))),
    });
    await user.click(await screen.findByRole("button", { name: "Ngân hàng đề mới" }));
    const dialog = await screen.findByRole("dialog", { name: "Ngân hàng đề thi mới" });
    const name = within(dialog).getByLabelText("Tên ngân hàng");
    expect(name).toHaveFocus();
    await user.type(name, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Bắt buộc")).toBeVisible();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.clear(name);
    await user.type(name, "Đề kiểm tra 15 phút");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Cần có tên ngân hàng đề thi.")).toBeVisible();
    expect(within(dialog).getByText("Bắt buộc")).toBeVisible();

    reply = ok({ ...TEST_BANK, id: 9, name: "Đề kiểm tra 15 phút", preset_count: 0 });
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { name: "Đề kiểm tra 15 phút" },
      { name: "Đề kiểm tra 15 phút" },
    ]);
    expect(toasts.map((t) => t.title)).toContain("Đã tạo ngân hàng đề thi.");
  });

  it("renames the creator's bank", async () => {
    const user = userEvent.setup();
    const { calls } = open("/test-preset/banks", {
      "/api/v1/test-banks/3": ok({ ...TEST_BANK, name: "Đề thi HK1 (mới)" }),
    });
    await user.click(await screen.findByRole("button", { name: "Đổi tên Đề thi học kì 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Đổi tên ngân hàng đề thi" });
    const name = within(dialog).getByLabelText("Tên ngân hàng");
    expect(name).toHaveValue("Đề thi học kì 1");
    await user.clear(name);
    await user.type(name, "Đề thi HK1 (mới) ");
    await user.click(within(dialog).getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        path: "/api/v1/test-banks/3",
        body: { name: "Đề thi HK1 (mới)" },
      }),
    );
  });

  it("deletes a bank after confirmation and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = open("/test-preset/banks", {
      "/api/v1/test-banks/3": (): Reply =>
        refuse
          ? {
              status: 403,
              body: {
                success: false,
                code: "not_creator",
                message: "Chỉ người tạo ngân hàng đề thi này mới có thể xóa nó.",
              },
            }
          : ok({}),
    });
    await user.click(await screen.findByRole("button", { name: "Xóa Đề thi học kì 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Xóa ngân hàng đề thi?" });
    expect(dialog).toHaveTextContent(
      "Xóa “Đề thi học kì 1”? Các đề thi trong ngân hàng vẫn được giữ nguyên.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Xóa" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Chỉ người tạo ngân hàng đề thi này mới có thể xóa nó.",
    );
    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Xóa" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/v1/test-banks/3",
      "/api/v1/test-banks/3",
    ]);
  });

  it("says when there is no bank yet", async () => {
    open("/test-preset/banks", { "/api/v1/test-banks": ok(page([])) });
    expect(
      await screen.findByText("Chưa có ngân hàng đề thi nào. Tạo ngân hàng đầu tiên rồi thêm đề thi vào."),
    ).toBeVisible();
  });

  it("says when no bank matches the search", async () => {
    open("/test-preset/banks?search=zzz", { "/api/v1/test-banks": ok(page([])) });
    expect(await screen.findByText("Không có ngân hàng nào khớp tìm kiếm.")).toBeVisible();
  });
});
