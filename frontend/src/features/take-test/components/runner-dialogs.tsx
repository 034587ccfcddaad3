/** The test page's dialogs: confirm the submission, the tab-switch warning, the take-over by
 * another tab or device, time up, and the end with answers that never reached the server. */
import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import type { OutboxSnapshot } from "../lib/outbox";
import type { NavItem } from "./question-nav";

export function ConfirmSubmitDialog({
  open,
  items,
  sending,
  error,
  onClose,
  onSubmit,
}: {
  open: boolean;
  items: NavItem[];
  sending: boolean;
  error: string;
  onClose: () => void;
  onSubmit: () => void;
}) {
  const t = useT();
  const unanswered = items.filter((i) => !i.answered).length;
  const flagged = items.filter((i) => i.flagged).length;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !sending && onClose()}
      title={t("takeTest.confirm.title")}
      description={t("takeTest.confirm.body")}
      closeLabel={t("common.close")}
    >
      <ul className="grid gap-1 text-sm">
        <li>
          {t("takeTest.confirm.answered", { answered: items.length - unanswered, total: items.length })}
        </li>
        {unanswered > 0 && (
          <li className="font-medium text-amber-900">
            {t("takeTest.confirm.unanswered", { count: unanswered })}
          </li>
        )}
        {flagged > 0 && <li>{t("takeTest.confirm.flagged", { count: flagged })}</li>}
      </ul>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={sending} onClick={onClose}>
          {t("takeTest.confirm.cancel")}
        </Button>
        <Button disabled={sending} onClick={onSubmit}>
          {t(sending ? "takeTest.confirm.sending" : "takeTest.confirm.submit")}
        </Button>
      </div>
    </Dialog>
  );
}

export function SwitchWarningDialog({
  open,
  switches,
  allowed,
  onClose,
}: {
  open: boolean;
  switches: number;
  allowed: number;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t("takeTest.switch.title")}
      description={t("takeTest.switch.count", { count: switches, allowed })}
      closeLabel={t("common.close")}
    >
      <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {switches >= allowed
          ? t("takeTest.switch.last", { voidAt: allowed + 1 })
          : t("takeTest.switch.body", { voidAt: allowed + 1 })}
      </p>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t("takeTest.switch.back")}</Button>
      </div>
    </Dialog>
  );
}

export function TakeOverDialog({
  open,
  busy,
  error,
  onContinue,
}: {
  open: boolean;
  busy: boolean;
  error: string;
  onContinue: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={t("takeTest.takeover.title")}
      description={t("takeTest.takeover.body")}
      closeLabel={t("common.close")}
    >
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button disabled={busy} onClick={onContinue}>
          {t("takeTest.takeover.continue")}
        </Button>
      </div>
    </Dialog>
  );
}

export function TimeUpDialog({
  open,
  snapshot,
  children,
}: {
  open: boolean;
  snapshot: OutboxSnapshot;
  /** Shown under the count (the backup answers while offline). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={t("takeTest.timeUp.title")}
      description={t(snapshot.state === "offline" ? "takeTest.timeUp.offline" : "takeTest.timeUp.body")}
      closeLabel={t("common.close")}
    >
      <p role="status" className="text-sm text-slate-600">
        {t("takeTest.timeUp.pending", { count: snapshot.pending })}
      </p>
      {children}
    </Dialog>
  );
}

/** The server takes no more answers from this page (the attempt was submitted, or the offline
 * grace is over) while some of them never reached it: the backup answers (`children`), then the
 * way to the result. Only its button closes it. */
export function ClosedDialog({
  open,
  onLeave,
  children,
}: {
  open: boolean;
  onLeave: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={t("takeTest.closed.title")}
      description={t("takeTest.closed.body")}
      closeLabel={t("common.close")}
    >
      {children}
      <div className="flex justify-end">
        <Button variant="outline" onClick={onLeave}>
          {t("takeTest.closed.leave")}
        </Button>
      </div>
    </Dialog>
  );
}
