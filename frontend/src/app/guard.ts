/** The route guard of spec §2 as pure functions (tested on their own). */
import type { Role } from "@/lib/auth/types";

export interface RouteHandle {
  roles?: Role[];
  /** Minimum window width in px (test and survey routes: 1280). */
  minWidth?: number;
  /** Routes that need a session. */
  auth?: boolean;
  titleId?: string;
  hideLogos?: boolean;
}

export type GuardResult = "ok" | "forbidden" | "unsupported";

/** "If any matched route lists roles, the user's role must be among them, else /forbidden";
 * narrower than a matched minWidth -> /unsupported (checked after the role). */
export function checkRoute(
  handles: (RouteHandle | undefined)[],
  role: Role | undefined,
  width: number,
): GuardResult {
  for (const handle of handles) {
    if (handle?.roles && (!role || !handle.roles.includes(role))) return "forbidden";
  }
  for (const handle of handles) {
    if (handle?.minWidth && width < handle.minWidth) return "unsupported";
  }
  return "ok";
}

/** The sidebar item whose path the current path contains is active (spec §2). */
export function isActive(itemPath: string, currentPath: string): boolean {
  return currentPath.includes(itemPath);
}
