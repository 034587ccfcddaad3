import { Pencil, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";

/** A row's edit (pencil) and delete (bin) icon buttons, each named for what it acts on. */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="icon" variant="ghost" aria-label={editLabel} onClick={onEdit}>
        <Pencil className="h-4 w-4" />
      </Button>
      <Button size="icon" variant="ghost" aria-label={deleteLabel} onClick={onDelete}>
        <Trash2 className="h-4 w-4" />
      </Button>
    </>
  );
}
