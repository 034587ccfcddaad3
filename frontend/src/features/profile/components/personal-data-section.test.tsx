import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Reply } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import type { DataExport, DataRequests } from "@/components/data-copy/types";
import { PersonalDataSection } from "./personal-data-section";

const STATE = "/api/v1/data-requests";
const EXPORT: DataExport = {
  id: "7d1c",
  status: "queued",
  progress: 0,
  steps_done: 0,
  steps_total: 0,
  file_size: 0,
  download_url: null,
  created_at: "2026-11-27T01:00:00Z",
  finished_at: null,
  expires_at: null,
  error_code: "",
  error_message: "",
  answer_due_on: "2026-12-07",
};
const READY: DataExport = {
  ...EXPORT,
  status: "ready",
  progress: 100,
  steps_done: 9,
  steps_total: 9,
  file_size: 1_258_291,
  download_url: "/api/v1/data-requests/export/7d1c/download",
  finished_at: "2026-11-27T01:00:05Z",
  expires_at: "2026-12-04T01:00:05Z",
};
const idle = (over: Partial<DataRequests> = {}): DataRequests => ({
  export: null,
  deletion: null,
  corrections: [],
  correction_organizations: [],
  grace_days: 7,
  export_keep_days: 7,
  answer_days: { export: 10, correction: 10, deletion: 10, withdrawal: 15 },
  ...over,
});

/** Answers GET /data-requests with the states in turn (the last one repeats). */
function states(...replies: DataRequests[]): () => Reply {
  let i = 0;
  return () => ok(replies[Math.min(i++, replies.length - 1)]);
}

