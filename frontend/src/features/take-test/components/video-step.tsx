/** The 30-second surroundings video of a camera-proctored test: recorded here with MediaRecorder
 * (a visible countdown, stopped at 30 s, previewed, recorded again at will) or chosen as a file,
 * then uploaded with its progress and a retry; the server's refusal ("unsupported video" and its
 * reason) is shown as it comes. Locked until the learner consents to camera proctoring
 * (`locked`; issue 24, item 2). */
import { CheckCircle2, Circle, RotateCcw, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import type { Preparation } from "../api/types";
import { uploadVideo } from "../api/upload-video";

const TYPES = ["video/webm;codecs=vp8,opus", "video/webm;codecs=vp9,opus", "video/webm", "video/mp4"];

function recorderType(): string | undefined {
  if (typeof MediaRecorder === "undefined" || !MediaRecorder.isTypeSupported) return undefined;
  return TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

interface Candidate {
  blob: Blob;
  name: string;
  url: string;
  source: "recording" | "file";
}

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; progress: number }
  | { phase: "done" }
  | { phase: "failed"; title: string; message: string };

export function VideoStep({
  enrollmentId,
  prep,
  stream,
  locked,
  onUploaded,
}: {
  enrollmentId: number;
  prep: Preparation;
  stream: MediaStream | null;
  /** No consent to camera proctoring yet: nothing can be recorded or chosen. */
  locked: boolean;
  onUploaded: () => void;
}) {
  const t = useT();
  const fileId = useId();
  const seconds = prep.video_seconds;
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [recordError, setRecordError] = useState("");
  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const abortUpload = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      if (recorder.current?.state === "recording") recorder.current.stop();
      abortUpload.current?.();
    },
    [],
  );
  useEffect(() => () => (candidate ? URL.revokeObjectURL(candidate.url) : undefined), [candidate]);

  const record = () => {
    if (!stream) return;
    setRecordError("");
    setUpload({ phase: "idle" });
    setCandidate(null);
    let rec: MediaRecorder;
    try {
      const mimeType = recorderType();
      rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      setRecordError(t("takeTest.video.recorderUnavailable"));
      return;
    }
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      timers.current.forEach(clearTimeout);
      timers.current = [];
      setLeft(null);
      const type = (rec.mimeType || "video/webm").split(";")[0] ?? "video/webm";
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) return;
      setCandidate({
        blob,
        name: `surroundings.${type === "video/mp4" ? "mp4" : "webm"}`,
        url: URL.createObjectURL(blob),
        source: "recording",
      });
    };
    recorder.current = rec;
    // The clock starts when the recorder really starts (a busy machine may take a moment), and
    // runs half a second past the target so the last frames land inside the server's tolerance.
    let started = performance.now();
    rec.onstart = () => {
      started = performance.now();
    };
    rec.start(1000);
    setLeft(seconds);
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds + 0.5) {
        if (rec.state === "recording") rec.stop();
        return;
      }
      setLeft(Math.max(0, Math.ceil(seconds - elapsed)));
      timers.current.push(setTimeout(tick, 200));
    };
    timers.current.push(setTimeout(tick, 200));
  };

  const cancelRecording = () => {
    const rec = recorder.current;
    if (rec && rec.state === "recording") {
      rec.ondataavailable = null;
      rec.onstop = null;
      rec.stop();
    }
    timers.current.forEach(clearTimeout);
    timers.current = [];
    setLeft(null);
  };

  const chooseFile = (file: File | undefined) => {
    setRecordError("");
    setUpload({ phase: "idle" });
    if (!file) return;
    if (file.size > prep.video_max_bytes) {
      setCandidate(null);
      setUpload({
        phase: "failed",
        title: t("takeTest.video.unsupported"),
        message: t("takeTest.video.tooBig", { mb: Math.floor(prep.video_max_bytes / (1024 * 1024)) }),
      });
      return;
    }
    setCandidate({ blob: file, name: file.name, url: URL.createObjectURL(file), source: "file" });
  };

  const send = () => {
    if (!candidate) return;
    setUpload({ phase: "uploading", progress: 0 });
    const job = uploadVideo(enrollmentId, candidate.blob, candidate.name, (fraction) =>
      setUpload({ phase: "uploading", progress: Math.round(fraction * 100) }),
    );
    abortUpload.current = job.abort;
    job.promise.then(
      () => {
        abortUpload.current = null;
        setUpload({ phase: "done" });
        onUploaded();
      },
      (error: unknown) => {
        abortUpload.current = null;
        const api = error instanceof ApiError ? error : null;
        if (api?.code === "aborted") return;
        setUpload({
          phase: "failed",
          title: t(
            api?.code === "unsupported_video" ? "takeTest.video.unsupported" : "takeTest.video.uploadFailed",
          ),
          message: api && api.status !== 0 ? api.message : t("takeTest.video.networkHint"),
        });
      },
    );
  };

  const recording = left !== null;
  const saved = prep.video_uploaded || upload.phase === "done";
  return (
    <section
      aria-labelledby="video-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="video-heading" className="text-lg font-semibold">
          {t("takeTest.video.title")}
        </h2>
        {saved && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {t("takeTest.video.saved")}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {t("takeTest.video.intro", { seconds, tolerance: prep.video_tolerance_seconds })}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {recording ? (
          <>
            <p
              role="timer"
              aria-label={t("takeTest.video.recordingLeft", { seconds: left })}
              className="inline-flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 font-mono text-lg font-semibold text-red-700"
            >
              <Circle className="h-3 w-3 animate-pulse fill-red-600 text-red-600" aria-hidden="true" />
              {t("takeTest.video.recordingLeft", { seconds: left })}
            </p>
            <Button variant="outline" onClick={cancelRecording}>
              {t("common.cancel")}
            </Button>
          </>
        ) : (
          <Button
            variant={candidate || saved ? "outline" : "default"}
            disabled={locked || !stream || upload.phase === "uploading"}
            onClick={record}
          >
            {candidate?.source === "recording" || saved ? (
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Circle className="h-4 w-4" aria-hidden="true" />
            )}
            {t(
              candidate?.source === "recording" || saved
                ? "takeTest.video.recordAgain"
                : "takeTest.video.record",
              {
                seconds,
              },
            )}
          </Button>
        )}
        <span className="text-sm text-slate-500">{t("takeTest.video.or")}</span>
        <label
          htmlFor={fileId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t("takeTest.video.chooseFile")}
          <input
            id={fileId}
            type="file"
            accept="video/webm,video/mp4,.webm,.mp4"
            className="sr-only"
            disabled={locked || recording || upload.phase === "uploading"}
            onChange={(e) => {
              chooseFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      </div>
      {locked ? (
        <p className="text-sm text-slate-600">{t("takeTest.video.consentFirst")}</p>
      ) : (
        !stream && !recording && <p className="text-sm text-slate-500">{t("takeTest.video.needCamera")}</p>
      )}
      {recordError && (
        <p role="alert" className="text-sm text-red-700">
          {recordError}
        </p>
      )}
      {candidate && (
        <div className="grid gap-3 md:grid-cols-[minmax(0,22rem)_1fr]">
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the learner's own 30-second video of the room, played back before upload: no speech to caption */}
          <video
            src={candidate.url}
            controls
            playsInline
            aria-label={t("takeTest.video.previewLabel")}
            className="aspect-video w-full rounded-xl bg-slate-900"
          />
          <div className="grid content-start gap-3">
            {upload.phase === "uploading" && (
              <div className="grid gap-1">
                <progress
                  max={100}
                  value={upload.progress}
                  aria-label={t("takeTest.video.uploading")}
                  className="h-2 w-full overflow-hidden rounded-full"
                />
                <p className="text-sm text-slate-600" aria-live="polite">
                  {t("takeTest.video.progress", { percent: upload.progress })}
                </p>
              </div>
            )}
            {upload.phase !== "done" && upload.phase !== "uploading" && (
              <Button className="w-fit" onClick={send}>
                <Upload className="h-4 w-4" aria-hidden="true" />
                {t(upload.phase === "failed" ? "takeTest.retry" : "takeTest.video.upload")}
              </Button>
            )}
          </div>
        </div>
      )}
      {upload.phase === "failed" && (
        <div
          role="alert"
          className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">{upload.title}</p>
          <p>{upload.message}</p>
        </div>
      )}
    </section>
  );
}
