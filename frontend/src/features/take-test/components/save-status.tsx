import { CloudOff, CloudUpload, CheckCircle2 } from "lucide-react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

import type { OutboxSnapshot } from "../lib/outbox";

/** Saved / saving / offline, always visible; going offline is announced once. */
export function SaveStatus({ snapshot }: { snapshot: OutboxSnapshot }) {
  const t = useT();
  const offline = snapshot.state === "offline";
  const saving = snapshot.state === "saving";
  return (
    <p
      data-testid="save-status"
      data-state={snapshot.state}
      role={offline ? "alert" : undefined}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium",
        offline
          ? "bg-red-50 text-red-800"
          : saving
            ? "bg-amber-50 text-amber-900"
            : "bg-emerald-50 text-emerald-800",
      )}
    >
      {offline ? (
        <CloudOff className="h-4 w-4" aria-hidden="true" />
      ) : saving ? (
        <CloudUpload className="h-4 w-4" aria-hidden="true" />
      ) : (
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      )}
      {offline
        ? t("takeTest.save.offline", { count: snapshot.pending })
        : saving
          ? t("takeTest.save.saving")
          : t("takeTest.save.saved")}
    </p>
  );
}
