export type Role = "LEARNER" | "EDUCATOR";

export interface OrganizationRef {
  id: number;
  name: string;
  logo?: string | null;
}

export interface CurrentUser {
  id: number;
  pandai_profile_id: number;
  pandai_profile_member_id: number;
  name: string;
  email: string;
  profileImage: string | null;
  educatorOrganizationId: number | string;
  pandai_profile_role: Role;
  createdAt: string;
  updatedAt: string;
  is_admin: boolean;
  province_code: string;
  district_text: string;
  has_pandai_survey_account: boolean;
  grade: number | null;
  organization: OrganizationRef | null;
  alternate_email: string;
  level: string;
  class_name: string;
  school_name: string;
  curriculum: string;
  phone: string;
  gender: string;
  date_of_birth: string | null;
  job_title: string;
  status: string;
}

export interface ProfileSummary {
  id: number;
  name: string;
  email: string;
  profileImage: string | null;
  pandai_profile_role: Role;
  organization: OrganizationRef | null;
  is_admin: boolean;
}

export interface Authorized {
  user: CurrentUser;
  profiles: ProfileSummary[];
  current_profile_id: number;
}
