/** A bank's "Export" menu (issues 4 and 36): the bank as the project's .xlsx template, as Moodle
 * XML or as a QTI 2.1 content package, with its folders. The server names the file. */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, Download } from "lucide-react";

import { Button } from "@/components/ui/button";
import { menuContent } from "@/components/ui/menu";
import { downloadFile } from "@/lib/download";
import { useT } from "@/lib/intl";

/** Each export: its label's message key, its address below the bank, the file name when the
 * server gives none. */
const EXPORTS = [
  { label: "qb.exportXlsx", path: "export", extension: "xlsx" },
  { label: "qb.exportMoodleXml", path: "export/moodle_xml", extension: "xml" },
  { label: "qb.exportQti", path: "export/qti", extension: "zip" },
] as const;

export function ExportMenu({ bankId }: { bankId: number }) {
  const t = useT();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline">
          <Download className="h-4 w-4" /> {t("qb.export")}
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContent}>
          {EXPORTS.map((item) => (
            <DropdownMenu.Item
              key={item.path}
              onSelect={() =>
                void downloadFile(
                  `/api/v1/question-banks/${bankId}/${item.path}`,
                  `question-bank-${bankId}.${item.extension}`,
                ).catch(() => undefined)
              }
              className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              {t(item.label)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
