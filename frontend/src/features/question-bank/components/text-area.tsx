import { forwardRef, type TextareaHTMLAttributes } from "react";

import { cn } from "@/lib/cn";

/** The authoring forms' multi-line input. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ className, ...props }, ref) {
    return (
      <textarea
        ref={ref}
        className={cn(
          "rounded-lg border border-slate-300 p-3 text-sm aria-[invalid=true]:border-red-500",
          className,
        )}
        {...props}
      />
    );
  },
);
