/** /test-preset/detail/:id — a preset's fields, status and review comment; generate or
 * regenerate its form (confirmation when one exists; "Failed to generate test" lists each short
 * cluster), the preview with swap and reorder, approve or reject (organization admins), and
 * its batches. Approved and published presets show their questions read-only. */
import { CheckCircle2, Pencil, Shuffle, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { shortfallsOf, useGeneratePreset } from "../api/generate-preset";
import { useClusters } from "../api/get-clusters";
import { usePreset } from "../api/get-preset";
import { useAllRounds } from "../api/get-rounds";
import { useSubjects } from "../api/get-subjects";
import { useReviewPreset } from "../api/review-preset";
import type { Preset, Shortfall } from "../api/types";
import { BatchesSection } from "../components/batches-section";
import { FormAlert } from "../components/form-alert";
import { FormPreview } from "../components/form-preview";
import { GenerationFailure } from "../components/generation-failure";
import { subjectName } from "../components/labels";
import { StatusBadge } from "../components/status-badge";

const EDITABLE = ["draft", "rejected"];

export default function PresetDetailRoute() {
  const t = useT();
  const { id = "" } = useParams();
  const presetId = Number(id);
  const preset = usePreset(Number.isFinite(presetId) && presetId > 0 ? presetId : null);
  if (preset.isPending) return <p role="status">{t("common.loading")}</p>;
  if (preset.isError || !preset.data) {
    return (
      <div className="grid gap-3">
        <p role="alert">{t("tests.notFound")}</p>
        <Link to="/test-preset" className="text-sm text-blue-700 hover:underline">
          {t("tests.backToList")}
        </Link>
      </div>
    );
  }
  return <PresetDetail preset={preset.data} />;
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
            title: error instanceof ApiError ? `${error.status} Error` : t("tests.generationFailed"),
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
              <h1 className="text-2xl font-semibold">{preset.name}</h1>
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
              <Link
                to={`/test-preset/form/${preset.id}`}
                className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <Pencil className="h-4 w-4" aria-hidden="true" /> {t("tests.edit")}
              </Link>
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
        <Summary preset={preset} />
        <Blueprint preset={preset} />
      </div>

      <section
        aria-labelledby="preview-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div>
          <h2 id="preview-heading" className="font-semibold">
            {t("tests.preview")}
          </h2>
          <p className="text-sm text-slate-600">
            {hasForm
              ? t(preset.form_mode === "per_learner" ? "tests.previewPerLearner" : "tests.previewShared", {
                  count: preset.question_count,
                  max: preset.max_score,
                  date: preset.generated_at ? formatDateTime(preset.generated_at, locale) : "—",
                })
              : t("tests.previewEmpty")}
          </p>
        </div>
        {hasForm && <FormPreview presetId={preset.id} editable={editable} />}
      </section>

      <BatchesSection presetId={preset.id} batches={preset.batches} />

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

function Summary({ preset }: { preset: Preset }) {
  const t = useT();
  const { language, locale } = useLanguage();
  const subjects = useSubjects();
  const rounds = useAllRounds();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  const yesNo = (value: boolean) => t(value ? "tests.yes" : "tests.no");
  const requiredRound = rounds.data?.items.find((r) => r.id === preset.required_round_id);
  const names = preset.subjects
    .map((s) =>
      subjectName(
        subjects.data?.find((x) => x.id === s.subject_id),
        language,
      ),
    )
    .filter(Boolean);
  const rows: [string, ReactNode][] = [
    [t("tests.field.grade"), preset.grade ? t("tests.gradeN", { grade: preset.grade }) : "—"],
    [t("tests.field.subjects"), names.join(", ") || "—"],
    [
      t("tests.field.duration"),
      preset.duration_minutes ? t("tests.minutes", { n: preset.duration_minutes }) : "—",
    ],
    [t("tests.field.startsAt"), date(preset.starts_at)],
    [t("tests.field.endsAt"), date(preset.ends_at)],
    [
      t("tests.field.passingScore"),
      preset.passing_score === null
        ? "—"
        : t("tests.scoreOfMax", { score: preset.passing_score, max: preset.max_score }),
    ],
    [t("tests.field.round"), preset.round_name || "—"],
    [
      t("tests.field.requiredRound"),
      !preset.required_round_id
        ? t("tests.noRequiredRound")
        : rounds.isPending
          ? ""
          : (requiredRound?.name ?? `#${preset.required_round_id}`),
    ],
    [
      t("tests.field.formMode"),
      t(preset.form_mode === "per_learner" ? "tests.formMode.per_learner" : "tests.formMode.shared"),
    ],
    [t("tests.field.autoRelease"), yesNo(preset.auto_release_result)],
    [t("tests.field.camera"), yesNo(preset.camera_proctoring)],
    [t("tests.field.allowNoCamera"), yesNo(preset.allow_no_camera)],
    [t("tests.field.requirements"), attributes(preset.attribute_requirements)],
    [t("tests.field.outcomes"), attributes(preset.attribute_outcomes)],
  ];
  return (
    <section
      aria-labelledby="summary-heading"
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="summary-heading" className="font-semibold">
        {t("tests.section.general")}
      </h2>
      {preset.description && (
        <p className="whitespace-pre-line text-sm text-slate-700">{preset.description}</p>
      )}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="max-sm:mb-1 font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function attributes(rows: { key: string; value: string }[]): ReactNode {
  if (rows.length === 0) return "—";
  return (
    <span className="flex flex-wrap gap-1">
      {rows.map((row) => (
        <code key={row.key} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">
          {row.key}={row.value}
        </code>
      ))}
    </span>
  );
}

function Blueprint({ preset }: { preset: Preset }) {
  const t = useT();
  const { language } = useLanguage();
  const subjects = useSubjects();
  const clusters = useClusters();
  const cluster = (id: number | null | undefined) => clusters.data?.find((c) => c.id === id);
  const total = preset.subjects.flatMap((s) => s.items ?? []).reduce((sum, i) => sum + (i.count ?? 0), 0);
  return (
    <section
      aria-labelledby="blueprint-heading"
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="blueprint-heading" className="font-semibold">
          {t("tests.section.blueprint")}
        </h2>
        <span className="text-sm text-slate-600">{t("tests.blueprintTotal", { count: total })}</span>
      </div>
      {preset.subjects.map((s) => (
        <div key={s.subject_id} className="grid gap-1">
          <h3 className="text-sm font-semibold text-slate-800">
            {subjectName(
              subjects.data?.find((x) => x.id === s.subject_id),
              language,
            ) || `#${s.subject_id}`}
          </h3>
          <ul className="grid gap-1 text-sm">
            {(s.items ?? []).map((item, index) => {
              const c = cluster(item.cluster_id);
              const level = cluster(item.complexity_level_id);
              return (
                <li
                  key={index}
                  className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 px-3 py-1.5"
                >
                  <span className="min-w-0">
                    <span className="font-mono text-xs font-semibold text-blue-800">
                      {c?.code ?? `#${item.cluster_id}`}
                    </span>{" "}
                    {c?.description}
                    {level && <span className="text-slate-500"> · {level.code}</span>}
                  </span>
                  <span className="shrink-0 font-medium">
                    {t("tests.questionsCount", { count: item.count ?? 0 })}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

function ReviewDialog({
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  action: "approve" | "reject";
  busy: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
}) {
  const t = useT();
  const [comment, setComment] = useState("");
  const [error, setError] = useState("");
  const reject = action === "reject";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t(reject ? "tests.rejectTitle" : "tests.approveTitle")}
      description={t(reject ? "tests.rejectBody" : "tests.approveBody")}
      closeLabel={t("common.close")}
    >
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reject && !comment.trim()) return setError(t("validation.required"));
          onConfirm(comment.trim());
        }}
      >
        <Field
          label={t(reject ? "tests.comment" : "tests.commentOptional")}
          htmlFor="review-comment"
          error={error}
        >
          <textarea
            id="review-comment"
            rows={3}
            aria-invalid={!!error}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200"
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setError("");
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant={reject ? "destructive" : "default"} disabled={busy}>
            {t(reject ? "tests.reject" : "tests.approve")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
