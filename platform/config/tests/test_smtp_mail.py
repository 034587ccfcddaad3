"""Mail over real SMTP (aiosmtpd on loopback; the ``smtp_mail`` fixture of config.tests.smtp).
Issue 21, item 2: verification, reset and invitation mails arrive with the right recipient,
subject and link in the reader's language, sent through the mail outbox (``outbox.services``,
issue 38 item 2), and a mail the server refuses once is retried and delivered."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def _post(client, path, body, **headers):
    return client.post(path, body, content_type="application/json", **headers)


@pytest.mark.parametrize(
    ("accept", "subject", "greeting"),
    [("vi", "Xác minh địa chỉ e-mail", "Xin chào"), ("en", "Verify your e-mail address", "Hello")],
)
def test_verification_mail_arrives_in_the_readers_language(
    smtp_mail, accept, subject, greeting, django_capture_on_commit_callbacks
):
    from accounts.tests.test_api import SIGNUP

    with django_capture_on_commit_callbacks(execute=True):
        res = _post(Client(), "/public/api/users/register", SIGNUP, HTTP_ACCEPT_LANGUAGE=accept)
    assert res.status_code == 201, res.json()
    (message,) = smtp_mail.messages
    assert smtp_mail.recipients == [[SIGNUP["email"]]] and message["To"] == SIGNUP["email"]
    assert message["Subject"] == subject and message["From"] == settings.DEFAULT_FROM_EMAIL
    text = smtp_mail.text(message)
    assert greeting in text
    link = re.search(r"\S+/verify-email\?token=\S+", text).group(0)
    assert link.startswith(f"{settings.SITE_URL}/verify-email?token=")
    assert link in smtp_mail.html(message)
    token = link.split("token=", 1)[1]
    assert _post(Client(), "/public/api/users/verify-email", {"token": token}).status_code == 200


def test_reset_mail_arrives_with_a_working_link(smtp_mail, learner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        res = _post(
            Client(),
            "/public/api/users/forgot-password",
            {"email": learner.user.email},
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert res.status_code == 200
    (message,) = smtp_mail.messages
    assert message["To"] == learner.user.email and message["Subject"] == "Reset your password"
    link = re.search(r"uid=[\w-]+&token=[\w-]+", smtp_mail.text(message)).group(0)
    uid, token = (part.split("=", 1)[1] for part in link.split("&"))
    password = "Moi-mat-khau-9"
    body = {"uid": uid, "token": token, "password": password, "confirm_password": password}
    assert _post(Client(), "/public/api/users/reset-password", body).status_code == 200


def test_invitation_mail_arrives_in_both_languages_with_its_link(
    smtp_mail, org_a, educator_a, django_capture_on_commit_callbacks
):
    from accounts.services.invitations import invitation_create

    with django_capture_on_commit_callbacks(execute=True):
        _invitation, token = invitation_create(
            organization=org_a, email="invitee@example.vn", role="LEARNER", invited_by=educator_a
        )
    (message,) = smtp_mail.messages
    name = org_a.shown_name
    assert message["To"] == "invitee@example.vn"
    # (a long encoded subject is folded; a reader unfolds it without the leading blank)
    assert message["Subject"].strip() == f"Bạn được mời tham gia {name} / You are invited to join {name}"
    text = smtp_mail.text(message)
    assert f"{settings.SITE_URL}/invitation/{token}?role=learner" in text
    assert f"The invitation is valid for {settings.INVITATION_TTL_DAYS} days." in text


@pytest.mark.django_db(transaction=True)  # huey's db_task closes the connection around a task
def test_a_mail_the_server_refuses_once_is_retried_and_delivered(smtp_mail, monkeypatch):
    """A real (not immediate) queue: the outbox's task is refused with 451, the row goes back to
    ``queued`` for 60 s later and huey holds the retry's task for then; the retry delivers."""
    from huey.contrib.djhuey import HUEY
    from huey.storage import MemoryStorage

    from outbox.models import Mail
    from outbox.services import enqueue

    monkeypatch.setattr(HUEY, "_immediate", False)
    monkeypatch.setattr(HUEY, "storage", MemoryStorage(HUEY.name))
    smtp_mail.refuse_next(1)
    link = "https://x.vn/r?uid=1&token=2"
    row = enqueue("accounts.password_reset", "a@example.vn", {"name": "An", "link": link}, "vi")
    HUEY.execute(HUEY.dequeue())  # the task its commit queued; refused, its commit schedules the retry
    row.refresh_from_db()
    assert smtp_mail.refused == 1 and smtp_mail.messages == []
    assert (row.state, row.attempts) == (Mail.State.QUEUED, 1)
    retry = HUEY.dequeue()
    assert retry.args == (row.pk,)
    HUEY.execute(retry)  # as the consumer does with a task whose time has not come: it waits
    assert HUEY.read_schedule(HUEY._get_timestamp() + timedelta(seconds=58)) == []  # not before 60 s
    (retry,) = HUEY.read_schedule(HUEY._get_timestamp() + timedelta(seconds=61))
    with time_machine.travel(row.next_attempt_at, tick=False):  # as the consumer runs it, 60 s on
        HUEY.execute(retry)
    row.refresh_from_db()
    assert (row.state, row.attempts) == (Mail.State.SENT, 2)
    (message,) = smtp_mail.messages
    assert message["To"] == "a@example.vn" and message["Subject"] == "Đặt lại mật khẩu"
    assert message["Message-ID"] == row.message_id
    assert link in smtp_mail.text(message)
    assert HUEY.result_count() == 0  # no result per mail piles up in huey's store
