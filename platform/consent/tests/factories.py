"""Test helpers for consent (issue 24, item 1): the notices in force and a consent given."""

from __future__ import annotations

from datetime import date

from consent.models import Consent, NoticeVersion

FIRST_DAY = date(2026, 11, 1)  # consent.services.FIRST_EFFECTIVE_ON


def notices_in_force() -> tuple[NoticeVersion, NoticeVersion]:
    """Version 1.0 of the terms and of the privacy notice, as ``migrate`` creates them."""
    terms, _ = NoticeVersion.objects.get_or_create(
        kind="terms", version="1.0", defaults={"effective_on": FIRST_DAY}
    )
    privacy, _ = NoticeVersion.objects.get_or_create(
        kind="privacy", version="1.0", defaults={"effective_on": FIRST_DAY}
    )
    return terms, privacy


def consent_given(user, *, subject: str = "learner", source: str = "signup", **extra) -> Consent:
    """A consent of ``subject`` for ``user`` to the notices in force."""
    terms, privacy = notices_in_force()
    return Consent.objects.create(
        user=user, subject=subject, source=source, terms_version=terms, privacy_version=privacy, **extra
    )


def learner_consented(user) -> None:
    """The learner's own consent, unless one is in force already (ProfileFactory's default)."""
    if not Consent.objects.filter(user=user, subject="learner", withdrawn_at__isnull=True).exists():
        consent_given(user)
