"""Request and response schemas of the identity API (spec section 3 and 7)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema


class LoginIn(Schema):
    email: str = ""
    password: str = ""


class EmailIn(Schema):
    email: str = ""


class TokenIn(Schema):
    token: str = ""


class RegisterIn(Schema):
    """Signup fields of spec section 3. ``date_of_birth`` is dd/mm/yyyy; ``cccd`` 12 digits."""

    email: str = ""
    password: str = ""
    confirm_password: str = ""
    name: str = ""
    gender: str = ""
    date_of_birth: str = ""
    cccd: str = ""
    class_name: str = ""
    school_name: str = ""
    district_text: str = ""
    province_code: str = ""
    curriculum: str = ""
    phone: str = ""
    contact_email: str = ""


class ResetPasswordIn(Schema):
    uid: str = ""
    token: str = ""
    password: str = ""
    confirm_password: str = ""


class RegisterInvitedIn(Schema):
    """Accepting an invitation. A new account needs name and matching passwords; an existing
    account proves itself with its current password."""

    token: str = ""
    name: str = ""
    password: str = ""
    confirm_password: str = ""


class SwitchProfileIn(Schema):
    profile_id: int


class ProfileSelfIn(Schema):
    """Editable fields of /profile (spec section 3, "Profile"); omitted fields are unchanged."""

    name: str | None = None
    alternate_email: str | None = None
    grade: int | None = None
    level: str | None = None
    class_name: str | None = None
    school_name: str | None = None
    district_text: str | None = None
    province_code: str | None = None
    curriculum: str | None = None
    phone: str | None = None
    gender: str | None = None
    date_of_birth: str | None = None
    job_title: str | None = None


class GradeIn(Schema):
    grade: int | None = None


class OrganizationOut(Schema):
    id: int
    name: str
    logo: str | None = None


class MemberChangeOut(Schema):
    kind: str
    label: str
    at: datetime


class ProfileSummaryOut(Schema):
    """An item of data.profiles (spec section 3, "Profile list response")."""

    id: int
    name: str
    email: str
    profileImage: str | None
    pandai_profile_role: str
    organization: OrganizationOut | None
    is_admin: bool


class CurrentUserOut(Schema):
    """The current user (spec section 3, "Current user"); ids are integers, times ISO 8601 UTC."""

    id: int
    pandai_profile_id: int
    pandai_profile_member_id: int
    name: str
    email: str
    profileImage: str | None
    educatorOrganizationId: int | str
    pandai_profile_role: str
    createdAt: datetime
    updatedAt: datetime
    is_admin: bool
    province_code: str
    district_text: str
    has_pandai_survey_account: bool
    grade: int | None
    organization: OrganizationOut | None
    alternate_email: str
    level: str
    class_name: str
    school_name: str
    curriculum: str
    phone: str
    gender: str
    date_of_birth: str | None
    job_title: str
    status: str


class AuthorizedOut(Schema):
    user: CurrentUserOut
    profiles: list[ProfileSummaryOut]
    current_profile_id: int


class MyProfilesOut(Schema):
    profiles: list[ProfileSummaryOut]
    current_profile_id: int


class MemberOut(Schema):
    """A row of /api/v1/users/profile/list (spec section 3, "Educator" and "Learner")."""

    id: int
    name: str
    email: str
    profileImage: str | None
    pandai_profile_role: str
    job_title: str
    is_admin: bool
    status: str
    invited_by: str | None
    joined: datetime | None
    has_pandai_survey_account: bool
    grade: int | None
    class_name: str
    last_change: MemberChangeOut | None = None


class InvitationOut(Schema):
    email: str
    role: str
    organization: OrganizationOut
    invited_by: str | None
    has_account: bool
    expires_at: datetime


class TokenExchangeOut(Schema):
    token: str
    expires_in: int


class RegisteredOut(Schema):
    email: str


class ProvinceOut(Schema):
    code: str
    name: str
