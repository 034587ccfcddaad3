/** The result of a completed survey: the Holland code, the six scores on the RIASEC hexagon with
 * the same numbers in a table, the three leading groups (description, traits, careers, fields
 * of study; admission combinations and tips with the full report) and the full report. */
import { BriefcaseBusiness, GraduationCap, Sparkles } from "lucide-react";

import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { useCategoryScore } from "../api/get-category-score";
import { useCategorySuitable } from "../api/get-category-suitable";
import type { GroupCode, SuitableGroup, SurveyUser } from "../api/types";
import { HexagonChart } from "./hexagon-chart";
import { GROUP_COLOURS, GROUP_TEXT } from "./labels";
import { ReportUnlock } from "./report-unlock";
import { ScoreTable } from "./score-table";

export function ResultView({ survey, canBuy }: { survey: SurveyUser; canBuy: boolean }) {
  const t = useT();
  // the learner reads "your"; an educator reads about the learner
  const own = canBuy;
  const score = useCategoryScore(survey.id);
  const suitable = useCategorySuitable(survey.id);
  if (score.isPending || suitable.isPending) {
    return <p role="status">{t("common.loading")}</p>;
  }
  if (score.isError || suitable.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t("surveys.error.retrieve")}
      </p>
    );
  }
  const names = Object.fromEntries(score.data.groups.map((g) => [g.code, g.name]));
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="holland-code"
        className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <p className="text-sm font-medium text-slate-500">
          {t(own ? "surveys.result.codeLabel" : "surveys.result.codeLabelOther")}
        </p>
        <h2 id="holland-code" className="flex flex-wrap items-baseline gap-3">
          <span className="sr-only">
            {t(own ? "surveys.result.codeLabel" : "surveys.result.codeLabelOther")}:{" "}
          </span>
          <span data-testid="holland-code" className="text-5xl font-extrabold tracking-widest">
            {score.data.holland_code.split("").map((letter, i) => (
              <span key={i} className={GROUP_TEXT[letter as GroupCode]}>
                {letter}
              </span>
            ))}
          </span>
          <span className="text-lg text-slate-700">
            {score.data.ranking
              .slice(0, 3)
              .map((code) => (names[code] ?? code).split(" (")[0])
              .join(" · ")}
          </span>
        </h2>
        <p className="text-sm text-slate-600">
          {t(own ? "surveys.result.codeHelp" : "surveys.result.codeHelpOther")}
        </p>
        {suitable.data.tie_broken && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t("surveys.result.tie", { groups: score.data.ties.map((tie) => tie.join(" = ")).join("; ") })}{" "}
            {suitable.data.tie_rule}
          </p>
        )}
      </section>

      <section
        aria-labelledby="scores-title"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h2 id="scores-title" className="text-lg font-semibold">
          {t(own ? "surveys.result.scoresTitle" : "surveys.result.scoresTitleOther")}
        </h2>
        <div className="grid items-center gap-6 lg:grid-cols-2">
          <HexagonChart
            scores={score.data.groups.map((g) => ({
              code: g.code as GroupCode,
              name: g.name,
              normalized: g.normalized,
            }))}
            highlight={score.data.holland_code}
          />
          <div className="grid gap-2">
            <ScoreTable groups={score.data.groups} />
            <p className="text-xs text-slate-500">{t("surveys.result.scoresHelp")}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="groups-title" className="grid gap-4">
        <h2 id="groups-title" className="text-lg font-semibold">
          {t(own ? "surveys.result.groupsTitle" : "surveys.result.groupsTitleOther")}
        </h2>
        <div className="grid gap-4 xl:grid-cols-3">
          {suitable.data.groups.map((group) => (
            <GroupCard key={group.code} group={group} />
          ))}
        </div>
      </section>

      <ReportUnlock survey={survey} canBuy={canBuy} />
    </div>
  );
}

function GroupCard({ group }: { group: SuitableGroup }) {
  const t = useT();
  const { locale } = useLanguage();
  const colour = GROUP_COLOURS[group.code as GroupCode];
  return (
    <article
      className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5"
      style={{ borderTop: `4px solid ${colour}` }}
      aria-labelledby={`group-${group.code}`}
    >
      <header className="grid gap-1">
        <p className="text-xs font-medium uppercase text-slate-500">
          {t("surveys.result.rankScore", { rank: group.rank, score: formatNumber(group.normalized, locale) })}
        </p>
        <h3
          id={`group-${group.code}`}
          className={cn("text-lg font-semibold", GROUP_TEXT[group.code as GroupCode])}
        >
          {group.code} · {group.name}
        </h3>
        {group.nickname && <p className="text-sm italic text-slate-600">{group.nickname}</p>}
      </header>
      <p className="text-sm text-slate-700">{group.description}</p>
      {group.traits.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("surveys.result.traits")}>
          {group.traits.map((trait) => (
            <li key={trait} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {trait}
            </li>
          ))}
        </ul>
      )}
      <List icon={BriefcaseBusiness} title={t("surveys.result.careers")} items={group.careers} />
      <List icon={GraduationCap} title={t("surveys.result.fields")} items={group.fields} />
      {group.combinations.length > 0 && (
        <List icon={Sparkles} title={t("surveys.result.combinations")} items={group.combinations} />
      )}
      {group.tips && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-medium">{t("surveys.result.tips")}: </span>
          {group.tips}
        </p>
      )}
    </article>
  );
}

function List({
  icon: Icon,
  title,
  items,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  items: string[];
}) {
  return (
    <div className="grid gap-1">
      <h4 className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
        <Icon className="h-4 w-4" aria-hidden="true" />
        {title}
      </h4>
      <ul className="list-disc pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
