"""Schemathesis over both OpenAPI documents: no input, valid or not, gives a 5xx (issue 16 item 9,
"Tests": a bounded run in ./ops/test with 0 server errors).

The documents come from the app (``api.get_openapi_schema()``, ``public_api``); requests go to
Django's WSGI handler in-process (``schema.app``), inside the test's transaction, each call under
a savepoint so a statement Postgres refuses cannot poison the next one. ``/api/v1/`` runs as a
learner and as an educator admin of an organization, with a real session cookie and CSRF token;
``/public/api/`` without a session. The only check is ``not_a_server_error``.

Phases: examples, coverage (boundary values: max length + 1, numbers past their bounds, wrong
types, NUL, malformed content types) and fuzzing with positive and negative data; no stateful
phase. A fixed seed with Hypothesis derandomized, so CI sends the same requests every time.
Operations that refuse a learner at authentication (the educators' roles of decision 0041:
``EducatorSessionAuth`` and its subclasses) get a short fuzzing pass as a learner: their input is
never read. Measured on the 2-core machine, about
10,000 requests: see the report of issue 16. Deselect with ``-m "not schemathesis"``.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import pytest
import schemathesis
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import DatabaseError, close_old_connections, connection, transaction
from django.test import Client
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig

from config.api import api, public_api
from conftest import client_for

pytestmark = [pytest.mark.schemathesis, pytest.mark.django_db]

SEED = 16
# Fuzzing examples per operation; the coverage phase adds its own boundary cases (~40 a call).
MAX_EXAMPLES = 4
# Calls that would end the caller's own session, which every later example needs.
SKIPPED = {("POST", "/api/v1/auth/logout")}
# The security schemes (authentication classes) of the roles a learner does not have.
EDUCATOR_ONLY = {"EducatorSessionAuth", "OrgAdminSessionAuth", "SurveyManagerAuth", "MarketAuth"}


def _config(*, max_examples: int, coverage: bool) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "suppress-health-check": ["all"],
            "generation": {
                "mode": "all",
                "max-examples": max_examples,
                "deterministic": True,
                "database": "none",
            },
            "phases": {
                "stateful": {"enabled": False},
                # 405 probes with other methods: Django's routing, not our input handling.
                "coverage": {"enabled": coverage, "unexpected-methods": []},
            },
        }
    )


def _educator_only(ctx) -> bool:
    return any(
        EDUCATOR_ONLY & set(requirement) for requirement in ctx.operation.definition.raw.get("security", [])
    )


def _skipped(ctx) -> bool:
    return (ctx.operation.method.upper(), ctx.operation.path) in SKIPPED


APP = WSGIHandler()


def _schema(document: dict, *, max_examples: int = MAX_EXAMPLES, coverage: bool = True):
    loaded = schemathesis.openapi.from_dict(
        document, config=_config(max_examples=max_examples, coverage=coverage)
    )
    loaded.app = APP  # every request, also the checks' control requests, goes to the WSGI handler
    return loaded.exclude(func=_skipped)


_private = api.get_openapi_schema()
public_schema = _schema(public_api.get_openapi_schema())
educator_schema = _schema(_private)
learner_schema = _schema(_private).exclude(func=_educator_only)
learner_refused_schema = _schema(_private, max_examples=2, coverage=False).include(func=_educator_only)


@dataclass
class Session:
    cookies: dict[str, str]
    headers: dict[str, str]


@pytest.fixture(scope="module")
def csrf_cookie_and_token() -> tuple[str, str]:
    """A CSRF cookie and token from ``/public/api/auth/csrf``, as the SPA takes them. They hold
    no session state, so one pair serves every test of the module."""
    client = Client()
    token = client.get("/public/api/auth/csrf").json()["data"]["csrf_token"]
    return client.cookies[settings.CSRF_COOKIE_NAME].value, token


def _session_of(profile, csrf: tuple[str, str]) -> Session:
    """A logged-in session of ``profile`` (conftest ``client_for``) with the CSRF pair."""
    session_id = client_for(profile).cookies[settings.SESSION_COOKIE_NAME].value
    cookie, token = csrf
    return Session(
        cookies={settings.SESSION_COOKIE_NAME: session_id, settings.CSRF_COOKIE_NAME: cookie},
        headers={"X-CSRFToken": token},
    )


@pytest.fixture
def learner_session(learner, csrf_cookie_and_token) -> Session:
    return _session_of(learner, csrf_cookie_and_token)


@pytest.fixture
def educator_session(educator_a, csrf_cookie_and_token) -> Session:
    return _session_of(educator_a, csrf_cookie_and_token)


@contextmanager
def _test_connection_kept():
    """Django's WSGI handler closes "old" connections when a request starts and ends, which would
    close the test's transaction; Django's test client disconnects the same receiver."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _call_and_check(case, session: Session | None) -> None:
    kwargs = {"headers": session.headers, "cookies": session.cookies} if session else {}
    savepoint = transaction.savepoint()
    try:
        with _test_connection_kept():
            response = case.call(**kwargs)
            case.validate_response(response, checks=[not_a_server_error], transport_kwargs=kwargs)
    finally:
        try:
            transaction.savepoint_commit(savepoint)
        except DatabaseError:  # the call left the transaction aborted
            transaction.savepoint_rollback(savepoint)
        connection.set_schema_to_public()


@public_schema.parametrize()
def test_public_api_without_session(case):
    _call_and_check(case, None)


@learner_schema.parametrize()
def test_api_as_learner(case, learner_session):
    _call_and_check(case, learner_session)


@learner_refused_schema.parametrize()
def test_educator_api_as_learner(case, learner_session):
    _call_and_check(case, learner_session)


@educator_schema.parametrize()
def test_api_as_educator_admin(case, educator_session):
    _call_and_check(case, educator_session)
