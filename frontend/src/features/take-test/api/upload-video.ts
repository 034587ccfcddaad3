import { ApiError, csrfToken, handleFailure } from "@/lib/api-client";
import { storedLanguage } from "@/lib/language";

/** POST /api/v1/take-test/{enrollment_id}/video (multipart `file`): the 30-second surroundings
 * video, checked on the server by content (WebM or MP4), length (30 s +/- tolerance) and size;
 * 400 `unsupported_video` with the reason otherwise. Sent with XMLHttpRequest for its upload
 * progress (`onProgress` gets 0..1); the failure is an ApiError (status 0 when the network
 * failed) and is shown inline, not as a toast. */
export function uploadVideo(
  enrollmentId: number,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): { promise: Promise<void>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    if (!csrfToken()) await fetch("/public/api/auth/csrf", { credentials: "include" });
    const form = new FormData();
    form.append("file", file, fileName);
    await new Promise<void>((resolve, reject) => {
      xhr.open("POST", `/api/v1/take-test/${enrollmentId}/video`);
      xhr.withCredentials = true;
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Accept-Language", storedLanguage());
      xhr.setRequestHeader("X-CSRFToken", csrfToken());
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve();
          return;
        }
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(xhr.responseText) as Record<string, unknown>;
        } catch {
          body = { message: xhr.statusText };
        }
        reject(handleFailure(xhr.status, body, true));
      };
      xhr.onerror = () => reject(new ApiError(0, { code: "network" }));
      xhr.onabort = () => reject(new ApiError(0, { code: "aborted" }));
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}
