"""The mail outbox (issue 38, item 2; decision 0045): a mail is a row written in the transaction
of the change that causes it (a rolled-back registration leaves none), sent once after the commit
with its own Message-ID, retried after 60, 120, 240 ... seconds up to the eighth attempt and then
failed (logged, listed in the admin, which sends it again); a recipient refused for good fails
at once; a mail whose task was lost or whose consumer died is sent by the minute's sweep."""

from __future__ import annotations

import logging
import smtplib
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail as django_mail
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection, transaction
from django.test import Client

from accounts.models import User
from accounts.services.invitations import invitation_create
from accounts.services.registration import user_register
from accounts.tests.test_api import SIGNUP
from outbox.models import Mail
from outbox.services import enqueue, mail_send, outbox_purge, outbox_send_due
from tenants.scope import organization_schema

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
RESET = {"name": "An", "link": "https://x.vn/r?uid=1&token=2"}


class RefusingBackend(BaseEmailBackend):
    """The server refuses the recipient for good (550), as for an address that does not exist."""

    def send_messages(self, email_messages):
        raise smtplib.SMTPRecipientsRefused({m.to[0]: (550, b"5.1.1 no such user") for m in email_messages})


def test_a_rolled_back_registration_leaves_no_mail(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            user_register(data=dict(SIGNUP))
            # Written in the registration's own transaction, not sent before it commits.
            (row,) = Mail.objects.all()
            assert (row.kind, row.to, row.state) == ("accounts.verify_email", SIGNUP["email"], "queued")
            assert django_mail.outbox == []
            raise RuntimeError("the request fails after the registration")
    assert callbacks == [] and django_mail.outbox == []
    assert not Mail.objects.exists() and not User.objects.filter(email=SIGNUP["email"]).exists()


def test_a_committed_registration_is_mailed_once_with_the_rows_message_id(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        res = Client().post(
            "/public/api/users/register", SIGNUP, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
        )
    assert res.status_code == 201, res.json()
    (message,) = django_mail.outbox
    row = Mail.objects.get()
    assert message.to == [SIGNUP["email"]] and message.subject == "Verify your e-mail address"
    assert message.extra_headers["Message-ID"] == row.message_id
    assert row.message_id.startswith("<") and row.message_id.endswith("@localhost>")
    assert (row.state, row.attempts, row.language, row.subject) == (
        "sent",
        1,
        "en",
        "Verify your e-mail address",
    )
    assert row.text == row.html == "" and row.sent_at is not None  # the link's token is not kept
    assert outbox_send_due() == 0 and len(django_mail.outbox) == 1  # never again


def test_a_refused_mail_is_retried_after_exact_delays_then_fails_and_the_admin_sends_it_again(
    smtp_mail, caplog, admin_client, django_capture_on_commit_callbacks
):
    row = enqueue("accounts.password_reset", "an@example.vn", RESET, "vi")  # its task: never run here
    smtp_mail.refuse_next(8)
    at = T0
    delays = [60, 120, 240, 480, 960, 1920, 3600]
    for attempt, delay in enumerate(delays, 1):
        assert outbox_send_due(now=at) == 1
        row.refresh_from_db()
        assert (row.state, row.attempts) == ("queued", attempt)
        assert row.next_attempt_at == at + timedelta(seconds=delay)
        assert row.last_error == "SMTPDataError: (451, b'4.3.0 try again later')"
        assert outbox_send_due(now=row.next_attempt_at - timedelta(seconds=1)) == 0  # not before its time
        at = row.next_attempt_at
    with caplog.at_level(logging.ERROR, logger="outbox.services"):
        assert outbox_send_due(now=at) == 1
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("failed", 8) and row.failed_at is not None
    assert smtp_mail.refused == 8 and smtp_mail.messages == []
    assert f"mail {row.pk} (accounts.password_reset to an@example.vn) failed after 8 attempts" in caplog.text
    assert outbox_send_due(now=at + timedelta(days=1)) == 0  # failed stays failed

    # The SuperAdmin sees it in the Django admin and sends it again once the server is mended.
    page = admin_client.get("/admin/outbox/mail/?state__exact=failed").content.decode()
    assert "an@example.vn" in page and "try again later" in page
    with django_capture_on_commit_callbacks(execute=True):
        res = admin_client.post(
            "/admin/outbox/mail/", {"action": "send_again", "_selected_action": [row.pk]}, follow=True
        )
    assert "Đã xếp 1 thư gửi không thành công vào hàng đợi để gửi lại." in res.content.decode()
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 1)
    (message,) = smtp_mail.messages
    assert message["Message-ID"] == row.message_id and message["Subject"] == "Đặt lại mật khẩu"


def test_a_recipient_refused_for_good_fails_at_once(settings, caplog):
    settings.EMAIL_BACKEND = "outbox.tests.test_outbox.RefusingBackend"
    row = enqueue("accounts.password_reset", "nobody@example.vn", RESET, "en")
    with caplog.at_level(logging.ERROR, logger="outbox.services"):
        assert mail_send(mail_id=row.pk, now=T0) == "failed"
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("failed", 1)
    assert row.last_error == "SMTPRecipientsRefused: {'nobody@example.vn': (550, b'5.1.1 no such user')}"
    assert "failed after 1 attempts" in caplog.text


def test_the_minutes_sweep_sends_a_mail_whose_task_was_lost():
    row = enqueue("accounts.password_reset", "an@example.vn", RESET, "en")  # on_commit never ran
    assert django_mail.outbox == []
    assert outbox_send_due() == 1
    (message,) = django_mail.outbox
    assert message.subject == "Reset your password" and RESET["link"] in message.body
    assert "https://x.vn/r?uid=1&amp;token=2" in message.alternatives[0][0]
    row.refresh_from_db()
    assert row.state == "sent"


def test_a_mail_held_by_a_live_consumer_is_left_alone_until_its_lease_runs_out(caplog):
    row = enqueue("accounts.password_reset", "an@example.vn", RESET, "vi")
    Mail.objects.filter(pk=row.pk).update(
        state="sending", attempts=1, lease_until=T0 + timedelta(seconds=600), next_attempt_at=T0
    )
    assert mail_send(mail_id=row.pk, now=T0 + timedelta(seconds=599)) is None
    assert outbox_send_due(now=T0 + timedelta(seconds=600)) == 0 and django_mail.outbox == []
    with caplog.at_level(logging.WARNING, logger="outbox.services"):
        assert outbox_send_due(now=T0 + timedelta(seconds=601)) == 1
    assert f"mail {row.pk}: its consumer died during attempt 1; sending it again" in caplog.text
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 2) and len(django_mail.outbox) == 1


