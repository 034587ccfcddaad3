// Over 400 lines: one queue (storage, sending, retry, the offline grace's typing time and the backup's list) whose parts share one state; split, each part would reach into the others.
/**
 * The answer outbox of the test page: no answer may be lost (issue 7, item 3).
 *
 * Every answer the learner gives is written first to localStorage (one entry per question, the
 * newest only, with a per-question sequence number that only grows) and then sent; an entry
 * leaves the outbox only when the server has acknowledged that sequence number (or a newer one).
 * Integrity events queue the same way. The outbox flushes in the order things happened, on
 * demand, when the browser comes back online and every few seconds; after a reload it picks up
 * where it was. Failures are classified: a network failure or a server error is retried; 409
 * `attempt_taken_over` pauses it until this tab takes the attempt back; 409 `deadline_passed` /
 * `attempt_not_in_progress` ends it, and so does a 403 (a withdrawal of consent ended the sitting:
 * the consent refusal, issue 37 item 6: what is queued is dropped, for no backup file either); a
 * 400 or 404 drops the one entry the server will never take.
 *
 * Each answer keeps the time it was typed on this device's clock (`typedAt`): it is sent with the
 * answer, so one typed before the deadline while the network was down still counts when it
 * arrives within the test's offline grace (issue 38, item 3), and it goes into the backup answers
 * file (lib/backup) when the network does not come back.
 */
import { ApiError } from "@/lib/api-client";

import type { Answer, EventAck, IntegrityKind, SavedAnswer } from "../api/types";

export type OutboxState = "saved" | "saving" | "offline" | "takenOver" | "ended";

export interface OutboxSnapshot {
  state: OutboxState;
  /** Answers and events not yet acknowledged. */
  pending: number;
  /** Questions whose answer the server refused as invalid (never expected from this page). */
  rejected: number[];
}

interface PendingAnswer {
  questionId: number;
  answer: Answer;
  flagged: boolean;
  seq: number;
  order: number;
  /** Not sent before this time (ms): text typing is debounced. */
  notBefore: number;
  /** When it was typed, on this device's clock (ms since the epoch); absent in an entry stored
   * before issue 38. */
  typedAt?: number;
}

/** A queued answer as the backup file holds it. */
export interface BackupEntry {
  questionId: number;
  answer: Answer;
  flagged: boolean;
  seq: number;
  /** This device's clock (ms), or null when not known. */
  typedAt: number | null;
}

interface PendingEvent {
  id: string;
  kind: IntegrityKind;
  occurredAt: string;
  order: number;
}

interface Stored {
  v: 1;
  attemptId: number;
  order: number;
  /** The newest sequence number used or seen per question. */
  seqs: Record<string, number>;
  answers: Record<string, PendingAnswer>;
  events: PendingEvent[];
}

export interface Transport {
  saveAnswer(
    body: { questionId: number; answer: Answer; flagged: boolean; seq: number; typedAt?: number },
    options: { keepalive?: boolean },
  ): Promise<unknown>;
  postEvent(body: { kind: IntegrityKind; occurredAt: string }): Promise<EventAck>;
}

export interface OutboxOptions {
  storage: Storage | null;
  key: string;
  attemptId: number;
  transport: Transport;
  onEventAck?: (ack: EventAck) => void;
  /** Retry period while something is pending (ms). */
  retryMs?: number;
  now?: () => number;
}

export const RETRY_MS = 5000;
export const TEXT_DEBOUNCE_MS = 600;

const ENDED = new Set(["deadline_passed", "attempt_not_in_progress"]);

function empty(attemptId: number): Stored {
  return { v: 1, attemptId, order: 0, seqs: {}, answers: {}, events: [] };
}

export function outboxKey(enrollmentId: number): string {
  return `takeTest.outbox.${enrollmentId}`;
}

export class Outbox {
  private data: Stored;
  private readonly options: Required<Omit<OutboxOptions, "onEventAck">> & Pick<OutboxOptions, "onEventAck">;
  private listeners = new Set<(snapshot: OutboxSnapshot) => void>();
  private flushing: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private networkDown = false;
  private paused: "takenOver" | "ended" | null = null;
  private disposed = false;
  private rejected: number[] = [];
  private current: OutboxSnapshot;
  private readonly onOnline = () => {
    void this.flush();
  };
  private readonly onOffline = () => {
    this.networkDown = true;
    this.emit();
  };

  constructor(options: OutboxOptions) {
    this.options = { retryMs: RETRY_MS, now: () => Date.now(), ...options };
    const stored = this.read();
    this.data = stored && stored.attemptId === options.attemptId ? stored : empty(options.attemptId);
    if (typeof navigator !== "undefined" && navigator.onLine === false) this.networkDown = true;
    this.write();
    this.current = this.compute();
  }

