import { Button } from "@/components/ui/button";
import { useT } from "@/lib/intl";

/** A dialog form's Cancel and Save (submit) buttons. */
export function FormActions({ onCancel, busy = false }: { onCancel: () => void; busy?: boolean }) {
  const t = useT();
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={busy}>
        {t("common.save")}
      </Button>
    </div>
  );
}
