/** What the question and the stimulus forms share to edit a bilingual text: the tabs that choose
 * the language being written, and the button that uploads an image and hands back its address
 * (the question bank's own images, re-encoded by the server). */
import { ImagePlus } from "lucide-react";

import { Select } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import { uploadQuestionImage } from "../api/upload-image";
import type { Lang } from "../lib/question-schema";

/** The languages a question or a stimulus is written in, named in themselves. */
export const LANGUAGES: { value: Lang; label: string }[] = [
  { value: "vi", label: "Tiếng Việt" },
  { value: "en", label: "English" },
];

export function ContentLanguageTabs({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  const t = useT();
  return (
    <div role="tablist" aria-label={t("qb.contentLanguage")} className="flex gap-1">
      {LANGUAGES.map((l) => (
        <button
          key={l.value}
          type="button"
          role="tab"
          aria-selected={lang === l.value}
          onClick={() => onChange(l.value)}
          className={cn(
            "rounded-full px-3 py-1 text-xs font-medium",
            lang === l.value ? "bg-blue-700 text-white" : "bg-slate-100",
          )}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}

/** The language a preview shows the text in (the page's by default). */
export function PreviewLanguageSelect({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  const t = useT();
  return (
    <Select
      aria-label={t("qb.previewLanguage")}
      className="w-28"
      value={lang}
      onChange={(e) => onChange(e.target.value as Lang)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.value} value={l.value}>
          {l.label}
        </option>
      ))}
    </Select>
  );
}

/** "Add an image": uploads the chosen file and gives `onUploaded` the HTML of the image to
 * append; a refused file is told by the API client's toast. */
export function AddImageButton({ label, onUploaded }: { label: string; onUploaded: (html: string) => void }) {
  async function add(file: File | undefined) {
    if (!file) return;
    try {
      const { url } = await uploadQuestionImage(file);
      onUploaded(`<p><img src="${url}" alt=""></p>`);
    } catch {
      /* the API client shows the error */
    }
  }
  return (
    <label className="inline-flex w-fit cursor-pointer items-center gap-2 text-sm text-blue-700">
      <ImagePlus className="h-4 w-4" aria-hidden="true" /> {label}
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        onChange={(e) => void add(e.target.files?.[0])}
      />
    </label>
  );
}
