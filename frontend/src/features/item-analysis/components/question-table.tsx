/** The per-question table of an item analysis: position and code (a flagged question links to its
 * page in the bank), the stem excerpt, facility, discrimination, upper-lower index, omit rate and
 * the flags. Figures in the reader's number format; "—" where undefined. */
import { Link } from "react-router-dom";

import { ItemFigureCells } from "@/components/item-flags";
import { MathHtml } from "@/components/math-html";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { useT } from "@/lib/intl";

import type { ItemQuestion } from "../api/types";

export function ItemQuestionTable({ questions }: { questions: ItemQuestion[] }) {
  const t = useT();
  const cols = {
    question: t("itemAnalysis.col.question"),
    stem: t("itemAnalysis.col.stem"),
    facility: t("itemAnalysis.col.facility"),
    discrimination: t("itemAnalysis.col.discrimination"),
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
        <Th className="text-right">{cols.upperLower}</Th>
        <Th className="text-right">{cols.omit}</Th>
        <Th>{cols.flags}</Th>
      </Head>
      <Body>
        {questions.map((q) => (
          <Tr key={q.question_id}>
            <Td label={cols.question} className="whitespace-nowrap font-medium">
              <span className="text-slate-500">{t("itemAnalysis.position", { position: q.position })}</span>{" "}
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
            </Td>
            <Td label={cols.stem} className="min-w-0 max-w-md [overflow-wrap:anywhere]">
              <MathHtml html={q.stem} empty={q.code} className="line-clamp-3" />
            </Td>
            <ItemFigureCells row={q} labels={cols} />
          </Tr>
        ))}
      </Body>
    </Table>
  );
}
