import type { UseQueryResult } from "@tanstack/react-query";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

/** "Try again" under a failed query's message (`QueryState` shows the message). */
export function Retry({ query }: { query: Pick<UseQueryResult, "isError" | "refetch"> }) {
  const t = useT();
  if (!query.isError) return null;
  return (
    <div>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {t("common.retry")}
      </Button>
    </div>
  );
}
