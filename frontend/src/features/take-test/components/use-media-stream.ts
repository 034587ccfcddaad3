/** Camera and microphone for the preparation page: asks for permission, keeps the stream for the
 * live preview and the recording, and stops every track when the page goes away. */
import { useCallback, useEffect, useRef, useState } from "react";

export type DeviceStatus = "idle" | "checking" | "ready" | "noCamera" | "denied";

export interface MediaState {
  status: DeviceStatus;
  stream: MediaStream | null;
  microphone: boolean;
}

const DENIED = new Set(["NotAllowedError", "SecurityError", "PermissionDeniedError"]);

export function useMediaStream() {
  const [state, setState] = useState<MediaState>({ status: "idle", stream: null, microphone: false });
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const check = useCallback(async () => {
    stop();
    setState({ status: "checking", stream: null, microphone: false });
    const media = typeof navigator !== "undefined" ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setState({ status: "noCamera", stream: null, microphone: false });
      return;
    }
    const done = (stream: MediaStream, microphone: boolean) => {
      streamRef.current = stream;
      setState({ status: "ready", stream, microphone });
    };
    try {
      done(await media.getUserMedia({ video: true, audio: true }), true);
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (DENIED.has(name)) {
        setState({ status: "denied", stream: null, microphone: false });
        return;
      }
      try {
        done(await media.getUserMedia({ video: true }), false); // a camera without a microphone
      } catch (again) {
        const denied = again instanceof Error && DENIED.has(again.name);
        setState({ status: denied ? "denied" : "noCamera", stream: null, microphone: false });
      }
    }
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { ...state, check, stop };
}
