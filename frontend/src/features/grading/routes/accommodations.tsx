/** /assignment/accommodations (educators) — extra time for learners (issue 7, item 4b): a factor
 * (1-3) and/or extra minutes (0-240) for one test or every test of the organization, with a
 * reason; remove with confirmation. Applies to attempts started afterwards. */
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAccommodations } from "../api/get-accommodations";
import { useLearners } from "../api/get-learners";
import { useTestOptions } from "../api/get-test-options";
import { useDeleteAccommodation } from "../api/delete-accommodation";
import { useSaveAccommodation } from "../api/save-accommodation";
import type { Accommodation } from "../api/types";
import { Body, Head, MessageRow, Table, Td, Th, Tr } from "@/components/ui/responsive-table";

const EVERY = "__every";

export default function AccommodationsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const list = useAccommodations();
  const tests = useTestOptions();
  const remove = useDeleteAccommodation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Accommodation | null>(null);
  const [removeError, setRemoveError] = useState("");
  const items = list.data ?? [];
  const testName = (id: number | null) =>
    id === null ? t("grading.acc.everyTest") : (tests.data?.find((p) => p.id === id)?.name ?? `#${id}`);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("grading.acc.title")}</h1>
          <p className="max-w-2xl text-sm text-slate-600">{t("grading.acc.intro")}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("grading.acc.add")}
        </Button>
      </div>
      <Table label={t("grading.acc.title")}>
        <Head>
          <Th>{t("grading.learner")}</Th>
          <Th>{t("grading.test")}</Th>
          <Th>{t("grading.acc.extraTime")}</Th>
          <Th>{t("grading.acc.reason")}</Th>
          <Th>{t("grading.acc.givenBy")}</Th>
          <Th>
            <span className="sr-only">{t("grading.actions")}</span>
          </Th>
        </Head>
        <Body>
          {list.isPending && <MessageRow colSpan={6}>{t("common.loading")}</MessageRow>}
          {list.isError && (
            <MessageRow colSpan={6}>
              <span role="alert">{t("grading.loadFailed")}</span>
            </MessageRow>
          )}
          {list.isSuccess && items.length === 0 && (
            <MessageRow colSpan={6}>{t("grading.acc.empty")}</MessageRow>
          )}
          {items.map((row) => (
            <Tr key={row.id}>
              <Td className="font-medium max-md:text-base">{row.learner_name}</Td>
              <Td label={t("grading.test")}>{testName(row.preset_id)}</Td>
              <Td label={t("grading.acc.extraTime")} className="whitespace-nowrap">
                {[
                  row.factor !== 1
                    ? t("grading.acc.factorN", { factor: formatNumber(row.factor, locale) })
                    : "",
                  row.extra_minutes ? t("grading.acc.minutesN", { count: row.extra_minutes }) : "",
                ]
                  .filter(Boolean)
                  .join(" + ")}
              </Td>
              <Td label={t("grading.acc.reason")}>{row.reason || "—"}</Td>
              <Td label={t("grading.acc.givenBy")}>
                {row.created_by_name}
                <span className="block text-xs text-slate-500">{formatDateTime(row.created_at, locale)}</span>
              </Td>
              <Td className="md:text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("grading.acc.removeOf", { name: row.learner_name })}
                  onClick={() => {
                    setRemoveError("");
                    setRemoving(row);
                  }}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" /> {t("grading.acc.remove")}
                </Button>
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {adding && <AccommodationDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!removing}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ variant: "success", title: t("grading.acc.removed") });
            },
            onError: (e) => setRemoveError(e.message || t("common.unknownError")),
          })
        }
        title={t("grading.acc.removeTitle")}
        description={
          removing
            ? t("grading.acc.removeText", { name: removing.learner_name, test: testName(removing.preset_id) })
            : ""
        }
        confirmLabel={t("grading.acc.remove")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        busy={remove.isPending}
        error={removeError}
      />
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function AccommodationDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const tests = useTestOptions();
  const save = useSaveAccommodation();
  const [search, setSearch] = useState("");
  const learners = useLearners(useDebounced(search.trim(), 250));
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
            {learners.isPending && <p className="p-3 text-sm text-slate-500">{t("common.loading")}</p>}
            {learners.isError && (
              <p role="alert" className="p-3 text-sm text-red-700">
                {t("grading.loadFailed")}
              </p>
            )}
            {learners.isSuccess && learners.data.length === 0 && (
              <p className="p-3 text-sm text-slate-500">{t("grading.acc.noLearners")}</p>
            )}
            {learners.data?.map((l) => (
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
            ))}
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
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("common.working") : t("common.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
