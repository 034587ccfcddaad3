import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useEffect, useState } from "react";

import { cn } from "@/lib/cn";
import { useT } from "@/lib/intl";
import { dismissToast, subscribeToast, TOAST_DURATION_MS, type ToastData } from "@/lib/toast-store";

const VARIANTS = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  destructive: "border-red-700 bg-red-600 text-white",
} as const;

/** Radix toasts: one at a time, 5000 ms, swipe threshold 50, hotkey F8 (spec §9). */
export function Toaster() {
  const t = useT();
  const [current, setCurrent] = useState<ToastData | null>(null);
  useEffect(() => subscribeToast(setCurrent), []);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={50}
      swipeDirection="right"
      label={t("toast.label")}
    >
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => !open && dismissToast(current.id)}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            VARIANTS[current.variant],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t("common.close")}
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        label={t("toast.region", { hotkey: "{hotkey}" })}
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4"
      />
    </ToastPrimitive.Provider>
  );
}
