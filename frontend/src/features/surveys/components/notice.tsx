/** The outcome of an action on a survey: a confirmation (status) or the server's refusal (alert)
 * with the lines it gave (e.g. the statements a publication lacks). */
import { cn } from "@/lib/cn";

export interface Notice {
  tone: "ok" | "error";
  title: string;
  lines: string[];
}

export function NoticeBox({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <div
      role={notice.tone === "error" ? "alert" : "status"}
      className={cn(
        "grid gap-1 rounded-lg border p-3 text-sm",
        notice.tone === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      <p className="font-medium">{notice.title}</p>
      {notice.lines.length > 0 && (
        <ul className="list-disc pl-5">
          {notice.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
