import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { mockApi, ok, type Reply } from "@/testing/mock-api";

import type { Attempt } from "../api/types";
import { outboxKey } from "../lib/outbox";
import { attempt } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import TakeTestRoute from "./take-test";

const BASE = "/api/v1/take-test/5";

/** The test-taking API of enrollment 5: saves keep the newest seq per question; `offline` makes
 * every call fail as fetch does without a network; `refuse` answers saves with an error. */
function server(initial: Partial<Attempt> = {}) {
  const state = {
    offline: false,
    refuse: null as Reply | null,
    switches: 0,
    attempt: attempt(initial),
    token: "tok-2",
  };
  const guard = () => {
    if (state.offline) throw new TypeError("Failed to fetch");
  };
  const routes: Parameters<typeof mockApi>[0] = {
    [`${BASE}/attempt`]: () => (guard(), ok(state.attempt)),
    [`${BASE}/start`]: () =>
      ok({
        attempt_id: 77,
        device_token: state.token,
        deadline_at: state.attempt.deadline_at,
        server_now: new Date().toISOString(),
      }),
    [`${BASE}/events`]: () => {
      guard();
      state.switches += 1;
      return ok({ tab_switches: state.switches, tab_switches_allowed: 5, voided: state.switches > 5 });
    },
    [`${BASE}/submit`]: () => (
      guard(),
      ok({ status: "submitted", submitted_at: new Date().toISOString(), result: "passed", released: true })
    ),
  };
  for (const q of state.attempt.questions) {
    routes[`${BASE}/answers/${q.id}`] = (_url, request) => {
      guard();
      if (state.refuse) return state.refuse;
      const body = request.body as { seq: number };
      return ok({ question_id: q.id, seq: body.seq, applied: true, saved_at: new Date().toISOString() });
    };
  }
  const api = mockApi(routes);
  const saves = () => api.calls.filter((c) => c.method === "PUT");
  return { state, ...api, saves };
}

