/** The per-question table of an item analysis: position and code (a flagged question links to its
 * page in the bank), the stem excerpt, facility, discrimination, discriminative efficiency,
 * upper-lower index, omit rate and the flags. Figures in the reader's number format; "—" where
 * undefined. A choice question's row has a disclosure button ("Phân tích phương án", aria-expanded)
 * that shows its distractor analysis in the row below (decision 0019). */
import { ChevronDown } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { Link } from "react-router-dom";

import { ItemFigureCells, type ItemThresholds } from "@/components/item-flags";
import { MathHtml } from "@/components/math-html";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { ItemQuestion } from "../api/types";
import { DistractorTable } from "./distractor-table";

const COLUMNS = 8;

export function ItemQuestionTable({
  questions,
  thresholds,
}: {
  questions: ItemQuestion[];
  thresholds: ItemThresholds;
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
      <Body>
        {questions.map((q) => {
          const expanded = open.has(q.question_id);
          const detailsId = `${baseId}-options-${q.question_id}`;
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
                  {q.options.length > 0 && (
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={t("itemAnalysis.options.toggleLabel", { position, code: q.code })}
                      onClick={() => toggle(q.question_id)}
                      className="mt-1 flex min-h-6 items-center gap-1 rounded text-xs font-medium text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 max-md:mt-0"
                    >
                      <ChevronDown
                        className={cn("h-4 w-4 transition-transform", expanded && "rotate-180")}
                        aria-hidden="true"
                      />
                      {t("itemAnalysis.options.toggle")}
                    </button>
                  )}
                </Td>
                <Td label={cols.stem} className="min-w-0 max-w-md [overflow-wrap:anywhere]">
                  <MathHtml html={q.stem} empty={q.code} className="line-clamp-3" />
                </Td>
                <ItemFigureCells row={q} labels={cols} />
              </Tr>
              {q.options.length > 0 && (
                <tr id={detailsId} hidden={!expanded} className="bg-slate-50 max-md:block max-md:rounded-2xl">
                  <td
                    colSpan={COLUMNS}
                    className="px-3 pb-4 pt-2 max-md:block max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:px-1"
                  >
                    {expanded && <DistractorTable question={q} thresholds={thresholds} />}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </Body>
    </Table>
  );
}
