/** The test page's outbox (lib/outbox): made once per attempt, seeded with the saved answers,
 * started on mount and flushed when the page is hidden or left; its snapshot (saved / saving /
 * offline / ended / taken over) as React state. Answers and events carry the server clock's
 * offset the page measured (issue 38, item 3). */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";

import { postEvent } from "../api/post-event";
import { saveAnswer } from "../api/save-answer";
import type { Attempt, EventAck } from "../api/types";
import { Outbox, outboxKey } from "../lib/outbox";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function useOutbox({
  enrollmentId,
  attempt,
  token,
  offset,
  onEventAck,
}: {
  enrollmentId: number;
  attempt: Attempt;
  /** The server clock's offset from this device's (ms), sent with each answer and event. */
  offset: number;
  /** This tab's device token (a take-back replaces it). */
  token: RefObject<string>;
  onEventAck: (ack: EventAck) => void;
}) {
  const acked = useRef(onEventAck);
  acked.current = onEventAck;
  const [outbox] = useState(() => {
    const box = new Outbox({
      storage: storage(),
      key: outboxKey(enrollmentId),
      attemptId: attempt.attempt_id,
      transport: {
        saveAnswer: (body, options) =>
          saveAnswer(enrollmentId, token.current, body, { ...options, offsetMs: offset }),
        postEvent: (body) => postEvent(enrollmentId, token.current, body, { offsetMs: offset }),
      },
      onEventAck: (ack) => acked.current(ack),
    });
    box.seed(attempt.answers);
    return box;
  });
  const snapshot = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.snapshot(),
  );

  useEffect(() => {
    outbox.start();
    const onExit = () => outbox.flushOnExit();
    const onVisible = () => {
      if (document.visibilityState === "visible") void outbox.flush();
    };
    window.addEventListener("pagehide", onExit);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("pagehide", onExit);
      document.removeEventListener("visibilitychange", onVisible);
      outbox.dispose();
    };
  }, [outbox]);

  return { outbox, snapshot };
}
