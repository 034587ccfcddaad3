import { forwardRef, type ButtonHTMLAttributes } from "react";

import { cn } from "@/lib/cn";

/** Button variants and sizes of spec §3. */
export const buttonVariants = {
  default: "bg-blue-700 text-white hover:bg-blue-800",
  destructive: "bg-red-600 text-white hover:bg-red-700",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  secondary: "bg-amber-400 text-slate-900 hover:bg-amber-300",
  ghost: "text-slate-700 hover:bg-slate-100",
  link: "text-blue-700 underline-offset-4 hover:underline",
} as const;

export const buttonSizes = {
  default: "h-10 px-4 text-sm",
  xs: "h-7 px-2 text-xs",
  sm: "h-8 px-3 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "h-10 w-10",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** The classes of a button of `variant` and `size` (for a `Button`, or a link that looks like
 * one: `ButtonLink`). */
export function buttonClass({
  variant = "default",
  size = "default",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors",
    "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600",
    "disabled:pointer-events-none disabled:opacity-50",
    buttonVariants[variant],
    buttonSizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "default", size = "default", className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
});
