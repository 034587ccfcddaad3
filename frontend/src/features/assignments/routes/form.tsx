/** /assignment/form: assign an approved test directly to learners of the organization, without
 * purchase (issue 5, item 7): the test (or ?preset_id=), a batch with free slots, the learners,
 * attempts allowed, an optional due date, and whether the learner must pay a price first. The
 * server decides, all or nothing: its field errors show at the fields and its refusals (409:
 * no batch slot, batch closed, already assigned, test not assignable) as they come. On success
 * the takers page opens, filtered by the test. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { VndInput } from "@/components/vnd-input";
import { ApiError } from "@/lib/api-client";
import { assignableTestsQuery } from "@/lib/api/assignable-tests";
import { batchKeys, batchListQuery } from "@/lib/api/batches";
import { presetQuery } from "@/lib/api/test-presets";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAssignDirect } from "../api/assign-direct";
import { AssignmentNav } from "../components/assignment-nav";
import { assignSchema, MAX_ATTEMPTS, toAssignInput, type AssignValues } from "../components/assign-schema";
import { LearnerPicker } from "../components/learner-picker";
import { assignmentPaths } from "../components/paths";
import { SlotBar } from "../components/slot-bar";

/** Headings of the server's refusals (their messages are shown as they come). */
const REFUSAL_TITLE: Record<string, MessageId> = {
  no_batch_slot: "assignments.noBatchSlot",
  batch_closed: "assignments.form.refusal.batchClosed",
  already_assigned: "assignments.form.refusal.alreadyAssigned",
  preset_not_assignable: "assignments.form.refusal.notAssignable",
};

const FIELD: Record<string, keyof AssignValues> = {
  preset_id: "preset_id",
  batch_id: "batch_id",
  learner_profile_ids: "learners",
  attempts_allowed: "attempts_allowed",
  due_at: "due_at",
  purchase_cost: "purchase_cost",
  requires_purchase: "requires_purchase",
};

