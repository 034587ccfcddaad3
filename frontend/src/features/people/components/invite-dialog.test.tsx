import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { InviteDialog } from "./invite-dialog";

const RESULTS = [
  { email: "moi@demo.vn", ok: true, code: "", message: "Đã gửi lời mời." },
  {
    email: "lan@demo.vn",
    ok: false,
    code: "already_member",
    message: "Người này đã là thành viên của tổ chức.",
  },
  {
    email: "cu@demo.vn",
    ok: false,
    code: "already_invited",
    message: "người dùng với e-mail này đã được mời",
  },
  { email: "hong@demo.vn", ok: false, code: "validation_error", message: "Không gửi được e-mail." },
];

describe("invite dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends every address once and lists the server's answer per address", async () => {
    const { fetchMock } = mockApi({ "/api/v1/organization/invitations": ok(RESULTS) });
    const onInvited = vi.fn();
    renderWithProviders(<InviteDialog role="EDUCATOR" open onOpenChange={() => {}} onInvited={onInvited} />);
    await userEvent.type(
      screen.getByLabelText("Địa chỉ e-mail"),
      "Moi@demo.vn, lan@demo.vn{enter}Cô Út <cu@demo.vn>; hong@demo.vn moi@demo.vn",
    );
    await userEvent.type(screen.getByLabelText("Chức danh (không bắt buộc)"), "Giáo viên Toán");
    await userEvent.click(screen.getByRole("button", { name: "Gửi lời mời" }));

    const results = await screen.findByRole("list", { name: "Kết quả từng địa chỉ" });
    const items = within(results).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "moi@demo.vnĐã gửi lời mời",
      "lan@demo.vnĐã là thành viên",
      "cu@demo.vnngười dùng với e-mail này đã được mời",
      "hong@demo.vnMời thất bạiKhông gửi được e-mail.",
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("Đã mời 1/4 địa chỉ.");
    expect(onInvited).toHaveBeenCalledOnce();

    const post = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith("/api/v1/organization/invitations"),
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      emails: ["moi@demo.vn", "lan@demo.vn", "cu@demo.vn", "hong@demo.vn"],
      role: "EDUCATOR",
      job_title: "Giáo viên Toán",
    });

    // "Invite more" goes back to an empty form.
    await userEvent.click(screen.getByRole("button", { name: "Mời thêm" }));
    expect(screen.getByLabelText("Địa chỉ e-mail")).toHaveValue("");
  });

  it("refuses empty and malformed addresses before calling the server", async () => {
    const { calls } = mockApi({});
    renderWithProviders(<InviteDialog role="LEARNER" open onOpenChange={() => {}} />, { language: "en" });
    await userEvent.click(await screen.findByRole("button", { name: "Send invitations" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("E-mail addresses"), "an@demo.vn, khong-hop-le, b@c");
    await userEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    expect(await screen.findByText("Not a valid e-mail address: khong-hop-le, b@c")).toBeInTheDocument();
    expect(screen.queryByLabelText("Job title (optional)")).toBeNull(); // learners have none
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of the whole request (not an organization admin)", async () => {
    mockApi({
      "/api/v1/organization/invitations": {
        status: 403,
        body: {
          success: false,
          code: "not_org_admin",
          message: "Chỉ quản trị viên tổ chức mới làm được việc này.",
        },
      },
    });
    renderWithProviders(<InviteDialog role="EDUCATOR" open onOpenChange={() => {}} />);
    await userEvent.type(screen.getByLabelText("Địa chỉ e-mail"), "x@demo.vn");
    await userEvent.click(screen.getByRole("button", { name: "Gửi lời mời" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Chỉ quản trị viên tổ chức mới làm được việc này.",
    );
  });
});
