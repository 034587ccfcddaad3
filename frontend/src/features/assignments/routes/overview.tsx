/** /assignment/overview: the organization's figures at a glance: tests by status, batches by
 * state with the slots of batches not yet ended as one bar, assignments by status and by source,
 * and learners waiting for a slot. */
import { CalendarClock, ClipboardCheck, Hourglass, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { formatNumber } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";

import { useOverview } from "../api/get-overview";
import { AssignmentNav } from "../components/assignment-nav";
import {
  ASSIGNMENT_STATUS_LABEL,
  BATCH_STATE_LABEL,
  PRESET_STATUS_LABEL,
  SOURCE_LABEL,
} from "../components/labels";
import { assignmentPaths } from "../components/paths";
import { SlotBar, SlotLegend } from "../components/slot-bar";
import { LoadFailed, Loading } from "../components/states";

const PRESET_ORDER = ["draft", "approved", "rejected", "published"] as const;
const BATCH_ORDER = ["upcoming", "open", "ended"] as const;
const STATUS_ORDER = ["assigned", "in_progress", "submitted", "graded"] as const;
const SOURCE_ORDER = ["direct", "purchase"] as const;

const SLOT_FIGURES: [string, MessageId][] = [
  ["slots", "assignments.overview.slot.slots"],
  ["taken", "assignments.overview.slot.taken"],
  ["pending", "assignments.overview.slot.pending"],
  ["available", "assignments.overview.slot.available"],
];

const BAR_COLOUR: Record<string, string> = {
  draft: "bg-slate-400",
  approved: "bg-sky-500",
  rejected: "bg-red-500",
  published: "bg-emerald-500",
  upcoming: "bg-sky-500",
  open: "bg-emerald-500",
  ended: "bg-slate-400",
  assigned: "bg-sky-500",
  in_progress: "bg-amber-400",
  submitted: "bg-blue-600",
  graded: "bg-emerald-500",
  direct: "bg-blue-600",
  purchase: "bg-amber-400",
};

export default function AssignmentOverviewRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const overview = useOverview();
  const number = (n: number) => formatNumber(n, locale);

  if (overview.isPending)
    return (
      <Frame>
        <Loading />
      </Frame>
    );
  if (overview.isError)
    return (
      <Frame>
        <LoadFailed onRetry={() => void overview.refetch()} />
      </Frame>
    );

  const { presets, batches, assignments, waiting } = overview.data;
  const get = (source: Record<string, number>, key: string) => source[key] ?? 0;
  const liveTests = get(presets, "approved") + get(presets, "published");
  const liveBatches = get(batches, "upcoming") + get(batches, "open");
  const slots = get(batches, "slots");

  return (
    <Frame>
      <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Stat
          icon={<ClipboardCheck className="h-5 w-5" />}
          label={t("assignments.overview.liveTests")}
          value={number(liveTests)}
          to={assignmentPaths.list}
          linkLabel={t("assignments.nav.tests")}
        />
        <Stat
          icon={<CalendarClock className="h-5 w-5" />}
          label={t("assignments.overview.liveBatches")}
          value={number(liveBatches)}
          to={assignmentPaths.batchList}
          linkLabel={t("assignments.nav.batches")}
        />
        <Stat
          icon={<Users className="h-5 w-5" />}
          label={t("assignments.overview.takers")}
          value={number(get(assignments, "total"))}
          to={assignmentPaths.takers}
          linkLabel={t("assignments.nav.takers")}
        />
        <Stat
          icon={<Hourglass className="h-5 w-5" />}
          label={t("assignments.overview.waiting")}
          value={number(waiting)}
        />
      </ul>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title={t("assignments.overview.slotsTitle")}>
          {slots > 0 ? (
            <div className="grid gap-3">
              <SlotBar
                slots={slots}
                available={get(batches, "available")}
                pending={get(batches, "pending")}
                taken={get(batches, "taken")}
                className="h-4 w-full"
              />
              <SlotLegend />
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {SLOT_FIGURES.map(([key, label]) => (
                  <div key={key} className="rounded-xl bg-slate-50 p-3">
                    <dt className="text-xs text-slate-600">{t(label)}</dt>
                    <dd className="text-lg font-semibold">{number(get(batches, key))}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t("assignments.overview.noLiveSlots")}</p>
          )}
        </Section>
        <Section title={t("assignments.overview.batchesTitle")}>
          <Bars
            rows={BATCH_ORDER.map((k) => ({
              key: k,
              label: t(BATCH_STATE_LABEL[k]!),
              value: get(batches, k),
            }))}
            number={number}
          />
        </Section>
        <Section title={t("assignments.overview.presetsTitle")}>
          <Bars
            rows={PRESET_ORDER.map((k) => ({
              key: k,
              label: t(PRESET_STATUS_LABEL[k]!),
              value: get(presets, k),
            }))}
            number={number}
          />
        </Section>
        <Section title={t("assignments.overview.statusTitle")}>
          <Bars
            rows={STATUS_ORDER.map((k) => ({
              key: k,
              label: t(ASSIGNMENT_STATUS_LABEL[k]!),
              value: get(assignments, k),
            }))}
            number={number}
          />
        </Section>
        <Section title={t("assignments.overview.sourceTitle")}>
          <Bars
            rows={SOURCE_ORDER.map((k) => ({
              key: k,
              label: t(SOURCE_LABEL[k]!),
              value: get(assignments, k),
            }))}
            number={number}
          />
        </Section>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">{t("assignments.overview.title")}</h1>
        <p className="text-sm text-slate-600">{t("assignments.overview.intro")}</p>
      </div>
      <AssignmentNav />
      {children}
    </div>
  );
}

function Stat({
  icon,
  label,
  value,
  to,
  linkLabel,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  to?: string;
  linkLabel?: string;
}) {
  return (
    <li className="grid content-start gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <span className="flex items-center gap-2 text-sm text-slate-600">
        <span className="rounded-lg bg-blue-50 p-1.5 text-blue-700" aria-hidden="true">
          {icon}
        </span>
        {label}
      </span>
      <span className="text-2xl font-semibold sm:text-3xl text-slate-900">{value}</span>
      {to && linkLabel && (
        <Link
          to={to}
          className="w-fit text-sm text-blue-700 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {linkLabel}
        </Link>
      )}
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      aria-label={title}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One labelled horizontal bar per row, scaled to the largest value. */
function Bars({
  rows,
  number,
}: {
  rows: { key: string; label: string; value: number }[];
  number: (n: number) => string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <dl className="grid gap-2">
      {rows.map((row) => (
        <div
          key={row.key}
          className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_auto] items-center gap-3 text-sm"
        >
          <dt className="text-slate-700">{row.label}</dt>
          <dd className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span
              className={`block h-full ${BAR_COLOUR[row.key] ?? "bg-slate-400"}`}
              style={{ width: `${(100 * row.value) / max}%` }}
            />
          </dd>
          <dd className="min-w-8 text-right font-medium tabular-nums">{number(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
