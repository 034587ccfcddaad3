"""The parent's mail (huey; issue 24, item 1): rendered in the language of the learner's request
(``ParentRequest.language``), from ``consent/templates/consent/email/parent_request.{subject,txt,html}``."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from huey.contrib.djhuey import db_task

from config.dates import format_date
from config.i18n import in_language
from consent.models import ParentRequest, parent_link_ttl


def parent_link(token: str, language: str) -> str:
    """The parent's page for ``token``, opening in ``language``: ``{SITE_URL}/parental-consent/<token>?lang=vi``."""
    return f"{settings.SITE_URL}/parental-consent/{token}?lang={language}"


@db_task(retries=3, retry_delay=30)
def parent_mail_send(request_id: int, token: str) -> None:
    """Mail the request ``request_id`` to the parent's address with the link of ``token`` (plain
    text and HTML), in the request's language: the learner's name and e-mail, why (under 16,
    Decree 13/2023/ND-CP), the link, until when it can consent, that it can withdraw later.
    Retried 3 times, 30 s apart, when the mail server refuses. A request replaced in the meantime
    is not mailed."""
    request = ParentRequest.objects.select_related("user").filter(pk=request_id).first()
    if request is None or request.status == ParentRequest.Status.REPLACED:
        return
    with in_language(request.language) as language:
        context = {
            "learner": request.user.name_or_email,
            "learner_email": request.user.email,
            "link": parent_link(token, language),
            "expires_on": format_date(request.expires_at, language=language),
            "ttl_days": parent_link_ttl().days,
            "site_url": settings.SITE_URL,
            "LANGUAGE_CODE": language,
        }
        subject = render_to_string("consent/email/parent_request.subject", context).strip()
        text = render_to_string("consent/email/parent_request.txt", context)
        html = render_to_string("consent/email/parent_request.html", context)
    message = EmailMultiAlternatives(
        subject=subject, body=text, from_email=settings.DEFAULT_FROM_EMAIL, to=[request.parent_email]
    )
    message.attach_alternative(html, "text/html")
    message.send()


@db_task(retries=3, retry_delay=30)
def birth_date_mail_send(change_id: int, token: str) -> None:
    """Mail the parent or guardian of a held change of date of birth (issue 37, item 5;
    ``consent.birth_dates``) the link ``/birth-date-confirm/<token>?lang=..`` to confirm or refuse
    it, in the language it was asked in (plain text and HTML, from
    ``consent/templates/consent/email/birth_date_change.*``). Retried 3 times, 30 s apart; a change
    no longer pending is not mailed."""
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
            "site_url": settings.SITE_URL,
            "LANGUAGE_CODE": language,
        }
        subject = render_to_string("consent/email/birth_date_change.subject", context).strip()
        text = render_to_string("consent/email/birth_date_change.txt", context)
        html = render_to_string("consent/email/birth_date_change.html", context)
    message = EmailMultiAlternatives(
        subject=subject, body=text, from_email=settings.DEFAULT_FROM_EMAIL, to=[change.parent_email]
    )
    message.attach_alternative(html, "text/html")
    message.send()
