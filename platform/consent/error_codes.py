"""Stable error codes of consent (issue 24, item 1; returned as ``code``; tests assert on these)."""

from enum import StrEnum


class ConsentErrorCode(StrEnum):
    # the gate (consent.gate.consent_gate): buying, starting a test, uploading a video
    CONSENT_REQUIRED = "consent_required"
    DATE_OF_BIRTH_REQUIRED = "date_of_birth_required"
    PARENTAL_CONSENT_REQUIRED = "parental_consent_required"
    # recording consent
    NOTICE_CHANGED = "notice_changed"
    NOTHING_TO_CONSENT = "nothing_to_consent"
    # the parent's request and link
    INVALID_CONSENT_LINK = "invalid_consent_link"
    CONSENT_LINK_EXPIRED = "consent_link_expired"
    PARENT_REQUEST_NOT_NEEDED = "parent_request_not_needed"
    PARENT_MAIL_LIMIT = "parent_mail_limit"
    PARENT_MAIL_TOO_SOON = "parent_mail_too_soon"
    NOT_CONSENTED = "not_consented"
    # paper consent (an organization admin)
    NOT_ON_ROSTER = "not_on_roster"
    # the age checked (issue 37, item 5): the parent's date of birth of the child, a held change
    BIRTH_DATE_MISMATCH = "birth_date_mismatch"
    NO_BIRTH_DATE_CHANGE = "no_birth_date_change"
