/** A link that looks like a `Button` (spec §3 variants and sizes): for actions that open another
 * page ("Sổ điểm", "Giao cho học sinh"), so that they stay links for the keyboard, the browser
 * and assistive technology. */
import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router-dom";

import { buttonClass, type ButtonSize, type ButtonVariant } from "./button";

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = "default", size = "default", className, ...props },
  ref,
) {
  return <Link ref={ref} className={buttonClass({ variant, size, className })} {...props} />;
});
