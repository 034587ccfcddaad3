/** A saved question's place in the matrix: topic, subtopic (of the chosen topic), complexity
 * level and cognitive domain; read-only once published. */
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Field, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import type { Cluster } from "@/lib/api/matrix-clusters";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useAttachMatrix } from "../api/attach-matrix";
import type { Question } from "../api/types";
import { CLUSTER_TYPES } from "../lib/choices";
import { matrixBody, matrixFromQuestion, type MatrixValues } from "../lib/draft";
import { clusterName, clusterTypeLabel } from "./labels";

/** Mount with a `key` that changes with the question, so that a new answer resets the choice. */
export function MatrixPicker({ question, clusters }: { question: Question; clusters: Cluster[] }) {
  const t = useT();
  const attach = useAttachMatrix();
  const [matrix, setMatrix] = useState<MatrixValues>(() => matrixFromQuestion(question));
  const locked = question.status === "published" || question.status === "superseded";

  function choices(type: (typeof CLUSTER_TYPES)[number]) {
    return clusters.filter(
      (c) =>
        c.type === type &&
        (type !== "subtopic" || matrix.topic_id === NONE || String(c.parent_id) === matrix.topic_id),
    );
  }

  // The saved question has a new `updated_at`, which remounts this picker (its key): the toast
  // must not depend on this instance staying mounted, so it follows the promise, not `mutate`'s
  // per-call callbacks (react-query drops those once the caller unmounts).
  function save() {
    attach.mutateAsync({ id: question.id, body: matrixBody(matrix) }).then(
      () => toast({ variant: "success", title: t("qb.matrixSaved") }),
      (e: unknown) => {
        if (e instanceof ApiError)
          toast({
            variant: "destructive",
            title: t("qb.matrixFailed"),
            description: Object.values(e.errors).flat().join(" ") || e.message,
          });
      },
    );
  }

  return (
    <section
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
      aria-labelledby="matrix-heading"
    >
      <h2 id="matrix-heading" className="font-semibold">
        {t("qb.matrix")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-4">
        {CLUSTER_TYPES.map((type) => (
          <Field key={type} label={t(clusterTypeLabel(type))} htmlFor={`m-${type}`}>
            <Select
              id={`m-${type}`}
              value={matrix[`${type}_id`]}
              onChange={(e) => setMatrix((m) => ({ ...m, [`${type}_id`]: e.target.value }))}
              disabled={locked}
            >
              <option value={NONE}>{t("common.choose")}</option>
              {choices(type).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {clusterName(c)}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
      {!locked && (
        <Button variant="outline" className="w-fit" onClick={save}>
          {t("qb.attachMatrix")}
        </Button>
      )}
    </section>
  );
}
