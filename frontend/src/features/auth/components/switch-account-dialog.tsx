import { Check } from "lucide-react";

import { Avatar } from "@/components/ui/avatar";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import { switchProfile } from "../api/auth-calls";
import type { Authorized } from "@/lib/auth/types";

/** Lists the user's profiles; choosing another stores it and reloads the page (spec §4).
 * A failed switch is only logged (spec §8). */
export function SwitchAccountDialog({
  open,
  onOpenChange,
  authorized,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  authorized: Authorized;
}) {
  const t = useT();
  async function choose(profileId: number) {
    if (profileId === authorized.current_profile_id) return onOpenChange(false);
    try {
      await switchProfile(profileId);
      window.location.assign("/home");
    } catch (error) {
      console.error("profile switch failed", error);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("header.switchAccount")}
      closeLabel={t("common.close")}
    >
      <ul className="grid gap-2">
        {authorized.profiles.map((profile) => (
          <li key={profile.id}>
            <button
              type="button"
              onClick={() => choose(profile.id)}
              className="flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3 text-left hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <Avatar name={profile.name} src={profile.profileImage} />
              <span className="grid flex-1">
                <span className="text-sm font-semibold">
                  {t(profile.pandai_profile_role === "EDUCATOR" ? "role.educator" : "role.learner")}
                </span>
                <span className="text-xs text-slate-600">
                  {profile.organization?.name ?? t("role.publicLearner")}
                </span>
              </span>
              {profile.id === authorized.current_profile_id && (
                <Check aria-label={t("header.currentProfile")} className="h-5 w-5 text-blue-700" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
