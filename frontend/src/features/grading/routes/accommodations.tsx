/** /assignment/accommodations (educators) — extra time for learners (issue 7, item 4b): a factor
 * (1-3) and/or extra minutes (0-240) for one test or every test of the organization, with a
 * reason; remove with confirmation. Applies to attempts started afterwards. */
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { QueryRows } from "@/components/list/query-rows";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useDeleteAccommodation } from "../api/delete-accommodation";
import { useAccommodations } from "../api/get-accommodations";
import { useTestOptions } from "../api/options";
import type { Accommodation } from "../api/types";
import { AccommodationDialog } from "../components/accommodation-dialog";

export default function AccommodationsRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const list = useAccommodations();
  const tests = useTestOptions();
  const remove = useDeleteAccommodation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Accommodation | null>(null);
  const [removeError, setRemoveError] = useState("");
  const items = list.data ?? [];
  const testName = (id: number | null) =>
    id === null ? t("grading.acc.everyTest") : (tests.data?.find((p) => p.id === id)?.name ?? `#${id}`);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("grading.acc.title")}</h1>
          <p className="max-w-2xl text-sm text-slate-600">{t("grading.acc.intro")}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("grading.acc.add")}
        </Button>
      </div>
      <Table label={t("grading.acc.title")}>
        <Head>
          <Th>{t("grading.learner")}</Th>
          <Th>{t("grading.test")}</Th>
          <Th>{t("grading.acc.extraTime")}</Th>
          <Th>{t("grading.acc.reason")}</Th>
          <Th>{t("grading.acc.givenBy")}</Th>
          <Th>
            <span className="sr-only">{t("grading.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={list}
            count={items.length}
            colSpan={6}
            failed={t("grading.loadFailed")}
            empty={t("grading.acc.empty")}
          >
            {items.map((row) => (
              <Tr key={row.id}>
                <Td className="font-medium max-md:text-base">{row.learner_name}</Td>
                <Td label={t("grading.test")}>{testName(row.preset_id)}</Td>
                <Td label={t("grading.acc.extraTime")} className="whitespace-nowrap">
                  {[
                    row.factor !== 1
                      ? t("grading.acc.factorN", { factor: formatNumber(row.factor, locale) })
                      : "",
                    row.extra_minutes ? t("grading.acc.minutesN", { count: row.extra_minutes }) : "",
                  ]
                    .filter(Boolean)
                    .join(" + ")}
                </Td>
                <Td label={t("grading.acc.reason")}>{row.reason || "—"}</Td>
                <Td label={t("grading.acc.givenBy")}>
                  {row.created_by_name}
                  <span className="block text-xs text-slate-500">
                    {formatDateTime(row.created_at, locale)}
                  </span>
                </Td>
                <Td className="md:text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("grading.acc.removeOf", { name: row.learner_name })}
                    onClick={() => {
                      setRemoveError("");
                      setRemoving(row);
                    }}
                  >
                    <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" /> {t("grading.acc.remove")}
                  </Button>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {adding && <AccommodationDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!removing}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast({ variant: "success", title: t("grading.acc.removed") });
            },
            onError: (e) => setRemoveError(e.message || t("common.unknownError")),
          })
        }
        title={t("grading.acc.removeTitle")}
        description={
          removing
            ? t("grading.acc.removeText", { name: removing.learner_name, test: testName(removing.preset_id) })
            : ""
        }
        confirmLabel={t("grading.acc.remove")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        busy={remove.isPending}
        error={removeError}
      />
    </div>
  );
}
