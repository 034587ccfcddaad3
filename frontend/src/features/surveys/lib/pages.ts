/** The survey runner's pages: eight statements to a page. */
import type { Question } from "../api/types";

export const PAGE_SIZE = 8;

/** How many pages `count` statements fill (at least one). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** The statements on `page` (0-based). */
export function onPage<T>(questions: T[], page: number): T[] {
  return questions.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
}

/** The page (0-based) holding statement `number` (1-based). */
export function pageOf(number: number): number {
  return Math.floor((number - 1) / PAGE_SIZE);
}

/** The page (0-based) to open: the first with an unanswered statement, else the last. */
export function resumePage(questions: Question[], answers: Record<number, number>): number {
  const index = questions.findIndex((q) => answers[q.id] === undefined);
  return index === -1 ? pageCount(questions.length) - 1 : Math.floor(index / PAGE_SIZE);
}
