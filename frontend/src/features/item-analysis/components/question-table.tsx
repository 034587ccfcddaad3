/** The per-question table of an item analysis: position and code (a flagged question links to its
 * page in the bank), the stem excerpt, facility, discrimination, discriminative efficiency,
 * upper-lower index, omit rate and the flags. Figures in the reader's number format; "—" where
 * undefined; from fewer attempts than the server's minimum, each with the note that says so.
 * A choice question's row has a disclosure button ("Phân tích phương án", aria-expanded) that
 * shows its distractor analysis in the row below (decision 0019); a true/false set's row shows
 * the facility of each statement under its stem and opens "Phân tích từng ý", a numeric
 * question's opens "Đáp số sai thường gặp" (issue 39, item 3; decision 0059). */
import { ChevronDown } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { Link } from "react-router-dom";

import { FewAttemptsRow, ItemFigureCells, type ItemThresholds } from "@/components/item-flags";
import { MathHtml } from "@/components/math-html";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { cn } from "@/lib/cn";
import { formatPercent } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import type { ItemPart, ItemQuestion } from "../api/types";
import { DistractorTable } from "./distractor-table";
import { StatementTable } from "./statement-table";
import { WrongAnswerTable } from "./wrong-answer-table";

type Details = "options" | "statements" | "wrong";

/** Which analysis a question's row opens: its options', its statements' or its wrong answers'. */
function details(q: ItemQuestion): Details | null {
  if (q.options.length > 0) return "options";
  if (q.statements.length > 0) return "statements";
  if (q.type === "numeric") return "wrong";
  return null;
}

const TOGGLE: Record<Details, { text: MessageId; label: MessageId }> = {
  options: { text: "itemAnalysis.options.toggle", label: "itemAnalysis.options.toggleLabel" },
  statements: { text: "itemAnalysis.statements.toggle", label: "itemAnalysis.statements.caption" },
  wrong: { text: "itemAnalysis.wrong.toggle", label: "itemAnalysis.wrong.caption" },
};

/** A true/false set's statements' facility in one line under its stem: "a) 60% · b) 45% …". */
function StatementFacilities({ question }: { question: ItemQuestion }) {
  const t = useT();
  const { locale } = useLanguage();
  return (
    <p className="mt-1 text-xs text-slate-600">
      <span className="font-medium">{t("itemAnalysis.statements.inline")}:</span>{" "}
      {question.statements
        .map((s) =>
          t("itemAnalysis.statements.inlineValue", {
            label: s.label,
            facility: s.facility === null ? "—" : formatPercent(s.facility, locale),
          }),
        )
        .join(" · ")}
    </p>
  );
}

const COLUMNS = 8;

/** The questions in runs of one part (a form keeps each part's questions together, decision
 * 0056): `[{part, questions}]`, one run with `part` null for a test without parts. */
function byPart(questions: ItemQuestion[], parts: ItemPart[]) {
  const named = new Map(parts.map((p) => [p.position, p]));
  const runs: { key: string; part: ItemPart | null; questions: ItemQuestion[] }[] = [];
  for (const q of questions) {
    const last = runs.at(-1);
    if (last && (last.part?.position ?? null) === q.part) last.questions.push(q);
    else
      runs.push({
        key: `${runs.length}-${q.part ?? "none"}`,
        part: q.part === null ? null : (named.get(q.part) ?? null),
        questions: [q],
      });
  }
  return runs;
}

