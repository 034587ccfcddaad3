/** /test-preset/detail/:id — a preset's fields, status and review comment; generate or
 * regenerate its form (confirmation when one exists; "Failed to generate test" lists each short
 * cluster), the preview with swap and reorder, approve or reject (organization admins), and
 * its batches (each linked to its page). Approved and published presets show their questions
 * read-only and lead on to the rest of the loop (issue 19): assign to learners, grading with the
 * number of answers waiting, results, gradebook and item analysis. */
import {
  BookOpenCheck,
  ChartColumn,
  CheckCircle2,
  ListChecks,
  Pencil,
  PenLine,
  Printer,
  Shuffle,
  UserPlus,
  XCircle,
} from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";

import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { ButtonLink } from "@/components/ui/button-link";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiError, errorTitle } from "@/lib/api-client";
import { gradingQuery } from "@/lib/api/grading";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { shortfallsOf, useGeneratePreset } from "../api/generate-preset";
import { useReviewPreset } from "../api/review-preset";
import type { Preset, Shortfall } from "../api/types";
import { BatchesSection } from "../components/batches-section";
import { BlueprintSummary } from "../components/blueprint-summary";
import { FormAlert } from "../components/form-alert";
import { FormExpectations } from "../components/form-expectations";
import { FormPreview } from "../components/form-preview";
import { GenerationFailure } from "../components/generation-failure";
import { PaperDialog } from "../components/paper-dialog";
import { PresetLoader, presetIdOf } from "../components/preset-loader";
import { PresetSummary } from "../components/preset-summary";
import { ReviewDialog } from "../components/review-dialog";
import { StatusBadge } from "../components/status-badge";

const EDITABLE = ["draft", "rejected"];

export default function PresetDetailRoute() {
  const { id } = useParams();
  return <PresetLoader id={presetIdOf(id)}>{(preset) => <PresetDetail preset={preset} />}</PresetLoader>;
}

