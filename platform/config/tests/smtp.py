"""pytest plugin (loaded from the root conftest): a real SMTP server on loopback for the suite
(issue 21, item 2; decision 0025).

``smtp_server`` (session): aiosmtpd's ``Controller`` on 127.0.0.1 and a free port. ``smtp_mail``
(function): Django's SMTP backend pointed at it (no TLS, no login) and an empty :class:`Mailbox`;
``smtp_mail.refuse_next(n)`` makes the server answer the next ``n`` messages with
``451 4.3.0 try again later`` (a temporary refusal), as a busy relay does::

    def test_mail(smtp_mail):
        ...queue the mail...
        (message,) = smtp_mail.messages
        assert message["To"] == "a@example.vn" and message["Subject"] == "..."
        assert "https://..." in smtp_mail.text(message)
"""

from __future__ import annotations

import email
import email.policy
import socket
import threading

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Mailbox:
    """aiosmtpd handler: keeps each accepted message (parsed, ``email.message.EmailMessage``)
    with its envelope recipients; refuses the next ``n`` messages on request."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.recipients: list[list[str]] = []
        self.refused = 0
        self._refuse = 0
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        with self._lock:
            if self._refuse:
                self._refuse -= 1
                self.refused += 1
                return "451 4.3.0 try again later"
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
            self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"

    def refuse_next(self, n: int = 1) -> None:
        with self._lock:
            self._refuse = n

    def reset(self) -> None:
        with self._lock:
            self.messages.clear()
            self.recipients.clear()
            self.refused = self._refuse = 0

    @staticmethod
    def text(message) -> str:
        """The plain-text part of ``message``."""
        return message.get_body(preferencelist=("plain",)).get_content()

    @staticmethod
    def html(message) -> str:
        return message.get_body(preferencelist=("html",)).get_content()


@pytest.fixture(scope="session")
def smtp_server():
    """``(host, port, mailbox)`` of the session's SMTP server."""
    from aiosmtpd.controller import Controller

    mailbox = Mailbox()
    port = _free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield "127.0.0.1", port, mailbox
    finally:
        controller.stop()


@pytest.fixture
def smtp_mail(smtp_server, settings):
    """Django's SMTP e-mail backend on the session's server, with an empty mailbox."""
    host, port, mailbox = smtp_server
    mailbox.reset()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = host, port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_TIMEOUT = 10
    yield mailbox
    mailbox.reset()
