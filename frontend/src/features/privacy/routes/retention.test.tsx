import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import RetentionRoute from "./retention";

const RETENTION = {
  video_keep_days: 90,
  file_keep_hours: 24,
  is_default: true,
  updated_at: null,
  updated_by_name: "",
  appeal_window_days: 30,
  video_keep_days_default: 90,
  video_keep_days_min: 30,
  video_keep_days_max: 1825,
  file_keep_hours_default: 24,
  file_keep_hours_min: 1,
  file_keep_hours_max: 720,
};

function educator(isAdmin: boolean) {
  const data = authorizedAs("EDUCATOR");
  data.user.is_admin = isAdmin;
  return ok(data);
}

const render = (language: "vi" | "en" = "vi") =>
  renderRoute("/organization/retention", "/organization/retention", <RetentionRoute />, { language });

describe("retention settings", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("checks the bounds the server sent, saves, and shows who saved", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": educator(true),
      "/api/v1/privacy/retention": (_url, { method, body }) =>
        method === "PUT"
          ? ok({
              ...RETENTION,
              ...(body as object),
              is_default: false,
              updated_at: "2026-11-27T01:30:00Z",
              updated_by_name: "Nguyễn Thị Lan",
            })
          : ok(RETENTION),
    });
    render();
    const days = await screen.findByLabelText("Giữ video giám sát");
    expect(days).toHaveValue(90);
    expect(screen.getByText("Tổ chức đang dùng giá trị mặc định.")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Video môi trường xung quanh quay trước bài thi. Ít nhất 30 ngày (thời hạn phúc khảo 30 ngày), tối đa 1825 ngày; mặc định 90 ngày. Kết quả chưa công bố thì video được giữ.",
      ),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, "29");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(
      await screen.findByText("Giữ video ít nhất 30 ngày sau khi công bố kết quả: thời hạn phúc khảo."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await user.clear(days);
    await user.type(days, "45");
    const hours = screen.getByLabelText("Giữ tệp xuất và tệp nhập");
    await user.clear(hours);
    await user.type(hours, "72");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        video_keep_days: 45,
        file_keep_hours: 72,
      }),
    );
    expect(await screen.findByText("Nguyễn Thị Lan lưu lần cuối lúc 08:30 27/11/2026.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Nhật ký truy cập" })).toHaveAttribute(
      "href",
      "/organization/access-log",
    );
  });

  it("refuses a video period under the appeal window and saves, in English", async () => {
    // What privacy.spec.ts checked in English against the demo centre.
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": educator(true),
      "/api/v1/privacy/retention": (_url, { method, body }) =>
        method === "PUT"
          ? ok({
              ...RETENTION,
              ...(body as object),
              is_default: false,
              updated_at: "2026-11-27T01:30:00Z",
              updated_by_name: "Nguyễn Thị Lan",
            })
          : ok(RETENTION),
    });
    render("en");
    expect(await screen.findByRole("heading", { name: "Data retention", level: 1 })).toBeInTheDocument();
    const days = await screen.findByLabelText("Keep proctoring videos");
    expect(days).toHaveValue(90);
    await user.clear(days);
    await user.type(days, "29");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "Keep videos at least 30 days after the result is released: the appeal window.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.clear(days);
    await user.type(days, "90");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/^Last saved by Nguyễn Thị Lan on /)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ video_keep_days: 90, file_keep_hours: 24 });
  });

  it("shows the server's refusal on its field, in English", async () => {
    const user = userEvent.setup();
    mockApi({
      "/api/v1/auth/is-authorized": educator(true),
      "/api/v1/privacy/retention": (_url, { method }) =>
        method === "PUT"
          ? {
              status: 400,
              body: {
                success: false,
                code: "retention_out_of_range",
                message: "Please correct the highlighted fields.",
                errors: { file_keep_hours: ["At most 720."] },
              },
            }
          : ok(RETENTION),
    });
    render("en");
    const hours = await screen.findByLabelText("Keep exports and imports");
    await user.clear(hours);
    await user.type(hours, "48");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("At most 720.")).toBeInTheDocument();
    expect(screen.getByText("Please correct the highlighted fields.")).toBeInTheDocument();
  });

  it("is read-only for an educator who is not an admin, without the access log", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": educator(false),
      "/api/v1/privacy/retention": ok({ ...RETENTION, video_keep_days: 120 }),
    });
    render();
    expect(await screen.findByLabelText("Giữ video giám sát")).toBeDisabled();
    expect(
      screen.getByText("Chỉ quản trị viên tổ chức mới có thể thay đổi thời gian lưu giữ."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lưu" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Nhật ký truy cập" })).not.toBeInTheDocument();
  });

  it("downloads the record of processing in either language and format (issue 37, item 7)", async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": educator(true),
      "/api/v1/privacy/retention": ok(RETENTION),
    });
    // The record is a file answer, not the JSON envelope the stub writes: answer it here.
    const fetchMock = vi.mocked(globalThis.fetch);
    const json = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== "/api/v1/privacy/record-of-processing") return json(input, init);
      calls.push({ path: url.pathname + url.search, method: "GET", headers: {} });
      const stem =
        url.searchParams.get("language") === "en" ? "record-of-processing" : "ho-so-xu-ly-du-lieu-ca-nhan";
      return new Response(new Blob(["file"]), {
        status: 200,
        headers: {
          "Content-Disposition": `attachment; filename="${stem}-org-a-2026-11-28.${url.searchParams.get("file_format")}"`,
        },
      });
    });
    render();
    const section = await screen.findByRole("region", {
      name: "Hồ sơ ghi nhận hoạt động xử lý dữ liệu cá nhân",
    });
    const buttons = within(section)
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(buttons).toEqual([
      "PDF (Tiếng Việt)",
      "Bảng tính (Tiếng Việt)",
      "PDF (English)",
      "Bảng tính (English)",
    ]);
    await user.click(within(section).getByRole("button", { name: "Bảng tính (English)" }));
    await vi.waitFor(() => expect(saved).toEqual(["record-of-processing-org-a-2026-11-28.xlsx"]));
    expect(calls.at(-1)?.path).toBe("/api/v1/privacy/record-of-processing?file_format=xlsx&language=en");
    expect(screen.getByRole("link", { name: "Yêu cầu về dữ liệu cá nhân" })).toHaveAttribute(
      "href",
      "/organization/data-requests",
    );
  });

  it("offers the record in the reader's language first, and not to an educator who is no admin", async () => {
    mockApi({ "/api/v1/auth/is-authorized": educator(true), "/api/v1/privacy/retention": ok(RETENTION) });
    render("en");
    const section = await screen.findByRole("region", { name: "Record of personal data processing" });
    expect(
      within(section)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["PDF (English)", "Spreadsheet (English)", "PDF (Tiếng Việt)", "Spreadsheet (Tiếng Việt)"]);
  });

  it("shows no record to an educator who is no admin", async () => {
    mockApi({ "/api/v1/auth/is-authorized": educator(false), "/api/v1/privacy/retention": ok(RETENTION) });
    render();
    await screen.findByLabelText("Giữ video giám sát");
    expect(
      screen.queryByRole("region", { name: "Hồ sơ ghi nhận hoạt động xử lý dữ liệu cá nhân" }),
    ).toBeNull();
  });
});
