"""Abuse limits: login guessing and public calls that mail someone or test a token (issue 16,
items 3 and 5). The one home of these rules; counters live in the shared cache
(``settings.RATELIMIT_USE_CACHE``: Redis, or ``config.cache.SharedDatabaseCache``), so every
process and node counts the same attempts.

Login (``LOGIN_RATE_*`` settings, rates as django-ratelimit's ``"N/period"``):
- failed attempts per (account, client IP) pair: ``LOGIN_RATE_PER_ACCOUNT`` (5 per 5 minutes).
  Guessing from one address stops; the owner, from another address, still logs in.
- failed attempts per client IP: ``LOGIN_RATE_PER_IP`` (100 per 5 minutes), against one address
  trying many accounts. Successful logins do not count: a school's pupils log in from one
  address (NAT) within minutes of each other on an exam day.
- failed attempts per account from every address: ``LOGIN_RATE_ACCOUNT_CEILING`` (100 an hour),
  against guessing spread over many addresses. Reaching it refuses that account everywhere until
  the window ends: the price of stopping a distributed guesser.

Public calls (``public_call_limit``): per client IP and action (``PUBLIC_RATE_PER_IP``) and, for
calls that send a mail, per target address (``MAIL_RATE_PER_ADDRESS``, 3 an hour).

The client IP is ``config.client.client_ip``: ``REMOTE_ADDR``, or what a configured trusted proxy
(``TRUSTED_PROXIES``) put in ``X-Forwarded-For``; never a header the client wrote itself
(decision 0043). ``client_ip`` and ``client_address`` are that module's, re-exported here for the
callers that import them from this module.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django_ratelimit.core import ALL, get_usage

from accounts.error_codes import AccountsErrorCode as Code
from config.client import client_address, client_ip
from config.errors import ApplicationError, CommonErrorCode

__all__ = [
    "client_address",
    "client_ip",
    "login_attempt",
    "login_failed",
    "login_rate_limited_error",
    "public_call_limit",
]


def _usage(request: HttpRequest, group: str, value: str, rate: str, *, increment: bool) -> dict | None:
    return get_usage(
        request, group=group, key=lambda _group, _req: value, rate=rate, method=ALL, increment=increment
    )


def _reached(usage: dict | None) -> bool:
    """True when ``usage`` (not incremented) shows the limit already used up."""
    return usage is not None and (usage["should_limit"] or usage["count"] >= usage["limit"])


def login_rate_limited_error() -> ApplicationError:
    """429 ``login_rate_limited``: the login's refusal, localized."""
    return ApplicationError(
        Code.LOGIN_RATE_LIMITED,
        _("Too many login attempts. Please wait a few minutes and try again."),
        status=429,
    )


def _login_counters(request: HttpRequest, email: str, *, increment: bool) -> list[dict | None]:
    ip = client_ip(request)
    return [
        _usage(request, "login-pair", f"{email}|{ip}", settings.LOGIN_RATE_PER_ACCOUNT, increment=increment),
        _usage(request, "login-ip", ip, settings.LOGIN_RATE_PER_IP, increment=increment),
        _usage(request, "login-account", email, settings.LOGIN_RATE_ACCOUNT_CEILING, increment=increment),
    ]


def login_attempt(request: HttpRequest, email: str) -> None:
    """Refuse a login attempt for ``email`` (normalized) from this client when a limit is used
    up. Call before checking the password; call ``login_failed`` when it is wrong.

    Raises ``ApplicationError`` 429 ``login_rate_limited``.
    """
    if any(_reached(usage) for usage in _login_counters(request, email, increment=False)):
        raise login_rate_limited_error()


def login_failed(request: HttpRequest, email: str) -> None:
    """Count a failed login (wrong e-mail or password) for the pair, the address and the account."""
    _login_counters(request, email, increment=True)


def public_call_limit(request: HttpRequest, *, action: str, address: str | None = None) -> None:
    """Count a public call (``action``: forgot-password, resend-verification, register,
    check-invitation, token-exchange, ...) per client IP and, when it mails ``address``, per
    address; refuse it once either limit is passed.

    Raises ``ApplicationError`` 429 ``rate_limited`` ("Too many requests...", localized).
    """
    limited = _usage(
        request, f"public-ip:{action}", client_ip(request), settings.PUBLIC_RATE_PER_IP, increment=True
    )
    if address and not (limited and limited["should_limit"]):
        limited = _usage(
            request,
            f"mail-address:{action}",
            address.strip().lower(),
            settings.MAIL_RATE_PER_ADDRESS,
            increment=True,
        )
    if limited is not None and limited["should_limit"]:
        raise ApplicationError(
            CommonErrorCode.RATE_LIMITED,
            _("Too many requests. Please wait a few minutes and try again."),
            status=429,
        )
