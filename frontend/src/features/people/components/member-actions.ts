/** What a member row's menu can do, and the messages of each action; the ones that take rights or
 * access away are confirmed first. */
import type { MessageId } from "@/lib/intl";

import type { Member } from "../api/types";
import type { MemberChange } from "../api/update-member";
import { memberStatus } from "./labels";

/** What a row's menu can do; the ones that take rights or access away are confirmed first. */
export type Action =
  "makeAdmin" | "removeAdmin" | "deactivate" | "reactivate" | "enableSurvey" | "disableSurvey" | "remove";

export const CHANGE: Record<Exclude<Action, "remove">, MemberChange> = {
  makeAdmin: { is_admin: true },
  removeAdmin: { is_admin: false },
  deactivate: { active: false },
  reactivate: { active: true },
  enableSurvey: { has_pandai_survey_account: true },
  disableSurvey: { has_pandai_survey_account: false },
};

export const CONFIRMED: Partial<Record<Action, { title: MessageId; body: MessageId; confirm: MessageId }>> = {
  removeAdmin: {
    title: "people.confirm.removeAdminTitle",
    body: "people.confirm.removeAdminBody",
    confirm: "people.action.removeAdmin",
  },
  deactivate: {
    title: "people.confirm.deactivateTitle",
    body: "people.confirm.deactivateBody",
    confirm: "people.action.deactivate",
  },
  remove: {
    title: "people.confirm.removeTitle",
    body: "people.confirm.removeBody",
    confirm: "people.action.remove",
  },
};

export const LABEL: Record<Action, MessageId> = {
  makeAdmin: "people.action.makeAdmin",
  removeAdmin: "people.action.removeAdmin",
  deactivate: "people.action.deactivate",
  reactivate: "people.action.reactivate",
  enableSurvey: "people.action.enableSurvey",
  disableSurvey: "people.action.disableSurvey",
  remove: "people.action.remove",
};

export const DONE: Record<Action, MessageId> = {
  makeAdmin: "people.done.makeAdmin",
  removeAdmin: "people.done.removeAdmin",
  deactivate: "people.done.deactivate",
  reactivate: "people.done.reactivate",
  enableSurvey: "people.done.enableSurvey",
  disableSurvey: "people.done.disableSurvey",
  remove: "people.done.remove",
};

/** The actions open on `member` (none on a removed learner). */
export function actionsFor(member: Member): Action[] {
  const status = memberStatus(member.status);
  if (status === "removed") return [];
  const educator = member.pandai_profile_role === "EDUCATOR";
  const actions: Action[] = [];
  if (educator) actions.push(member.is_admin ? "removeAdmin" : "makeAdmin");
  actions.push(status === "active" ? "deactivate" : "reactivate");
  actions.push(member.has_pandai_survey_account ? "disableSurvey" : "enableSurvey");
  if (!educator) actions.push("remove");
  return actions;
}