  /** Listens to `online` / `offline` and retries every few seconds while anything is pending. */
  start(): void {
    this.disposed = false;
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
    this.interval = setInterval(() => {
      if (this.count() > 0) void this.flush();
    }, this.options.retryMs);
    if (this.count() > 0) void this.flush();
  }

  dispose(): void {
    this.disposed = true;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    if (this.interval) clearInterval(this.interval);
    if (this.timer) clearTimeout(this.timer);
    this.interval = this.timer = null;
  }

  /** Merges the answers the server holds (on load and after a take-over): its sequence numbers
   * become the floor, and a queued entry that is not newer than the server's is dropped. */
  seed(saved: SavedAnswer[]): void {
    for (const row of saved) {
      const id = String(row.question_id);
      this.data.seqs[id] = Math.max(this.data.seqs[id] ?? 0, row.seq);
      const pending = this.data.answers[id];
      if (pending && pending.seq <= row.seq) delete this.data.answers[id];
    }
    this.write();
    this.emit();
  }

  /** The queued answers with their sequence numbers and typing times, oldest first: what a
   * backup file holds (the server has every other answer). */
  backupEntries(): BackupEntry[] {
    return Object.values(this.data.answers)
      .sort((a, b) => a.order - b.order)
      .map((p) => ({
        questionId: p.questionId,
        answer: p.answer,
        flagged: p.flagged,
        seq: p.seq,
        typedAt: p.typedAt ?? null,
      }));
  }

  /** How many answers are queued (events not counted). */
  pendingAnswerCount(): number {
    return Object.keys(this.data.answers).length;
  }

  /** The queued answers (shown over the server's copy after a reload). */
  pendingAnswers(): Map<number, { answer: Answer; flagged: boolean }> {
    return new Map(
      Object.values(this.data.answers).map((p) => [p.questionId, { answer: p.answer, flagged: p.flagged }]),
    );
  }

  /** Queues an answer (and flag) with the question's next sequence number; sends it after
   * `delayMs` (text typing) or at once. Returns the sequence number. */
  put(questionId: number, answer: Answer, flagged: boolean, delayMs = 0): number {
    const id = String(questionId);
    const other = this.read(); // another tab of the same attempt may have used numbers since
    const floor = other && other.attemptId === this.data.attemptId ? (other.seqs[id] ?? 0) : 0;
    const seq = Math.max(this.data.seqs[id] ?? 0, floor) + 1;
    this.data.seqs[id] = seq;
    this.data.order += 1;
    const now = this.options.now();
    this.data.answers[id] = {
      questionId,
      answer,
      flagged,
      seq,
      order: this.data.order,
      notBefore: now + delayMs,
      typedAt: now,
    };
    this.write();
    this.emit();
    this.schedule(delayMs);
    return seq;
  }

  /** Queues an integrity event with the time it happened. */
  record(kind: IntegrityKind, occurredAt: Date): void {
    this.data.order += 1;
    this.data.events.push({
      id: `${occurredAt.getTime()}-${this.data.order}`,
      kind,
      occurredAt: occurredAt.toISOString(),
      order: this.data.order,
    });
    this.write();
    this.emit();
    this.schedule(0);
  }

  /** Sends everything due, oldest first, one at a time. Resolves true when nothing is left. */
  flush({ all = false }: { all?: boolean } = {}): Promise<boolean> {
    if (this.paused || this.disposed) return Promise.resolve(false);
    if (all) this.makeAllDue();
    if (this.flushing) {
      return this.flushing.then(() => (this.paused ? false : this.flush()));
    }
    const run = async (): Promise<boolean> => {
      await Promise.resolve(); // so that `this.flushing` is set before the run can finish
      try {
        for (;;) {
          const next = this.due()[0];
          if (!next || this.disposed) break;
          if (!(await this.send(next))) return false;
        }
        return this.count() === 0;
      } finally {
        this.flushing = null;
        this.scheduleWaiting();
        this.emit();
      }
    };
    this.flushing = run();
    this.emit();
    return this.flushing;
  }

  /** On `pagehide`: every queued answer goes out with `keepalive` (not awaited). They stay
   * queued: the next load resends them (same seq, so nothing changes twice). Events wait for the
   * next load, so that a switch is never counted twice. */
  flushOnExit(): void {
    if (this.paused) return;
    for (const p of Object.values(this.data.answers)) {
      void this.options.transport
        .saveAnswer(
          { questionId: p.questionId, answer: p.answer, flagged: p.flagged, seq: p.seq, typedAt: p.typedAt },
          { keepalive: true },
        )
        .catch(() => undefined);
    }
  }

