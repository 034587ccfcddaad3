import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/api-client";

import type { Answer, IntegrityKind } from "../api/types";
import { Outbox, outboxKey, type Transport } from "./outbox";

const KEY = outboxKey(42);

type Sent =
  | { type: "answer"; questionId: number; answer: Answer; flagged: boolean; seq: number }
  | { type: "event"; kind: IntegrityKind };

/** A server stub: keeps the newest seq per question like the real upsert; `down` makes every
 * call fail as fetch does without a network; `fail` answers with an API error. */
function server() {
  const sent: Sent[] = [];
  /** When each sent answer was typed (this device's clock, ms), in the order sent. */
  const typed: (number | undefined)[] = [];
  const stored = new Map<number, { answer: Answer; seq: number }>();
  const state = { down: false, fail: null as ApiError | null, switches: 0 };
  const transport: Transport = {
    async saveAnswer(body) {
      if (state.down) throw new TypeError("Failed to fetch");
      if (state.fail) throw state.fail;
      const { typedAt, ...answer } = body;
      sent.push({ type: "answer", ...answer });
      typed.push(typedAt);
      const old = stored.get(body.questionId);
      if (!old || old.seq < body.seq) stored.set(body.questionId, { answer: body.answer, seq: body.seq });
      return { applied: !old || old.seq < body.seq };
    },
    async postEvent(body) {
      if (state.down) throw new TypeError("Failed to fetch");
      if (state.fail) throw state.fail;
      sent.push({ type: "event", kind: body.kind });
      state.switches += 1;
      return { tab_switches: state.switches, tab_switches_allowed: 5, voided: false };
    },
  };
  return { sent, typed, stored, state, transport };
}

