/** Queries of the feature's tests by role (testing-library/no-node-access). */
import { within } from "@testing-library/react";

/** The terms of the description lists in `element`, each with the text of its visible
 * definition (definitions hidden from assistive technology, such as bars, are skipped). */
export function definitions(element: HTMLElement): Record<string, string> {
  const terms = within(element).getAllByRole("term");
  const values = within(element).getAllByRole("definition");
  return Object.fromEntries(terms.map((term, i) => [term.textContent ?? "", values[i]?.textContent ?? ""]));
}

/** The table row whose text contains `text`. */
export function rowWith(element: HTMLElement, text: string): HTMLElement {
  return within(element).getByRole("row", { name: (name) => name.includes(text) });
}