describe("personal data section", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for a copy, shows its progress, then the download and its expiry", async () => {
    const running = { ...EXPORT, status: "running", progress: 44, steps_done: 4, steps_total: 9 };
    const { calls } = mockApi({
      [STATE]: states(idle(), idle({ export: EXPORT }), idle({ export: running }), idle({ export: READY })),
      "/api/v1/data-requests/export": { status: 202, body: { success: true, data: EXPORT, message: "" } },
    });
    renderWithProviders(<PersonalDataSection />);
    expect(screen.getByRole("status")).toHaveTextContent("Đang tải…");
    await userEvent.click(await screen.findByRole("button", { name: "Tạo bản sao dữ liệu" }));
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/v1/data-requests/export")).toBe(true);
    const bar = await screen.findByRole("progressbar", { name: "Tiến độ tạo bản sao" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "44"), { timeout: 3000 });
    expect(screen.getByText("Đang tạo bản sao… 44%")).toBeInTheDocument();
    expect(
      screen.getByText("Chúng tôi sẽ trả lời chậm nhất vào ngày 07/12/2026 (thời hạn theo Luật)."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tạo bản sao dữ liệu" })).toBeDisabled();
    expect(
      await screen.findByText(
        "Bản sao đã sẵn sàng (1,2 MB). Hãy tải về trước 08:00 04/12/2026.",
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Tải về bản sao" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Tạo bản sao mới" })).toBeEnabled();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("shows a failed copy's message in English", async () => {
    const failed = {
      ...EXPORT,
      status: "failed",
      error_code: "export_failed",
      error_message: "The copy of your data could not be made. Please try again.",
    };
    mockApi({ [STATE]: ok(idle({ export: failed })) });
    renderWithProviders(<PersonalDataSection />, { language: "en" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The copy of your data could not be made. Please try again.",
    );
    expect(screen.getByRole("button", { name: "Request a copy" })).toBeEnabled();
  });

  it("puts a wrong password on its field and schedules with the right one", async () => {
    const scheduled = {
      id: "d1",
      status: "scheduled",
      requested_by: "learner",
      created_at: "2026-11-27T01:00:00Z",
      due_at: "2026-12-04T01:00:00Z",
      answer_due_on: "2026-12-07",
      can_cancel: true,
    };
    let scheduledYet = false;
    mockApi({
      [STATE]: () => ok(idle({ deletion: scheduledYet ? scheduled : null })),
      "/api/v1/data-requests/deletion": (_url, { body }) => {
        if ((body as { password: string }).password !== "Dung-mat-khau1")
          return {
            status: 400,
            body: {
              success: false,
              code: "wrong_password",
              message: "Mật khẩu không đúng.",
              errors: { password: ["Mật khẩu không đúng."] },
            },
          };
        scheduledYet = true;
        return { status: 201, body: { success: true, data: scheduled, message: "" } };
      },
    });
    renderWithProviders(
      <main>
        <h1>Hồ sơ</h1>
        <PersonalDataSection />
      </main>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Xóa tài khoản của tôi" }));
    const dialog = await screen.findByRole("dialog", { name: "Xóa tài khoản của bạn?" });
    expect(dialog).toHaveTextContent("Tài khoản sẽ bị xóa sau 7 ngày");
    await userEvent.click(screen.getByRole("button", { name: "Xóa tài khoản" }));
    expect(await screen.findByText("Nhập mật khẩu của bạn.")).toBeInTheDocument();
    const password = screen.getByLabelText("Mật khẩu");
    await userEvent.type(password, "sai-mat-khau");
    await userEvent.click(screen.getByRole("button", { name: "Xóa tài khoản" }));
    expect(await screen.findByText("Mật khẩu không đúng.")).toBeInTheDocument();
    expect(password).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(password);
    await userEvent.type(password, "Dung-mat-khau1");
    await userEvent.click(screen.getByRole("button", { name: "Xóa tài khoản" }));
    expect(await screen.findByText("Tài khoản của bạn sẽ bị xóa lúc 08:00 04/12/2026.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("heading", { name: "Xóa tài khoản" })).toHaveFocus());
    expect(screen.getByRole("button", { name: "Hủy việc xóa" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Xóa tài khoản của tôi" })).not.toBeInTheDocument();
  });

  it("a parent's deletion says who asked and that only they can cancel it", async () => {
    const byParent = {
      id: "d2",
      status: "scheduled",
      requested_by: "parent",
      created_at: "2026-11-27T01:00:00Z",
      due_at: "2026-12-04T01:00:00Z",
      answer_due_on: "2026-12-07",
      can_cancel: false,
    };
    mockApi({ [STATE]: ok(idle({ deletion: byParent })) });
    renderWithProviders(<PersonalDataSection />, { language: "en" });
    expect(await screen.findByText("Your account will be deleted on 4 Dec 2026, 08:00.")).toBeInTheDocument();
    expect(
      screen.getByText("The Law requires this request to be carried out by 7 Dec 2026."),
    ).toBeInTheDocument();
    expect(screen.getByText("Your parent or guardian asked for the deletion.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Only your parent or guardian can cancel this deletion, through the link they were sent.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel the deletion" })).not.toBeInTheDocument();
  });

  it("says when the section cannot load and retries", async () => {
    let fail = true;
    mockApi({
      [STATE]: () =>
        fail ? { status: 500, body: { success: false, code: "server_error", message: "x" } } : ok(idle()),
    });
    renderWithProviders(<PersonalDataSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Không tải được thông tin về dữ liệu cá nhân của bạn.",
    );
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Thử lại" }));
    expect(await screen.findByRole("button", { name: "Tạo bản sao dữ liệu" })).toBeInTheDocument();
  });

  it("asks an organization for a correction and shows the answer's due day and the answers", async () => {
    const user = userEvent.setup();
    const open = {
      id: "c1",
      status: "open",
      text: "Ngày sinh đúng là 12/03/2011, không phải 21/03/2011.",
      organization_name: "Trung tâm Học tập Quận 3",
      created_at: "2026-11-28T01:00:00Z",
      answer_due_on: "2026-12-08",
      answer: "",
      answered_at: null,
    };
    const refused = {
      ...open,
      id: "c0",
      status: "refused",
      text: "Tên trường ghi sai.",
      organization_name: null,
      answer: "Giấy tờ ghi đúng tên trường.",
      answered_at: "2026-11-25T03:00:00Z",
    };
    let sent = false;
    const organizations = [{ id: 3, name: "Trung tâm Học tập Quận 3" }];
    const { calls } = mockApi({
      [STATE]: () =>
        ok(
          idle({ correction_organizations: organizations, corrections: sent ? [open, refused] : [refused] }),
        ),
      "/api/v1/data-requests/correction": () => {
        sent = true;
        return { status: 201, body: { success: true, data: open, message: "" } };
      },
    });
    renderWithProviders(<PersonalDataSection />);
    expect(
      await screen.findByText(
        "Nếu dữ liệu của bạn bị sai mà bạn không tự sửa được trên trang này (số CCCD, thông tin tổ chức ghi về bạn), hãy gửi yêu cầu tới tổ chức đang giữ dữ liệu đó, hoặc tới nền tảng. Yêu cầu được trả lời trong vòng 10 ngày.",
      ),
    ).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Các yêu cầu chỉnh sửa của bạn" });
    expect(within(list).getByRole("listitem")).toHaveTextContent(
      "Bị từ chốiGửi Nền tảng lúc 08:00 28/11/2026Tên trường ghi sai.Đã trả lời lúc 10:00 25/11/2026. Giấy tờ ghi đúng tên trường.",
    );
    const select = screen.getByLabelText("Gửi tới");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Trung tâm Học tập Quận 3", "Nền tảng"]);
    await user.type(screen.getByLabelText("Thông tin nào sai và cần sửa thành gì?"), "sai");
    await user.click(screen.getByRole("button", { name: "Gửi yêu cầu" }));
    expect(
      await screen.findByText("Hãy cho biết thông tin nào sai và cần sửa thành gì (ít nhất 10 ký tự)."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.clear(screen.getByLabelText("Thông tin nào sai và cần sửa thành gì?"));
    await user.type(
      screen.getByLabelText("Thông tin nào sai và cần sửa thành gì?"),
      "Ngày sinh đúng là 12/03/2011, không phải 21/03/2011.",
    );
    await user.click(screen.getByRole("button", { name: "Gửi yêu cầu" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        organization_id: 3,
        text: "Ngày sinh đúng là 12/03/2011, không phải 21/03/2011.",
      }),
    );
    expect(
      await screen.findByText("Sẽ được trả lời chậm nhất vào ngày 08/12/2026 (thời hạn theo Luật)."),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a correction, in English", async () => {
    const user = userEvent.setup();
    mockApi({
      [STATE]: ok(idle()),
      "/api/v1/data-requests/correction": {
        status: 409,
        body: {
          success: false,
          code: "too_many_open_corrections",
          message: "You already have 5 corrections waiting for an answer.",
          errors: {},
        },
      },
    });
    renderWithProviders(<PersonalDataSection />, { language: "en" });
    const select = await screen.findByLabelText("Send to");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["The platform"]);
    await user.type(
      screen.getByLabelText("What is wrong, and what should it be?"),
      "My CCCD number has one wrong digit.",
    );
    await user.click(screen.getByRole("button", { name: "Send the request" }));
    expect(
      await screen.findByText("You already have 5 corrections waiting for an answer."),
    ).toBeInTheDocument();
  });
});
