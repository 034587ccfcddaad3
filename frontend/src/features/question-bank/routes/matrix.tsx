/** /question-bank/matrix: matrix clusters by type (topic, subtopic, complexity level, cognitive
 * domain): create, edit, delete (refused by the server while in use, with the reason). */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import {
  CLUSTER_TYPES,
  createCluster,
  deleteCluster,
  listClusters,
  updateCluster,
  type Cluster,
} from "../api/authoring";
import { AuthoringTabs } from "../components/authoring-tabs";
import { clusterTypeLabel } from "../components/labels";

type Editing = { cluster: Cluster | null; type: string } | null;

export default function MatrixRoute() {
  const t = useT();
  const queryClient = useQueryClient();
  const clusters = useQuery({ queryKey: ["matrix-clusters"], queryFn: listClusters });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Cluster | null>(null);
  const [form, setForm] = useState({ code: "", description: "", parent_id: NONE });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["matrix-clusters"] });
  const topics = (clusters.data ?? []).filter((c) => c.type === "topic");

  function open(type: string, cluster: Cluster | null) {
    setErrors({});
    setFailure("");
    setForm({
      code: cluster?.code ?? "",
      description: cluster?.description ?? "",
      parent_id: cluster?.parent_id ? String(cluster.parent_id) : NONE,
    });
    setEditing({ type, cluster });
  }

  async function save() {
    if (!editing) return;
    const body = {
      code: form.code,
      description: form.description,
      type: editing.type,
      parent_id: form.parent_id === NONE ? null : Number(form.parent_id),
    };
    try {
      if (editing.cluster) await updateCluster(editing.cluster.id, body);
      else await createCluster(body);
      setEditing(null);
      await refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors);
        setFailure(e.message);
      }
    }
  }

  async function remove() {
    if (!deleting) return;
    try {
      await deleteCluster(deleting.id);
      await refresh();
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("qb.tab.matrix")}</h1>
      <AuthoringTabs />
      {clusters.isPending && <p role="status">{t("common.loading")}</p>}
      <div className="grid gap-5 lg:grid-cols-2">
        {CLUSTER_TYPES.map((type) => {
          const rows = (clusters.data ?? []).filter((c) => c.type === type);
          return (
            <section
              key={type}
              className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-4"
              aria-labelledby={`h-${type}`}
            >
              <div className="flex items-center justify-between">
                <h2 id={`h-${type}`} className="font-semibold">
                  {t(clusterTypeLabel(type))}
                </h2>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => open(type, null)}
                  disabled={type === "subtopic" && topics.length === 0}
                >
                  <Plus className="h-4 w-4" /> {t("qb.addCluster")}
                </Button>
              </div>
              {rows.length === 0 ? (
                <p className="text-sm text-slate-500">
                  {t(type === "subtopic" && topics.length === 0 ? "qb.needTopicFirst" : "qb.noClusters")}
                </p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {rows.map((c) => (
                    <li key={c.id} className="flex items-center gap-2 rounded-lg px-2 py-1 hover:bg-slate-50">
                      <span className="w-16 shrink-0 font-mono text-xs font-semibold text-blue-800">
                        {c.code}
                      </span>
                      <span className="flex-1">
                        {c.description}
                        {c.parent_id && (
                          <span className="text-xs text-slate-500">
                            {" "}
                            · {topics.find((tp) => tp.id === c.parent_id)?.code}
                          </span>
                        )}
                      </span>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={t("qb.editCluster", { code: c.code })}
                        onClick={() => open(type, c)}
                      >
                        <Pencil className="h-4 w-4" />
                      </Button>
                      <Button
                        size="icon"
                        variant="ghost"
                        aria-label={t("qb.deleteCluster", { code: c.code })}
                        onClick={() => setDeleting(c)}
                      >
                        <Trash2 className="h-4 w-4" />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={
          editing
            ? t(editing.cluster ? "qb.editClusterTitle" : "qb.addClusterTitle", {
                type: t(clusterTypeLabel(editing.type)),
              })
            : ""
        }
        closeLabel={t("common.close")}
      >
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {failure && (
            <p role="alert" className="text-sm text-red-600">
              {failure}
            </p>
          )}
          <Field label={t("qb.code")} htmlFor="cluster-code" error={errors.code?.[0]}>
            <Input
              id="cluster-code"
              value={form.code}
              onChange={(e) => setForm({ ...form, code: e.target.value })}
            />
          </Field>
          <Field label={t("qb.description")} htmlFor="cluster-description" error={errors.description?.[0]}>
            <Input
              id="cluster-description"
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          </Field>
          {editing?.type === "subtopic" && (
            <Field label={t("qb.parentTopic")} htmlFor="cluster-parent" error={errors.parent_id?.[0]}>
              <Select
                id="cluster-parent"
                value={form.parent_id}
                onChange={(e) => setForm({ ...form, parent_id: e.target.value })}
              >
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                {topics.map((tp) => (
                  <option key={tp.id} value={String(tp.id)}>
                    {tp.code} — {tp.description}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setEditing(null)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit">{t("common.save")}</Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
        title={t("qb.deleteClusterTitle")}
        description={t("qb.deleteClusterBody", { code: deleting?.code ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
      />
    </div>
  );
}
