"""Registration and e-mail verification (spec section 3, "Sign up"; spec section 5).

Every refusal is an ``ApplicationError`` with a code from ``accounts.error_codes`` and a localized
message.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core import signing
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.cccd import cccd_digest
from accounts.error_codes import AccountsErrorCode as Code
from accounts.models import (
    Profile,
    User,
)
from accounts.selectors import province_codes
from accounts.services.checks import (
    birth_mismatch_code,
    check_cccd,
    check_cccd_birth_date,
    check_choice,
    check_email,
    check_new_password,
    normalize_email,
    parse_birth_date,
)
from config.errors import ApplicationError, FieldErrors
from config.i18n import reader_language
from consent.services import signup_consent_check, signup_consent_record
from outbox.services import enqueue

VERIFY_SALT = "accounts.verify-email"
VERIFY_MAX_AGE = 60 * 60 * 24 * 3  # seconds


def verification_token(user: User) -> str:
    """A signed token for the verification link, valid ``VERIFY_MAX_AGE`` seconds."""
    return signing.dumps({"u": user.pk, "e": user.email}, salt=VERIFY_SALT)


def _queue_verification_mail(user: User) -> None:
    """The verification link's mail (``accounts.verify_email``), written to the outbox in the
    caller's transaction (``outbox.services.enqueue``), in the reader's language."""
    link = f"{settings.SITE_URL}/verify-email?token={verification_token(user)}"
    enqueue(
        "accounts.verify_email", user.email, {"name": user.name_or_email, "link": link}, reader_language()
    )


def _cccd_owners(number: str) -> list[User]:
    """The accounts whose profiles hold the CCCD ``number`` (issue 24, item 6: one account per
    number). Compared through its keyed hash (``accounts.cccd.cccd_digest``: the column is
    encrypted); a transaction-level advisory lock on the hash makes two registrations of one
    number wait for each other, so the second sees the first's profile."""
    digest = cccd_digest(number)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int(digest[:15], 16)])
    return list(User.objects.filter(profiles__cccd_hash=digest).distinct().order_by("pk"))


def _queue_attempt_mails(email_owner: User | None, cccd_owners: list[User]) -> None:
    """Tell each owner that someone tried to register with their e-mail address and/or CCCD number
    (kind ``accounts.registration_attempt``, in the owner's preferred language, through the
    outbox in the caller's transaction)."""
    owners: dict[int, tuple[User, set[str]]] = {}
    if email_owner is not None:
        owners[email_owner.pk] = (email_owner, {"email"})
    for owner in cccd_owners:
        owners.setdefault(owner.pk, (owner, set()))[1].add("cccd")
    for owner, used in owners.values():
        context = {
            "name": owner.name_or_email,
            "used_email": "email" in used,
            "used_cccd": "cccd" in used,
            "login_link": f"{settings.SITE_URL}/login",
            "reset_link": f"{settings.SITE_URL}/forgot-password",
        }
        enqueue(
            "accounts.registration_attempt", owner.email, context, reader_language(owner.preferred_language)
        )


