/** /survey (educators): the organization's surveys (GET /api/v1/surveys/list with page, limit,
 * search, order_by, status), with create (from the default content), edit, publish, publish to
 * the marketplace, copy, end, cancel, delete and the takers' results. When the SuperAdmin has not
 * allowed survey management for the organization (the session's `survey_management`), the page
 * explains that instead and asks for nothing. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import {
  Copy,
  Ellipsis,
  Pencil,
  Plus,
  Send,
  ShoppingBag,
  Square,
  Trash2,
  Users,
  XCircle,
} from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";

import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { ApiError } from "@/lib/api-client";
import { surveyListQuery, useSurveyManagement } from "@/lib/api/surveys";
import { formatDate, formatVnd } from "@/lib/format";
import { useLanguage, useT, type MessageId } from "@/lib/intl";
import { menuContent } from "@/components/ui/menu";

import { useCancelSurvey } from "../api/cancel-survey";
import { useCreateSurvey } from "../api/create-survey";
import { useDeleteSurvey } from "../api/delete-survey";
import { useEndSurvey } from "../api/end-survey";
import { usePublishSurvey } from "../api/publish-survey";
import { SURVEY_STATUSES, type SurveyRow } from "../api/types";
import { ManagementOff } from "../components/management-off";
import { NoticeBox, type Notice } from "../components/notice";
import { PublishDialog } from "../components/publish-dialog";
import { StatusBadge } from "../components/status-badge";
import { SURVEY_LIST_DEFAULTS, SurveyFilters } from "../components/survey-filters";

const LIMIT = 10;
type Confirm = { kind: "end" | "cancel" | "delete"; survey: SurveyRow };

export default function SurveysRoute() {
  const t = useT();
  const navigate = useNavigate();
  const params = useListParams(SURVEY_LIST_DEFAULTS);
  const { values, page, filtered, set } = params;
  const [publishing, setPublishing] = useState<SurveyRow | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmError, setConfirmError] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const managing = useSurveyManagement();
  const list = useQuery({
    ...surveyListQuery({
      page,
      limit: LIMIT,
      search: values.search,
      status: values.status,
      order_by: values.order,
    }),
    enabled: managing === true,
  });
  const create = useCreateSurvey();
  const publish = usePublishSurvey();
  const end = useEndSurvey();
  const cancel = useCancelSurvey();
  const remove = useDeleteSurvey();

  if (
    managing === false ||
    (list.error instanceof ApiError && list.error.code === "survey_management_disabled")
  ) {
    return (
      <div className="grid gap-6">
        <h1 className="text-2xl font-semibold">{t("nav.surveys")}</h1>
        <ManagementOff />
      </div>
    );
  }

  function newSurvey(copyFrom?: number) {
    create.mutate(
      { copy_from: copyFrom ?? null },
      { onSuccess: (survey) => navigate(`/survey/form/${survey.id}`) },
    );
  }

  function publishNow(survey: SurveyRow) {
    setNotice(null);
    publish.mutate(survey.id, {
      onSuccess: () =>
        setNotice({ tone: "ok", title: t("surveys.list.published", { name: survey.name }), lines: [] }),
      onError: (e) =>
        setNotice({
          tone: "error",
          title: e instanceof ApiError ? e.message : t("common.unknownError"),
          lines: e instanceof ApiError ? (e.errors.statements ?? []) : [],
        }),
    });
  }

  function confirmAction() {
    if (!confirm) return;
    const done = {
      onSuccess: () => setConfirm(null),
      onError: (e: Error) => setConfirmError(e instanceof ApiError ? e.message : t("common.unknownError")),
    };
    if (confirm.kind === "end") end.mutate(confirm.survey.id, done);
    else if (confirm.kind === "cancel") cancel.mutate(confirm.survey.id, done);
    else remove.mutate(confirm.survey.id, done);
  }

  const confirmText: Record<Confirm["kind"], [MessageId, MessageId, MessageId]> = {
    end: ["surveys.confirm.endTitle", "surveys.confirm.endBody", "surveys.action.end"],
    cancel: ["surveys.confirm.cancelTitle", "surveys.confirm.cancelBody", "surveys.action.cancel"],
    delete: ["surveys.confirm.deleteTitle", "surveys.confirm.deleteBody", "common.delete"],
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("nav.surveys")}</h1>
          <p className="text-sm text-slate-600">{t("surveys.list.intro")}</p>
        </div>
        <Button onClick={() => newSurvey()} disabled={create.isPending}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t("surveys.list.new")}
        </Button>
      </div>
      <SurveyFilters
        id="surveys"
        params={params}
        statuses={SURVEY_STATUSES}
        orders={[
          ["-created_at", "surveys.sort.newest"],
          ["name", "surveys.sort.name"],
          ["-updated_at", "surveys.sort.updated"],
          ["-takers", "surveys.sort.takers"],
        ]}
      />
      <NoticeBox notice={notice} />
      <Table label={t("nav.surveys")}>
        <Head>
          <Th>{t("surveys.list.name")}</Th>
          <Th>{t("surveys.list.status")}</Th>
          <Th>{t("surveys.list.takers")}</Th>
          <Th>{t("surveys.list.window")}</Th>
          <Th>{t("surveys.list.market")}</Th>
          <Th>
            <span className="sr-only">{t("surveys.list.actions")}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={list}
            count={list.data?.items.length ?? 0}
            colSpan={6}
            failed={t("surveys.error.retrieve")}
            empty={t("surveys.list.none")}
            noMatches={t("surveys.list.noMatch")}
            filtered={filtered}
          >
            {list.data?.items.map((survey) => (
              <SurveyRowView
                key={survey.id}
                survey={survey}
                onPublish={() => publishNow(survey)}
                onMarket={() => setPublishing(survey)}
                onCopy={() => newSurvey(survey.id)}
                onConfirm={(kind) => {
                  setConfirmError("");
                  setConfirm({ kind, survey });
                }}
              />
            ))}
          </QueryRows>
        </Body>
      </Table>
      {list.data && (
        <Pager page={page} limit={LIMIT} total={list.data.total} onPage={(next) => set({ page: next })} />
      )}
      <PublishDialog survey={publishing} onClose={() => setPublishing(null)} />
      <ConfirmDialog
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={confirmAction}
        busy={end.isPending || cancel.isPending || remove.isPending}
        title={confirm ? t(confirmText[confirm.kind][0]) : ""}
        description={confirm ? t(confirmText[confirm.kind][1], { name: confirm.survey.name }) : ""}
        confirmLabel={confirm ? t(confirmText[confirm.kind][2]) : ""}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        error={confirmError}
      />
    </div>
  );
}

function SurveyRowView({
  survey,
  onPublish,
  onMarket,
  onCopy,
  onConfirm,
}: {
  survey: SurveyRow;
  onPublish: () => void;
  onMarket: () => void;
  onCopy: () => void;
  onConfirm: (kind: Confirm["kind"]) => void;
}) {
  const t = useT();
  const { locale } = useLanguage();
  const open = survey.status === "published" || survey.status === "pending";
  const editable = survey.status !== "ended" && survey.status !== "cancelled";
  return (
    <Tr>
      <Td label={t("surveys.list.name")}>
        <div className="grid gap-0.5">
          <Link to={`/survey/form/${survey.id}`} className="font-medium text-slate-900 hover:text-blue-700">
            {survey.name}
          </Link>
          <span className="text-xs text-slate-500">
            {t("surveys.list.statements", { count: survey.statement_count })}
            {survey.time_limit_minutes
              ? ` · ${t("surveys.student.minutes", { count: survey.time_limit_minutes })}`
              : ""}
            {survey.is_default ? ` · ${t("surveys.list.default")}` : ""}
          </span>
        </div>
      </Td>
      <Td label={t("surveys.list.status")}>
        <StatusBadge status={survey.status} />
      </Td>
      <Td label={t("surveys.list.takers")}>
        <Link to={`/survey/results/${survey.id}`} className="text-sm text-blue-700 hover:underline">
          {t("surveys.list.takersValue", { completed: survey.completed_count, total: survey.taker_count })}
        </Link>
      </Td>
      <Td label={t("surveys.list.window")}>
        <span className="text-sm">
          {survey.starts_at || survey.ends_at
            ? `${survey.starts_at ? formatDate(survey.starts_at, locale) : "…"} – ${survey.ends_at ? formatDate(survey.ends_at, locale) : "…"}`
            : t("surveys.list.noWindow")}
        </span>
      </Td>
      <Td label={t("surveys.list.market")}>
        {survey.listing ? (
          <span className="text-sm">
            {survey.listing.price_survey_report === null
              ? t("surveys.list.listedNoReport")
              : t("surveys.list.listed", { price: formatVnd(survey.listing.price_survey_report, locale) })}
          </span>
        ) : (
          <span className="text-sm text-slate-500">{t("surveys.list.notListed")}</span>
        )}
      </Td>
      <Td>
        {/* Not modal: a modal menu hides the page with aria-hidden while it stays focusable. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button
              size="sm"
              variant="outline"
              aria-label={t("surveys.list.actionsFor", { name: survey.name })}
            >
              <Ellipsis className="h-4 w-4" aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
              {editable && (
                <Item icon={Pencil} label={t("surveys.action.edit")} to={`/survey/form/${survey.id}`} />
              )}
              <Item icon={Users} label={t("surveys.action.results")} to={`/survey/results/${survey.id}`} />
              {survey.status === "draft" && (
                <Item icon={Send} label={t("surveys.action.publish")} onSelect={onPublish} />
              )}
              {open && <Item icon={ShoppingBag} label={t("surveys.action.market")} onSelect={onMarket} />}
              <Item icon={Copy} label={t("surveys.action.copy")} onSelect={onCopy} />
              {open && (
                <Item icon={Square} label={t("surveys.action.end")} onSelect={() => onConfirm("end")} />
              )}
              {editable && (
                <Item
                  icon={XCircle}
                  label={t("surveys.action.cancel")}
                  onSelect={() => onConfirm("cancel")}
                />
              )}
              {survey.status === "draft" && (
                <Item icon={Trash2} label={t("common.delete")} onSelect={() => onConfirm("delete")} />
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </Td>
    </Tr>
  );
}

function Item({
  icon: Icon,
  label,
  onSelect,
  to,
}: {
  icon: React.ComponentType<{ className?: string }>;
  label: string;
  onSelect?: () => void;
  to?: string;
}) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Item
      onSelect={() => (to ? navigate(to) : onSelect?.())}
      className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </DropdownMenu.Item>
  );
}
