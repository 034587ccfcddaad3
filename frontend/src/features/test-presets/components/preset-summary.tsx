/** The preset's fields on its detail page, as a list of labels and values. */
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { subjectsQuery } from "@/lib/api/subjects";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { SectionCard } from "@/components/ui/section-card";

import { allRoundsQuery } from "../api/get-rounds";
import type { Preset } from "../api/types";
import { subjectNames } from "./labels";

export function PresetSummary({ preset }: { preset: Preset }) {
  const t = useT();
  const { language, locale } = useLanguage();
  const subjects = useQuery(subjectsQuery());
  const rounds = useQuery(allRoundsQuery());
  const date = (iso: string | null) => (iso ? formatDateTime(iso, locale) : "—");
  const yesNo = (value: boolean) => t(value ? "tests.yes" : "tests.no");
  const requiredRound = rounds.data?.items.find((r) => r.id === preset.required_round_id);
  const names = subjectNames(
    preset.subjects.map((s) => s.subject_id ?? 0),
    subjects.data,
    language,
  );
  const rows: [string, ReactNode][] = [
    [t("tests.field.grade"), preset.grade ? t("tests.gradeN", { grade: preset.grade }) : "—"],
    [t("tests.field.subjects"), names || "—"],
    [
      t("tests.field.duration"),
      preset.duration_minutes ? t("tests.minutes", { n: preset.duration_minutes }) : "—",
    ],
    [t("tests.field.startsAt"), date(preset.starts_at)],
    [t("tests.field.endsAt"), date(preset.ends_at)],
    [
      t("tests.field.scoreScale"),
      preset.score_scale === "custom"
        ? `${t("tests.scale.custom")} (${preset.scale_max ?? "—"})`
        : t(preset.score_scale === "raw" ? "tests.scale.raw" : "tests.scale.ten"),
    ],
    [
      t("tests.field.passingScore"),
      preset.passing_score === null
        ? "—"
        : t("tests.scoreOfMax", {
            score: preset.passing_score,
            // on the reporting scale (decision 0056): 10, a custom maximum, or the raw maximum
            max: preset.score_scale === "ten" ? 10 : (preset.scale_max ?? preset.max_score),
          }),
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
    [t("tests.field.preferMeasured"), yesNo(preset.prefer_measured)],
    [t("tests.field.autoRelease"), yesNo(preset.auto_release_result)],
    [t("tests.field.camera"), yesNo(preset.camera_proctoring)],
    [t("tests.field.allowNoCamera"), yesNo(preset.allow_no_camera)],
    [t("tests.field.offlineGrace"), t("tests.seconds", { n: preset.offline_grace_seconds })],
    [t("tests.field.requirements"), attributes(preset.attribute_requirements)],
    [t("tests.field.outcomes"), attributes(preset.attribute_outcomes)],
  ];
  return (
    <SectionCard id="summary-heading" title={t("tests.section.general")} className="gap-3">
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
    </SectionCard>
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
