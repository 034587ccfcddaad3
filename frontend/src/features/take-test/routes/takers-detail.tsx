/** /assignment/takers-detail/:id — one of the learner's tests (enrollment id): the test, its
 * organization, batch window, attempts, due date, price and source, the action that fits, the
 * result once submitted with the advanced report after its summary (the section also shows,
 * before the test is taken, when the add-on was bought; once taken without it, it says so). */
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";

import { formatDate, formatDateTime, formatVnd } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useMyAssignment } from "../api/get-my-assignment";
import { BackToList } from "../components/back-to-list";
import { AdvancedReport } from "../components/advanced-report";
import { AssignmentAction } from "../components/assignment-action";
import { sourceLabel } from "../components/labels";
import { ResultView } from "../components/result-view";
import { StatusBadge } from "../components/status-badge";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function TakersDetailRoute() {
  const t = useT();
  const { locale } = useLanguage();
  const id = Number(useParams().id);
  const detail = useMyAssignment(id);
  const back = <BackToList />;
  if (detail.isPending)
    return (
      <div className="grid gap-4">
        {back}
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  if (detail.isError)
    return (
      <div className="grid gap-4">
        {back}
        <p role="alert">{t("myTests.notFound")}</p>
      </div>
    );
  const row = detail.data;
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, locale) : "—");
  const taken = row.status === "submitted" || row.status === "graded";
  const report = <AdvancedReport enrollmentId={row.enrollment_id} closesAt={row.batch_expires_at} />;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{row.preset_name}</h1>
          <p className="text-sm text-slate-600">{row.organization}</p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={row.status} />
          <AssignmentAction row={row} />
        </div>
      </div>
      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-3">
        <Item label={t("myTests.field.grade")}>
          {row.grade ? t("myTests.gradeN", { grade: row.grade }) : "—"}
        </Item>
        <Item label={t("myTests.field.duration")}>
          {row.duration_minutes ? t("takeTest.minutes", { n: row.duration_minutes }) : "—"}
        </Item>
        <Item label={t("myTests.field.batch")}>{row.batch_name || "—"}</Item>
        <Item label={t("myTests.field.opens")}>{when(row.window_starts_at)}</Item>
        <Item label={t("myTests.field.closes")}>{when(row.window_expires_at)}</Item>
        <Item label={t("myTests.column.due")}>{row.due_at ? formatDate(row.due_at, locale) : "—"}</Item>
        <Item label={t("myTests.column.attempts")}>{row.attempts_allowed}</Item>
        <Item label={t("myTests.field.camera")}>
          {t(
            !row.camera_proctoring
              ? "myTests.camera.off"
              : row.allow_no_camera
                ? "myTests.camera.optional"
                : "myTests.camera.required",
          )}
        </Item>
        <Item label={t("myTests.field.passingScore")}>{row.passing_score ?? "—"}</Item>
        <Item label={t("myTests.column.source")}>{t(sourceLabel(row.source))}</Item>
        <Item label={t("myTests.column.cost")}>
          {row.purchase_cost > 0 ? formatVnd(row.purchase_cost, locale) : t("myTests.free")}
        </Item>
        <Item label={t("myTests.field.paidAt")}>{when(row.paid_at)}</Item>
        <Item label={t("myTests.field.advancedReport")}>
          {t(row.advanced_report ? "myTests.yes" : "myTests.no")}
        </Item>
        <Item label={t("myTests.field.release")}>
          {t(row.auto_release_result ? "myTests.release.auto" : "myTests.release.educator")}
        </Item>
      </dl>
      {taken ? (
        <ResultView enrollmentId={row.enrollment_id}>{report}</ResultView>
      ) : (
        row.advanced_report && report
      )}
    </div>
  );
}
