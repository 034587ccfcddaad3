"""Request and response schemas of consent (issue 24, item 1). Times are ISO 8601 UTC; days ISO
dates (Vietnam calendar days)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema

from accounts.models import User
from config.fields import ColumnText, DateText, Token
from consent.models import Consent, NoticeVersion

Version = ColumnText(NoticeVersion, "version")
ParentEmail = ColumnText(User, "email")
AgeBand = Literal["unknown", "under_7", "child", "adult"]
LinkStatus = Literal["pending", "expired", "consented", "withdrawn", "replaced", "mismatch"]


class NoticeOut(Schema):
    """One notice in force: its version, the Vietnam day it took effect, what changed (reader's
    language, "" when nothing was written)."""

    version: str
    effective_on: date
    summary: str


class NoticesOut(Schema):
    terms: NoticeOut | None
    privacy: NoticeOut | None


class NoticesAgeOut(NoticesOut):
    """The notices in force and, for the date of birth asked about, the age band
    (``unknown`` when none or not a valid dd/mm/yyyy) and whether a parent's e-mail is needed."""

    age_band: AgeBand
    needs_parent: bool


class ConsentOut(Schema):
    """A consent: ``subject`` learner | parent, ``source`` signup | invitation | prompt |
    parent_link | paper, the versions, when (UTC), the parent's address (link) or who recorded
    it (paper) and the note."""

    id: int
    subject: Literal["learner", "parent"]
    source: Literal["signup", "invitation", "prompt", "parent_link", "paper"]
    terms_version: str
    privacy_version: str
    given_at: datetime
    parent_email: str
    recorded_by: str
    note: str


class BlockedOut(Schema):
    """Why the learner cannot buy, start a test or record video now (the gate's code and message)."""

    code: Literal["consent_required", "date_of_birth_required", "parental_consent_required"]
    message: str


class ParentRequestOut(Schema):
    """The learner's request to a parent: the address, its state, when it was last sent, until
    when its link can consent, how many more mails may be sent in the next 24 hours."""

    parent_email: str
    status: LinkStatus
    sent_at: datetime
    expires_at: datetime
    mails_left: int


class BirthDateChangeOut(Schema):
    """A change of date of birth across 16 held for confirmation (issue 37, item 5;
    ``consent.birth_dates.change_row``): the confirmed and the asked dates (dd/mm/yyyy), its
    state, who confirms (``admin``: the organization, named; ``parent``: the address), when it
    was asked and decided (UTC)."""

    previous: str
    requested: str
    status: Literal["pending", "confirmed", "refused", "cancelled"]
    confirmer: Literal["admin", "parent"]
    confirmer_name: str
    requested_at: datetime
    decided_at: datetime | None


class BirthDateLinkOut(Schema):
    """What /birth-date-confirm/:token shows the parent (``consent.birth_dates.link_view``)."""

    learner_name: str
    learner_email: str
    change: BirthDateChangeOut
    language: Literal["vi", "en"]


class ConsentStateOut(Schema):
    """GET /api/v1/consent/me (see ``consent.selectors.consent_state``)."""

    applies: bool
    notices: NoticesOut
    consented: bool
    own: ConsentOut | None
    own_withdrawn: bool
    age_band: AgeBand
    parent: ConsentOut | None
    parent_withdrawn: bool
    parent_outdated: bool
    request: ParentRequestOut | None
    prompt: list[Literal["terms", "date_of_birth", "parent_email"]]
    blocked: BlockedOut | None
    birth_date_change: BirthDateChangeOut | None


class PromptIn(Schema):
    """The blocking prompt's answer: only what ``prompt`` asked is read."""

    accept_terms: bool = False
    terms_version: Version = ""
    privacy_version: Version = ""
    date_of_birth: DateText = ""
    parent_email: ParentEmail = ""


class ParentEmailIn(Schema):
    parent_email: ParentEmail = ""


class WithdrawnOut(Schema):
    withdrawn: int


class ParentTokenIn(Schema):
    token: Token = ""


class ParentConsentIn(Schema):
    token: Token = ""
    accept_terms: bool = False
    terms_version: Version = ""
    privacy_version: Version = ""
    # issue 37, item 5: "parent" or "guardian", and the child's date of birth (dd/mm/yyyy)
    relationship: ColumnText(Consent, "relationship") = ""  # type: ignore[valid-type]  # pydantic
    child_birth_date: DateText = ""


class ParentLinkOut(Schema):
    """What the parent's page shows (``consent.services.parent_link_view``)."""

    learner_name: str
    learner_email: str
    parent_email: str
    status: LinkStatus
    notices: NoticesOut
    consent: ConsentOut | None
    earlier_consent: ConsentOut | None
    withdrawn_at: datetime | None
    expires_at: datetime
    language: Literal["vi", "en"]


class PaperConsentIn(Schema):
    note: ColumnText(Consent, "note") = ""


Standing = Literal["clear", "renewal", "blocked"]


class MemberConsentOut(Schema):
    """A roster learner's consent as the organization's educators see it
    (``consent.selectors.member_row``): ``consented`` when their own consent is to the notices in
    force, ``parent_outdated`` when the parent's was given for an earlier version, ``standing``
    clear | renewal (not re-consented to a new version) | blocked (decision 0048)."""

    profile_id: int
    name: str
    email: str
    notices: NoticesOut
    age_band: AgeBand
    own: ConsentOut | None
    consented: bool
    parent: ConsentOut | None
    parent_withdrawn: bool
    parent_outdated: bool
    request_status: LinkStatus | None
    blocked: BlockedOut | None
    standing: Standing
    can_record_paper: bool
    can_withdraw_paper: bool
    birth_date_change: BirthDateChangeOut | None
    can_decide_birth_date: bool


class StandingCountsOut(Schema):
    """How many of the roster's learners (matching the search) stand each way."""

    clear: int
    renewal: int
    blocked: int


class ConsentRosterOut(Schema):
    """A page of the organization's consent roster (``consent.selectors.consent_roster``)."""

    items: list[MemberConsentOut]
    page: int
    limit: int
    total: int
    counts: StandingCountsOut
