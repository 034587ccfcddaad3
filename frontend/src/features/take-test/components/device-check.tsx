import { Camera, CameraOff, Mic, MicOff } from "lucide-react";
import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import type { MediaState } from "./use-media-stream";

/** The device check: camera and microphone permission with a live preview; "camera not
 * detected" when there is none or access is refused. */
export function DeviceCheck({ media, onCheck }: { media: MediaState; onCheck: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = media.stream;
  }, [media.stream]);
  const ready = media.status === "ready";
  return (
    <section
      aria-labelledby="device-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="device-heading" className="text-lg font-semibold">
          {t("takeTest.device.title")}
        </h2>
        <Button
          variant={ready ? "outline" : "default"}
          disabled={media.status === "checking"}
          onClick={onCheck}
        >
          <Camera className="h-4 w-4" aria-hidden="true" />
          {t(ready ? "takeTest.device.checkAgain" : "takeTest.device.check")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t("takeTest.device.intro")}</p>
      <div className="grid gap-4 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-900">
          <video
            ref={video}
            autoPlay
            muted
            playsInline
            aria-label={t("takeTest.device.preview")}
            className={ready ? "h-full w-full object-cover" : "hidden"}
          />
          {!ready && (
            <div className="absolute inset-0 flex items-center justify-center text-slate-400">
              <CameraOff className="h-10 w-10" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="grid content-start gap-2 text-sm" role="status">
          {media.status === "idle" && <p>{t("takeTest.device.notChecked")}</p>}
          {media.status === "checking" && <p>{t("takeTest.device.checking")}</p>}
          {ready && (
            <>
              <p className="flex items-center gap-2 text-emerald-800">
                <Camera className="h-4 w-4" aria-hidden="true" /> {t("takeTest.device.cameraOk")}
              </p>
              <p
                className={`flex items-center gap-2 ${media.microphone ? "text-emerald-800" : "text-amber-800"}`}
              >
                {media.microphone ? (
                  <Mic className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <MicOff className="h-4 w-4" aria-hidden="true" />
                )}
                {t(media.microphone ? "takeTest.device.micOk" : "takeTest.device.noMic")}
              </p>
            </>
          )}
          {(media.status === "noCamera" || media.status === "denied") && (
            <div className="grid gap-1 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
              <p className="font-medium">{t("takeTest.device.noCamera")}</p>
              <p>
                {t(media.status === "denied" ? "takeTest.device.deniedHint" : "takeTest.device.noCameraHint")}
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
