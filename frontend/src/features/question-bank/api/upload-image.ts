import { api } from "@/lib/api-client";
import type { V1Schemas } from "@/lib/api/types";

/** POST /api/v1/questions/images (multipart `file`: JPEG, PNG or WebP): the stored image
 * (`ImageOut`: `url`, `path`), re-encoded as WebP; 400 `unsupported_file` / `image_too_large`
 * (the API client toasts them). */
export function uploadQuestionImage(file: File): Promise<V1Schemas["ImageOut"]> {
  const form = new FormData();
  form.append("file", file);
  return api<V1Schemas["ImageOut"]>("/api/v1/questions/images", { method: "POST", body: form });
}