/** A Blob's text (jsdom's Blob has no `text()`). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function open(language: "vi" | "en" = "vi") {
  return renderRoute("/take-test/:test_user_assignment_id", "/take-test/5", <TakeTestRoute />, { language });
}

describe("taking a test", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem("takeTest.token.5", "tok-1");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("saves every answer with the device token and a growing seq, keeps answers offline and sends them when back online", async () => {
    const user = userEvent.setup();
    const { state, saves } = server();
    open();
    expect(await screen.findByRole("heading", { name: /Câu 1\/3/ })).toBeInTheDocument();
    expect(headingSkips()).toEqual([]); // h1 > h2 (issue 38)
    await user.click(screen.getByRole("radio", { name: "-7" }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      path: `${BASE}/answers/101`,
      body: { answer: { option: "b" }, flagged: false, seq: 1 },
      headers: expect.objectContaining({ "X-Device-Token": "tok-1" }),
    });
    await user.click(screen.getByRole("radio", { name: "7" }));
    await vi.waitFor(() => expect(saves().at(-1)?.body).toMatchObject({ answer: { option: "a" }, seq: 2 }));
    await vi.waitFor(() => expect(screen.getByTestId("save-status")).toHaveTextContent(/^Đã lưu$/));

    // the network drops: the answer stays on this device, the page says "offline"
    state.offline = true;
    await user.click(screen.getByRole("button", { name: "Câu 2: Chưa trả lời" }));
    await user.click(screen.getByRole("radio", { name: "Sai" }));
    await vi.waitFor(() =>
      expect(screen.getByTestId("save-status")).toHaveTextContent(
        /Mất kết nối: 1 thay đổi được giữ trên máy này/,
      ),
    );
    // the one thing a screen reader is told at once (issue 38: not "Đang lưu…", "Đã lưu" each time)
    await vi.waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/^Mất kết nối: 1 thay đổi được giữ trên máy này$/),
    );
    const kept = JSON.parse(window.localStorage.getItem(outboxKey(5))!);
    expect(kept.answers["102"]).toMatchObject({ answer: { value: false }, seq: 1 });
    expect(screen.getByRole("button", { name: "Câu 2: Đã trả lời" })).toHaveAttribute("aria-current", "step");

    // back online: sent at once
    state.offline = false;
    fireEvent(window, new Event("online"));
    await vi.waitFor(() =>
      expect(saves().at(-1)).toMatchObject({ path: `${BASE}/answers/102`, body: { seq: 1 } }),
    );
    await vi.waitFor(() => expect(screen.getByTestId("save-status")).toHaveTextContent(/^Đã lưu$/));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Đã lưu$/)); // the recovery, told
    expect(JSON.parse(window.localStorage.getItem(outboxKey(5))!).answers).toEqual({});
  });

  it("resumes after a reload with the saved answers and the ones still queued on this device", async () => {
    window.localStorage.setItem(
      outboxKey(5),
      JSON.stringify({
        v: 1,
        attemptId: 77,
        order: 1,
        seqs: { "102": 1 },
        answers: {
          "102": {
            questionId: 102,
            answer: { value: false },
            flagged: false,
            seq: 1,
            order: 1,
            notBefore: 0,
          },
        },
        events: [],
      }),
    );
    const user = userEvent.setup();
    const { saves } = server({
      answers: [{ question_id: 101, answer: { option: "a" }, flagged: true, seq: 3 }],
    });
    open();
    expect(await screen.findByRole("radio", { name: "7" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Đã đánh dấu" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Câu 1: Đã trả lời, Đánh dấu xem lại" })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(saves()[0]).toMatchObject({ path: `${BASE}/answers/102`, body: { seq: 1 } }),
    );
    await user.click(screen.getByRole("button", { name: "Câu 2: Đã trả lời" }));
    expect(screen.getByRole("radio", { name: "Sai" })).toBeChecked();
    // the next change to question 1 continues after the server's number
    await user.click(screen.getByRole("button", { name: "Câu 1: Đã trả lời, Đánh dấu xem lại" }));
    await user.click(screen.getByRole("radio", { name: "-7" }));
    await vi.waitFor(() =>
      expect(saves().at(-1)).toMatchObject({ body: { answer: { option: "b" }, flagged: true, seq: 4 } }),
    );
  });

  it("takes the attempt over when this tab has no device token", async () => {
    window.sessionStorage.clear();
    const { calls } = server();
    open();
    await screen.findByRole("heading", { name: /Câu 1\/3/ });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${BASE}/attempt`, `POST ${BASE}/start`]);
    expect(window.sessionStorage.getItem("takeTest.token.5")).toBe("tok-2");
  });

  it("sends typed text after a pause, and on leaving the box", async () => {
    const user = userEvent.setup();
    const { saves } = server();
    open("en");
    await user.click(await screen.findByRole("button", { name: "Question 3: Not answered" }));
    const box = screen.getByLabelText("Your answer");
    await user.type(box, "x = 16");
    expect(saves().length).toBeLessThan(2); // six keystrokes, not six saves
    expect(JSON.parse(window.localStorage.getItem(outboxKey(5))!).answers["103"].answer).toEqual({
      text: "x = 16",
    });
    // the save waits TEXT_DEBOUNCE_MS (600 ms) after the last keystroke; a loaded CI runner needs slack
    await vi.waitFor(() => expect(saves().at(-1)?.body).toMatchObject({ answer: { text: "x = 16" } }), {
      timeout: 8000,
    });
    await user.type(box, "!");
    await user.tab();
    await vi.waitFor(() => expect(saves().at(-1)!.body).toMatchObject({ answer: { text: "x = 16!" } }), {
      timeout: 8000,
    });
    expect(screen.getByText("7/20000 characters")).toBeInTheDocument();
  }, 30_000);

  it("reviews unanswered and flagged questions and submits after confirmation", async () => {
    const user = userEvent.setup();
    const { calls, saves } = server();
    const { router } = open("en");
    await user.click(await screen.findByRole("radio", { name: "7" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Flag for review" }));
    await vi.waitFor(() => expect(saves().at(-1)?.body).toMatchObject({ answer: null, flagged: true }));
    await user.click(screen.getByRole("button", { name: "Review" }));
    const review = screen.getByRole("region", { name: "Review before submitting" });
    expect(review).toHaveTextContent("1 of 3 questions answered.");
    expect(within(review).getByRole("heading", { name: "Not answered (2)" })).toBeInTheDocument();
    expect(within(review).getByRole("heading", { name: "Flagged for review (1)" })).toBeInTheDocument();
    await user.click(within(review).getAllByRole("button", { name: "Question 3" })[0]!);
    expect(screen.getByRole("heading", { name: /Question 3 of 3/ })).toHaveFocus();

    await user.click(screen.getAllByRole("button", { name: "Submit" })[0]!);
    const dialog = screen.getByRole("dialog", { name: "Submit your test?" });
    expect(dialog).toHaveTextContent("2 questions are unanswered.");
    expect(dialog).toHaveTextContent("1 question is flagged for review.");
    await user.click(within(dialog).getByRole("button", { name: "Keep working" }));
    expect(calls.some((c) => c.path === `${BASE}/submit`)).toBe(false);
    await user.click(screen.getAllByRole("button", { name: "Submit" })[0]!);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/assignment/result/index"));
    expect(router.state.location.search).toBe("?id=5");
    expect(calls.find((c) => c.path === `${BASE}/submit`)?.headers).toMatchObject({
      "X-Device-Token": "tok-1",
    });
    expect(window.localStorage.getItem(outboxKey(5))).toBeNull();
  });

  it("does not submit while answers cannot be sent", async () => {
    const user = userEvent.setup();
    const { state, calls } = server();
    open("en");
    const seven = await screen.findByRole("radio", { name: "7" });
    state.offline = true;
    await user.click(seven);
    await user.click(screen.getAllByRole("button", { name: "Submit" })[0]!);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Submit" }));
    expect(await within(screen.getByRole("dialog")).findByRole("alert")).toHaveTextContent(/you are offline/);
    expect(calls.some((c) => c.path === `${BASE}/submit`)).toBe(false);
  });

  it("reports a tab switch and warns with the count; blocks copy and paste", async () => {
    const { calls } = server({ tab_switches: 2 });
    open("en");
    await screen.findByRole("heading", { name: /Question 1 of 3/ });
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    fireEvent(document, new Event("visibilitychange"));
    fireEvent(document, new Event("visibilitychange")); // still away: one switch
    visibility.mockReturnValue("visible");
    fireEvent(document, new Event("visibilitychange"));
    const dialog = await screen.findByRole("dialog", { name: "You left the test" });
    expect(dialog).toHaveTextContent("Tab switches: 3/5");
    await vi.waitFor(() => expect(calls.filter((c) => c.path === `${BASE}/events`)).toHaveLength(1));
    expect(calls.find((c) => c.path === `${BASE}/events`)?.body).toMatchObject({ kind: "tab_hidden" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Back to the test" }));

    const copy = new Event("copy", { cancelable: true });
    fireEvent(document, copy);
    expect(copy.defaultPrevented).toBe(true);
    expect(await screen.findByText(/Copy, paste and the context menu are turned off/)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        calls.filter((c) => c.path === `${BASE}/events`).map((c) => (c.body as { kind: string }).kind),
      ).toEqual(["tab_hidden", "copy"]),
    );
    const paste = new Event("paste", { cancelable: true });
    fireEvent(document, paste);
    expect(paste.defaultPrevented).toBe(true);
  });

  it("goes to the result when the sixth switch voids it", async () => {
    const { state } = server({ tab_switches: 5 });
    state.switches = 5;
    const { router } = open("en");
    await screen.findByRole("heading", { name: /Question 1 of 3/ });
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    fireEvent(document, new Event("visibilitychange"));
    visibility.mockReturnValue("visible");
    fireEvent(document, new Event("visibilitychange"));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/assignment/result/index"));
    expect(window.localStorage.getItem(outboxKey(5))).toBeNull();
  });

  it("stops when the test is opened elsewhere and continues here on request", async () => {
    const user = userEvent.setup();
    const { state, calls, saves } = server();
    open("en");
    state.refuse = { status: 409, body: { code: "attempt_taken_over", message: "Opened elsewhere." } };
    await user.click(await screen.findByRole("radio", { name: "7" }));
    const dialog = await screen.findByRole("dialog", { name: "Opened in another tab or device" });
    state.refuse = null;
    await user.click(within(dialog).getByRole("button", { name: "Continue here" }));
    await vi.waitFor(() => expect(saves().at(-1)?.headers).toMatchObject({ "X-Device-Token": "tok-2" }));
    expect(saves().at(-1)?.body).toMatchObject({ answer: { option: "a" }, seq: 1 });
    expect(calls.filter((c) => c.path === `${BASE}/start`)).toHaveLength(1);
    expect(await screen.findByRole("radio", { name: "7" })).toBeChecked();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("goes to the result when the server says time is up, offering first what it never received", async () => {
    const user = userEvent.setup();
    const { state } = server();
    const { router } = open();
    state.refuse = { status: 409, body: { code: "deadline_passed", message: "Time is up." } };
    await user.click(await screen.findByRole("radio", { name: "7" }));
    // the refused answer is still on this device: the page offers it as a backup file first
    const closed = await screen.findByRole("dialog", { name: "Bài thi đã đóng" });
    expect(closed).toHaveTextContent(
      "1 câu trả lời trên máy này chưa đến được máy chủ. Hãy tải bài làm dự phòng và đưa tệp cho giám thị để giám thị tải lên.",
    );
    expect(within(closed).getByRole("button", { name: "Tải bài làm dự phòng" })).toBeEnabled();
    await user.click(within(closed).getByRole("button", { name: "Xem kết quả" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/assignment/result/index"));
    expect(window.localStorage.getItem(outboxKey(5))).toBeNull();
  });

  it("sends when each answer was typed, and offers a sealed backup file while offline", async () => {
    // issue 38, item 3
    const user = userEvent.setup();
    const { state, saves } = server();
    const files: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (files.push(blob), "blob:x"),
        revokeObjectURL: () => undefined,
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    open();
    await user.click(await screen.findByRole("radio", { name: "7" }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    const sent = saves()[0]!.body as { typed_at: string; clock_offset_ms: number };
    expect(Math.abs(Date.parse(sent.typed_at) - Date.now())).toBeLessThan(5_000);
    expect(Number.isInteger(sent.clock_offset_ms)).toBe(true);

    state.offline = true;
    await user.click(screen.getByRole("button", { name: "Câu 2: Chưa trả lời" }));
    await user.click(screen.getByRole("radio", { name: "Sai" }));
    const backup = await screen.findByRole("region", { name: "Bài làm dự phòng" });
    expect(backup).toHaveTextContent(
      "Mất kết nối mạng. 1 câu trả lời đang được giữ trên máy này và sẽ tự gửi khi có mạng trở lại. Nếu mạng không trở lại, hãy tải bài làm dự phòng và đưa tệp cho giám thị.",
    );
    await user.click(within(backup).getByRole("button", { name: "Tải bài làm dự phòng" }));
    await vi.waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^bai-lam-du-phong-77-\d{8}-\d{4}\.json$/);
    expect(within(backup).getByRole("status")).toHaveTextContent(`Đã lưu tệp ${names[0]} (1 câu trả lời).`);
    expect(within(backup).getByRole("status")).toHaveTextContent("Đưa tệp này cho giám thị");

    // the file: a readable header, the answers sealed with the attempt's key and binding
    const file = JSON.parse(await readText(files[0]!)) as Record<string, string | number>;
    expect(file).toMatchObject({
      format: "pandai.backup-answers",
      version: 1,
      attempt_id: 77,
      binding: "pandai.backup-answers/1|org_test|77|5",
    });
    const b64 = (text: string) =>
      Uint8Array.from(
        atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4)),
        (c) => c.charCodeAt(0),
      );
    const key = await crypto.subtle.importKey("raw", b64(state.attempt.backup!.key), "AES-GCM", false, [
      "decrypt",
    ]);
    const plain = await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: b64(String(file.nonce)),
        additionalData: new TextEncoder().encode(`${String(file.binding)}|${String(file.file_id)}`),
      },
      key,
      b64(String(file.sealed)),
    );
    const contents = JSON.parse(new TextDecoder().decode(plain)) as { answers: Record<string, unknown>[] };
    expect(contents.answers).toEqual([
      { question_id: 102, answer: { value: false }, flagged: false, seq: 1, typed_at: expect.any(String) },
    ]);
  });

  it("announces the time left only at the thresholds, and the timer can be hidden", async () => {
    const user = userEvent.setup();
    server({ deadline_at: new Date(Date.now() + 10 * 60_000 + 1200).toISOString() });
    open("en");
    await screen.findByRole("heading", { name: /Question 1 of 3/ });
    const announcer = screen.getByTestId("timer-announcer");
    expect(announcer).toHaveTextContent("");
    expect(screen.getByText(/10:0[12]/)).toBeInTheDocument();
    await vi.waitFor(() => expect(announcer).toHaveTextContent("10 minutes left."), { timeout: 3000 });
    await user.click(screen.getByRole("button", { name: "Hide timer" }));
    expect(screen.queryByText(/^(09|10):/)).toBeNull();
    expect(screen.getByRole("button", { name: "Show timer" })).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the time left on the server's clock, the attempt request's round trip taken off", async () => {
    // The device's clock is 10 minutes behind: the request leaves at 07:50:00 by the device, the
    // server answers at 08:00:01 by its clock (the middle of the round trip), the answer arrives at
    // 07:50:02; so it is 08:00:02 on the server and 22:58 are left until 08:23:00.
    vi.useFakeTimers({ toFake: ["Date"] });
    const sentAt = Date.parse("2026-11-22T07:50:00Z");
    vi.setSystemTime(sentAt);
    mockApi({
      [`${BASE}/attempt`]: () => {
        vi.setSystemTime(sentAt + 2000);
        return ok(attempt({ deadline_at: "2026-11-22T08:23:00Z", server_now: "2026-11-22T08:00:01.000Z" }));
      },
    });
    open();
    expect(await screen.findByText("22:58")).toHaveTextContent(/^Thời gian còn lại\s*22:58$/);
  });

  it("sends the learner to preparation before the test has started", async () => {
    mockApi({});
    const { router } = open();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/take-test/preparation/5"));
  });
});
