/** The question as the learner will see it, in either language (the other one where a text is
 * not written), and what it still lacks before it can be submitted. */
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { inLanguage, MathHtml } from "@/components/math-html";
import { useLanguage, useT } from "@/lib/intl";
import { statementLetter } from "@/lib/statements";

import type { Question } from "../api/types";
import { isChoice } from "../lib/choices";
import type { Lang, QuestionValues } from "../lib/question-schema";
import { PreviewLanguageSelect } from "./content-language";

export function QuestionPreview({ missing }: { missing: Question["missing"] }) {
  const t = useT();
  const { language } = useLanguage();
  const [lang, setLang] = useState<Lang>(language);
  const { control } = useFormContext<QuestionValues>();
  const [type, stem, options, statements, rounding] = useWatch({
    control,
    name: ["type", "stem", "options", "statements", "rounding"],
  });
  return (
    <aside
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 xl:sticky xl:top-20"
      aria-labelledby="preview-heading"
    >
      <div className="flex items-center justify-between">
        <h2 id="preview-heading" className="font-semibold">
          {t("qb.preview")}
        </h2>
        <PreviewLanguageSelect lang={lang} onChange={setLang} />
      </div>
      <MathHtml className="prose-sm text-slate-900 [&_img]:max-w-full" text={stem} language={lang} />
      {isChoice(type) && (
        <ul className="grid gap-2">
          {options.map((o) => (
            <li key={o.id} className="flex gap-2 rounded-lg border border-slate-200 p-2 text-sm">
              <span className="font-semibold">{o.id.toUpperCase()}.</span>
              <MathHtml text={o} language={lang} />
            </li>
          ))}
        </ul>
      )}
      {type === "true_false" && (
        <p className="text-sm text-slate-600">
          {t("qb.true")} / {t("qb.false")}
        </p>
      )}
      {type === "true_false_set" && (
        <ol className="grid gap-2">
          {statements.map((s, index) => (
            <li key={s.id} className="flex flex-wrap gap-2 rounded-lg border border-slate-200 p-2 text-sm">
              <span className="font-semibold">{statementLetter(index)})</span>
              <MathHtml className="min-w-0 flex-1" text={s} language={lang} />
              <span className="text-xs text-slate-500">
                {t("qb.true")} / {t("qb.false")}
              </span>
            </li>
          ))}
        </ol>
      )}
      {type === "numeric" && (
        <div className="grid gap-2">
          {inLanguage(rounding, lang) && (
            <p className="text-sm italic text-slate-700">{inLanguage(rounding, lang)}</p>
          )}
          <div className="flex gap-1" aria-hidden="true">
            {[0, 1, 2, 3].map((cell) => (
              <span key={cell} className="h-10 w-8 rounded border border-slate-400" />
            ))}
          </div>
        </div>
      )}
      {(type === "short_text" || type === "essay") && (
        <div className="h-16 rounded-lg border border-dashed border-slate-300" aria-hidden="true" />
      )}
      {missing.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{t("qb.missing")}</p>
          <MissingList missing={missing} />
        </div>
      )}
    </aside>
  );
}

export function MissingList({ missing }: { missing: Question["missing"] }) {
  return (
    <ul className="list-disc pl-5 text-sm">
      {missing.map((m) => (
        <li key={m.field}>{m.message}</li>
      ))}
    </ul>
  );
}
