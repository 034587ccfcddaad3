/** /assignment/batch/:presetId: the batches of one test with their slot figures, and its waiting
 * list in order of joining (position, learner, status, offered batch, claim deadline). */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { batchListQuery } from "@/lib/api/batches";
import { presetQuery } from "@/lib/api/test-presets";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useWaitingList } from "../api/get-waiting-list";
import { AssignmentNav } from "../components/assignment-nav";
import { Badge } from "@/components/ui/badge";
import { BatchesTable } from "../components/batches-table";
import { WAITING_STATUS_LABEL, WAITING_STATUS_TONE } from "../components/labels";
import { assignmentPaths } from "../components/paths";
import { SlotLegend } from "../components/slot-bar";
import { TestHeading } from "../components/test-heading";

const LIMIT = 20;

export default function TestBatchesRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const presetId = Number(useParams().presetId);
  const preset = useQuery(presetQuery(presetId));
  const [batchPage, setBatchPage] = useState(1);
  const [waitPage, setWaitPage] = useState(1);
  const batches = useQuery(
    batchListQuery({ page: batchPage, limit: LIMIT, preset_id: presetId, order_by: "starts_at" }),
  );
  const waiting = useWaitingList({ preset_id: presetId, page: waitPage, limit: LIMIT });
  const entries = waiting.data?.items ?? [];

  if (preset.isError) {
    return (
      <div className="grid gap-6">
        <AssignmentNav />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t("assignments.testNotFound")}
        </p>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <TestHeading
        preset={preset.data}
        fallbackTitle={t("common.loading")}
        kicker={t("assignments.batch.kicker")}
        links={[
          { to: assignmentPaths.takersDetail(presetId), label: t("assignments.tests.takersLink") },
          { to: assignmentPaths.presetDetail(presetId), label: t("assignments.presetDetailLink") },
        ]}
      />
      <AssignmentNav presetId={presetId} />
      <section className="grid gap-3" aria-labelledby="test-batches-title">
        <h2 id="test-batches-title" className="text-lg font-semibold">
          {t("assignments.batch.batchesTitle")}
        </h2>
        <SlotLegend />
        <BatchesTable
          query={batches}
          page={batchPage}
          onPage={setBatchPage}
          label={t("assignments.batch.batchesTitle")}
          empty={t("assignments.batch.noBatches")}
          showTest={false}
        />
      </section>
      <section className="grid gap-3" aria-labelledby="test-waiting-title">
        <div className="grid gap-1">
          <h2 id="test-waiting-title" className="text-lg font-semibold">
            {t("assignments.waiting.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("assignments.waiting.intro")}</p>
        </div>
        <Table label={t("assignments.waiting.title")}>
          <Head>
            <Th className="md:w-20">{t("assignments.waiting.position")}</Th>
            <Th>{t("assignments.col.learner")}</Th>
            <Th>{t("assignments.col.status")}</Th>
            <Th>{t("assignments.waiting.offeredBatch")}</Th>
            <Th>{t("assignments.waiting.claimBy")}</Th>
            <Th>{t("assignments.waiting.joined")}</Th>
          </Head>
          <Body>
            <QueryRows
              query={waiting}
              count={entries.length}
              colSpan={6}
              failed={t("assignments.loadFailed")}
              empty={t("assignments.waiting.empty")}
            >
              {entries.map((e) => (
                <Tr key={e.id}>
                  <Td label={t("assignments.waiting.position")} className="font-semibold tabular-nums">
                    {e.position}
                  </Td>
                  <Td label={t("assignments.col.learner")} className="font-medium">
                    {e.learner_name}
                  </Td>
                  <Td label={t("assignments.col.status")}>
                    <Badge tone={WAITING_STATUS_TONE[e.status] ?? "slate"}>
                      {t(WAITING_STATUS_LABEL[e.status] ?? "assignments.waitingStatus.waiting")}
                    </Badge>
                  </Td>
                  <Td label={t("assignments.waiting.offeredBatch")}>
                    {e.offered_batch
                      ? e.offered_batch.name || t("assignments.batchN", { id: e.offered_batch.id })
                      : "—"}
                  </Td>
                  <Td label={t("assignments.waiting.claimBy")} className="text-xs">
                    {e.claim_expires_at ? formatDateTime(e.claim_expires_at, locale) : "—"}
                  </Td>
                  <Td label={t("assignments.waiting.joined")} className="text-xs">
                    {formatDateTime(e.created_at, locale)}
                  </Td>
                </Tr>
              ))}
            </QueryRows>
          </Body>
        </Table>
        {waiting.data && (
          <Pager page={waitPage} limit={waiting.data.limit} total={waiting.data.total} onPage={setWaitPage} />
        )}
      </section>
    </div>
  );
}
