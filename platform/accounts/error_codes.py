"""Stable error codes of the identity API (returned as ``code``; tests assert on these)."""

from enum import StrEnum


class AccountsErrorCode(StrEnum):
    INVALID_CREDENTIALS = "invalid_credentials"
    EMAIL_NOT_VERIFIED = "email_not_verified"
    NO_ACTIVE_PROFILE = "no_active_profile"
    LOGIN_RATE_LIMITED = "login_rate_limited"
    # No code for a taken e-mail address or identity number: registration tells nobody which
    # ones have an account (issue 38 item 5, accounts.services.registration).
    # the CCCD number's birth-year digits disagree with the date of birth (issue 37, item 5)
    CCCD_BIRTH_MISMATCH = "cccd_birth_mismatch"
    INVALID_VERIFICATION_LINK = "invalid_verification_link"
    INVALID_RESET_LINK = "invalid_reset_link"
    INVALID_INVITATION = "invalid_invitation"
    INVITATION_WRONG_PASSWORD = "invitation_wrong_password"
    ALREADY_INVITED = "already_invited"
    ALREADY_MEMBER = "already_member"
    PROFILE_NOT_FOUND = "profile_not_found"
    UNSUPPORTED_IMAGE = "unsupported_image"
    IMAGE_TOO_LARGE = "image_too_large"
    INVALID_TOKEN_EXCHANGE = "invalid_token_exchange"
    LEARNER_ONLY = "learner_only"
    # an organization admin's invitations (issue 9; accounts.services.invitations, accounts.auth)
    NOT_ORG_ADMIN = "not_org_admin"
    RESEND_LIMIT = "resend_limit"
    RESEND_TOO_SOON = "resend_too_soon"
    INVITATION_NOT_PENDING = "invitation_not_pending"