def test_a_mail_whose_consumer_died_on_its_last_attempt_fails():
    row = enqueue("accounts.password_reset", "an@example.vn", RESET, "vi")
    Mail.objects.filter(pk=row.pk).update(state="sending", attempts=8, lease_until=T0)
    assert outbox_send_due(now=T0 + timedelta(seconds=1)) == 0
    row.refresh_from_db()
    assert (row.state, row.last_error) == ("failed", "The consumer died during attempt 8.")
    assert django_mail.outbox == []


def test_an_invitation_from_an_organizations_schema_is_written_to_the_public_outbox(
    org_a, educator_a, django_capture_on_commit_callbacks
):
    with organization_schema(org_a.schema_name), django_capture_on_commit_callbacks(execute=True):
        invitation_create(organization=org_a, email="moi@example.vn", role="LEARNER", invited_by=educator_a)
    with connection.cursor() as cursor:
        cursor.execute("SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox_mail'")
        assert cursor.fetchall() == [("public",)]
        cursor.execute("SELECT kind, state FROM public.outbox_mail WHERE \"to\" = 'moi@example.vn'")
        assert cursor.fetchall() == [("accounts.invitation", "sent")]
    assert [m.to for m in django_mail.outbox] == [["moi@example.vn"]]


def test_old_sent_and_failed_mails_are_purged_queued_ones_kept():
    rows = [enqueue("accounts.password_reset", f"a{i}@example.vn", RESET, "vi") for i in range(4)]
    for row, state in zip(rows, ["sent", "failed", "queued", "sent"], strict=True):
        Mail.objects.filter(pk=row.pk).update(state=state)
    Mail.objects.filter(pk__in=[r.pk for r in rows[:3]]).update(created_at=T0 - timedelta(days=31))
    assert outbox_purge(now=T0) == 2
    assert sorted(Mail.objects.values_list("to", flat=True)) == ["a2@example.vn", "a3@example.vn"]


@pytest.mark.parametrize(
    ("kind", "to"),
    [("password_reset", "an@example.vn"), ("accounts.password_reset", "an@example.vn\nBcc: x@example.vn")],
)
def test_a_malformed_kind_or_address_is_refused(kind, to):
    with pytest.raises(ValueError, match="malformed mail"):
        enqueue(kind, to, RESET, "vi")
    assert not Mail.objects.exists()


def test_the_file_backend_of_development_and_e2e_gets_the_mail(settings, tmp_path):
    """``ops/run`` and ``ops/serve-e2e`` write mails to MAIL_DIR (Django's file backend); the
    Playwright journeys read the links there."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    row = enqueue("accounts.password_reset", "an@example.vn", RESET, "en")
    assert outbox_send_due() == 1
    (file,) = tmp_path.iterdir()
    text = file.read_text()
    assert f"Message-ID: {row.message_id}" in text and "To: an@example.vn" in text
    assert "Subject: Reset your password" in text and RESET["link"] in text
