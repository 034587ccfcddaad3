/** A page of a folder's questions with a checkbox each (and one for the whole page); a question of
 * a shared stimulus names it (decision 0054). */
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { MathHtml } from "@/components/math-html";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import type { Page } from "@/lib/api/types";
import { useT } from "@/lib/intl";

import type { QuestionRow } from "../api/types";
import { difficultyLabel, typeLabel } from "./labels";
import { StatusBadge } from "./status-badge";
import { StimulusTag } from "./stimulus-tag";

export function QuestionTable({
  query,
  filtered,
  selected,
  onSelect,
}: {
  query: UseQueryResult<Page<QuestionRow>>;
  filtered: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const t = useT();
  const items = query.data?.items ?? [];
  const allChecked = items.length > 0 && items.every((q) => selected.includes(q.id));
  const toggle = (id: number) =>
    onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Table label={t("qb.question")}>
      <Head>
        <Th className="w-10">
          <input
            type="checkbox"
            aria-label={t("qb.selectAll")}
            checked={allChecked}
            disabled={items.length === 0}
            onChange={() => onSelect(allChecked ? [] : items.map((q) => q.id))}
          />
        </Th>
        <Th>{t("qb.question")}</Th>
        <Th>{t("qb.type")}</Th>
        <Th>{t("qb.subject")}</Th>
        <Th>{t("field.grade")}</Th>
        <Th>{t("qb.difficulty")}</Th>
        <Th>{t("qb.status")}</Th>
      </Head>
      <Body>
        <QueryRows
          query={query}
          count={items.length}
          colSpan={7}
          failed={t("qb.loadFailed")}
          empty={t("qb.noQuestions")}
          filtered={filtered}
        >
          {items.map((q) => (
            <Tr key={q.id}>
              <Td>
                {/* 24 px on phones (WCAG 2.5.8): the card's cells sit close together there. */}
                <input
                  type="checkbox"
                  className="max-md:h-6 max-md:w-6"
                  aria-label={t("qb.selectOne", { id: q.id })}
                  checked={selected.includes(q.id)}
                  onChange={() => toggle(q.id)}
                />
              </Td>
              <Td className="max-w-md">
                <Link
                  to={`/question-bank/form/${q.id}`}
                  className="line-clamp-2 text-slate-900 hover:text-blue-700"
                >
                  <MathHtml text={q.stem} empty={`#${q.id}`} />
                </Link>
                {q.stimulus && <StimulusTag stimulus={q.stimulus} />}
              </Td>
              <Td label={t("qb.type")}>{t(typeLabel(q.type))}</Td>
              <Td label={t("qb.subject")}>{q.subject_name}</Td>
              <Td label={t("field.grade")}>{q.grade ?? "—"}</Td>
              <Td label={t("qb.difficulty")}>{q.difficulty ? t(difficultyLabel(q.difficulty)) : "—"}</Td>
              <Td label={t("qb.status")}>
                <StatusBadge status={q.status} />
              </Td>
            </Tr>
          ))}
        </QueryRows>
      </Body>
    </Table>
  );
}
