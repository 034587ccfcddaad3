import * as ScrollAreaPrimitive from "@radix-ui/react-scroll-area";
import type { ReactNode, UIEventHandler } from "react";

/** Scrollbar hide delay 600 ms (spec §9). */
export function ScrollArea({
  children,
  className,
  onScroll,
}: {
  children: ReactNode;
  className?: string;
  onScroll?: UIEventHandler<HTMLDivElement>;
}) {
  return (
    <ScrollAreaPrimitive.Root type="hover" scrollHideDelay={600} className={className}>
      <ScrollAreaPrimitive.Viewport className="h-full w-full" onScroll={onScroll}>
        {children}
      </ScrollAreaPrimitive.Viewport>
      <ScrollAreaPrimitive.Scrollbar orientation="vertical" className="flex w-2 touch-none p-0.5">
        <ScrollAreaPrimitive.Thumb className="relative flex-1 rounded-full bg-slate-300" />
      </ScrollAreaPrimitive.Scrollbar>
    </ScrollAreaPrimitive.Root>
  );
}
