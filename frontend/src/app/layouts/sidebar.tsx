import {
  BookOpen,
  ClipboardList,
  FileText,
  GraduationCap,
  Layers,
  LineChart,
  ShoppingBag,
  Trophy,
  UserCog,
  Users,
} from "lucide-react";
import { Link, useLocation } from "react-router-dom";

import type { Role } from "@/lib/auth/types";
import { cn } from "@/lib/cn";
import { useT, type MessageId } from "@/lib/intl";

import { isActive } from "../guard";

interface Item {
  path: string;
  label: MessageId;
  icon: React.ComponentType<{ className?: string }>;
}

/** Educator sidebar (spec §2); /dashboard is defined but shown to nobody. */
export const EDUCATOR_ITEMS: Item[] = [
  { path: "/question-bank", label: "nav.questionBank", icon: BookOpen },
  { path: "/test-preset", label: "nav.tests", icon: FileText },
  { path: "/round", label: "nav.rounds", icon: Trophy },
  { path: "/survey", label: "nav.surveys", icon: ClipboardList },
  { path: "/marketplace", label: "nav.marketplace", icon: ShoppingBag },
  { path: "/educator", label: "nav.educators", icon: UserCog },
  { path: "/learner", label: "nav.learners", icon: Users },
  { path: "/alltransaction", label: "nav.transactions", icon: LineChart },
];

/** Learner sidebar, also for any role that is not EDUCATOR; /assignment is shown to nobody. */
export const LEARNER_ITEMS: Item[] = [
  { path: "/assignment/student", label: "nav.myTests", icon: GraduationCap },
  { path: "/survey/student", label: "nav.mySurveys", icon: Layers },
  { path: "/marketplace", label: "nav.marketplace", icon: ShoppingBag },
];

export function sidebarItems(role: Role | undefined): Item[] {
  return role === "EDUCATOR" ? EDUCATOR_ITEMS : LEARNER_ITEMS;
}

export function Sidebar({ role, onNavigate }: { role: Role | undefined; onNavigate?: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.main")} className="grid gap-1 p-3">
      {sidebarItems(role).map((item) => {
        const active = isActive(item.path, pathname);
        return (
          <Link
            key={item.path}
            to={item.path}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600",
              active ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <item.icon className="h-4 w-4" />
            {t(item.label)}
          </Link>
        );
      })}
    </nav>
  );
}
