import type { ReactNode } from "react";

export function PageHeader({
  title,
  children,
  back,
}: {
  title: ReactNode;
  children?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      {back}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children && <div className="flex flex-wrap items-start gap-2">{children}</div>}
      </div>
    </div>
  );
}
