"""E-mail tasks of the identity API (huey). Mails render in the language of the request that
queued them; templates are under ``accounts/templates/accounts/email/<kind>.{subject,txt,html}``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from huey.contrib.djhuey import db_task

from config.i18n import in_language

MAIL_KINDS = {"verify_email", "password_reset", "invitation"}
# Someone tried to register with an owner's e-mail address or identity number (issue 38, item 5).
MAIL_KINDS |= {"registration_attempt"}
# Personal data requests (issue 24, item 5; data_requests.services).
MAIL_KINDS |= {"account_deletion_scheduled", "account_deletion_cancelled"}
# A parent's consent stopped: the date of birth they gave is not the learner's (issue 37, item 5).
MAIL_KINDS |= {"parent_birth_date_mismatch"}


@db_task(retries=3, retry_delay=30)
def email_send(kind: str, to: str, context: dict[str, Any], language: str = "vi") -> None:
    """Render and send one transactional mail (plain text and HTML) to ``to``.

    ``kind`` is one of ``MAIL_KINDS``; ``language`` is ``vi`` or ``en``. Retried 3 times, 30 s
    apart, when the mail server refuses.
    """
    if kind not in MAIL_KINDS:
        raise ValueError(f"unknown mail kind {kind!r}")
    with in_language(language):
        ctx = {**context, "site_url": settings.SITE_URL}
        subject = render_to_string(f"accounts/email/{kind}.subject", ctx).strip()
        text = render_to_string(f"accounts/email/{kind}.txt", ctx)
        html = render_to_string(f"accounts/email/{kind}.html", ctx)
    message = EmailMultiAlternatives(
        subject=subject, body=text, from_email=settings.DEFAULT_FROM_EMAIL, to=[to]
    )
    message.attach_alternative(html, "text/html")
    message.send()