function make(
  transport: Transport,
  attemptId = 7,
  extra: Partial<ConstructorParameters<typeof Outbox>[0]> = {},
) {
  return new Outbox({ storage: window.localStorage, key: KEY, attemptId, transport, ...extra });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("answer outbox", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("numbers each question's answers upwards and sends them in the order given", async () => {
    const { sent, stored, transport } = server();
    const outbox = make(transport);
    expect(outbox.put(1, { option: "a" }, false)).toBe(1);
    expect(outbox.put(2, { value: true }, false)).toBe(1);
    expect(outbox.put(1, { option: "b" }, true)).toBe(2);
    expect(await outbox.flush()).toBe(true);
    // the first answer to question 1 was replaced before it left: only the newest goes out
    expect(sent).toEqual([
      { type: "answer", questionId: 2, answer: { value: true }, flagged: false, seq: 1 },
      { type: "answer", questionId: 1, answer: { option: "b" }, flagged: true, seq: 2 },
    ]);
    expect(stored.get(1)).toEqual({ answer: { option: "b" }, seq: 2 });
    expect(outbox.snapshot()).toMatchObject({ state: "saved", pending: 0 });
  });

  it("keeps answers in localStorage across a reload and continues the numbering", async () => {
    const { sent, state, transport } = server();
    state.down = true;
    const first = make(transport);
    first.put(3, { text: "căn bậc hai" }, false);
    first.put(3, { text: "căn bậc hai của 49" }, false);
    expect(await first.flush()).toBe(false);
    expect(first.snapshot().state).toBe("offline");
    first.dispose();

    // the page reloads: a new outbox reads what the old one kept
    const again = make(transport);
    expect(again.pendingAnswers().get(3)).toEqual({ answer: { text: "căn bậc hai của 49" }, flagged: false });
    expect(again.put(4, { value: false }, false)).toBe(1);
    expect(again.put(3, { text: "7" }, false)).toBe(3);
    state.down = false;
    expect(await again.flush()).toBe(true);
    expect(sent.map((s) => (s.type === "answer" ? [s.questionId, s.seq] : s.kind))).toEqual([
      [4, 1],
      [3, 3],
    ]);
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toMatchObject({ answers: {}, events: [] });
  });

  it("forgets what another attempt left behind", () => {
    const { transport } = server();
    make(transport, 1).put(5, { value: true }, false);
    const next = make(transport, 2);
    expect(next.count()).toBe(0);
    expect(next.put(5, { value: true }, false)).toBe(1);
  });

  it("takes the server's numbers as the floor and drops queued answers the server already has", () => {
    const { transport, state } = server();
    state.down = true;
    const outbox = make(transport);
    outbox.put(1, { option: "a" }, false); // seq 1, queued
    outbox.put(2, { option: "c" }, false); // seq 1, queued
    outbox.seed([
      { question_id: 1, answer: { option: "d" }, flagged: false, seq: 4 }, // saved from elsewhere
      { question_id: 2, answer: null, flagged: false, seq: 0 },
    ]);
    expect([...outbox.pendingAnswers().keys()]).toEqual([2]);
    expect(outbox.put(1, { option: "b" }, false)).toBe(5);
  });

  it("flushes when the browser comes back online and at intervals", async () => {
    vi.useFakeTimers();
    const { sent, state, transport } = server();
    const outbox = make(transport, 7, { retryMs: 5000 });
    outbox.start();
    const states: string[] = [];
    outbox.subscribe((s) => states.push(s.state));
    state.down = true;
    outbox.put(1, { value: true }, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.snapshot().state).toBe("offline");
    outbox.put(2, { value: false }, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);

    state.down = false;
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.type === "answer" && s.questionId)).toEqual([1, 2]);
    expect(outbox.snapshot()).toMatchObject({ state: "saved", pending: 0 });
    expect(states).toContain("saving");

    // a server error is retried by the interval
    state.fail = new ApiError(503, { message: "busy" });
    outbox.put(3, { value: true }, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.count()).toBe(1);
    state.fail = null;
    await vi.advanceTimersByTimeAsync(5000);
    expect(outbox.count()).toBe(0);
    outbox.dispose();
  });

  it("debounces typing but keeps every keystroke in storage", async () => {
    vi.useFakeTimers();
    const { sent, transport } = server();
    const outbox = make(transport);
    outbox.put(9, { text: "x" }, false, 600);
    outbox.put(9, { text: "x =" }, false, 600);
    outbox.put(9, { text: "x = 4" }, false, 600);
    expect(JSON.parse(window.localStorage.getItem(KEY)!).answers["9"].answer).toEqual({ text: "x = 4" });
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual([
      { type: "answer", questionId: 9, answer: { text: "x = 4" }, flagged: false, seq: 3 },
    ]);
  });

  it("still sends a debounced answer when its timer fires a little early", async () => {
    vi.useFakeTimers();
    const { sent, transport } = server();
    let lag = 0;
    const outbox = make(transport, 7, { now: () => Date.now() - lag });
    outbox.put(9, { text: "x = 4" }, false, 600);
    lag = 3; // the timer fires 3 ms before the answer is due
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(1);
  });

  it("sends debounced answers at once when asked to flush everything (before submit)", async () => {
    const { sent, transport } = server();
    const outbox = make(transport);
    outbox.put(9, { text: "x = 16" }, false, 600);
    expect(await outbox.flush({ all: true })).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it("queues integrity events with answers, in order, and reports the server's count", async () => {
    const { sent, transport } = server();
    const acks: number[] = [];
    const outbox = make(transport, 7, { onEventAck: (ack) => acks.push(ack.tab_switches) });
    outbox.put(1, { value: true }, false);
    outbox.record("tab_hidden", new Date("2026-11-22T08:00:00Z"));
    outbox.put(2, { value: true }, false);
    await outbox.flush();
    expect(sent.map((s) => s.type)).toEqual(["answer", "event", "answer"]);
    expect(acks).toEqual([1]);
  });

  it("pauses when the attempt is taken over and resumes when this tab takes it back", async () => {
    const { sent, state, transport } = server();
    const outbox = make(transport);
    state.fail = new ApiError(409, { code: "attempt_taken_over", message: "other tab" });
    outbox.put(1, { value: true }, false);
    expect(await outbox.flush()).toBe(false);
    expect(outbox.snapshot().state).toBe("takenOver");
    outbox.put(1, { value: false }, false); // still kept while paused
    await settle();
    expect(sent).toEqual([]);
    state.fail = null;
    outbox.resume();
    await settle();
    await outbox.flush();
    expect(sent).toEqual([
      { type: "answer", questionId: 1, answer: { value: false }, flagged: false, seq: 2 },
    ]);
    expect(outbox.snapshot().state).toBe("saved");
  });

  it("ends when the deadline has passed, and drops an answer the server refuses as invalid", async () => {
    const { state, transport } = server();
    const outbox = make(transport);
    state.fail = new ApiError(400, { code: "invalid_answer" });
    outbox.put(1, { option: "zz" }, false);
    expect(await outbox.flush()).toBe(true);
    expect(outbox.snapshot()).toMatchObject({ state: "saved", rejected: [1] });
    state.fail = new ApiError(409, { code: "deadline_passed" });
    outbox.put(2, { value: true }, false);
    expect(await outbox.flush()).toBe(false);
    expect(outbox.snapshot().state).toBe("ended");
    outbox.clear();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("ends on the consent refusal: a withdrawal of consent ended the sitting (issue 37, item 6)", async () => {
    const { sent, state, transport } = server();
    const outbox = make(transport);
    state.fail = new ApiError(403, { code: "parental_consent_required", message: "withdrawn" });
    outbox.put(1, { value: true }, false);
    expect(await outbox.flush()).toBe(false);
    expect(outbox.snapshot().state).toBe("ended");
    // nothing is kept for a backup file either (the offline sitting's, issue 38 item 3)
    expect([outbox.pendingAnswerCount(), outbox.backupEntries()]).toEqual([0, []]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    state.fail = null;
    await outbox.flush(); // nothing more is sent once ended
    expect(sent).toEqual([]);
  });

  it("sends queued answers with keepalive when the page goes away, keeping them queued", () => {
    const { transport } = server();
    const spy = vi.spyOn(transport, "saveAnswer");
    const outbox = make(transport, 7, { now: () => 1_000 });
    outbox.put(1, { value: true }, false, 600);
    outbox.record("blur", new Date());
    outbox.flushOnExit();
    expect(spy).toHaveBeenCalledWith(
      { questionId: 1, answer: { value: true }, flagged: false, seq: 1, typedAt: 1_000 },
      { keepalive: true },
    );
    expect(outbox.count()).toBe(2);
  });

  it("keeps the time each answer was typed, sends it, and gives the queued answers for a backup file", async () => {
    // issue 38, item 3: typed offline before the deadline, an answer still counts when it arrives
    const { typed, state, transport } = server();
    let clock = 10_000;
    const outbox = make(transport, 7, { now: () => clock });
    state.down = true;
    outbox.put(1, { value: true }, false);
    clock = 12_500;
    outbox.put(2, { text: "x = 7" }, true, 600);
    clock = 13_000;
    outbox.put(1, { value: false }, false); // the newest answer to question 1, typed later
    outbox.record("blur", new Date(13_000));
    expect(await outbox.flush()).toBe(false);
    expect(outbox.pendingAnswerCount()).toBe(2);
    expect(outbox.count()).toBe(3);
    expect(outbox.backupEntries()).toEqual([
      { questionId: 2, answer: { text: "x = 7" }, flagged: true, seq: 1, typedAt: 12_500 },
      { questionId: 1, answer: { value: false }, flagged: false, seq: 2, typedAt: 13_000 },
    ]);
    // a reload keeps the times, and the reloaded page sends them when the network is back
    outbox.dispose();
    const reloaded = make(transport, 7, { now: () => clock });
    expect(reloaded.backupEntries().map((e) => e.typedAt)).toEqual([12_500, 13_000]);
    state.down = false;
    clock = 20_000;
    expect(await reloaded.flush({ all: true })).toBe(true);
    expect(typed).toEqual([12_500, 13_000]);
    expect(reloaded.backupEntries()).toEqual([]);
  });
});
