/** What can be done with the selected questions: submit, approve or publish them all (one result
 * a question), or move them to another bank or folder. */
import { Button } from "@/components/ui/button";
import { NONE, Select } from "@/components/ui/field";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useBulkAction, type BulkAction } from "../api/bulk-action";
import { useMoveQuestions } from "../api/move-questions";
import type { Bank } from "../api/types";

export function BulkBar({
  selected,
  targets,
  onDone,
}: {
  selected: number[];
  /** Banks and folders the questions may move to. */
  targets: Bank[];
  onDone: () => void;
}) {
  const t = useT();
  const bulk = useBulkAction();
  const move = useMoveQuestions();

  function run(action: BulkAction) {
    bulk.mutate(
      { action, ids: selected },
      {
        onSuccess: (results) => {
          const failed = results.filter((r) => !r.ok);
          toast({
            variant: failed.length ? "destructive" : "success",
            title: t("qb.bulkDone", { ok: results.length - failed.length, total: results.length }),
            description: failed.map((r) => `#${r.id}: ${r.message}`).join(" · ") || undefined,
          });
          onDone();
        },
      },
    );
  }

  function moveTo(target: string) {
    if (target === NONE) return;
    move.mutate(
      { ids: selected, bankId: Number(target) },
      {
        onSuccess: ({ moved }) => {
          toast({ variant: "success", title: t("qb.moved", { count: moved }) });
          onDone();
        },
      },
    );
  }

  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-xl bg-blue-50 px-4 py-2 text-sm"
      role="region"
      aria-label={t("qb.bulk")}
    >
      <span>{t("qb.selected", { count: selected.length })}</span>
      <Button size="sm" variant="outline" onClick={() => run("submit")}>
        {t("qb.action.submit")}
      </Button>
      <Button size="sm" variant="outline" onClick={() => run("approve")}>
        {t("qb.action.approve")}
      </Button>
      <Button size="sm" onClick={() => run("publish")}>
        {t("qb.action.publish")}
      </Button>
      <label htmlFor="move-to" className="ml-2">
        {t("qb.moveTo")}
      </label>
      <Select id="move-to" className="w-56" value={NONE} onChange={(e) => moveTo(e.target.value)}>
        <option value={NONE} disabled>
          {t("common.choose")}
        </option>
        {targets.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {b.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
