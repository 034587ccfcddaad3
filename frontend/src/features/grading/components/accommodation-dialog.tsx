/** The "add extra time" dialog of /assignment/accommodations: a learner (searched among the
 * organization's active learners), one test or every test, a factor and/or extra minutes, and a
 * reason; the server's field errors show at the fields. */
import { useId, useState } from "react";

import { QueryState } from "@/components/list/query-rows";
import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { Field, Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { useDebounced } from "@/lib/use-debounced";

import { useLearnerOptions, useTestOptions } from "../api/options";
import { useSaveAccommodation } from "../api/save-accommodation";

const EVERY = "__every";

export function AccommodationDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const tests = useTestOptions();
  const save = useSaveAccommodation();
  const [search, setSearch] = useState("");
  const learners = useLearnerOptions(useDebounced(search.trim(), 250));
  const [learner, setLearner] = useState<{ id: number; name: string } | null>(null);
  const [preset, setPreset] = useState(EVERY);
  const [factor, setFactor] = useState("1.5");
  const [minutes, setMinutes] = useState("0");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");

  const submit = () => {
    const next: Record<string, string> = {};
    const f = Number(factor.trim().replace(",", ".") || "1");
    const m = Number(minutes.trim() || "0");
    if (!learner) next.learner_profile_id = t("grading.acc.learnerRequired");
    if (!Number.isFinite(f) || f < 1 || f > 3) next.factor = t("grading.acc.factorRange");
    if (!Number.isInteger(m) || m < 0 || m > 240) next.extra_minutes = t("grading.acc.minutesRange");
    if (!next.factor && !next.extra_minutes && f === 1 && m === 0) next.factor = t("grading.acc.nothing");
    setErrors(next);
    setFormError("");
    if (Object.keys(next).length || !learner) return;
    save.mutate(
      {
        learner_profile_id: learner.id,
        preset_id: preset === EVERY ? null : Number(preset),
        factor: f,
        extra_minutes: m,
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("grading.acc.saved") });
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && Object.keys(e.errors).length) {
            setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v.join(" ")])));
          } else {
            setFormError(e.message || t("common.unknownError"));
          }
        },
      },
    );
  };

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(o) => !o && onClose()}
      title={t("grading.acc.add")}
      description={t("grading.acc.addText")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("grading.learner")}</legend>
          <label htmlFor={`${id}-search`} className="sr-only">
            {t("grading.acc.searchLearner")}
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder={t("grading.acc.searchLearner")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div
            className={cn(
              "max-h-48 overflow-y-auto rounded-lg border border-slate-200",
              errors.learner_profile_id && "border-red-500",
            )}
          >
            <QueryState query={learners} failed={t("grading.loadFailed")}>
              {(rows) =>
                rows.length === 0 ? (
                  <p className="p-3 text-sm text-slate-500">{t("grading.acc.noLearners")}</p>
                ) : (
                  rows.map((l) => (
                    <label
                      key={l.id}
                      className={cn(
                        "flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-0 hover:bg-slate-50",
                        learner?.id === l.id && "bg-blue-50",
                      )}
                    >
                      <input
                        type="radio"
                        name={`${id}-learner`}
                        checked={learner?.id === l.id}
                        onChange={() => {
                          setLearner({ id: l.id, name: l.name || l.email });
                          setErrors((e) => ({ ...e, learner_profile_id: "" }));
                        }}
                      />
                      <span className="min-w-0">
                        <span className="block font-medium">{l.name || l.email}</span>
                        <span className="block truncate text-xs text-slate-500">{l.email}</span>
                      </span>
                    </label>
                  ))
                )
              }
            </QueryState>
          </div>
          {learner && (
            <p className="text-sm text-slate-700">{t("grading.acc.chosen", { name: learner.name })}</p>
          )}
          {errors.learner_profile_id && (
            <p role="alert" className="text-xs text-red-600">
              {errors.learner_profile_id}
            </p>
          )}
        </fieldset>
        <Field label={t("grading.test")} htmlFor={`${id}-test`} error={errors.preset_id}>
          <Select id={`${id}-test`} value={preset} onChange={(e) => setPreset(e.target.value)}>
            <option value={EVERY}>{t("grading.acc.everyTest")}</option>
            {tests.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("grading.acc.factor")}
            htmlFor={`${id}-factor`}
            error={errors.factor}
            hint={t("grading.acc.factorHint")}
          >
            <Input
              id={`${id}-factor`}
              inputMode="decimal"
              value={factor}
              aria-invalid={!!errors.factor}
              onChange={(e) => setFactor(e.target.value)}
            />
          </Field>
          <Field
            label={t("grading.acc.minutes")}
            htmlFor={`${id}-minutes`}
            error={errors.extra_minutes}
            hint={t("grading.acc.minutesHint")}
          >
            <Input
              id={`${id}-minutes`}
              type="number"
              min={0}
              max={240}
              step={1}
              value={minutes}
              aria-invalid={!!errors.extra_minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </Field>
        </div>
        <Field label={t("grading.acc.reason")} htmlFor={`${id}-reason`} error={errors.reason}>
          <Input
            id={`${id}-reason`}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <DialogButtons
          error={formError}
          busy={save.isPending}
          submitLabel={save.isPending ? t("common.working") : t("common.save")}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