  /** After this tab took the attempt back: sending resumes. */
  resume(): void {
    this.paused = null;
    this.emit();
    void this.flush();
  }

  /** The attempt is over: the outbox is emptied and forgotten. */
  clear(): void {
    this.data = empty(this.data.attemptId);
    try {
      this.options.storage?.removeItem(this.options.key);
    } catch {
      /* nothing stored */
    }
    this.emit();
  }

  subscribe(listener: (snapshot: OutboxSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): OutboxSnapshot {
    return this.current;
  }

  count(): number {
    return Object.keys(this.data.answers).length + this.data.events.length;
  }

  private due(): (({ type: "answer" } & PendingAnswer) | ({ type: "event" } & PendingEvent))[] {
    const now = this.options.now();
    return [
      ...Object.values(this.data.answers)
        .filter((p) => p.notBefore <= now)
        .map((p) => ({ type: "answer" as const, ...p })),
      ...this.data.events.map((e) => ({ type: "event" as const, ...e })),
    ].sort((a, b) => a.order - b.order);
  }

  private makeAllDue(): void {
    for (const p of Object.values(this.data.answers)) p.notBefore = 0;
  }

  private async send(item: ReturnType<Outbox["due"]>[number]): Promise<boolean> {
    const { transport } = this.options;
    try {
      if (item.type === "answer") {
        await transport.saveAnswer(
          {
            questionId: item.questionId,
            answer: item.answer,
            flagged: item.flagged,
            seq: item.seq,
            typedAt: item.typedAt,
          },
          {},
        );
        this.dropAnswer(item.questionId, item.seq);
      } else {
        const ack = await transport.postEvent({ kind: item.kind, occurredAt: item.occurredAt });
        this.dropEvent(item.id);
        this.options.onEventAck?.(ack);
      }
      this.networkDown = false;
      this.emit();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        this.networkDown = true; // fetch failed: no network
      } else if (error.status === 409 && error.code === "attempt_taken_over") {
        this.paused = "takenOver";
      } else if (error.status === 403) {
        // the consent refusal: a withdrawal ended the sitting, nothing more is processed (issue 37 item 6)
        this.paused = "ended";
        this.clear();
        return false;
      } else if (error.status === 409 && ENDED.has(error.code)) {
        this.paused = "ended";
      } else if (error.status === 400 || error.status === 404) {
        // the server will never take this one (a question not in the test, a malformed answer)
        if (item.type === "answer") {
          this.rejected = [...this.rejected, item.questionId];
          this.dropAnswer(item.questionId, item.seq);
        } else {
          this.dropEvent(item.id);
        }
        this.emit();
        return true;
      } else {
        this.networkDown = false; // the server answered: retried later
      }
      this.emit();
      return false;
    }
  }

  private dropAnswer(questionId: number, seq: number): void {
    const id = String(questionId);
    if (this.data.answers[id]?.seq === seq) delete this.data.answers[id];
    this.write();
  }

  private dropEvent(id: string): void {
    this.data.events = this.data.events.filter((e) => e.id !== id);
    this.write();
  }

  private schedule(delayMs: number): void {
    if (this.paused) return;
    if (delayMs <= 0) {
      queueMicrotask(() => void this.flush());
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
  }

  /** Entries still waiting for their debounce (a timer may fire a little early): wake up when
   * the first one is due. */
  private scheduleWaiting(): void {
    if (this.paused || this.disposed || this.timer) return;
    const waiting = Object.values(this.data.answers).map((p) => p.notBefore);
    if (waiting.length === 0) return;
    const wait = Math.min(...waiting) - this.options.now();
    if (wait > 0) this.schedule(wait + 5);
  }

  private read(): Stored | null {
    try {
      const raw = this.options.storage?.getItem(this.options.key);
      const parsed = raw ? (JSON.parse(raw) as Stored) : null;
      return parsed && parsed.v === 1 ? parsed : null;
    } catch {
      return null;
    }
  }

  private write(): void {
    try {
      this.options.storage?.setItem(this.options.key, JSON.stringify(this.data));
    } catch {
      /* storage full or unavailable: the entries stay in memory and are still sent */
    }
  }

  private compute(): OutboxSnapshot {
    const pending = this.count();
    let state: OutboxState;
    if (this.paused) state = this.paused;
    else if (this.networkDown) state = "offline";
    else state = pending > 0 ? "saving" : "saved";
    return { state, pending, rejected: this.rejected };
  }

  private emit(): void {
    const next = this.compute();
    const same =
      next.state === this.current.state &&
      next.pending === this.current.pending &&
      next.rejected === this.current.rejected;
    if (same) return;
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }
}
