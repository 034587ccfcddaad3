import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { preparation } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import PreparationRoute from "./preparation";

const BASE = "/api/v1/take-test/5";
const HOUR = 3_600_000;

/** A stand-in for XMLHttpRequest: each send() takes the next scripted reply and reports upload
 * progress first. */
class FakeXhr {
  static replies: { status: number; body: unknown }[] = [];
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = "";
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    const reply = FakeXhr.replies.shift()!;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 300);
    }, 10);
  }
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function setMedia(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  Object.defineProperty(navigator, "mediaDevices", {
    value: { getUserMedia: vi.fn(getUserMedia) },
    configurable: true,
  });
}

function open(language: "vi" | "en" = "vi") {
  return renderRoute(
    "/take-test/preparation/:test_user_assignment_id",
    "/take-test/preparation/5",
    <PreparationRoute />,
    { language },
  );
}

describe("test preparation", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    FakeXhr.replies = [];
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the rules and the tab-switch warning, checks the camera, uploads the video and starts", async () => {
    const user = userEvent.setup();
    const { stream, track } = fakeStream();
    setMedia(async () => stream);
    let uploaded = false;
    let consented: string | null = null;
    const { calls } = mockApi({
      [BASE]: () => ok(preparation({ video_uploaded: uploaded, camera_consented_at: consented })),
      [`${BASE}/camera-consent`]: () => {
        consented = "2026-11-27T01:30:00Z";
        return ok({ camera_consented_at: consented });
      },
      [`${BASE}/start`]: () =>
        ok({
          attempt_id: 77,
          device_token: "tok-1",
          deadline_at: new Date().toISOString(),
          server_now: new Date().toISOString(),
        }),
    });
    const { router } = open();
    expect(await screen.findByRole("heading", { name: "Đánh giá năng lực Toán 9" })).toBeInTheDocument();
    const warning = screen.getByRole("note", { name: "Cảnh báo chuyển tab" });
    expect(warning).toHaveTextContent(
      "Bạn được chuyển tối đa 5 lần; đến lần thứ 6, kết quả bài thi sẽ bị huỷ.",
    );
    // No English sentence on a Vietnamese page (issue 38).
    expect(warning).not.toHaveTextContent(/switch|tab or window/i);
    expect(within(warning).getAllByText(/./)).toHaveLength(2); // the title and the rule

    const start = screen.getByRole("button", { name: "Bắt đầu làm bài" });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Kiểm tra camera và micro" }));
    expect(await screen.findByText("Đã nhận camera.")).toBeInTheDocument();
    expect(screen.getByText("Đã nhận micro.")).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });

    // the consent to camera proctoring first (issue 24, item 2), then the video
    await user.click(screen.getByLabelText("Tôi đồng ý để bài thi này được giám sát bằng camera như trên."));
    expect(await screen.findByText("Đã ghi nhận sự đồng ý lúc 08:30 27/11/2026.")).toBeInTheDocument();

    // a file that the server refuses, then a retry that succeeds
    FakeXhr.replies = [
      {
        status: 400,
        body: {
          success: false,
          code: "unsupported_video",
          message: "Video không hợp lệ: video dài 12,0 giây; hãy quay 30 giây.",
        },
      },
      { status: 200, body: { success: true, data: { video_uploaded: true }, message: "" } },
    ];
    const file = new File(["webm"], "phong.webm", { type: "video/webm" });
    await user.upload(screen.getByLabelText("Chọn tệp video"), file);
    await user.click(screen.getByRole("button", { name: "Tải video lên" }));
    // the bar appears at 0 and moves with the upload's progress event (waitFor re-checks on
    // every DOM change, so a slow runner cannot read it before the event)
    await waitFor(() =>
      expect(screen.getByRole("progressbar", { name: "Tiến độ tải lên" })).toHaveAttribute("value", "40"),
    );
    const refusal = "Video không hợp lệ: video dài 12,0 giây; hãy quay 30 giây.";
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContainEqual(
      expect.stringContaining(refusal),
    );
    expect(FakeXhr.sent[0]!.url).toBe(`${BASE}/video`);
    expect(FakeXhr.sent[0]!.headers).toMatchObject({ "Accept-Language": "vi" });
    expect((FakeXhr.sent[0]!.body.get("file") as File).name).toBe("phong.webm");
    uploaded = true;
    await user.click(screen.getByRole("button", { name: "Thử lại" }));
    expect(await screen.findByText("Đã lưu video")).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.filter((c) => c.path === BASE)).toHaveLength(3));

    expect(start).toBeDisabled(); // the rules must be acknowledged
    await user.click(screen.getByLabelText("Tôi đã đọc quy định và cảnh báo chuyển tab."));
    expect(start).toBeEnabled();
    await user.click(start);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/take-test/5"));
    expect(calls.find((c) => c.path === `${BASE}/start`)?.body).toEqual({ no_camera: false });
    expect(window.sessionStorage.getItem("takeTest.token.5")).toBe("tok-1");
    expect(track.stop).toHaveBeenCalled();
  });

  it("states the tab-switch rule in English on English pages, with its Vietnamese original marked lang=vi", async () => {
    mockApi({ [BASE]: ok(preparation({})) });
    open("en");
    const warning = await screen.findByRole("note", { name: "Tab-switch warning" });
    expect(warning).toHaveTextContent(
      "You may switch at most 5 times; at the 6th switch your result is voided.",
    );
    expect(
      within(warning).getByText(/Bạn được chuyển tối đa 5 lần; đến lần thứ 6, kết quả bài thi sẽ bị huỷ/),
    ).toHaveAttribute("lang", "vi");
  });

  it("says 'camera not detected' when there is no camera, and can start without one when the test allows it", async () => {
    const user = userEvent.setup();
    setMedia(async () => {
      throw new DOMException("Requested device not found", "NotFoundError");
    });
    const { calls } = mockApi({
      [BASE]: ok(preparation({ allow_no_camera: true })),
      [`${BASE}/start`]: ok({ attempt_id: 77, device_token: "tok-1", deadline_at: "", server_now: "" }),
    });
    open("en");
    await user.click(await screen.findByRole("button", { name: "Check camera and microphone" }));
    expect(await screen.findByText("Camera not detected")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Surroundings video" })).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Start without camera/));
    expect(screen.queryByRole("heading", { name: "Surroundings video" })).toBeNull();
    await user.click(screen.getByLabelText("I have read the rules and the tab-switch warning."));
    await user.click(screen.getByRole("button", { name: "Start the test" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === `${BASE}/start`)?.body).toEqual({ no_camera: true }),
    );
  });

  it("shows when the batch opens and keeps Start disabled until then; shows the server's refusal", async () => {
    const user = userEvent.setup();
    const opens = new Date(Date.now() + HOUR).toISOString();
    mockApi({
      [BASE]: ok(
        preparation({
          camera_proctoring: false,
          window_starts_at: opens,
          window_state: "upcoming",
          can_start_now: false,
        }),
      ),
    });
    open("en");
    expect(await screen.findByText(/The batch opens at/)).toBeInTheDocument();
    await user.click(screen.getByLabelText("I have read the rules and the tab-switch warning."));
    expect(screen.getByRole("button", { name: "Start the test" })).toBeDisabled();
  });

  it("shows the learner's time limit with the extra time an accommodation grants", async () => {
    mockApi({
      [BASE]: ok(preparation({ camera_proctoring: false, time_limit_minutes: 67.5 })),
    });
    open("en");
    expect(
      await screen.findByText("Extra time has been granted to you: 68 minutes instead of 45."),
    ).toBeInTheDocument();
    expect(screen.getByText(/You have 68 minutes/)).toBeInTheDocument();
  });

  it("pays for a test assigned with 'requires purchase', then lets the learner start", async () => {
    const user = userEvent.setup();
    let paid = false;
    const { calls } = mockApi({
      [BASE]: () =>
        ok(preparation({ camera_proctoring: false, requires_payment: !paid, purchase_cost: 50000 })),
      [`${BASE}/pay`]: () => {
        paid = true;
        return ok({ transaction_id: 9, status: "COMPLETED", amount: 50000, payment_id: "SIM-ABC" });
      },
    });
    open("vi");
    expect(await screen.findByText("Bạn cần thanh toán bài thi này trước khi làm bài.")).toBeVisible();
    await user.click(screen.getByLabelText("Tôi đã đọc quy định và cảnh báo chuyển tab."));
    expect(screen.getByRole("button", { name: "Bắt đầu làm bài" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /Thanh toán 50\.000/ }));
    expect(await screen.findByText("Đã nhận thanh toán: SIM-ABC.")).toBeVisible();
    expect(calls.find((c) => c.path === `${BASE}/pay`)?.body).toMatchObject({
      idempotency_key: expect.stringMatching(/^prep-5-/),
    });
    expect(screen.getByRole("button", { name: "Bắt đầu làm bài" })).toBeEnabled();
  });

  it("shows the server's refusal to start inline", async () => {
    const user = userEvent.setup();
    mockApi({
      [BASE]: ok(preparation({ camera_proctoring: false })),
      [`${BASE}/start`]: {
        status: 409,
        body: { code: "already_submitted", message: "You have already taken this test." },
      },
    });
    open("en");
    await user.click(await screen.findByLabelText("I have read the rules and the tab-switch warning."));
    await user.click(screen.getByRole("button", { name: "Start the test" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have already taken this test.");
  });

  it("offers to continue a test in progress", async () => {
    mockApi({
      [BASE]: ok(preparation({ attempt_status: "in_progress", attempts_used: 1, status: "in_progress" })),
    });
    open("en");
    expect(await screen.findByRole("button", { name: "Continue the test" })).toBeEnabled();
  });
});
