import { upload } from "@/lib/api-client";

/** POST /api/v1/take-test/{enrollment_id}/video (multipart `file`): the 30-second surroundings
 * video, checked on the server by content (WebM or MP4), length (30 s +/- tolerance) and size;
 * 400 `unsupported_video` with the reason otherwise. Sent through `upload` for its progress
 * (`onProgress` gets 0..1); the failure is an ApiError (status 0 when the network failed) and is
 * shown inline, not as a toast. */
export function uploadVideo(
  enrollmentId: number,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): { promise: Promise<void>; abort: () => void } {
  const form = new FormData();
  form.append("file", file, fileName);
  const { promise, abort } = upload(`/api/v1/take-test/${enrollmentId}/video`, form, onProgress);
  return { promise: promise.then(() => undefined), abort };
}