@transaction.atomic
def user_register(*, data: dict[str, Any], ip: str | None = None) -> str:
    """Create an inactive account with a public LEARNER profile and mail its verification link;
    returns the (normalized) e-mail address the answer names.

    ``data`` holds the signup fields of spec section 3 (see ``RegisterIn``). Rules of spec section
    5: valid e-mail, required fields, passwords match and pass Django's validators, CCCD exactly 12
    digits, date of birth dd/mm/yyyy in the past, gender male/female, a known province code.
    Raises ``validation_error`` (400, field errors).

    An e-mail address or a CCCD number that already has an account (issue 24, item 6; issue 38,
    item 5) is not told to the caller: nothing is created or changed, the answer is the one of a
    fresh registration, and each owner is mailed (``registration_attempt``) that someone tried to
    register with their address or number. The password is hashed anyway, so that the answer
    takes as long as a registration's.

    Consent (issue 24, item 1; ``consent.services``): ``accept_terms`` with the versions read
    (``terms_version``, ``privacy_version``; 409 ``notice_changed`` when not the current ones) and,
    under 16, a ``parent_email``; the consent is recorded with ``ip`` and the parent is mailed.
    """
    errors = FieldErrors()
    email = normalize_email(data.get("email", ""))
    check_email(errors, "email", email)
    check_new_password(
        errors,
        data.get("password", ""),
        data.get("confirm_password", ""),
        User(email=email, name=data.get("name", "")),
    )
    for field in ("name", "class_name", "school_name", "curriculum", "phone"):
        if not (data.get(field) or "").strip():
            errors.add(field, _("Required"))
    check_choice(errors, "gender", data.get("gender", ""), Profile.Gender.values, required=True)
    born = parse_birth_date(errors, data.get("date_of_birth", ""), required=True)
    cccd = (data.get("cccd") or "").strip()
    check_cccd(errors, cccd, required=True)
    if "cccd" not in errors.errors:  # issue 37, item 5: the number's birth-year digits agree
        check_cccd_birth_date(errors, "cccd", cccd, born)
    check_choice(errors, "province_code", data.get("province_code", ""), province_codes(), required=True)
    check_email(errors, "contact_email", normalize_email(data.get("contact_email", "")), required=False)
    consent = signup_consent_check(errors, data=data, born=born)  # issue 24, item 1
    errors.raise_if_any(_("Registration Failed"), code=birth_mismatch_code(errors, "cccd", cccd, born))

    email_owner = User.objects.filter(email__iexact=email).first()
    cccd_owners = _cccd_owners(data["cccd"].strip())
    if email_owner is not None or cccd_owners:
        make_password(data["password"])  # the work create_user would have done
        _queue_attempt_mails(email_owner, cccd_owners)
        return email
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email=email,
                password=data["password"],
                name=data["name"].strip(),
                preferred_language=reader_language(),
            )
    except IntegrityError:
        # A concurrent registration of the same address won the race: that one mails its owner.
        return email
    Profile.objects.create(
        user=user,
        pandai_profile_role=Profile.Role.LEARNER,
        joined_at=timezone.now(),
        gender=data["gender"],
        date_of_birth=born,
        cccd=data["cccd"].strip(),
        class_name=data["class_name"].strip(),
        school_name=data["school_name"].strip(),
        district_text=(data.get("district_text") or "").strip(),
        province_code=data["province_code"],
        curriculum=data["curriculum"].strip(),
        phone=data["phone"].strip(),
        alternate_email=normalize_email(data.get("contact_email", "")),
    )
    signup_consent_record(user=user, checked=consent, ip=ip)
    _queue_verification_mail(user)
    return email


def user_resend_verification(*, email: str) -> None:
    """Mail a new verification link when an unverified account has this e-mail; otherwise do
    nothing. Answers the same either way (no account enumeration)."""
    user = User.objects.filter(email__iexact=normalize_email(email), email_verified_at__isnull=True).first()
    if user is not None:
        _queue_verification_mail(user)


@transaction.atomic
def user_verify_email(*, token: str) -> User:
    """Activate the account named by a verification token. Idempotent for a valid token.

    Raises ``invalid_verification_link`` (400, "Invalid verification link") for a tampered,
    expired or unknown token, or one whose e-mail no longer matches the account.
    """
    invalid = ApplicationError(Code.INVALID_VERIFICATION_LINK, _("Invalid verification link"), status=400)
    try:
        payload = signing.loads(token or "", salt=VERIFY_SALT, max_age=VERIFY_MAX_AGE)
    except signing.BadSignature as exc:
        raise invalid from exc
    user = User.objects.select_for_update().filter(pk=payload.get("u"), email=payload.get("e")).first()
    if user is None:
        raise invalid
    if user.email_verified_at is None:
        user.email_verified_at = timezone.now()
        user.is_active = True
        user.save(update_fields=["email_verified_at", "is_active", "updated_at"])
    return user
