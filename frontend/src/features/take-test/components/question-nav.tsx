/** The numbered question grid: answered, flagged and current at a glance (not by colour alone:
 * each button's name says it too); arrow keys, Home and End move between the numbers. A test in
 * parts (issue 39) groups the numbers under each part's short heading ("Phần II"), each group a list
 * named by its heading; up and down move between the rows as they are drawn. */
import { Flag } from "lucide-react";
import { useId, useMemo, useRef, type KeyboardEvent } from "react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { AttemptPart } from "../api/types";
import { groupByPart } from "../lib/parts";

export interface NavItem {
  id: number;
  answered: boolean;
  /** A true/false set with some of its statements judged, not all (issue 39). */
  partial: boolean;
  flagged: boolean;
}

const COLUMNS = 5;

/** The places (from 0) of the grid's rows as drawn: `COLUMNS` a row, each group starting a row. */
function gridRows(groups: { rows: { index: number }[] }[]): number[][] {
  const rows: number[][] = [];
  for (const group of groups)
    for (let at = 0; at < group.rows.length; at += COLUMNS)
      rows.push(group.rows.slice(at, at + COLUMNS).map((row) => row.index));
  return rows;
}

/** The place the same column of the row `step` rows away (its last number when shorter); the
 * first (up) or last (down) number when there is no such row. */
function vertical(rows: number[][], index: number, step: 1 | -1, last: number): number {
  const r = rows.findIndex((row) => row.includes(index));
  const here = rows[r];
  const target = rows[r + step];
  if (!here || !target) return step > 0 ? last : 0;
  return target[Math.min(here.indexOf(index), target.length - 1)] ?? index;
}

export function QuestionNav({
  items,
  current,
  onGo,
  parts = [],
}: {
  items: NavItem[];
  current: number;
  onGo: (index: number) => void;
  /** The test's parts (issue 39); empty: one list of numbers, as before parts. */
  parts?: AttemptPart[];
}) {
  const t = useT();
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const groups = useMemo(
    () =>
      groupByPart(
        parts,
        items.map((item, index) => ({ item, index })),
      ),
    [parts, items],
  );
  const rows = useMemo(() => gridRows(groups), [groups]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      {
        ArrowRight: Math.min(last, index + 1),
        ArrowLeft: Math.max(0, index - 1),
        ArrowDown: vertical(rows, index, 1, last),
        ArrowUp: vertical(rows, index, -1, last),
        Home: 0,
        End: last,
      }[event.key] ?? null;
    if (target === null) return;
    event.preventDefault();
    refs.current[target]?.focus();
  };
  const number = (item: NavItem, index: number) => {
    const state = [
      item.answered
        ? t("takeTest.nav.answered")
        : item.partial
          ? t("takeTest.nav.partial")
          : t("takeTest.nav.unanswered"),
      item.flagged ? t("takeTest.nav.flagged") : "",
    ]
      .filter(Boolean)
      .join(", ");
    return (
      <li key={item.id}>
        <button
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          aria-current={index === current ? "step" : undefined}
          aria-label={t("takeTest.nav.item", { n: index + 1, state })}
          onClick={() => onGo(index)}
          onKeyDown={(e) => move(e, index)}
          className={cn(
            "relative flex h-10 w-full items-center justify-center rounded-lg border text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
            item.answered
              ? "border-blue-700 bg-blue-700 text-white"
              : item.partial
                ? "border-blue-700 bg-[linear-gradient(135deg,#dbeafe_50%,#fff_50%)] text-slate-900 hover:bg-slate-100"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
            index === current && "ring-2 ring-amber-400 ring-offset-2",
          )}
        >
          {index + 1}
          {item.flagged && (
            <Flag
              className="absolute -right-1.5 -top-1.5 h-4 w-4 rounded-full bg-amber-400 p-0.5 text-slate-900"
              aria-hidden="true"
            />
          )}
        </button>
      </li>
    );
  };
  const answered = items.filter((i) => i.answered).length;
  const flagged = items.filter((i) => i.flagged).length;
  return (
    <nav aria-label={t("takeTest.nav.label")} className="grid gap-3">
      <p className="text-sm text-slate-600">
        {t("takeTest.nav.progress", { answered, total: items.length })}
        {flagged > 0 && ` · ${t("takeTest.nav.flaggedCount", { count: flagged })}`}
      </p>
      {parts.length === 0 ? (
        <ol className="grid grid-cols-5 gap-2">{items.map(number)}</ol>
      ) : (
        groups.map((group, g) => (
          <div key={group.part?.position ?? `none-${g}`} className="grid gap-2">
            {group.part && (
              <h2
                id={`${id}-part-${g}`}
                className="text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {group.part.place}
              </h2>
            )}
            <ol
              className="grid grid-cols-5 gap-2"
              aria-labelledby={group.part ? `${id}-part-${g}` : undefined}
              start={(group.rows[0]?.index ?? 0) + 1}
            >
              {group.rows.map((row) => number(row.item, row.index))}
            </ol>
          </div>
        ))
      )}
      <ul className="grid gap-1 text-xs text-slate-600" aria-label={t("takeTest.nav.legend")}>
        <li className="flex items-center gap-2">
          <span className="h-3 w-3 rounded bg-blue-700" aria-hidden="true" /> {t("takeTest.nav.answered")}
        </li>
        {items.some((i) => i.partial) && (
          <li className="flex items-center gap-2">
            <span
              className="h-3 w-3 rounded border border-blue-700 bg-[linear-gradient(135deg,#dbeafe_50%,#fff_50%)]"
              aria-hidden="true"
            />{" "}
            {t("takeTest.nav.partial")}
          </li>
        )}
        <li className="flex items-center gap-2">
          <span className="h-3 w-3 rounded border border-slate-300 bg-white" aria-hidden="true" />{" "}
          {t("takeTest.nav.unanswered")}
        </li>
        <li className="flex items-center gap-2">
          <Flag className="h-3 w-3 text-amber-600" aria-hidden="true" /> {t("takeTest.nav.flagged")}
        </li>
        <li className="flex items-center gap-2">
          <span className="h-3 w-3 rounded ring-2 ring-amber-400" aria-hidden="true" />{" "}
          {t("takeTest.nav.current")}
        </li>
      </ul>
    </nav>
  );
}
