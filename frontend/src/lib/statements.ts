/** A true/false set's statement letter as the national exam prints it (phần II: ý a) to f);
 * statements keep their written order, decision 0055): 0 -> "a", 1 -> "b". Its server twin for
 * the item analysis and paper tests is `assessments.matching.statement_label` ("a)"). */
export const statementLetter = (index: number) => String.fromCharCode(97 + index);
