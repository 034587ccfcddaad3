/** The foot of a dialog: the server's refusal (announced), then Cancel and the dialog's action.
 * The action submits the dialog's form, or runs `onConfirm` when given (a confirmation without a
 * form). One place for every dialog of the app (issue 22). */
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

export function DialogButtons({
  onCancel,
  busy = false,
  error,
  submitLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
}: {
  onCancel: () => void;
  /** Disables the action while the request runs. */
  busy?: boolean;
  /** The server's refusal, shown above the buttons (callers pass `silent` to the API client). */
  error?: string;
  /** Default "Lưu"/"Save". */
  submitLabel?: string;
  /** Default "Hủy"/"Cancel". */
  cancelLabel?: string;
  onConfirm?: () => void;
  destructive?: boolean;
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
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button
          type={onConfirm ? "button" : "submit"}
          variant={destructive ? "destructive" : undefined}
          disabled={busy}
          onClick={onConfirm}
        >
          {submitLabel ?? t("common.save")}
        </Button>
      </div>
    </>
  );
}
