/** A ghost button showing only an icon, named by `label` (edit, delete, move, ...). */
import type { LucideIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

export function IconButton({
  label,
  icon: Icon,
  onClick,
  disabled,
  className,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className={className}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="h-4 w-4" />
    </Button>
  );
}
