import { useEffect, useRef, useState } from "react";

import { useDebounced } from "@/lib/use-debounced";

/** A typed filter bound to a URL parameter (`param`): the box follows every keystroke, the
 * parameter follows once typing pauses for `ms` (`commit`), and a change of the parameter made
 * elsewhere (clear filters, the back button) puts its value back into the box. */
export function useTypedParam<T>(param: T, commit: (value: T) => void, ms = 300): [T, (value: T) => void] {
  const [draft, setDraft] = useState(param);
  const [seen, setSeen] = useState(param);
  if (!Object.is(param, seen)) {
    setSeen(param);
    setDraft(param);
  }
  const settled = useDebounced(draft, ms);
  const latest = useRef({ param, commit });
  useEffect(() => {
    latest.current = { param, commit };
  });
  useEffect(() => {
    if (!Object.is(settled, latest.current.param)) latest.current.commit(settled);
  }, [settled]);
  return [draft, setDraft];
}
