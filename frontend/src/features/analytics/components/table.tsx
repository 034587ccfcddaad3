/** Skeleton rows for the analytics tables while they load (the tables themselves are the shared
 * responsive table of components/ui). */
import { useT } from "@/lib/intl";

/** Skeleton rows while a table loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  const t = useT();
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" className="border-t border-slate-100 max-md:block">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="p-3 max-md:block">
              <span className="block h-4 animate-pulse rounded bg-slate-200" />
            </td>
          ))}
        </tr>
      ))}
      <tr className="sr-only">
        <td>{t("common.loading")}</td>
      </tr>
    </>
  );
}
