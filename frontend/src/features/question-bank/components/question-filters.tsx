/** The folder's question filters: search, status, type, grade, subject, difficulty, cluster. */
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import type { Cluster } from "@/lib/api/matrix-clusters";
import type { Subject } from "@/lib/api/subjects";
import { useLanguage, useT } from "@/lib/intl";

import { DIFFICULTIES, GRADES, QUESTION_TYPES, STATUSES } from "../lib/choices";
import { clusterName, difficultyLabel, statusLabel, subjectName, typeLabel } from "./labels";

export const QUESTION_FILTERS = {
  search: "",
  status: "",
  type: "",
  grade: "",
  subject_id: "",
  difficulty: "",
  cluster_id: "",
};
export type QuestionFilterValues = typeof QUESTION_FILTERS;

export function QuestionFilters({
  values,
  onChange,
  subjects,
  clusters,
}: {
  values: QuestionFilterValues;
  onChange: (changes: Partial<QuestionFilterValues>) => void;
  subjects: Subject[];
  clusters: Cluster[];
}) {
  const t = useT();
  const { language } = useLanguage();
  const select = (
    key: keyof QuestionFilterValues,
    id: string,
    label: string,
    choices: { value: string; label: string }[],
  ) => (
    <SelectFilter
      id={id}
      label={label}
      value={values[key]}
      onChange={(value) => onChange({ [key]: value })}
      choices={choices}
      allLabel
    />
  );
  return (
    <ListToolbar>
      <SearchFilter id="q-search" value={values.search} onChange={(search) => onChange({ search })} />
      {select(
        "status",
        "f-status",
        t("qb.status"),
        STATUSES.map((s) => ({ value: s, label: t(statusLabel(s)) })),
      )}
      {select(
        "type",
        "f-type",
        t("qb.type"),
        QUESTION_TYPES.map((s) => ({ value: s, label: t(typeLabel(s)) })),
      )}
      {select(
        "grade",
        "f-grade",
        t("field.grade"),
        GRADES.map((g) => ({ value: String(g), label: String(g) })),
      )}
      {select(
        "subject_id",
        "f-subject",
        t("qb.subject"),
        subjects.map((s) => ({ value: String(s.id), label: subjectName(s, language) })),
      )}
      {select(
        "difficulty",
        "f-difficulty",
        t("qb.difficulty"),
        DIFFICULTIES.map((d) => ({ value: d, label: t(difficultyLabel(d)) })),
      )}
      {select(
        "cluster_id",
        "f-cluster",
        t("qb.cluster"),
        clusters.map((c) => ({ value: String(c.id), label: clusterName(c) })),
      )}
    </ListToolbar>
  );
}
