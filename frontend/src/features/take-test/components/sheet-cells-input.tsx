/** A numeric answer on the test page (the national exam's phần III, issue 39): what the answer
 * sheet allows, four cells of digits, "-" and "," (the point and the Unicode minus accepted). It
 * looks like the sheet's row of four boxes but is ONE text input to the keyboard and to screen
 * readers, labelled, described by its rule and by the rounding instruction shown above it. A
 * character the cells cannot hold, or a fifth one, is refused as it is typed and a polite live
 * message says why (the server's rule, `lib/sheet-number.ts`). What was typed stays on screen;
 * the answer saved is as the sheet writes it ("1.5" is saved "1,5").
 *
 * `inputMode` is left to the text keyboard: iOS's decimal pad has no minus sign, and phần III
 * answers may be negative. */
import { useEffect, useId, useState, type KeyboardEvent } from "react";

import { cn } from "@/lib/cn";
import { inLanguage } from "@/components/math-html";
import { useLanguage, useT } from "@/lib/intl";
import { SHEET_CELLS, SHEET_NUMBER_MESSAGE, sheetCharacter, sheetNumberError } from "@/lib/sheet-number";

import type { Answer, AttemptQuestion } from "../api/types";
import { answerText, isAnswered, numericAnswer } from "../lib/answers";

export function SheetCellsInput({
  question,
  answer,
  disabled,
  describedBy,
  onAnswer,
  onBlur,
}: {
  question: AttemptQuestion;
  answer: Answer | undefined;
  disabled: boolean;
  describedBy: string;
  onAnswer: (answer: Answer, options?: { typing?: boolean }) => void;
  onBlur: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const [shown, setShown] = useState(() => answerText(answer));
  const [message, setMessage] = useState("");
  const [focused, setFocused] = useState(false);
  const rounding = inLanguage(question.rounding, language);
  const cleared = !isAnswered(answer);
  useEffect(() => {
    if (cleared) setShown(""); // the question's "Clear" button
  }, [cleared]);
  const refuse = (code: "bad_character" | "too_long") => setMessage(t(SHEET_NUMBER_MESSAGE[code]));

  function accept(next: string) {
    if ([...next].some((char) => !sheetCharacter(char))) return refuse("bad_character");
    if (next.length > SHEET_CELLS) return refuse("too_long");
    setMessage("");
    setShown(next);
    onAnswer(numericAnswer(next), { typing: true });
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const input = event.currentTarget;
    const selected = (input.selectionEnd ?? 0) - (input.selectionStart ?? 0);
    if (!sheetCharacter(event.key)) {
      event.preventDefault();
      refuse("bad_character");
    } else if (input.value.length - selected >= SHEET_CELLS) {
      event.preventDefault();
      refuse("too_long");
    }
  }

  const described = [describedBy, rounding && `${id}-rounding`, `${id}-rule`, `${id}-message`]
    .filter(Boolean)
    .join(" ");
  const active = Math.min(shown.length, SHEET_CELLS - 1);
  return (
    <div className="grid gap-2">
      {rounding && (
        <p id={`${id}-rounding`} className="text-sm font-medium text-slate-800">
          {rounding}
        </p>
      )}
      <label htmlFor={`${id}-cells`} className="text-sm font-medium text-slate-700">
        {t("takeTest.numericLabel")}
      </label>
      <div className="relative flex w-fit gap-1.5">
        {Array.from({ length: SHEET_CELLS }, (_, cell) => (
          <span
            key={cell}
            aria-hidden="true"
            className={cn(
              "flex h-14 w-12 items-center justify-center rounded-md border-2 border-slate-400 bg-white font-mono text-2xl text-slate-900",
              focused && cell === active && "border-blue-600 ring-2 ring-blue-200",
              disabled && "bg-slate-100 text-slate-500",
            )}
          >
            {shown[cell] ?? ""}
          </span>
        ))}
        <input
          id={`${id}-cells`}
          type="text"
          maxLength={SHEET_CELLS}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          aria-describedby={described}
          value={shown}
          onKeyDown={keyDown}
          onChange={(e) => accept(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (shown.trim() && sheetNumberError(shown) === "not_a_number")
              setMessage(t(SHEET_NUMBER_MESSAGE.not_a_number));
            onBlur();
          }}
          className="absolute inset-0 h-full w-full cursor-text opacity-0"
        />
      </div>
      <p id={`${id}-rule`} className="text-xs text-slate-500">
        {t("takeTest.numericRule")}
      </p>
      <p id={`${id}-message`} role="status" aria-live="polite" className="min-h-5 text-sm text-red-700">
        {message}
      </p>
    </div>
  );
}
