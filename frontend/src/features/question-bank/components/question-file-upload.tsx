/** The upload step of /question-bank/import-file (issue 36): the conventions of a Word exam, a
 * sample Word exam to try (`GET /question-files/sample`), the file and its upload's progress; the
 * server's refusal of a file it cannot read is shown under it. */
import { FileUp } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ApiError } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";
import { useT } from "@/lib/intl";

import type { QuestionFile } from "../api/types";
import { uploadQuestionFile } from "../api/upload-question-file";

const ACCEPT = ".docx,.xml,.txt,.gift,.zip";

export function QuestionFileUpload({ onUploaded }: { onUploaded: (file: QuestionFile) => void }) {
  const t = useT();
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState("");

  async function send() {
    if (!chosen) return;
    setError("");
    setProgress(0);
    try {
      const uploaded = await uploadQuestionFile(chosen, setProgress).promise;
      onUploaded(uploaded);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t("common.unknownError"));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section
      aria-labelledby="upload-heading"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="upload-heading" className="font-semibold">
        {t("qfile.chooseTitle")}
      </h2>
      <p className="text-sm text-slate-600">{t("qfile.conventions")}</p>
      <button
        type="button"
        className="w-fit text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
        onClick={() => void downloadFile("/api/v1/question-files/sample", "de-thi-mau.docx")}
      >
        {t("qfile.sample")}
      </button>
      <Field label={t("qfile.chooseFile")} htmlFor="question-file">
        <input
          id="question-file"
          type="file"
          accept={ACCEPT}
          className="w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          onChange={(e) => {
            setChosen(e.target.files?.[0] ?? null);
            setError("");
          }}
        />
      </Field>
      {progress !== null && (
        <ProgressBar
          label={t("qfile.uploading")}
          value={progress * 100}
          text={t("qfile.uploadingText", { progress: Math.round(progress * 100) })}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button className="w-fit" disabled={!chosen || progress !== null} onClick={() => void send()}>
        <FileUp className="h-4 w-4" aria-hidden="true" /> {t("qfile.upload")}
      </Button>
    </section>
  );
}
