/** /take-test/:test_user_assignment_id — the test itself (blank layout, learners, 1280 px).
 * Loads the attempt with every saved answer and measures the server's clock (api/get-session).
 * Not started yet: to the preparation page; over: to the result. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import { sessionQuery } from "../api/get-session";
import { TestRunner } from "../components/test-runner";
import { paths } from "../lib/paths";

export default function TakeTestRoute() {
  const t = useT();
  const id = Number(useParams().test_user_assignment_id);
  const [version, setVersion] = useState(0);
  const session = useQuery(sessionQuery(id, version));

  if (session.isPending)
    return (
      <p role="status" className="p-8 text-center text-slate-500">
        {t("takeTest.loading")}
      </p>
    );
  if (session.isError) {
    const error = session.error;
    const refused = error instanceof ApiError && error.status === 409;
    return (
      <div
        role="alert"
        className="mx-auto grid max-w-xl justify-items-start gap-3 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <p>{refused ? error.message : t("takeTest.loadFailed")}</p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          {t("takeTest.retry")}
        </Button>
      </div>
    );
  }
  const data = session.data;
  if (data.kind === "notStarted") return <Navigate to={paths.preparation(id)} replace />;
  if (data.kind === "over") return <Navigate to={paths.result(id)} replace />;
  return (
    <TestRunner
      key={`${data.attempt.attempt_id}-${version}`}
      enrollmentId={id}
      attempt={data.attempt}
      offset={data.offset}
      token={data.token}
      onReload={() => setVersion((v) => v + 1)}
    />
  );
}
