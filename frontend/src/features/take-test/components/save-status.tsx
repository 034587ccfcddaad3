import { CloudOff, CloudUpload } from "lucide-react";

import { SaveBadge } from "@/components/save-badge";
import { useT } from "@/lib/intl";

import type { OutboxSnapshot } from "../lib/outbox";

/** Saved / saving / offline, always visible; going offline is announced once, and being back
 * with every answer saved (SaveBadge). */
export function SaveStatus({ snapshot }: { snapshot: OutboxSnapshot }) {
  const t = useT();
  const offline = snapshot.state === "offline";
  const saving = snapshot.state === "saving";
  return (
    <SaveBadge
      data-testid="save-status"
      data-state={snapshot.state}
      tone={offline ? "failed" : saving ? "saving" : "saved"}
      icon={offline ? CloudOff : saving ? CloudUpload : undefined}
      label={
        offline
          ? t("takeTest.save.offline", { count: snapshot.pending })
          : saving
            ? t("takeTest.save.saving")
            : t("takeTest.save.saved")
      }
    />
  );
}
