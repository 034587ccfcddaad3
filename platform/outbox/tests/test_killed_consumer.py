"""A consumer killed while sending (issue 38, item 2; decision 0045): a real second process
(``python manage.py outbox_send``, the minute's sweep) sends over real SMTP to a server on
loopback (aiosmtpd) that holds the conversation at one step until the test has SIGKILLed it.

- killed before the server accepted (held at RCPT): the next consumer, once the lease has run
  out, sends the mail: one copy, none lost;
- killed after the server accepted and the row was marked (held at QUIT): nothing is sent again;
- killed in the one remaining window (the server has the message, its "250" not yet read; RFC
  1047): the mail is sent again, and both copies carry the same Message-ID, Date and body, so a
  mail program shows them as one.
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from django.utils import timezone

import outbox.services
from config.tests.live_servers import _database_url
from config.tests.smtp import _free_port
from outbox.models import Mail
from outbox.services import enqueue, outbox_send_due

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(settings.BASE_DIR)
LEASE_SECONDS = 2


class HoldingServer:
    """An SMTP server (aiosmtpd handler) that holds its first conversation at ``hold_at``
    (``rcpt``: before the message is sent; ``data``: the message received and kept, its 250 not
    yet answered; ``quit``: accepted and answered, the QUIT not answered) until ``release``; the
    later conversations run straight through. ``messages``: every message it kept."""

    def __init__(self, hold_at: str) -> None:
        self.hold_at = hold_at
        self.held = threading.Event()
        self.release = threading.Event()
        self.messages: list[email.message.EmailMessage] = []

    async def _hold(self, step: str) -> None:
        if step != self.hold_at or self.held.is_set():
            return
        self.held.set()
        deadline = time.monotonic() + 120
        while not self.release.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802 - aiosmtpd's hook
        await self._hold("rcpt")
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        await self._hold("data")
        return "250 OK"

    async def handle_QUIT(self, server, session, envelope):  # noqa: N802
        await self._hold("quit")
        return "221 Bye"


@pytest.fixture
def smtp_holding():
    servers: list[tuple[Controller, HoldingServer]] = []

    def start(hold_at: str) -> tuple[int, HoldingServer]:
        handler = HoldingServer(hold_at)
        port = _free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port)
        controller.start()
        servers.append((controller, handler))
        return port, handler

    yield start
    for controller, handler in servers:
        handler.release.set()
        controller.stop()


def consumer(tmp_path: Path, port: int) -> subprocess.Popen:
    """``manage.py outbox_send`` in a process of its own, on the test database, sending to
    ``port``, with a lease of ``LEASE_SECONDS``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(
        DATABASE_URL=_database_url(),
        DATA_DIR=str(tmp_path),
        SECRET_KEY=settings.SECRET_KEY,
        DJANGO_TESTING="1",
        HUEY_IMMEDIATE="1",
        DB_POOL="0",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(port),
        EMAIL_USE_TLS="0",
        MAIL_LEASE_SECONDS=str(LEASE_SECONDS),
    )
    return subprocess.Popen(  # noqa: S603
        [sys.executable, str(ROOT / "manage.py"), "outbox_send"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def kill_when_held(process: subprocess.Popen, server: HoldingServer) -> None:
    """SIGKILL ``process`` as soon as the server holds its conversation; then let the server go."""
    deadline = time.monotonic() + 120
    while not server.held.wait(0.1):
        assert process.poll() is None, process.stdout.read() if process.stdout else ""
        assert time.monotonic() < deadline, "the consumer never reached the server"
    os.kill(process.pid, signal.SIGKILL)
    assert process.wait(30) == -signal.SIGKILL
    server.release.set()


def next_consumer(tmp_path: Path, port: int, row: Mail) -> str:
    """Once the killed consumer's lease has run out, a new consumer's sweep; returns its output."""
    row.refresh_from_db()
    if row.lease_until is not None:
        while timezone.now() <= row.lease_until:
            time.sleep(0.1)
    process = consumer(tmp_path, port)
    out, _ = process.communicate(timeout=120)
    assert process.returncode == 0, out
    return out.strip().splitlines()[-1]


@pytest.fixture
def queued_mail(monkeypatch) -> Mail:
    """A committed mail whose task is for the consumer process (not sent by this one)."""
    monkeypatch.setattr(outbox.services, "_queue", lambda mail_id, eta=None: None)
    return enqueue(
        "accounts.password_reset", "an@example.vn", {"name": "An", "link": "https://x.vn/r?t=1"}, "vi"
    )


def test_killed_before_the_server_accepted_the_mail_is_sent_by_the_next_consumer_once(
    tmp_path, smtp_holding, queued_mail
):
    port, server = smtp_holding("rcpt")
    kill_when_held(consumer(tmp_path, port), server)
    row = Mail.objects.get(pk=queued_mail.pk)
    assert (row.state, row.attempts, server.messages) == ("sending", 1, [])

    assert next_consumer(tmp_path, port, row) == "1 mail attempt(s)"
    (message,) = server.messages
    assert message["Message-ID"] == row.message_id and message["Subject"] == "Đặt lại mật khẩu"
    assert "https://x.vn/r?t=1" in message.get_body(preferencelist=("plain",)).get_content()
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 2)
    assert outbox_send_due() == 0 and len(server.messages) == 1  # and never again


def test_killed_after_the_server_accepted_the_mail_is_not_sent_again(tmp_path, smtp_holding, queued_mail):
    port, server = smtp_holding("quit")
    kill_when_held(consumer(tmp_path, port), server)
    row = Mail.objects.get(pk=queued_mail.pk)
    assert (row.state, row.attempts, row.text) == ("sent", 1, "")
    (message,) = server.messages
    assert message["Message-ID"] == row.message_id

    # Past the killed consumer's lease, nothing is due: the sweep sends nothing.
    assert outbox_send_due(now=timezone.now() + timedelta(seconds=LEASE_SECONDS + 1)) == 0
    assert len(server.messages) == 1


def test_killed_in_the_window_after_acceptance_the_copy_is_recognisable(tmp_path, smtp_holding, queued_mail):
    """The window decision 0045 names: the server kept the message, the consumer died before it
    read the 250. The mail is sent again: the same Message-ID, Date and text."""
    port, server = smtp_holding("data")
    kill_when_held(consumer(tmp_path, port), server)
    row = Mail.objects.get(pk=queued_mail.pk)
    assert (row.state, row.attempts, len(server.messages)) == ("sending", 1, 1)

    assert next_consumer(tmp_path, port, row) == "1 mail attempt(s)"
    first, second = server.messages
    assert first["Message-ID"] == second["Message-ID"] == row.message_id
    assert first["Date"] == second["Date"]
    text = [m.get_body(preferencelist=("plain",)).get_content() for m in (first, second)]
    assert text[0] == text[1]
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("sent", 2)
