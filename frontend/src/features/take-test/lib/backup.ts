/** Backup answers ("Bài làm dự phòng", issue 38 item 3; decision 0046): when the network does not
 * come back, the test page saves the answers it still holds as a file sealed for the server, which
 * an invigilator uploads on the batch page.
 *
 * The seal is AES-256-GCM with the attempt's own key, which the server derives from its secret and
 * sends with the attempt (`backup.key`, base64url) together with the attempt's binding
 * (`backup.binding`: the format, organization, attempt and learner). The associated data is the
 * binding and the file's unique id, so the server refuses a file whose bytes, id or attempt were
 * changed, and remembers each id it applied (a file is applied once). Same format as the server's
 * `sitting.backup.seal` (platform/sitting/backup.py), which the server tests use. */
import type { Answer } from "../api/types";
import type { BackupEntry } from "./outbox";

export const BACKUP_FORMAT = "pandai.backup-answers";
export const BACKUP_VERSION = 1;
/** The largest clock offset the server takes (ms either way; `sitting.rules.CLOCK_OFFSET_MAX_MS`). */
export const CLOCK_OFFSET_MAX_MS = 7 * 24 * 3600 * 1000;

export interface BackupOffer {
  key: string;
  binding: string;
}

/** The measured offset as the server takes it: whole ms within ±`CLOCK_OFFSET_MAX_MS`. */
export function offsetSent(offsetMs: number): number {
  const whole = Math.round(Number.isFinite(offsetMs) ? offsetMs : 0);
  return Math.max(-CLOCK_OFFSET_MAX_MS, Math.min(CLOCK_OFFSET_MAX_MS, whole));
}

/** Whether this browser can seal a file (Web Crypto needs a secure page: https, or localhost). */
export function canSeal(): boolean {
  return typeof crypto !== "undefined" && typeof crypto.subtle !== "undefined";
}

function b64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

const utf8 = (text: string) => new TextEncoder().encode(text);

export interface BackupFile {
  /** The file's text (JSON: a readable header and the sealed answers). */
  text: string;
  fileId: string;
  count: number;
}

/** The backup file of `entries` (the outbox's queued answers, `Outbox.backupEntries`) for the
 * attempt `attemptId`, sealed with `offer`. `offsetMs`: the server clock's offset the page
 * measured (the server corrects each `typed_at` by it); `now`: this device's clock. */
export async function sealBackup({
  offer,
  attemptId,
  testName,
  entries,
  offsetMs,
  now = Date.now(),
  fileId = crypto.randomUUID(),
}: {
  offer: BackupOffer;
  attemptId: number;
  testName: string;
  entries: BackupEntry[];
  offsetMs: number;
  now?: number;
  fileId?: string;
}): Promise<BackupFile> {
  const createdAt = new Date(now).toISOString();
  const contents = {
    file_id: fileId,
    created_at: createdAt,
    clock_offset_ms: offsetSent(offsetMs),
    answers: entries.map((e) => ({
      question_id: e.questionId,
      answer: e.answer satisfies Answer,
      flagged: e.flagged,
      seq: e.seq,
      typed_at: e.typedAt === null ? null : new Date(e.typedAt).toISOString(),
    })),
  };
  const key = await crypto.subtle.importKey("raw", fromB64url(offer.key), { name: "AES-GCM" }, false, [
    "encrypt",
  ]);
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce, additionalData: utf8(`${offer.binding}|${fileId}`) },
    key,
    utf8(JSON.stringify(contents)),
  );
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    file_id: fileId,
    attempt_id: attemptId,
    binding: offer.binding,
    test_name: testName.slice(0, 500),
    created_at: createdAt,
    nonce: b64url(nonce),
    sealed: b64url(new Uint8Array(sealed)),
  };
  return { text: JSON.stringify(header), fileId, count: entries.length };
}

/** `<prefix>-<attempt>-<yyyymmdd-hhmm>.json` on this device's clock (local time). */
export function backupFileName(prefix: string, attemptId: number, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `${prefix}-${attemptId}-${stamp}.json`;
}

/** Saves `text` as a download named `name` (works offline: nothing leaves the browser). */
export function saveFile(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
