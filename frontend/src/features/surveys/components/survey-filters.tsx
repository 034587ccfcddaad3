/** The filters above the survey lists (the organization's surveys, a survey's takers, the
 * learner's surveys): search, status and order, kept in the URL by `useListParams`. */
import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import type { ListParams } from "@/components/list/use-list-params";
import { Head, Th } from "@/components/ui/responsive-table";
import { useT, type MessageId } from "@/lib/intl";

import { statusLabel } from "./labels";

export const SURVEY_LIST_DEFAULTS = { search: "", status: "", order: "-created_at" };

export function SurveyFilters({
  id,
  params: { values, set },
  statuses,
  orders,
  placeholder,
}: {
  /** Prefix of the controls' ids. */
  id: string;
  params: ListParams<typeof SURVEY_LIST_DEFAULTS>;
  statuses: readonly string[];
  /** Order (`order_by`) and its label, the default first. */
  orders: readonly (readonly [string, MessageId])[];
  placeholder?: string;
}) {
  const t = useT();
  return (
    <ListToolbar>
      <SearchFilter
        id={`${id}-search`}
        value={values.search}
        placeholder={placeholder ?? t("common.search")}
        onChange={(search) => set({ search })}
      />
      <SelectFilter
        id={`${id}-status`}
        label={t("surveys.list.status")}
        value={values.status}
        onChange={(status) => set({ status })}
        allLabel={t("surveys.list.allStatuses")}
        choices={statuses.map((value) => ({ value, label: t(statusLabel(value)) }))}
      />
      <SelectFilter
        id={`${id}-order`}
        label={t("common.sort")}
        value={values.order}
        onChange={(order) => set({ order })}
        choices={orders.map(([value, label]) => ({ value, label: t(label) }))}
      />
    </ListToolbar>
  );
}

/** The head of a table of learners' surveys: who (or which survey), status, progress, Holland
 * code, date and actions. */
export function SubmissionHead({ first }: { first: MessageId }) {
  const t = useT();
  return (
    <Head>
      <Th>{t(first)}</Th>
      <Th>{t("surveys.list.status")}</Th>
      <Th>{t("surveys.list.progress")}</Th>
      <Th>{t("surveys.list.code")}</Th>
      <Th>{t("surveys.list.date")}</Th>
      <Th>
        <span className="sr-only">{t("surveys.list.actions")}</span>
      </Th>
    </Head>
  );
}