function PresetDetail({ preset }: { preset: Preset }) {
  const t = useT();
  const { locale } = useLanguage();
  const isAdmin = useAuthorized().data?.user.is_admin === true;
  const generate = useGeneratePreset(preset.id);
  const review = useReviewPreset(preset.id);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [failure, setFailure] = useState<{ shortfalls: Shortfall[]; message: string } | null>(null);
  const [reviewing, setReviewing] = useState<"approve" | "reject" | null>(null);
  const [printing, setPrinting] = useState(false);
  const [reviewError, setReviewError] = useState<{ message: string; items: string[] } | null>(null);
  const editable = EDITABLE.includes(preset.status);
  const openReview = (action: "approve" | "reject") => {
    setReviewError(null);
    setReviewing(action);
  };
  const hasForm = preset.question_count > 0;

  function runGenerate() {
    setConfirmRegenerate(false);
    setFailure(null);
    generate.mutate(undefined, {
      onSuccess: (next) =>
        toast({ variant: "success", title: t("tests.generated", { count: next.question_count }) }),
      onError: (error) => {
        const shortfalls = shortfallsOf(error);
        if (shortfalls) setFailure({ shortfalls, message: error.message });
        else
          toast({
            variant: "destructive",
            title: error instanceof ApiError ? errorTitle(error.status) : t("tests.generationFailed"),
            description: error.message,
          });
      },
    });
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link to="/test-preset" className="w-fit text-sm text-slate-600 hover:text-blue-700">
          ← {t("nav.tests")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold">
                <Lang>{preset.name}</Lang>
              </h1>
              <StatusBadge kind="preset" status={preset.status} />
            </div>
            <p className="text-sm text-slate-600">
              {t("tests.createdBy", {
                name: preset.created_by_name || "—",
                date: formatDateTime(preset.created_at, locale),
              })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {editable && (
              <ButtonLink variant="outline" to={`/test-preset/form/${preset.id}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> {t("tests.edit")}
              </ButtonLink>
            )}
            {editable && (
              <Button
                variant={hasForm ? "outline" : "default"}
                disabled={generate.isPending}
                onClick={() => (hasForm ? setConfirmRegenerate(true) : runGenerate())}
              >
                <Shuffle className="h-4 w-4" aria-hidden="true" />
                {generate.isPending
                  ? t("common.working")
                  : hasForm
                    ? t("tests.regenerate")
                    : t("tests.generate")}
              </Button>
            )}
            {hasForm && (
              <Button variant="outline" onClick={() => setPrinting(true)}>
                <Printer className="h-4 w-4" aria-hidden="true" /> {t("paper.open")}
              </Button>
            )}
            {isAdmin && preset.status === "draft" && (
              <Button onClick={() => openReview("approve")}>
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {t("tests.approve")}
              </Button>
            )}
            {isAdmin && ["draft", "approved"].includes(preset.status) && (
              <Button variant="destructive" onClick={() => openReview("reject")}>
                <XCircle className="h-4 w-4" aria-hidden="true" /> {t("tests.reject")}
              </Button>
            )}
          </div>
        </div>
      </div>

      {!editable && <LoopLinks presetId={preset.id} />}

      {preset.review_comment && (
        <div
          className={
            preset.status === "rejected"
              ? "rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
              : "rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
          }
        >
          <p className="font-medium">{t("tests.reviewComment")}</p>
          <p className="whitespace-pre-line">{preset.review_comment}</p>
        </div>
      )}
      {!editable && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {t(preset.status === "published" ? "tests.publishedNote" : "tests.approvedNote")}
        </p>
      )}
      {reviewError && <FormAlert message={reviewError.message} items={reviewError.items} />}
      {failure && <GenerationFailure shortfalls={failure.shortfalls} message={failure.message} />}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <PresetSummary preset={preset} />
        <BlueprintSummary preset={preset} />
      </div>

      <SectionCard
        id="preview-heading"
        title={t("tests.preview")}
        intro={
          hasForm
            ? t(preset.form_mode === "per_learner" ? "tests.previewPerLearner" : "tests.previewShared", {
                count: preset.question_count,
                max: preset.max_score,
                date: preset.generated_at ? formatDateTime(preset.generated_at, locale) : "—",
              })
            : t("tests.previewEmpty")
        }
      >
        {hasForm && <FormExpectations preset={preset} editable={editable} />}
        {hasForm && <FormPreview presetId={preset.id} editable={editable} />}
      </SectionCard>

      <BatchesSection presetId={preset.id} batches={preset.batches} />

      {printing && <PaperDialog presetId={preset.id} onClose={() => setPrinting(false)} />}
      <ConfirmDialog
        open={confirmRegenerate}
        onCancel={() => setConfirmRegenerate(false)}
        onConfirm={runGenerate}
        busy={generate.isPending}
        title={t("tests.regenerateTitle")}
        description={t("tests.regenerateBody", { count: preset.question_count })}
        confirmLabel={t("tests.regenerate")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
      {reviewing && (
        <ReviewDialog
          action={reviewing}
          busy={review.isPending}
          onCancel={() => setReviewing(null)}
          onConfirm={(comment) =>
            review.mutate(
              { action: reviewing, comment },
              {
                onSuccess: () => {
                  toast({
                    variant: "success",
                    title: t(reviewing === "approve" ? "tests.approved" : "tests.rejected"),
                  });
                  setReviewing(null);
                },
                onError: (error) => {
                  setReviewing(null);
                  setReviewError({
                    message: error.message,
                    items: error instanceof ApiError ? Object.values(error.errors).flat() : [],
                  });
                },
              },
            )
          }
        />
      )}
    </div>
  );
}

/** Where an approved or published test goes next (issue 19, section 1): assign it, grade it (with
 * the number of answers waiting, from the grading list's total), its results, gradebook and item
 * analysis, each filtered to this test. */
function LoopLinks({ presetId }: { presetId: number }) {
  const t = useT();
  const waiting = useQuery(gradingQuery({ page: 1, limit: 1, preset_id: presetId, state: "pending" })).data
    ?.total;
  return (
    <nav aria-label={t("tests.loop.label")} className="flex flex-wrap gap-2">
      <ButtonLink to={`/assignment/form?preset_id=${presetId}`}>
        <UserPlus className="h-4 w-4" aria-hidden="true" /> {t("tests.loop.assign")}
      </ButtonLink>
      <ButtonLink variant="outline" to={`/assignment/grading/list?preset=${presetId}`}>
        <PenLine className="h-4 w-4" aria-hidden="true" /> {t("tests.loop.grading")}
        {waiting !== undefined && waiting > 0 && " "}
        {waiting !== undefined && waiting > 0 && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t("tests.loop.waiting", { count: waiting })}
          </span>
        )}
      </ButtonLink>
      <ButtonLink variant="outline" to={`/assignment/result/index?preset=${presetId}`}>
        <ListChecks className="h-4 w-4" aria-hidden="true" /> {t("tests.loop.results")}
      </ButtonLink>
      <ButtonLink variant="outline" to={`/assignment/gradebook/preset/${presetId}`}>
        <BookOpenCheck className="h-4 w-4" aria-hidden="true" /> {t("tests.gradebook")}
      </ButtonLink>
      <ButtonLink variant="outline" to={`/assignment/item-analysis/preset/${presetId}`}>
        <ChartColumn className="h-4 w-4" aria-hidden="true" /> {t("tests.itemAnalysis")}
      </ButtonLink>
    </nav>
  );
}
