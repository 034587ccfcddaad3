/** One path, one page per role (spec §2 names /assignment/result/index for learners and
 * educators alike): the route's `lazy` loads both pages and renders the current role's. */
import type { ComponentType } from "react";

import type { Role } from "@/lib/auth/types";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { withTexts } from "@/lib/messages-store";

type Loader = () => Promise<{ default: ComponentType }>;

export function byRole(loaders: Partial<Record<Role, Loader>>) {
  return async () => {
    const roles = Object.keys(loaders) as Role[];
    const pages = await Promise.all(roles.map((role) => withTexts(loaders[role]!)()));
    const byRoleName = Object.fromEntries(roles.map((role, i) => [role, pages[i]!.default])) as Partial<
      Record<Role, ComponentType>
    >;
    function RolePage() {
      const role = useAuthorized().data?.user.pandai_profile_role;
      const Page = role ? byRoleName[role] : undefined;
      return Page ? <Page /> : null;
    }
    return { Component: RolePage };
  };
}
