/** "Add tests" to a test bank (issue 19): search the organization's tests, tick those to put in
 * the bank (those already in it are shown ticked and locked), then add them in one request. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { SearchFilter } from "@/components/list/list-toolbar";
import { QueryState } from "@/components/list/query-rows";
import { Dialog } from "@/components/ui/dialog";
import { DialogButtons } from "@/components/ui/dialog-buttons";
import { ApiError } from "@/lib/api-client";
import { presetListQuery } from "@/lib/api/test-presets";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";
import { useDebounced } from "@/lib/use-debounced";

import { useSetBankPresets } from "../api/set-bank-presets";
import type { TestBank } from "../api/types";
import { StatusBadge } from "./status-badge";

const LIMIT = 50;

export function AddPresetsDialog({ bank, onClose }: { bank: TestBank; onClose: () => void }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const settled = useDebounced(search.trim(), 300);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState("");
  const presets = useQuery(
    presetListQuery({ page: 1, limit: LIMIT, search: settled || undefined, order_by: "name" }),
  );
  const add = useSetBankPresets();

  function toggle(id: number, on: boolean) {
    setChosen((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  }

  function confirm() {
    setError("");
    add.mutate(
      { bankId: bank.id, add: chosen },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("tests.banks.added", { count: chosen.length }) });
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t("common.unknownError")),
      },
    );
  }

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={t("tests.banks.addTitle", { name: bank.name })}
      description={t("tests.banks.addBody")}
      closeLabel={t("common.close")}
    >
      <div className="grid gap-4">
        <SearchFilter
          id="bank-add-search"
          label={t("tests.banks.searchTests")}
          placeholder={t("tests.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        <QueryState query={presets} failed={t("tests.loadFailed")}>
          {({ items, total }) =>
            items.length === 0 ? (
              <p className="text-sm text-slate-600">{t(settled ? "tests.noMatches" : "tests.empty")}</p>
            ) : (
              <fieldset className="grid gap-2">
                <legend className="sr-only">{t("tests.banks.chooseTests")}</legend>
                <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-1">
                  {items.map((preset) => {
                    const inBank = preset.test_bank_ids.includes(bank.id);
                    const id = `bank-add-${preset.id}`;
                    return (
                      <li key={preset.id}>
                        <label
                          htmlFor={id}
                          className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-50 has-[:disabled]:cursor-default has-[:disabled]:text-slate-500"
                        >
                          <input
                            id={id}
                            type="checkbox"
                            className="h-4 w-4 accent-blue-700"
                            checked={inBank || chosen.includes(preset.id)}
                            disabled={inBank}
                            onChange={(e) => toggle(preset.id, e.target.checked)}
                          />
                          <span className="grid min-w-0 flex-1 gap-0.5">
                            <span className="font-medium [overflow-wrap:anywhere]">{preset.name}</span>
                            <span className="text-xs text-slate-500">
                              {inBank
                                ? t("tests.banks.alreadyIn")
                                : preset.grade
                                  ? t("tests.gradeN", { grade: preset.grade })
                                  : "—"}
                            </span>
                          </span>
                          <StatusBadge kind="preset" status={preset.status} />
                        </label>
                      </li>
                    );
                  })}
                </ul>
                {total > items.length && (
                  <p className="text-xs text-slate-500">
                    {t("tests.banks.moreTests", { shown: items.length, total })}
                  </p>
                )}
              </fieldset>
            )
          }
        </QueryState>
        <DialogButtons
          onCancel={onClose}
          onConfirm={confirm}
          busy={add.isPending || chosen.length === 0}
          error={error}
          submitLabel={t("tests.banks.addN", { count: chosen.length })}
        />
      </div>
    </Dialog>
  );
}
