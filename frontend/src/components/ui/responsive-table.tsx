/** A table that reads as a table on wide screens and as one card per row on phones (each cell
 * shows its column name before the value), without duplicating the markup. */
import type { ReactNode, TdHTMLAttributes } from "react";

import { cn } from "@/lib/cn";

export function Table({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white max-md:border-0 max-md:bg-transparent md:overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm max-md:block">
        {children}
      </table>
    </div>
  );
}

export function Head({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50 text-xs uppercase text-slate-500 max-md:sr-only">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("p-3 font-medium", className)}>
      {children}
    </th>
  );
}

export function Body({ children }: { children: ReactNode }) {
  return <tbody className="max-md:grid max-md:gap-3">{children}</tbody>;
}

export function Tr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <tr
      className={cn(
        "border-t border-slate-100 align-top hover:bg-slate-50 max-md:grid max-md:gap-1 max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3",
        className,
      )}
    >
      {children}
    </tr>
  );
}

/** A cell; `label` is the column name shown before the value on phones. */
export function Td({
  label,
  children,
  className,
  ...props
}: { label?: string; children: ReactNode; className?: string } & TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      data-label={label}
      className={cn(
        "p-3 max-md:flex max-md:items-center max-md:gap-2 max-md:p-0",
        label &&
          "max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-xs max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    >
      {children}
    </td>
  );
}

/** A full-width row for the loading, empty and error states. */
export function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className="max-md:block">
      <td
        colSpan={colSpan}
        className="p-8 text-center text-slate-500 max-md:block max-md:rounded-2xl max-md:border max-md:border-dashed max-md:border-slate-300 max-md:bg-white"
      >
        {children}
      </td>
    </tr>
  );
}
