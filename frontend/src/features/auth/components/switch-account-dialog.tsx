import { Check } from "lucide-react";

import { Lang, useLangAttr } from "@/components/lang";
import { Avatar } from "@/components/ui/avatar";
import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/intl";

import type { Authorized } from "@/lib/auth/types";

import { useMyProfiles } from "../api/get-my-profiles";
import { useSwitchProfile } from "../api/switch-profile";

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
  // Person and organization names are Vietnamese content: marked lang="vi" on English pages.
  const contentLang = useLangAttr();
  // The dialog lists GET /api/v1/users/my-profiles; the session's list shows until it answers.
  const mine = useMyProfiles({ enabled: open });
  const profiles = mine.data?.profiles ?? authorized.profiles;
  const currentId = mine.data?.current_profile_id ?? authorized.current_profile_id;
  const switchProfile = useSwitchProfile();
  function choose(profileId: number) {
    if (profileId === currentId) return onOpenChange(false);
    switchProfile.mutate(profileId, {
      // The new profile is now the session's: reload into its role's screens (spec §4).
      onSuccess: () => window.location.assign("/home"),
      onError: (error) => console.error("profile switch failed", error),
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("header.switchAccount")}
      closeLabel={t("common.close")}
    >
      <ul className="grid gap-2">
        {profiles.map((profile) => (
          <li key={profile.id}>
            <button
              type="button"
              onClick={() => choose(profile.id)}
              disabled={switchProfile.isPending}
              className="flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3 text-left hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <span {...contentLang} className="flex shrink-0">
                <Avatar name={profile.name} src={profile.profileImage} />
              </span>
              <span className="grid flex-1">
                <span className="text-sm font-semibold">
                  {t(profile.pandai_profile_role === "EDUCATOR" ? "role.educator" : "role.learner")}
                </span>
                <span className="text-xs text-slate-600">
                  {profile.organization ? <Lang>{profile.organization.name}</Lang> : t("role.publicLearner")}
                </span>
              </span>
              {profile.id === currentId && (
                <Check aria-label={t("header.currentProfile")} className="h-5 w-5 text-blue-700" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
