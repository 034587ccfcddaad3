/** The national exam's two answer types against their keys (issue 39, decision 0055), as the
 * learner's released result and the educator's view of an attempt both show them: a true/false
 * set's statements, each with the answer's judgement and the key's, and "3/4 statements right →
 * 0.5 points"; a numeric answer with the accepted values (each number with the reader's decimal
 * mark). Not by colour alone: each judgement says in words whether it is right. */
import { Check, X } from "lucide-react";

import { MathSpan, type Bilingual } from "@/components/math-html";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { statementLetter } from "@/lib/statements";

type Statement = Bilingual & { id: string };

/** A sheet number ("-0,5") with the reader's decimal mark (English: "-0.5"). */
export function sheetShown(text: string, language: string): string {
  return language === "en" ? text.replace(",", ".") : text;
}

export function StatementsReview({
  statements,
  judged,
  keyed,
  right,
  score,
}: {
  statements: Statement[];
  /** The answer's judgements (statement id -> true for Đúng). */
  judged: Record<string, boolean>;
  /** The key's. */
  keyed: Record<string, boolean>;
  /** Statements the answer judged as the key does (the server's count). */
  right: number | null;
  /** The points it earned (null while not scored). */
  score: number | null;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const word = (value: boolean | undefined) =>
    value === undefined ? t("answers.notJudged") : t(value ? "answers.true" : "answers.false");
  return (
    <div className="grid gap-2">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("answers.statement")}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("answers.judged")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("answers.key")}
            </th>
          </tr>
        </thead>
        <tbody>
          {statements.map((statement, index) => {
            const given = judged[statement.id];
            const good = given !== undefined && given === keyed[statement.id];
            return (
              <tr key={statement.id} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-1.5 pr-2 font-normal">
                  <span className="font-semibold">{`${statementLetter(index)})`}</span>{" "}
                  <MathSpan text={statement} />
                </th>
                <td
                  className={cn("whitespace-nowrap py-1.5 pr-2", good ? "text-emerald-800" : "text-red-700")}
                >
                  <span className="inline-flex items-center gap-1">
                    {good ? (
                      <Check className="h-4 w-4" aria-hidden="true" />
                    ) : (
                      <X className="h-4 w-4" aria-hidden="true" />
                    )}
                    {word(given)}
                    <span className="sr-only">({t(good ? "answers.right" : "answers.wrong")})</span>
                  </span>
                </td>
                <td className="whitespace-nowrap py-1.5">{word(keyed[statement.id])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {right !== null && score !== null && (
        <p className="text-sm font-medium">
          {t("answers.statementsRight", {
            right,
            total: statements.length,
            score: formatNumber(score, locale),
            value: score,
          })}
        </p>
      )}
    </div>
  );
}

export function NumericReview({ answer, accepted }: { answer: string; accepted: string[] }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-500">{t("answers.judged")}</dt>
      <dd className="font-mono">{answer.trim() ? sheetShown(answer, language) : t("answers.noAnswer")}</dd>
      <dt className="text-slate-500">{t("answers.accepted")}</dt>
      <dd className="font-mono">{accepted.map((value) => sheetShown(value, language)).join(" · ")}</dd>
    </dl>
  );
}
