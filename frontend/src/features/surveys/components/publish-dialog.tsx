/** Publish a survey to the marketplace (POST /api/v1/surveys/{id}/market-publish, multipart):
 * an optional cover image (JPEG, PNG or WebP; checked by content on the server), the price of the
 * full report in VND (empty: not offered, 0: free) and the listing's text. Taking the survey is
 * always free. Also withdraws a listed survey. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import { useMarketPublish } from "../api/market-publish";
import { useMarketWithdraw } from "../api/market-withdraw";
import type { SurveyRow } from "../api/types";

const MAX_PRICE = 100_000_000;
const COVER_TYPES = ["image/jpeg", "image/png", "image/webp"];
const COVER_MAX_BYTES = 5 * 1024 * 1024;

export function publishSchema(messages: { price: string }) {
  return z.object({
    price: z
      .string()
      .trim()
      .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) <= MAX_PRICE), { message: messages.price }),
    description: z.string().max(2000),
  });
}
type Values = z.infer<ReturnType<typeof publishSchema>>;

export function PublishDialog({ survey, onClose }: { survey: SurveyRow | null; onClose: () => void }) {
  const t = useT();
  const publish = useMarketPublish();
  const withdraw = useMarketWithdraw();
  const [cover, setCover] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [coverError, setCoverError] = useState("");
  const form = useForm<Values>({
    resolver: zodResolver(publishSchema({ price: t("surveys.publish.priceInvalid") })),
    defaultValues: { price: "49000", description: "" },
  });
  useEffect(() => {
    if (!survey) return;
    const price = survey.listing ? survey.listing.price_survey_report : 49_000;
    form.reset({ price: price === null || price === undefined ? "" : String(price), description: "" });
    setCover(null);
    setError("");
    setCoverError("");
  }, [survey, form]);
  useEffect(() => {
    if (!cover) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(cover);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  function pick(file: File | null) {
    setCoverError("");
    if (file && !COVER_TYPES.includes(file.type)) {
      setCoverError(t("surveys.publish.coverType"));
      return;
    }
    if (file && file.size > COVER_MAX_BYTES) {
      setCoverError(t("surveys.publish.coverSize"));
      return;
    }
    setCover(file);
  }

  const submit = form.handleSubmit((values) => {
    if (!survey) return;
    setError("");
    publish.mutate(
      { id: survey.id, priceSurveyReport: values.price, description: values.description, cover },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (e instanceof ApiError) {
            if (e.errors.price_survey_report)
              form.setError("price", { message: e.errors.price_survey_report[0] });
            setError(e.message);
          } else setError(t("common.unknownError"));
        },
      },
    );
  });

  return (
    <Dialog
      open={survey !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("surveys.publish.title")}
      description={t("surveys.publish.body", { name: survey?.name ?? "" })}
      closeLabel={t("common.close")}
      size="lg"
    >
      <form noValidate className="grid gap-4" onSubmit={(e) => void submit(e)}>
        <Field
          label={t("surveys.publish.cover")}
          htmlFor="survey-cover"
          hint={t("surveys.publish.coverHint")}
          error={coverError}
        >
          <Input
            id="survey-cover"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
        </Field>
        {(preview ?? survey?.listing?.cover_image) && (
          <img
            src={preview ?? survey?.listing?.cover_image ?? ""}
            alt={t("surveys.publish.coverPreview")}
            className="aspect-[1200/630] w-full max-w-sm rounded-lg border border-slate-200 object-cover"
          />
        )}
        <Field
          label={t("surveys.publish.price")}
          htmlFor="survey-price"
          hint={t("surveys.publish.priceHint")}
          error={form.formState.errors.price?.message}
        >
          <Input
            id="survey-price"
            inputMode="numeric"
            aria-invalid={Boolean(form.formState.errors.price)}
            {...form.register("price")}
          />
        </Field>
        <Field
          label={t("surveys.publish.description")}
          htmlFor="survey-listing-text"
          hint={t("surveys.publish.descriptionHint")}
        >
          <textarea
            id="survey-listing-text"
            rows={3}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            {...form.register("description")}
          />
        </Field>
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("surveys.publish.freeNote")}
        </p>
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          {survey?.listing ? (
            <Button
              variant="outline"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(survey.id, {
                  onSuccess: onClose,
                  onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
                })
              }
            >
              {t("surveys.publish.withdraw")}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={publish.isPending}>
              {survey?.listing ? t("surveys.publish.update") : t("surveys.publish.submit")}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