export default function AssignFormRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const initialPreset = Number(params.get("preset_id")) || 0;
  const schema = useMemo(() => assignSchema(t), [t]);
  const form = useForm<AssignValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      preset_id: initialPreset ? String(initialPreset) : NONE,
      batch_id: NONE,
      learners: [],
      attempts_allowed: "1",
      due_at: "",
      requires_purchase: false,
      purchase_cost: null,
    },
  });
  const { register, control, handleSubmit, setValue, setError, watch, formState } = form;
  const errors = formState.errors;
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const assign = useAssignDirect();

  const presetValue = watch("preset_id");
  const presetId = presetValue !== NONE ? Number(presetValue) : 0;
  const batchValue = watch("batch_id");
  const requiresPurchase = watch("requires_purchase");
  const learnerCount = watch("learners").length;

  const tests = useQuery(assignableTestsQuery({ page: 1, limit: 100, order_by: "name" }));
  const linked = useQuery(presetQuery(initialPreset || null));
  const batches = useQuery({
    ...batchListQuery({ page: 1, limit: 100, preset_id: presetId, order_by: "starts_at" }),
    enabled: presetId > 0,
  });
  const testOptions = useMemo(() => {
    const list = (tests.data?.items ?? []).map((p) => ({ id: p.id, name: p.name }));
    const extra = linked.data;
    if (extra && ["approved", "published"].includes(extra.status) && !list.some((p) => p.id === extra.id))
      list.unshift({ id: extra.id, name: extra.name });
    return list;
  }, [tests.data, linked.data]);
  const liveBatches = useMemo(
    () => (presetId > 0 ? (batches.data?.items ?? []).filter((b) => b.state !== "ended") : []),
    [batches.data, presetId],
  );
  const batch = liveBatches.find((b) => String(b.id) === batchValue);

  // Choose the first batch with free slots once the test's batches are known.
  useEffect(() => {
    if (batchValue !== NONE || liveBatches.length === 0) return;
    const open = liveBatches.find((b) => b.available > 0);
    if (open) setValue("batch_id", String(open.id));
  }, [batchValue, liveBatches, setValue]);

  async function submit(values: AssignValues) {
    setRefusal(null);
    if (batch && values.due_at && new Date(values.due_at) < new Date(batch.starts_at)) {
      setError("due_at", { message: t("assignments.form.error.dueBeforeBatch") });
      return;
    }
    try {
      const rows = await assign.mutateAsync(toAssignInput(values));
      toast({ variant: "success", title: t("assignments.form.done", { count: rows.length }) });
      navigate(assignmentPaths.takersOf(Number(values.preset_id)));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal({ code: "", message: t("common.unknownError") });
        return;
      }
      const fields = Object.entries(error.errors ?? {});
      for (const [key, messages] of fields) {
        const name = FIELD[key];
        if (name) setError(name, { message: messages.join(" ") });
      }
      if (fields.length === 0 || error.status !== 400)
        setRefusal({ code: error.code, message: error.message });
      if (error.code === "no_batch_slot" || error.code === "batch_closed")
        void queryClient.invalidateQueries({ queryKey: batchKeys.all });
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.form.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.form.intro")}</p>
      </div>
      <AssignmentNav presetId={presetId || undefined} assign={false} />
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section
            aria-label={t("assignments.form.testSection")}
            className="grid content-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
          >
            <Field
              label={t("assignments.form.test")}
              htmlFor="assign-preset"
              error={errors.preset_id?.message}
            >
              <Controller
                control={control}
                name="preset_id"
                render={({ field }) => (
                  <Select
                    id="assign-preset"
                    aria-invalid={!!errors.preset_id}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      setValue("batch_id", NONE);
                      setRefusal(null);
                    }}
                  >
                    <option value={NONE} disabled>
                      {tests.isPending ? t("common.loading") : t("assignments.form.chooseTest")}
                    </option>
                    {testOptions.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </Field>
            {tests.isSuccess && testOptions.length === 0 && (
              <p className="text-sm text-slate-600">{t("assignments.form.noTests")}</p>
            )}
            {linked.data && presetId === linked.data.id && !testOptions.some((p) => p.id === presetId) && (
              <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                {t("assignments.form.notAssignableYet", { name: linked.data.name })}
              </p>
            )}

            <Field
              label={t("assignments.form.batch")}
              htmlFor="assign-batch"
              error={errors.batch_id?.message}
              hint={
                presetId > 0 && batches.isSuccess && liveBatches.length === 0
                  ? t("assignments.form.noBatches")
                  : undefined
              }
            >
              <Controller
                control={control}
                name="batch_id"
                render={({ field }) => (
                  <Select
                    id="assign-batch"
                    aria-invalid={!!errors.batch_id}
                    disabled={presetId === 0}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      setRefusal(null);
                    }}
                  >
                    <option value={NONE} disabled>
                      {presetId === 0
                        ? t("assignments.form.chooseTestFirst")
                        : batches.isPending
                          ? t("common.loading")
                          : t("assignments.form.chooseBatch")}
                    </option>
                    {liveBatches.map((b) => (
                      <option key={b.id} value={String(b.id)} disabled={b.available === 0}>
                        {b.available === 0
                          ? t("assignments.form.batchOptionFull", {
                              name: b.name || t("assignments.batchN", { id: b.id }),
                              start: formatDateTime(b.starts_at, locale),
                            })
                          : t("assignments.form.batchOption", {
                              name: b.name || t("assignments.batchN", { id: b.id }),
                              start: formatDateTime(b.starts_at, locale),
                              count: b.available,
                            })}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </Field>
            {batch && (
              <div className="grid gap-1.5 rounded-xl bg-slate-50 p-3 text-xs text-slate-700">
                <SlotBar
                  slots={batch.slots}
                  available={batch.available}
                  pending={batch.pending}
                  taken={batch.taken}
                  className="w-full"
                />
                <span>
                  {t("assignments.slots.freeOf", { available: batch.available, slots: batch.slots })}
                </span>
                {learnerCount > batch.available && (
                  <span className="font-medium text-amber-800">
                    {t("assignments.form.moreThanFree", { count: learnerCount, available: batch.available })}
                  </span>
                )}
              </div>
            )}

            <div className="grid items-start gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
              <Field
                label={t("assignments.form.attempts")}
                htmlFor="assign-attempts"
                error={errors.attempts_allowed?.message}
                hint={t("assignments.form.attemptsHint", { max: MAX_ATTEMPTS })}
              >
                <Input
                  id="assign-attempts"
                  type="number"
                  min={1}
                  max={MAX_ATTEMPTS}
                  step={1}
                  inputMode="numeric"
                  aria-invalid={!!errors.attempts_allowed}
                  {...register("attempts_allowed")}
                />
              </Field>
              <Field
                label={t("assignments.form.due")}
                htmlFor="assign-due"
                error={errors.due_at?.message}
                hint={t("assignments.form.dueHint")}
              >
                <Input
                  id="assign-due"
                  type="datetime-local"
                  aria-invalid={!!errors.due_at}
                  {...register("due_at")}
                />
              </Field>
            </div>

            <div className="grid gap-3 rounded-xl border border-slate-200 p-3">
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 accent-blue-700"
                  {...register("requires_purchase")}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium text-slate-900">{t("assignments.form.requiresPurchase")}</span>
                  <span className="text-xs text-slate-600">{t("assignments.form.requiresPurchaseHint")}</span>
                </span>
              </label>
              {requiresPurchase && (
                <Field
                  label={t("assignments.form.cost")}
                  htmlFor="assign-cost"
                  error={errors.purchase_cost?.message}
                >
                  <Controller
                    control={control}
                    name="purchase_cost"
                    render={({ field }) => (
                      <VndInput
                        id="assign-cost"
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        aria-invalid={!!errors.purchase_cost}
                      />
                    )}
                  />
                </Field>
              )}
            </div>
          </section>

          <Controller
            control={control}
            name="learners"
            render={({ field }) => (
              <LearnerPicker
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  setRefusal(null);
                }}
                error={errors.learners?.message}
                invalid={!!errors.learners}
              />
            )}
          />
        </div>

        {refusal && (
          <div
            role="alert"
            className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              {REFUSAL_TITLE[refusal.code] && (
                <p className="font-semibold">{t(REFUSAL_TITLE[refusal.code]!)}</p>
              )}
              <p>{refusal.message}</p>
            </div>
          </div>
        )}

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={assign.isPending}>
            {assign.isPending ? t("common.working") : t("assignments.form.submit", { count: learnerCount })}
          </Button>
        </div>
      </form>
    </div>
  );
}
