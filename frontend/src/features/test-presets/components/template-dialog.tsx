/** "Từ mẫu THPT 2025" / "From the THPT 2025 template" (issue 39 item 2; decision 0056): choose a
 * subject with a template, and its parts, question counts, points, duration and the scale out of 10
 * fill the preset form (the grade chosen, else 12). The blueprint rows come from the server (the
 * subject's topics holding questions of each part's type); nothing is saved until the educator
 * saves the form. */
import { useQuery } from "@tanstack/react-query";
import { LayoutTemplate } from "lucide-react";
import { useState } from "react";
import { useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { getTemplateFill, templateSubjectsQuery, type TemplateFill } from "../api/get-thpt-template";
import type { PresetValues } from "./preset-schema";

const idOrNone = (id: number | null | undefined) => (id ? String(id) : NONE);

/** The form's values with a template's fill: grade, minutes, the scale out of 10, the subject and
 * the parts with their rows (everything else as it was). */
export function withTemplate(values: PresetValues, fill: TemplateFill): PresetValues {
  return {
    ...values,
    grade: String(fill.grade),
    duration_minutes: String(fill.duration_minutes),
    score_scale: fill.score_scale,
    scale_max: "",
    subjects: fill.subjects.map((s) => ({ subject_id: idOrNone(s.subject_id), items: [] })),
    parts: fill.parts.map((p) => ({
      name_vi: p.name_vi,
      name_en: p.name_en,
      question_type: p.question_type,
      points_per_question: String(p.points_per_question),
      items: p.items.map((i) => ({
        subject_id: idOrNone(i.subject_id),
        cluster_id: idOrNone(i.cluster_id),
        complexity_level_id: idOrNone(i.complexity_level_id),
        count: i.count ? String(i.count) : "",
      })),
    })),
  };
}

export function TemplateButton({ disabled }: { disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <LayoutTemplate className="h-4 w-4" aria-hidden="true" /> {t("tests.template.open")}
      </Button>
      {open && <TemplateDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function TemplateDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { locale } = useLanguage();
  const form = useFormContext<PresetValues>();
  const subjects = useQuery(templateSubjectsQuery());
  const [chosen, setChosen] = useState(NONE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const current = subjects.data?.find((s) => String(s.subject_id) === chosen);

  const apply = async () => {
    if (chosen === NONE) {
      setError(t("validation.required"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      const grade = form.getValues("grade");
      const fill = await getTemplateFill(Number(chosen), grade === NONE ? null : Number(grade));
      form.reset(withTemplate(form.getValues(), fill), { keepDefaultValues: true });
      toast({ variant: "success", title: t("tests.template.applied") });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t("tests.template.loadFailed"));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("tests.template.title")}
      description={t("tests.template.intro")}
      closeLabel={t("common.close")}
    >
      <div className="grid gap-4">
        {subjects.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t("tests.template.loadFailed")}
          </p>
        ) : subjects.data && subjects.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t("tests.template.none")}</p>
        ) : (
          <Field label={t("tests.template.subject")} htmlFor="template-subject">
            <Select id="template-subject" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value={NONE} disabled>
                {subjects.isPending ? t("common.loading") : t("common.choose")}
              </option>
              {(subjects.data ?? []).map((s) => (
                <option key={s.subject_id} value={String(s.subject_id)}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {current && (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite">
            {t("tests.template.summary", {
              minutes: current.duration_minutes,
              count: current.question_count,
              parts: current.parts
                .map((p) => `${p.count} × ${formatNumber(p.points_per_question, locale)}`)
                .join(" + "),
            })}
          </p>
        )}
        <DialogButtons
          onCancel={onClose}
          onConfirm={() => void apply()}
          busy={busy}
          error={error}
          submitLabel={t("tests.template.apply")}
        />
      </div>
    </Dialog>
  );
}
