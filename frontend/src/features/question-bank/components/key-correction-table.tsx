/** The attempts of a key correction (decision 0058): each learner, the test and batch, the
 * question's score before and after in points of the question, the total before and after on the
 * test's reporting scale as the learner's result shows it (decision 0056), released or not (and
 * the learner told), and where the answer was not simply re-scored why (an educator's hand grade
 * kept, still awaiting an educator, in progress, not yet re-scored). Changed attempts first, as the server orders them;
 * the unchanged ones behind a button when there are changed ones. */
import { useState } from "react";

import { Lang } from "@/components/lang";
import { Button } from "@/components/ui/button";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { useT, type MessageId } from "@/lib/intl";

import type { KeyCorrectionRow } from "../api/get-key-correction";
import { ScoreChange } from "./score-change";

type Row = KeyCorrectionRow & { notified?: boolean; done?: boolean };

export function KeyCorrectionTable({ rows, label }: { rows: Row[]; label: string }) {
  const t = useT();
  const changed = rows.filter((r) => r.changed);
  const [all, setAll] = useState(changed.length === 0);
  const shown = all ? rows : changed;
  const hidden = rows.length - changed.length;
  const cols = {
    learner: t("qb.keyFix.col.learner"),
    test: t("qb.keyFix.col.test"),
    question: t("qb.keyFix.col.question"),
    total: t("qb.keyFix.col.total"),
    released: t("qb.keyFix.col.released"),
  };
  return (
    <div className="grid gap-2">
      <Table label={label}>
        <Head>
          <Th>{cols.learner}</Th>
          <Th>{cols.test}</Th>
          <Th className="text-right">{cols.question}</Th>
          <Th className="text-right">{cols.total}</Th>
          <Th>{cols.released}</Th>
        </Head>
        <Body>
          {shown.map((r) => (
            <Tr key={r.attempt_id}>
              <Td label={cols.learner} className="font-medium md:min-w-32">
                {r.learner_name}
              </Td>
              <Td label={cols.test} className="[overflow-wrap:anywhere]">
                <Lang>{r.batch_name ? `${r.preset_name} · ${r.batch_name}` : r.preset_name}</Lang>
              </Td>
              <Td label={cols.question} className="whitespace-nowrap md:text-right">
                <ScoreChange
                  unit="points"
                  before={r.old_answer_score}
                  after={r.new_answer_score}
                  max={r.points}
                />
              </Td>
              <Td label={cols.total} className="md:text-right">
                <span className="grid justify-items-start gap-0.5 md:justify-items-end">
                  <span className="whitespace-nowrap">
                    <ScoreChange
                      unit="scale"
                      before={r.old_scale_score}
                      after={r.new_scale_score}
                      max={r.scale_max}
                    />
                  </span>
                  {r.outcome !== "rescored" && (
                    <span className="text-xs text-amber-800">
                      {t(`qb.keyFix.outcome.${r.outcome}` as MessageId)}
                    </span>
                  )}
                </span>
              </Td>
              <Td label={cols.released}>
                <span className="grid gap-0.5">
                  {r.released ? t("qb.keyFix.yes") : t("qb.keyFix.no")}
                  {r.notified && <span className="text-xs text-emerald-700">{t("qb.keyFix.notified")}</span>}
                </span>
              </Td>
            </Tr>
          ))}
        </Body>
      </Table>
      {!all && hidden > 0 && (
        <Button variant="outline" className="justify-self-start" onClick={() => setAll(true)}>
          {t("qb.keyFix.showUnchanged", { count: hidden })}
        </Button>
      )}
    </div>
  );
}
