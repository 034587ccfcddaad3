/** The row of controls above a list: a search box and selects (filters, order), each with a
 * visible label. Bind them to `useListParams`. */
import type { ReactNode } from "react";

import { Input, Select } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";

export function ListToolbar({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("flex flex-wrap items-end gap-3", className)}>{children}</div>;
}

/** A labelled control of the toolbar, for filters without their own component (a date, an amount). */
export function Labelled({
  id,
  label,
  children,
  wide,
}: {
  id: string;
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn("grid min-w-0 gap-1", wide ? "w-full sm:w-80" : "w-full sm:w-56")}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A search box labelled "Tìm kiếm"/"Search" unless `label` says otherwise. */
export function SearchFilter({
  id,
  value,
  onChange,
  placeholder,
  label,
  maxLength = 255,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  maxLength?: number;
}) {
  const t = useT();
  return (
    <Labelled id={id} label={label ?? t("common.search")} wide>
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Labelled>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select; `allLabel` adds a first choice with the value "" ("Tất cả"/"All" when
 * `allLabel` is true). */
export function SelectFilter({
  id,
  label,
  value,
  onChange,
  choices,
  allLabel,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  allLabel?: string | true;
  /** E.g. a batch filter until a test is chosen. */
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <Labelled id={id} label={label}>
      <Select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {allLabel !== undefined && <option value="">{allLabel === true ? t("common.all") : allLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Labelled>
  );
}
