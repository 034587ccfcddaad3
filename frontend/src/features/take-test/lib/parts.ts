/** The parts (phần) of an attempt's form on the test page (issue 39; decision 0056): which part a
 * question number belongs to, and the numbers grouped by part for the question grid and the review
 * page. The server keeps each part's questions together and in part order (`first`, `count`). */
import type { AttemptPart } from "../api/types";

/** The part holding the question at place `index` (from 0), or undefined (a test without parts). */
export function partAt(parts: AttemptPart[], index: number): AttemptPart | undefined {
  return parts.find((part) => index + 1 >= part.first && index + 1 < part.first + part.count);
}

export interface PartGroup<T> {
  /** The group's part; null for questions outside every part (all of a test without parts). */
  part: AttemptPart | null;
  rows: T[];
}

/** `rows` (each with its place `index` from 0, in increasing order) in runs of the same part:
 * one group of all rows, part null, for a test without parts. */
export function groupByPart<T extends { index: number }>(parts: AttemptPart[], rows: T[]): PartGroup<T>[] {
  const groups: PartGroup<T>[] = [];
  for (const row of rows) {
    const part = partAt(parts, row.index) ?? null;
    const last = groups[groups.length - 1];
    if (last && last.part === part) last.rows.push(row);
    else groups.push({ part, rows: [row] });
  }
  return groups;
}
