/** A labelled progress bar (role="progressbar", whole percent 0-100) with a line of text under
 * it, for background work the SPA polls (imports, issue 16 item 8). */
export function ProgressBar({ label, value, text }: { label: string; value: number; text?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="grid gap-1" aria-live="polite">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      {text && <span className="text-xs text-slate-600">{text}</span>}
    </div>
  );
}
