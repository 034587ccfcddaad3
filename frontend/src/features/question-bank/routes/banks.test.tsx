import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { BANK, page } from "../testing/fixtures";
import BanksRoute from "./banks";

const OTHER = {
  ...BANK,
  id: 5,
  name: "Ngữ văn 9",
  created_by_profile_id: 99,
  created_by_name: "Trần Văn Minh",
};

describe("question banks", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the banks; search and order go to the address and the request", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/question-banks": (url) => ok(page(url.searchParams.get("search") ? [] : [BANK, OTHER])),
    });
    const { router } = renderRoute("/question-bank", "/question-bank", <BanksRoute />);
    const list = await screen.findByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: "Toán 9" })).toHaveAttribute("href", "/question-bank/4");
    // Only the creator may rename or delete.
    expect(await screen.findByRole("button", { name: "Đổi tên Toán 9" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Đổi tên Ngữ văn 9" })).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText("Sắp xếp"), "-updated_at");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?order=-updated_at"));
    await userEvent.type(screen.getByLabelText("Tìm kiếm"), "Hóa");
    expect(
      await screen.findByText("Chưa có ngân hàng câu hỏi nào. Hãy tạo ngân hàng đầu tiên."),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe("?order=-updated_at&search=H%C3%B3a");
    expect(calls.at(-1)?.path).toBe(
      "/api/v1/question-banks?search=H%C3%B3a&order_by=-updated_at&page=1&limit=20",
    );
  });

  it("creates a bank and shows the server's error under the name", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/question-banks": (_url, { method }) =>
        method === "POST"
          ? {
              status: 400,
              body: { success: false, message: "Không thể lưu.", errors: { name: ["Bắt buộc"] } },
            }
          : ok(page([])),
    });
    renderRoute("/question-bank", "/question-bank", <BanksRoute />, { language: "vi" });
    await userEvent.click(await screen.findByRole("button", { name: "Ngân hàng mới" }));
    const dialog = await screen.findByRole("dialog", { name: "Ngân hàng mới" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(dialog).findByText("Bắt buộc")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "", parent_id: null });
  });

  it("a name another bank here holds: the server's message under the field, which it describes (en)", async () => {
    const taken = "A question bank with this name already exists here.";
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/question-banks": () => ok(page([BANK, { ...BANK, id: 6, name: "Vật lý 9" }])),
      "/api/v1/question-banks/6": {
        status: 409,
        body: { success: false, message: taken, code: "bank_name_taken", errors: { name: [taken] } },
      },
    });
    renderRoute("/question-bank", "/question-bank", <BanksRoute />, { language: "en" });
    await userEvent.click(await screen.findByRole("button", { name: "Rename Vật lý 9" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename" });
    const name = within(dialog).getByLabelText("Name");
    await userEvent.clear(name);
    await userEvent.type(name, "toán 9");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(taken);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(taken);
    expect(name).toHaveValue("toán 9");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ name: "toán 9" });
    // the toast stays quiet: the message is where the mistake is
    expect(screen.queryByText("409 Error")).toBeNull();
  });

  it("says when the banks cannot be loaded (en)", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/question-banks": { status: 500, body: { success: false, message: "Boom" } },
    });
    renderRoute("/question-bank", "/question-bank", <BanksRoute />, { language: "en" });
    expect(await screen.findByText("Could not load the data. Please try again.")).toBeInTheDocument();
  });
});
