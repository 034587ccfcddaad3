"""The consent mails (issue 24, item 1; issue 37, item 5): the parent's request, rendered in the
language of the learner's request (``ParentRequest.language``), and the parent's link to confirm a
change of date of birth, from ``consent/templates/consent/email/<kind>.{subject,txt,html}``, through
the mail outbox (``outbox.services.enqueue``; issue 38, item 2)."""

from __future__ import annotations

from django.conf import settings

from config.dates import format_date
from config.i18n import in_language
from consent.models import ParentRequest, parent_link_ttl
from consent.rules import notices_current
from outbox.services import enqueue


def parent_link(token: str, language: str) -> str:
    """The parent's page for ``token``, opening in ``language``: ``{SITE_URL}/parental-consent/<token>?lang=vi``."""
    return f"{settings.SITE_URL}/parental-consent/{token}?lang={language}"


def parent_mail_send(request_id: int, token: str) -> None:
    """Mail the request ``request_id`` to the parent's address with the link of ``token`` (plain
    text and HTML), in the request's language: the learner's name and e-mail, why (under 16, the
    Law on Personal Data Protection No. 91/2025/QH15, Article 24; decision 0048), the notices'
    versions in force (a parent asked again after a new version reads it), the link, until when it
    can consent, that it can withdraw later.
    Written to the outbox in the caller's transaction, sent after its commit and retried there
    (decision 0045). A replaced request is not mailed."""
    request = ParentRequest.objects.select_related("user").filter(pk=request_id).first()
    if request is None or request.status == ParentRequest.Status.REPLACED:
        return
    with in_language(request.language) as language:
        current = notices_current()
        context = {
            "terms_version": getattr(current["terms"], "version", ""),
            "privacy_version": getattr(current["privacy"], "version", ""),
            "learner": request.user.name_or_email,
            "learner_email": request.user.email,
            "link": parent_link(token, language),
            "expires_on": format_date(request.expires_at, language=language),
            "ttl_days": parent_link_ttl().days,
        }
    enqueue("consent.parent_request", request.parent_email, context, language)


def birth_date_mail_send(change_id: int, token: str) -> None:
    """Mail the parent or guardian of a held change of date of birth (issue 37, item 5;
    ``consent.birth_dates``) the link ``/birth-date-confirm/<token>?lang=..`` to confirm or refuse
    it, in the language it was asked in (plain text and HTML, from
    ``consent/templates/consent/email/birth_date_change.*``). Written to the outbox in the caller's
    transaction, sent after its commit and retried there (decision 0045). A change no longer
    pending is not mailed."""
    from consent.birth_dates import shown
    from consent.models import BirthDateChange

    change = BirthDateChange.objects.select_related("user").filter(pk=change_id).first()
    if change is None or change.status != BirthDateChange.Status.PENDING:
        return
    with in_language(change.language) as language:
        context = {
            "learner": change.user.name_or_email,
            "learner_email": change.user.email,
            "previous": shown(change.previous),
            "requested": shown(change.requested),
            "link": f"{settings.SITE_URL}/birth-date-confirm/{token}?lang={language}",
        }
    enqueue("consent.birth_date_change", change.parent_email, context, language)
