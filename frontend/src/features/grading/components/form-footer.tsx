/** The end of a dialog's form: the server's refusal (announced), then Cancel and the submit
 * button ("Working…" while sending). */
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

export function FormFooter({
  error,
  busy,
  submitLabel,
  onCancel,
}: {
  error: string;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("common.working") : submitLabel}
        </Button>
      </div>
    </>
  );
}
