import { Labelled } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/field";

import { useTypedParam } from "@/lib/use-typed-param";

/** A labelled day (YYYY-MM-DD) bound to a URL parameter once typing pauses; `error` names the
 * message that describes it when the range is wrong. */
export function DateFilter({
  id,
  label,
  value,
  onChange,
  min,
  max,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
}) {
  const [day, setDay] = useTypedParam(value, onChange);
  return (
    <Labelled id={id} label={label}>
      <Input
        id={id}
        type="date"
        value={day}
        min={min}
        max={max}
        aria-invalid={error !== undefined}
        aria-describedby={error}
        onChange={(event) => setDay(event.target.value)}
      />
    </Labelled>
  );
}
