import { useT } from "@/lib/intl";

/** "Loading…" (announced) while a page waits for something other than one query. */
export function Loading() {
  const t = useT();
  return (
    <p role="status" className="text-slate-500">
      {t("common.loading")}
    </p>
  );
}
