import { Link } from "react-router-dom";

/** A row of underlined links onward from a dead end (learners only, nothing to check out). */
export function OnwardLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <div className="flex flex-wrap justify-center gap-4 text-sm font-medium">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="text-blue-700 underline underline-offset-4">
          {link.label}
        </Link>
      ))}
    </div>
  );
}
