/** Publish one or several approved tests to the marketplace (POST create_multiple): choose the
 * tests not listed now, then per test the price of each add-on in VND (test only: required;
 * test + advanced report and survey report: optional; 0 = free) and a description. All or
 * nothing: the server's field errors (`items.N.price_test_only`, ...) show at their test's
 * fields, its refusals (409) above the buttons. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";

import { Lang } from "@/components/lang";
import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { VndInput } from "@/components/vnd-input";
import { ApiError } from "@/lib/api-client";
import { assignableTestsQuery, type AssignableTest } from "@/lib/api/assignable-tests";
import { applyServerErrors } from "@/lib/forms";
import { useT, type MessageId } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { usePublishListings } from "../api/publish-listings";
import { PRICE_FIELDS, publishSchema, toPublishItems, type PublishValues } from "./publish-schema";

const PRICE_LABEL: Record<(typeof PRICE_FIELDS)[number], MessageId> = {
  price_test_only: "marketplace.addon.testOnly",
  price_test_advanced: "marketplace.addon.testAdvanced",
  price_survey_report: "marketplace.addon.surveyReport",
};

const PRICE_HINT: Record<(typeof PRICE_FIELDS)[number], MessageId> = {
  price_test_only: "marketplace.publish.hint.testOnly",
  price_test_advanced: "marketplace.publish.hint.optional",
  price_survey_report: "marketplace.publish.hint.optional",
};

/** The form paths the server may name in its errors (`items.N.<field>`). */
function serverFields(count: number): string[] {
  const names = [...PRICE_FIELDS, "description", "preset_id"];
  return [
    "items",
    ...Array.from({ length: count }, (_, i) => names.map((name) => `items.${i}.${name}`)).flat(),
  ];
}

export function PublishDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("marketplace.publish.title")}
      description={t("marketplace.publish.intro")}
      closeLabel={t("common.close")}
      size="lg"
    >
      {open && <PublishForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PublishForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const ids = useId();
  const [search, setSearch] = useState("");
  // Approved (or withdrawn published) tests not on the marketplace now.
  const tests = useQuery(
    assignableTestsQuery({ listed: false, limit: 100, order_by: "name", search: search.trim() }),
  );
  const publish = usePublishListings();
  const [refusal, setRefusal] = useState("");
  const schema = useMemo(() => publishSchema(t), [t]);
  const { control, handleSubmit, register, setError, formState } = useForm<PublishValues>({
    resolver: zodResolver(schema),
    defaultValues: { items: [] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: "items", keyName: "key" });
  const errors = formState.errors;
  const chosen = new Map(fields.map((f, index) => [f.preset_id, index]));

  function toggle(test: AssignableTest, on: boolean) {
    setRefusal("");
    if (on && !chosen.has(test.id)) {
      append({
        preset_id: test.id,
        name: test.name,
        price_test_only: null,
        price_test_advanced: null,
        price_survey_report: null,
        description: "",
      });
    } else if (!on && chosen.has(test.id)) {
      remove(chosen.get(test.id));
    }
  }

  async function submit(values: PublishValues) {
    setRefusal("");
    try {
      const listings = await publish.mutateAsync(toPublishItems(values));
      toast({ variant: "success", title: t("marketplace.publish.done", { count: listings.length }) });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setRefusal(t("common.unknownError"));
        return;
      }
      // The server's keys are the form's paths: items.N.price_test_only, ...
      const message = applyServerErrors(error, setError, serverFields(fields.length));
      if (Object.keys(error.errors).length === 0 || error.status !== 400) setRefusal(message);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">
          {t("marketplace.publish.chooseTests")}
        </legend>
        <label htmlFor={`${ids}-search`} className="sr-only">
          {t("marketplace.publish.searchTests")}
        </label>
        <Input
          id={`${ids}-search`}
          type="search"
          placeholder={t("marketplace.publish.searchTests")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="max-h-56 overflow-y-auto rounded-xl border border-slate-200 [&>p]:p-3">
          <QueryState query={tests} failed={t("marketplace.loadFailed")}>
            {(page) =>
              page.items.length === 0 ? (
                <p className="text-sm text-slate-600">
                  {search.trim() ? t("marketplace.publish.noMatch") : t("marketplace.publish.noTests")}
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {page.items.map((test) => (
                    <li key={test.id}>
                      <label className="flex cursor-pointer items-start gap-3 p-3 text-sm hover:bg-slate-50 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-blue-600">
                        <input
                          type="checkbox"
                          className="mt-0.5 h-4 w-4 accent-blue-700"
                          checked={chosen.has(test.id)}
                          onChange={(e) => toggle(test, e.target.checked)}
                        />
                        <span className="grid gap-0.5">
                          <span className="font-medium text-slate-900">
                            <Lang>{test.name}</Lang>
                          </span>
                          <span className="text-xs text-slate-600">
                            {[
                              test.grade ? t("marketplace.gradeN", { grade: test.grade }) : null,
                              test.subjects.join(", ") || null,
                              t("marketplace.publish.batchesN", { count: test.live_batches }),
                            ]
                              .filter(Boolean)
                              .join(" · ")}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
        {errors.items?.message && (
          <p role="alert" className="text-xs text-red-600">
            {errors.items.message}
          </p>
        )}
      </fieldset>

      {fields.map((item, index) => {
        const itemErrors = errors.items?.[index];
        return (
          <section
            key={item.key}
            aria-label={t("marketplace.publish.itemLabel", { name: item.name })}
            className="grid gap-3 rounded-xl border border-slate-200 p-4"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold [overflow-wrap:anywhere]">
                <Lang>{item.name}</Lang>
              </h3>
              <Button
                size="xs"
                variant="ghost"
                onClick={() => remove(index)}
                aria-label={t("marketplace.publish.removeItem", { name: item.name })}
              >
                {t("marketplace.publish.remove")}
              </Button>
            </div>
            <div className="grid items-start gap-3 sm:grid-cols-3">
              {PRICE_FIELDS.map((field) => {
                const inputId = `${ids}-${index}-${field}`;
                const message = itemErrors?.[field]?.message;
                return (
                  <Field
                    key={field}
                    label={t(PRICE_LABEL[field])}
                    htmlFor={inputId}
                    error={message}
                    hint={t(PRICE_HINT[field])}
                  >
                    <Controller
                      control={control}
                      name={`items.${index}.${field}`}
                      render={({ field: f }) => (
                        <VndInput
                          id={inputId}
                          value={f.value}
                          onChange={f.onChange}
                          onBlur={f.onBlur}
                          ref={f.ref}
                          aria-invalid={!!message}
                        />
                      )}
                    />
                  </Field>
                );
              })}
            </div>
            <Field
              label={t("marketplace.publish.description")}
              htmlFor={`${ids}-${index}-description`}
              error={itemErrors?.description?.message}
              hint={t("marketplace.publish.descriptionHint")}
            >
              <textarea
                id={`${ids}-${index}-description`}
                rows={3}
                className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
                {...register(`items.${index}.description`)}
              />
            </Field>
            {itemErrors?.preset_id?.message && (
              <p role="alert" className="text-xs text-red-600">
                {itemErrors.preset_id.message}
              </p>
            )}
          </section>
        );
      })}

      {refusal && (
        <p
          role="alert"
          className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending
            ? t("common.working")
            : t("marketplace.publish.submit", { count: fields.length })}
        </Button>
      </div>
    </form>
  );
}
