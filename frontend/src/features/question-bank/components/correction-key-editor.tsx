/** The key of a key correction after the exam, for the version's type (decision 0058): the right
 * option or options, true or false, the accepted short answers and how they compare, each
 * statement of a true/false set Đúng/Sai with the scoring table (phần II), the accepted numbers
 * (phần III). Controlled by the dialog; the server checks the key as the question form does. */
import { MathSpan } from "@/components/math-html";
import { Input } from "@/components/ui/field";
import { useT } from "@/lib/intl";

import type { KeyCorrectionPanel } from "../api/get-key-corrections";
import { STATEMENT_LETTERS, type KeyDraft } from "../lib/key-draft";
import { TextArea } from "./text-area";

const legend = "text-sm font-medium text-slate-700";
const box = "grid gap-2 rounded-lg border border-slate-200 p-3";

export function CorrectionKeyEditor({
  panel,
  draft,
  onChange,
  invalid,
}: {
  panel: Pick<KeyCorrectionPanel, "type" | "options" | "statements">;
  draft: KeyDraft;
  onChange: (next: KeyDraft) => void;
  /** The key was refused: marks the controls invalid (the messages are shown by the dialog). */
  invalid: boolean;
}) {
  const t = useT();
  const set = (patch: Partial<KeyDraft>) => onChange({ ...draft, ...patch });
  const aria = {
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? "key-fix-key-error" : undefined,
  };

  if (panel.type === "single_choice" || panel.type === "multiple_choice") {
    const single = panel.type === "single_choice";
    return (
      <fieldset className={box} {...aria}>
        <legend className={legend}>{single ? t("qb.keyFix.key.option") : t("qb.keyFix.key.options")}</legend>
        {panel.options.map((o) => (
          <label key={o.id} className="flex items-start gap-2 text-sm">
            <input
              type={single ? "radio" : "checkbox"}
              name="key-fix-option"
              className="mt-1"
              checked={single ? draft.option === o.id : draft.options.includes(o.id)}
              onChange={(e) =>
                single
                  ? set({ option: o.id })
                  : set({
                      options: e.target.checked
                        ? [...draft.options, o.id]
                        : draft.options.filter((id) => id !== o.id),
                    })
              }
            />
            <span>
              <span className="font-medium">{o.id}) </span>
              <MathSpan text={o} />
            </span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (panel.type === "true_false") {
    return (
      <fieldset className={box} {...aria}>
        <legend className={legend}>{t("qb.keyFix.key.value")}</legend>
        <div className="flex gap-4">
          {(["true", "false"] as const).map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="key-fix-value"
                checked={draft.value === v}
                onChange={() => set({ value: v })}
              />
              {v === "true" ? t("qb.true") : t("qb.false")}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (panel.type === "true_false_set") {
    return (
      <div className="grid gap-3">
        <fieldset className={box} {...aria}>
          <legend className={legend}>{t("qb.keyFix.key.statements")}</legend>
          {panel.statements.map((s, i) => (
            <div
              key={s.id}
              role="radiogroup"
              aria-label={t("qb.keyFix.key.statement", { letter: STATEMENT_LETTERS[i] ?? s.id })}
              className="flex flex-wrap items-start justify-between gap-2 border-t border-slate-100 pt-2 first-of-type:border-0 first-of-type:pt-0"
            >
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-medium">{STATEMENT_LETTERS[i] ?? s.id}) </span>
                <MathSpan text={s} />
              </span>
              <span className="flex gap-3">
                {([true, false] as const).map((v) => (
                  <label key={String(v)} className="flex items-center gap-1 text-sm">
                    <input
                      type="radio"
                      name={`key-fix-statement-${s.id}`}
                      checked={draft.statements[s.id] === v}
                      onChange={() => set({ statements: { ...draft.statements, [s.id]: v } })}
                    />
                    {v ? t("qb.true") : t("qb.false")}
                  </label>
                ))}
              </span>
            </div>
          ))}
        </fieldset>
        <fieldset className={box} {...aria}>
          <legend className={legend}>{t("qb.keyFix.key.table")}</legend>
          <p className="text-xs text-slate-500">{t("qb.keyFix.key.tableHint")}</p>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {draft.scoringTable.map((fraction, right) => (
              <label key={right} className="grid gap-1 text-xs text-slate-600">
                {t("qb.keyFix.key.tableCell", { count: right })}
                <Input
                  inputMode="decimal"
                  value={fraction}
                  onChange={(e) =>
                    set({
                      scoringTable: draft.scoringTable.map((f, i) => (i === right ? e.target.value : f)),
                    })
                  }
                />
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    );
  }
  if (panel.type === "numeric") {
    return (
      <label className="grid gap-1 text-sm font-medium text-slate-700">
        {t("qb.keyFix.key.numbers")}
        <TextArea
          rows={3}
          value={draft.numbers}
          onChange={(e) => set({ numbers: e.target.value })}
          {...aria}
        />
        <span className="text-xs font-normal text-slate-500">{t("qb.keyFix.key.numbersHint")}</span>
      </label>
    );
  }
  return (
    <div className="grid gap-2">
      <label className="grid gap-1 text-sm font-medium text-slate-700">
        {t("qb.keyFix.key.accepted")}
        <TextArea
          rows={3}
          value={draft.accepted}
          onChange={(e) => set({ accepted: e.target.value })}
          {...aria}
        />
        <span className="text-xs font-normal text-slate-500">{t("qb.acceptedHint")}</span>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.caseSensitive}
          onChange={(e) => set({ caseSensitive: e.target.checked })}
        />{" "}
        {t("qb.caseSensitive")}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.diacriticSensitive}
          onChange={(e) => set({ diacriticSensitive: e.target.checked })}
        />{" "}
        {t("qb.diacriticSensitive")}
      </label>
    </div>
  );
}
