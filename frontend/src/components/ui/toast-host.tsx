import { lazy, Suspense, useEffect, useState } from "react";

import { subscribeToast } from "@/lib/toast-store";

// The Radix toaster loads with the first toast, keeping it out of the first visit's JavaScript.
const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => subscribeToast((toast) => toast && setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
