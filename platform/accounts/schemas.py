"""Request and response schemas of the identity API (spec section 3 and 7)."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from accounts.models import Profile, User
from config.fields import CheckedInt, ColumnText, DateText, Id, Password, Text, Token

# Request bounds (issue 16, item 9): each string is at most its column's max_length (config.fields).
Email = ColumnText(User, "email")
FullName = ColumnText(User, "name")
Grade = CheckedInt  # the service says "Choose a grade from 1 to 12."
CCCD = Text(32)  # looser than the column (12): the service says "exactly 12 digits" for the rest
NoticeVersionText = Text(20)  # consent.models.NoticeVersion.version
UID = Text(64)  # urlsafe base64 of a user id (accounts.services.passwords.password_reset_request)


class LoginIn(Schema):
    email: Email = ""
    password: Password = ""


class EmailIn(Schema):
    email: Email = ""


class TokenIn(Schema):
    token: Token = ""


class RegisterIn(Schema):
    """Signup fields of spec section 3. ``date_of_birth`` is dd/mm/yyyy; ``cccd`` 12 digits.
    Each string at most its column's length (``User``, ``Profile``); longer -> 422."""

    email: Email = ""
    password: Password = ""
    confirm_password: Password = ""
    name: FullName = ""
    gender: ColumnText(Profile, "gender") = ""
    date_of_birth: DateText = ""
    cccd: CCCD = ""
    class_name: ColumnText(Profile, "class_name") = ""
    school_name: ColumnText(Profile, "school_name") = ""
    district_text: ColumnText(Profile, "district_text") = ""
    province_code: ColumnText(Profile, "province_code") = ""
    curriculum: ColumnText(Profile, "curriculum") = ""
    phone: ColumnText(Profile, "phone") = ""
    contact_email: ColumnText(Profile, "alternate_email") = ""
    # consent (issue 24, item 1): the notices' versions read, and a parent's e-mail under 16
    accept_terms: bool = False
    terms_version: NoticeVersionText = ""
    privacy_version: NoticeVersionText = ""
    parent_email: Email = ""


class ResetPasswordIn(Schema):
    uid: UID = ""
    token: Token = ""
    password: Password = ""
    confirm_password: Password = ""


class RegisterInvitedIn(Schema):
    """Accepting an invitation. A new account needs name and matching passwords; an existing
    account proves itself with its current password."""

    token: Token = ""
    name: FullName = ""
    password: Password = ""
    confirm_password: Password = ""
    accept_terms: bool = False  # a LEARNER invitation: consent (issue 24, item 1)
    terms_version: NoticeVersionText = ""
    privacy_version: NoticeVersionText = ""


class SwitchProfileIn(Schema):
    profile_id: Id


class ProfileSelfIn(Schema):
    """Editable fields of /profile (spec section 3, "Profile"); omitted fields are unchanged.
    Each string at most its column's length (``User.name``, ``Profile``); longer -> 422."""

    name: FullName | None = None
    alternate_email: ColumnText(Profile, "alternate_email") | None = None
    grade: Grade | None = None
    level: ColumnText(Profile, "level") | None = None
    class_name: ColumnText(Profile, "class_name") | None = None
    school_name: ColumnText(Profile, "school_name") | None = None
    district_text: ColumnText(Profile, "district_text") | None = None
    province_code: ColumnText(Profile, "province_code") | None = None
    curriculum: ColumnText(Profile, "curriculum") | None = None
    phone: ColumnText(Profile, "phone") | None = None
    gender: ColumnText(Profile, "gender") | None = None
    date_of_birth: DateText | None = None
    job_title: ColumnText(Profile, "job_title") | None = None
    # who confirms a change of date of birth across 16 when no parent's address is known (issue 37)
    parent_email: Email | None = None  # type: ignore[valid-type]  # a pydantic type (config.fields)


class GradeIn(Schema):
    grade: Grade | None = None


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
    # this profile may manage surveys (an educator of an organization the SuperAdmin allowed):
    # GET /api/v1/surveys/list and the other management calls answer 403 otherwise
    survey_management: bool
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
    cccd: str  # the owner's own CCCD number in full ("" when none; issue 24, item 6)


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
