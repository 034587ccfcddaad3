/** One idempotency key per transaction, generated once and kept in sessionStorage, so that a
 * double click, a retry after a timeout or a reload sends the same key and the payment is
 * charged once (the server returns the same completed transaction). */
const PREFIX = "shop.pay.";

function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Not a secure context (plain http on a LAN address): an RFC 4122 version 4 id all the same.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function paymentKey(transactionId: number): string {
  const name = PREFIX + transactionId;
  let key: string | null = null;
  try {
    key = sessionStorage.getItem(name);
  } catch {
    key = null;
  }
  if (!key) {
    key = uuid();
    try {
      sessionStorage.setItem(name, key);
    } catch {
      // storage unavailable (private mode quota): the key still lives for this page
    }
  }
  return key;
}

/** Drop the key once the transaction is settled (completed, declined, cancelled or expired). */
export function forgetPaymentKey(transactionId: number): void {
  try {
    sessionStorage.removeItem(PREFIX + transactionId);
  } catch {
    // nothing to forget
  }
}
