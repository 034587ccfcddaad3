import { Link } from "react-router-dom";

import { Lang, LangParts, useLangAttr } from "@/components/lang";
import { Avatar } from "@/components/ui/avatar";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { useT, type MessageId } from "@/lib/intl";

import { AttentionPanel } from "../components/attention-panel";

/** The educator's way into each part of the work; the /assignment pages (which the spec's sidebar
 * does not show) are one click away here, every other one of them two (issue 19). */
const EDUCATOR_CARDS: { to: string; title: MessageId; body: MessageId }[] = [
  { to: "/question-bank", title: "nav.questionBank", body: "home.educator.questions" },
  { to: "/test-preset", title: "nav.tests", body: "home.educator.tests" },
  { to: "/assignment", title: "assignments.title", body: "home.educator.assign" },
  { to: "/assignment/grading/list", title: "grading.list.title", body: "home.educator.grading" },
  { to: "/assignment/result/index", title: "grading.results.title", body: "home.educator.results" },
  { to: "/learner", title: "nav.learners", body: "home.educator.learners" },
];
const LEARNER_CARDS: { to: string; title: MessageId; body: MessageId }[] = [
  { to: "/marketplace", title: "nav.marketplace", body: "home.learner.marketplace" },
  { to: "/assignment/student", title: "nav.myTests", body: "home.learner.tests" },
  { to: "/survey/student", title: "nav.mySurveys", body: "home.learner.surveys" },
];

export default function HomeRoute() {
  const t = useT();
  const { data } = useAuthorized();
  // The person's and organization's names are Vietnamese content: lang="vi" on English pages.
  const contentLang = useLangAttr();
  if (!data) return null;
  const user = data.user;
  const educator = user.pandai_profile_role === "EDUCATOR";
  return (
    <div className="grid gap-8">
      <div className="flex items-center gap-4">
        <span {...contentLang} className="flex shrink-0">
          <Avatar name={user.name} src={user.profileImage} size="base" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold">
            <LangParts text={t("home.welcome", { name: user.name })} parts={[user.name]} />
          </h1>
          <p className="text-slate-600">
            {t(educator ? "role.educator" : "role.learner")}
            {user.organization && (
              <>
                {" · "}
                <Lang>{user.organization.name}</Lang>
              </>
            )}
          </p>
        </div>
      </div>
      {!educator && user.grade === null && (
        <div
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {t("home.setGrade")}{" "}
          <Link to="/profile" className="font-semibold underline">
            {t("page.profile")}
          </Link>
        </div>
      )}
      {educator && <AttentionPanel />}
      <div className="grid gap-4 sm:grid-cols-3">
        {(educator ? EDUCATOR_CARDS : LEARNER_CARDS).map((card) => (
          <Link
            key={card.to}
            to={card.to}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-300 hover:shadow"
          >
            <h2 className="font-semibold text-slate-900">{t(card.title)}</h2>
            <p className="mt-1 text-sm text-slate-600">{t(card.body)}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}
