import { Link } from "react-router-dom";

/** The centre's logo (our own SVG mark) with its name; links to `to`. The link is named by
 * `name` at every width (the visible name is hidden below `sm` and in the compact form). */
export function Brand({ to, name, compact = false }: { to: string; name: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      aria-label={name}
      className="flex items-center gap-2 rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <svg viewBox="0 0 64 64" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1d4ed8" />
        <path d="M14 40 32 16l18 24H40L32 29l-8 11z" fill="#fbbf24" />
        <circle cx="32" cy="46" r="5" fill="#fff" />
      </svg>
      {!compact && (
        <span className="hidden text-sm font-semibold leading-tight text-slate-900 sm:inline">{name}</span>
      )}
    </Link>
  );
}