export function ItemQuestionTable({
  questions,
  thresholds,
  parts = [],
}: {
  questions: ItemQuestion[];
  thresholds: ItemThresholds;
  /** The test's parts: each part's questions are a row group headed by the part's name. */
  parts?: ItemPart[];
}) {
  const t = useT();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const cols = {
    question: t("itemAnalysis.col.question"),
    stem: t("itemAnalysis.col.stem"),
    facility: t("itemAnalysis.col.facility"),
    discrimination: t("itemAnalysis.col.discrimination"),
    efficiency: t("itemAnalysis.col.efficiency"),
    upperLower: t("itemAnalysis.col.upperLower"),
    omit: t("itemAnalysis.col.omit"),
    flags: t("itemAnalysis.col.flags"),
  };
  return (
    <Table label={t("itemAnalysis.questions")}>
      <Head>
        <Th>{cols.question}</Th>
        <Th>{cols.stem}</Th>
        <Th className="text-right">{cols.facility}</Th>
        <Th className="text-right">{cols.discrimination}</Th>
        <Th className="text-right">{cols.efficiency}</Th>
        <Th className="text-right">{cols.upperLower}</Th>
        <Th className="text-right">{cols.omit}</Th>
        <Th>{cols.flags}</Th>
      </Head>
      {byPart(questions, parts).map((run) => (
        <Body key={run.key}>
          {run.part && (
            <tr className="bg-blue-50 max-md:block max-md:rounded-2xl">
              <th
                scope="rowgroup"
                colSpan={COLUMNS}
                className="p-3 text-left text-sm font-semibold text-blue-950 max-md:block"
              >
                {run.part.name}
              </th>
            </tr>
          )}
          {run.questions.map((q) => {
            const expanded = open.has(q.question_id);
            const kind = details(q);
            const detailsId = `${baseId}-${kind ?? "details"}-${q.question_id}`;
            const position = t("itemAnalysis.position", { position: q.position });
            return (
              <Fragment key={q.question_id}>
                <Tr>
                  <Td label={cols.question} className="whitespace-nowrap font-medium max-md:flex-wrap">
                    <span>
                      <span className="text-slate-500">{position}</span>{" "}
                      {q.flags.length > 0 ? (
                        <Link
                          to={`/question-bank/form/${q.question_id}`}
                          // Underlined: it sits in a line of text (WCAG 1.4.1, axe link-in-text-block).
                          className="text-blue-700 underline underline-offset-2 hover:no-underline"
                          aria-label={t("itemAnalysis.openQuestion", { code: q.code })}
                        >
                          {q.code}
                        </Link>
                      ) : (
                        q.code
                      )}
                    </span>
                    {kind && (
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        aria-label={t(TOGGLE[kind].label, { position, code: q.code })}
                        onClick={() => toggle(q.question_id)}
                        className="mt-1 flex min-h-6 items-center gap-1 rounded text-xs font-medium text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 max-md:mt-0"
                      >
                        <ChevronDown
                          className={cn("h-4 w-4 transition-transform", expanded && "rotate-180")}
                          aria-hidden="true"
                        />
                        {t(TOGGLE[kind].text)}
                      </button>
                    )}
                  </Td>
                  <Td label={cols.stem} className="min-w-0 max-w-md [overflow-wrap:anywhere]">
                    <div className="min-w-0">
                      <MathHtml html={q.stem} empty={q.code} className="line-clamp-3" />
                      {q.statements.length > 0 && <StatementFacilities question={q} />}
                    </div>
                  </Td>
                  <ItemFigureCells row={q} labels={cols} minAttempts={thresholds.min_attempts} />
                </Tr>
                {q.few_attempts && (
                  <FewAttemptsRow
                    count={q.n}
                    minimum={thresholds.min_attempts}
                    before={2}
                    span={COLUMNS - 2}
                  />
                )}
                {kind && (
                  <tr
                    id={detailsId}
                    hidden={!expanded}
                    className="bg-slate-50 max-md:block max-md:rounded-2xl"
                  >
                    <td
                      colSpan={COLUMNS}
                      className="px-3 pb-4 pt-2 max-md:block max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:px-1"
                    >
                      {expanded && kind === "options" && (
                        <DistractorTable question={q} thresholds={thresholds} />
                      )}
                      {expanded && kind === "statements" && (
                        <StatementTable question={q} thresholds={thresholds} />
                      )}
                      {expanded && kind === "wrong" && (
                        <WrongAnswerTable question={q} thresholds={thresholds} />
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </Body>
      ))}
    </Table>
  );
}
