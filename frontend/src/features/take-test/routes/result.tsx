/** /assignment/result/index?id=<enrollment id> — the learner's result of one test, and who viewed
 * their proctoring video (issue 24, item 4). */
import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";

import { useT } from "@/lib/intl";

import { ResultView } from "../components/result-view";
import { VideoViewsSection } from "../components/video-views";
import { paths } from "../lib/paths";

export default function ResultRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <Link
        to={paths.list}
        className="inline-flex w-fit items-center gap-1 text-sm text-blue-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("nav.myTests")}
      </Link>
      {Number.isInteger(id) && id > 0 ? (
        <>
          <ResultView enrollmentId={id} headingLevel={1} />
          <VideoViewsSection enrollmentId={id} />
          <Link to={paths.detail(id)} className="w-fit text-sm text-blue-700 hover:underline">
            {t("takeTest.result.toDetail")}
          </Link>
        </>
      ) : (
        <p role="alert">{t("takeTest.result.notTaken")}</p>
      )}
    </div>
  );
}
