/** The `{educator|learner}` segment of the invitation endpoints, from the mail link's `role`. */
export type InvitationKind = "educator" | "learner";

export function invitationKind(role: string | null): InvitationKind {
  return role === "educator" ? "educator" : "learner";
}
