/** Add or edit a matrix cluster of one type: code, description and, for a subtopic, its topic.
 * The server checks them and names the field of each error. */
import { useState } from "react";
import { useForm } from "react-hook-form";

import { Dialog } from "@/components/ui/dialog";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import type { Cluster } from "@/lib/api/matrix-clusters";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";
import { DialogButtons } from "@/components/ui/dialog-buttons";

import { useSaveCluster } from "../api/save-cluster";
import { clusterName, clusterTypeLabel } from "./labels";

export type ClusterEditing = { cluster: Cluster | null; type: string } | null;

interface ClusterValues {
  code: string;
  description: string;
  parent_id: string;
}
const FIELDS = ["code", "description", "parent_id"] as const;

export function ClusterDialog({
  editing,
  topics,
  onClose,
}: {
  editing: ClusterEditing;
  topics: Cluster[];
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        editing
          ? t(editing.cluster ? "qb.editClusterTitle" : "qb.addClusterTitle", {
              type: t(clusterTypeLabel(editing.type)),
            })
          : ""
      }
      closeLabel={t("common.close")}
    >
      {editing && (
        <ClusterForm
          key={`${editing.type}-${editing.cluster?.id ?? "new"}`}
          editing={editing}
          topics={topics}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ClusterForm({
  editing,
  topics,
  onClose,
}: {
  editing: NonNullable<ClusterEditing>;
  topics: Cluster[];
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveCluster();
  const [failure, setFailure] = useState("");
  const { cluster, type } = editing;
  const form = useForm<ClusterValues>({
    defaultValues: {
      code: cluster?.code ?? "",
      description: cluster?.description ?? "",
      parent_id: cluster?.parent_id ? String(cluster.parent_id) : NONE,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((v) => {
    setFailure("");
    const body = {
      code: v.code,
      description: v.description,
      type,
      parent_id: v.parent_id === NONE ? null : Number(v.parent_id),
    };
    save.mutate(
      { id: cluster?.id ?? null, body },
      { onSuccess: onClose, onError: (e) => setFailure(applyServerErrors(e, form.setError, FIELDS)) },
    );
  });

  return (
    <form noValidate className="grid gap-3" onSubmit={(e) => void onSubmit(e)}>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <Field label={t("qb.code")} htmlFor="cluster-code" error={errors.code?.message}>
        <Input id="cluster-code" {...form.register("code")} />
      </Field>
      <Field label={t("qb.description")} htmlFor="cluster-description" error={errors.description?.message}>
        <Input id="cluster-description" {...form.register("description")} />
      </Field>
      {type === "subtopic" && (
        <Field label={t("qb.parentTopic")} htmlFor="cluster-parent" error={errors.parent_id?.message}>
          <Select id="cluster-parent" {...form.register("parent_id")}>
            <option value={NONE} disabled>
              {t("common.choose")}
            </option>
            {topics.map((tp) => (
              <option key={tp.id} value={String(tp.id)}>
                {clusterName(tp)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <DialogButtons onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
