/** /question-bank/matrix: matrix clusters by type (topic, subtopic, complexity level, cognitive
 * domain): create, edit, delete (refused by the server while in use, with the reason). */
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";

import { QueryState } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { clustersQuery, type Cluster } from "@/lib/api/matrix-clusters";
import { useT } from "@/lib/intl";

import { useDeleteCluster } from "../api/delete-cluster";
import { AuthoringTabs } from "../components/authoring-tabs";
import { ClusterDialog, type ClusterEditing } from "../components/cluster-dialog";
import { EditDeleteButtons } from "../components/edit-delete-buttons";
import { clusterTypeLabel } from "../components/labels";
import { CLUSTER_TYPES } from "../lib/choices";

export default function MatrixRoute() {
  const t = useT();
  const clusters = useQuery(clustersQuery());
  const remove = useDeleteCluster();
  const [editing, setEditing] = useState<ClusterEditing>(null);
  const [deleting, setDeleting] = useState<Cluster | null>(null);
  const topics = (clusters.data ?? []).filter((c) => c.type === "topic");

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("qb.tab.matrix")}</h1>
      <AuthoringTabs />
      <QueryState query={clusters} failed={t("qb.loadFailed")}>
        {(all) => (
          <div className="grid gap-5 lg:grid-cols-2">
            {CLUSTER_TYPES.map((type) => (
              <ClusterSection
                key={type}
                type={type}
                rows={all.filter((c) => c.type === type)}
                topics={topics}
                onAdd={() => setEditing({ type, cluster: null })}
                onEdit={(cluster) => setEditing({ type, cluster })}
                onDelete={setDeleting}
              />
            ))}
          </div>
        )}
      </QueryState>
      <ClusterDialog editing={editing} topics={topics} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        busy={remove.isPending}
        title={t("qb.deleteClusterTitle")}
        description={t("qb.deleteClusterBody", { code: deleting?.code ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}

function ClusterSection({
  type,
  rows,
  topics,
  onAdd,
  onEdit,
  onDelete,
}: {
  type: string;
  rows: Cluster[];
  topics: Cluster[];
  onAdd: () => void;
  onEdit: (cluster: Cluster) => void;
  onDelete: (cluster: Cluster) => void;
}) {
  const t = useT();
  const needTopic = type === "subtopic" && topics.length === 0;
  return (
    <section
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby={`h-${type}`}
    >
      <div className="flex items-center justify-between">
        <h2 id={`h-${type}`} className="font-semibold">
          {t(clusterTypeLabel(type))}
        </h2>
        <Button size="sm" variant="outline" onClick={onAdd} disabled={needTopic}>
          <Plus className="h-4 w-4" /> {t("qb.addCluster")}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t(needTopic ? "qb.needTopicFirst" : "qb.noClusters")}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((c) => (
            <li key={c.id} className="flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-50">
              <span className="w-16 shrink-0 font-mono text-xs font-semibold text-blue-800">{c.code}</span>
              <span className="flex-1">
                {c.description}
                {c.parent_id && (
                  <span className="text-xs text-slate-500">
                    {" "}
                    · {topics.find((tp) => tp.id === c.parent_id)?.code}
                  </span>
                )}
              </span>
              <EditDeleteButtons
                editLabel={t("qb.editCluster", { code: c.code })}
                deleteLabel={t("qb.deleteCluster", { code: c.code })}
                onEdit={() => onEdit(c)}
                onDelete={() => onDelete(c)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
