/** Why finishing the survey failed: the server's message, or the unanswered statements with a
 * way to each. */
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

import { STEP_ERRORS } from "./labels";

export interface Missing {
  id: number;
  number: number;
  group: string;
  text: string;
}

export function FinishRefused({
  missing,
  message,
  onGo,
}: {
  missing: Missing[];
  message: string;
  onGo: (statement: Missing) => void;
}) {
  const t = useT();
  if (missing.length === 0 && !message) return null;
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">{t(STEP_ERRORS.submit)}</p>
      {message && <p className="text-sm">{message}</p>}
      {missing.length > 0 && (
        <>
          <p className="text-sm">{t("surveys.taking.unanswered", { count: missing.length })}</p>
          <ul className="flex flex-wrap gap-2">
            {missing.map((m) => (
              <li key={m.id}>
                <Button size="xs" variant="outline" title={m.text} onClick={() => onGo(m)}>
                  {t("surveys.taking.goTo", { number: m.number })}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
