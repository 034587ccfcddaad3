/** Session types, derived from the generated OpenAPI types (./ops/openapi-types) so that a change
 * of the server's shape breaks the type check. */
import type { components } from "@/lib/api/v1";

type Schemas = components["schemas"];

export type Role = "LEARNER" | "EDUCATOR";
export type OrganizationRef = Schemas["OrganizationOut"];
export type CurrentUser = Omit<Schemas["CurrentUserOut"], "pandai_profile_role"> & {
  pandai_profile_role: Role;
};
export type ProfileSummary = Omit<Schemas["ProfileSummaryOut"], "pandai_profile_role"> & {
  pandai_profile_role: Role;
};
export interface Authorized {
  user: CurrentUser;
  profiles: ProfileSummary[];
  current_profile_id: number;
}
export interface MyProfiles {
  profiles: ProfileSummary[];
  current_profile_id: number;
}
