/** The learners' consent tab of /learner (issue 37, item 2; decision 0048): each learner's own and
 * parent's consent to the notices in force, who has not re-consented after a new version
 * ("renewal"), who is still missing a consent, filtered and searched in the URL; a row opens the
 * learner's consent, where an organization admin records a parent's paper consent to the version
 * in force. The server decides every standing. */
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";

import { ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import { QueryRows } from "@/components/list/query-rows";
import { useListParams } from "@/components/list/use-list-params";
import { Badge } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { Body, Head, Table, Td, Th, Tr } from "@/components/ui/responsive-table";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { useDebounced } from "@/lib/use-debounced";

import { consentRosterQuery, type MemberConsent, type Standing } from "../api/member-consent";
import { AGE, ConsentDialog, type ConsentPerson, STANDING } from "./consent-dialog";
import { IconButton } from "./member-tools";
import { LIVE_LIST, PAGE_SIZE } from "./people-list";

export function ConsentPanel() {
  const t = useT();
  const { language } = useLanguage();
  const list = useListParams({ search: "", standing: "" });
  const search = useDebounced(list.values.search.trim());
  const roster = useQuery({
    ...consentRosterQuery(
      { standing: list.values.standing, search, page: list.page, limit: PAGE_SIZE },
      language,
    ),
    ...LIVE_LIST,
  });
  const [open, setOpen] = useState<ConsentPerson | null>(null);
  const data = roster.data;
  const items = data?.items ?? [];
  const notices = items[0]?.notices;
  const col = {
    learner: t("people.consent.col.learner"),
    age: t("people.consent.col.age"),
    own: t("people.consent.col.own"),
    parent: t("people.consent.col.parent"),
    standing: t("people.consent.col.standing"),
    actions: t("people.col.actions"),
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      {notices && (
        <p className="text-sm text-slate-700">
          {t("people.consent.rosterIntro", {
            terms: notices.terms?.version ?? "",
            privacy: notices.privacy?.version ?? "",
          })}
        </p>
      )}
      <ListToolbar>
        <SearchFilter
          id="consent-search"
          label={t("people.searchMembers")}
          placeholder={t("people.searchMembers")}
          value={list.values.search}
          onChange={(value) => list.set({ search: value })}
        />
        <SelectFilter
          id="consent-standing"
          label={t("people.consent.filter")}
          value={list.values.standing}
          onChange={(standing) => list.set({ standing })}
          allLabel={t("people.consent.all")}
          choices={(Object.keys(STANDING) as Standing[]).map((standing) => ({
            value: standing,
            label: data
              ? `${t(STANDING[standing].label)} (${data.counts[standing]})`
              : t(STANDING[standing].label),
          }))}
        />
      </ListToolbar>
      {data && (
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {t("people.consent.renewalCount", { count: data.counts.renewal })}
        </p>
      )}
      <Table label={t("people.tab.consent")}>
        <Head>
          <Th className="min-w-56">{col.learner}</Th>
          <Th>{col.age}</Th>
          <Th>{col.own}</Th>
          <Th>{col.parent}</Th>
          <Th>{col.standing}</Th>
          <Th>
            <span className="sr-only">{col.actions}</span>
          </Th>
        </Head>
        <Body>
          <QueryRows
            query={roster}
            count={items.length}
            colSpan={6}
            failed={t("people.consent.loadFailed")}
            empty={t("people.consent.empty")}
            noMatches={t("people.consent.empty")}
            filtered={list.filtered}
          >
            {items.map((row) => (
              <Tr key={row.profile_id}>
                <Td>
                  <div className="grid gap-0.5">
                    <span className="font-medium text-slate-900">{row.name}</span>
                    <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">{row.email}</span>
                  </div>
                </Td>
                <Td label={col.age}>{t(AGE[row.age_band])}</Td>
                <Td label={col.own}>
                  <Given consent={row.own} current={row.consented} />
                </Td>
                <Td label={col.parent}>
                  {row.age_band === "adult" ? (
                    <span className="text-slate-500">{t("people.consent.notNeeded")}</span>
                  ) : (
                    <Given consent={row.parent} current={!!row.parent && !row.parent_outdated} />
                  )}
                </Td>
                <Td label={col.standing}>
                  <Badge tone={STANDING[row.standing].tone}>{t(STANDING[row.standing].label)}</Badge>
                </Td>
                <Td className="md:px-2 md:py-2">
                  <IconButton
                    label={t("people.consent.open", { name: row.name })}
                    onClick={() => setOpen({ id: row.profile_id, name: row.name, email: row.email })}
                  >
                    <ShieldCheck className="h-4 w-4" />
                  </IconButton>
                </Td>
              </Tr>
            ))}
          </QueryRows>
        </Body>
      </Table>
      {data && (
        <Pager page={list.page} limit={PAGE_SIZE} total={data.total} onPage={(page) => list.set({ page })} />
      )}
      <ConsentDialog member={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** The versions a consent was given for and the day, struck through as "earlier" when they are
 * not the ones in force. */
function Given({ consent, current }: { consent: MemberConsent["own"]; current: boolean }) {
  const t = useT();
  const { locale } = useLanguage();
  if (!consent) return <span className="text-slate-500">{t("people.consent.none")}</span>;
  return (
    <span className={current ? "text-slate-800" : "text-amber-800"}>
      {t("people.consent.versions", { terms: consent.terms_version, privacy: consent.privacy_version })}
      <span className="block text-xs text-slate-500">{formatDate(consent.given_at, locale)}</span>
    </span>
  );
}
