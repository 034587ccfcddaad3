/** The preset's blueprint on its detail page: per subject, each cluster (and complexity level)
 * with its number of questions, and the total; a test in parts (decision 0056) lists its parts
 * instead, each with its question type, points per question, maximum and rows. */
import { useQuery } from "@tanstack/react-query";

import { clustersQuery } from "@/lib/api/matrix-clusters";
import { subjectsQuery } from "@/lib/api/subjects";
import { useLanguage, useT } from "@/lib/intl";
import { SectionCard } from "@/components/ui/section-card";

import type { Preset } from "../api/types";
import { subjectNames } from "./labels";
import { PART_TYPES } from "./parts-editor";

export function BlueprintSummary({ preset }: { preset: Preset }) {
  const t = useT();
  const { language } = useLanguage();
  const subjects = useQuery(subjectsQuery());
  const clusters = useQuery(clustersQuery());
  const cluster = (id: number | null | undefined) => clusters.data?.find((c) => c.id === id);
  const total =
    preset.subjects.flatMap((s) => s.items ?? []).reduce((sum, i) => sum + (i.count ?? 0), 0) +
    preset.parts.reduce((sum, p) => sum + p.question_count, 0);
  const rowsOf = (items: Preset["subjects"][number]["items"]) => (
    <ul className="grid gap-1 text-sm">
      {(items ?? []).map((item, index) => {
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
              {c?.label}
              {level && <span className="text-slate-500"> · {level.code}</span>}
            </span>
            <span className="shrink-0 font-medium">
              {t("tests.questionsCount", { count: item.count ?? 0 })}
            </span>
          </li>
        );
      })}
    </ul>
  );
  return (
    <SectionCard
      id="blueprint-heading"
      title={t("tests.section.blueprint")}
      aside={<span className="text-sm text-slate-600">{t("tests.blueprintTotal", { count: total })}</span>}
      className="gap-3"
    >
      {preset.parts.length > 0
        ? preset.parts.map((part) => (
            <div key={part.position} className="grid gap-1">
              <h3 className="text-sm font-semibold text-slate-800">{part.name}</h3>
              <p className="text-xs text-slate-600">
                {t("tests.part.summary", {
                  type: t(
                    PART_TYPES.find((type) => type.value === part.question_type)?.label ?? "tests.part.type",
                  ),
                  points: part.points_per_question,
                  count: part.question_count,
                  max: part.max_score,
                })}
              </p>
              {rowsOf(part.items)}
            </div>
          ))
        : preset.subjects.map((s) => (
            <div key={s.subject_id} className="grid gap-1">
              <h3 className="text-sm font-semibold text-slate-800">
                {subjectNames([s.subject_id ?? 0], subjects.data, language) || `#${s.subject_id}`}
              </h3>
              {rowsOf(s.items)}
            </div>
          ))}
    </SectionCard>
  );
}
