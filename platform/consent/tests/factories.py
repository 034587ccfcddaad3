"""Test helpers for consent (issue 24, item 1; decision 0048): the notices in force, an earlier
version of them, and a consent given."""

from __future__ import annotations

from datetime import date

from consent.models import Consent, NoticeVersion
from consent.rules import notices_current
from consent.services import notices_ensure

EARLIER = "1.0"
EARLIER_DAY = date(2026, 11, 1)  # version 1.0 cited Decree 13/2023/ND-CP (decision 0048)


def notices_in_force() -> tuple[NoticeVersion, NoticeVersion]:
    """The terms and the privacy notice in force (version ``consent.services.NOTICE_VERSION``, as
    ``migrate`` creates them)."""
    notices_ensure()
    current = notices_current()
    return current["terms"], current["privacy"]


def notices_earlier() -> tuple[NoticeVersion, NoticeVersion]:
    """Version 1.0 of the terms and of the privacy notice, in force from 1 November 2026 until the
    current version took effect: what a consent "to an earlier version" was given for."""
    terms, _ = NoticeVersion.objects.get_or_create(
        kind="terms", version=EARLIER, defaults={"effective_on": EARLIER_DAY}
    )
    privacy, _ = NoticeVersion.objects.get_or_create(
        kind="privacy", version=EARLIER, defaults={"effective_on": EARLIER_DAY}
    )
    return terms, privacy


def consent_given(
    user, *, subject: str = "learner", source: str = "signup", earlier: bool = False, **extra
) -> Consent:
    """A consent of ``subject`` for ``user`` to the notices in force (or to version 1.0 with
    ``earlier``)."""
    terms, privacy = notices_earlier() if earlier else notices_in_force()
    return Consent.objects.create(
        user=user, subject=subject, source=source, terms_version=terms, privacy_version=privacy, **extra
    )


def learner_consented(user) -> None:
    """The learner's own consent, unless one is in force already (ProfileFactory's default)."""
    if not Consent.objects.filter(user=user, subject="learner", withdrawn_at__isnull=True).exists():
        consent_given(user)
