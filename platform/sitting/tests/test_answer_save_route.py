"""The answer save's lean route (issue 23, decision 0036): a save this process can confirm is
answered before the URL resolver and Ninja, with the same bytes; every other case gets the usual
stack's answer, in the reader's language, and nothing is written twice or wrongly."""

from __future__ import annotations

from datetime import UTC, timedelta
from unittest import mock

import pytest
import time_machine
from django.test import Client
from django.utils import timezone
from ninja.operation import Operation
from prometheus_client import REGISTRY

from assignments.models import Attempt, AttemptAnswer
from sitting.tests.test_taking import save
from sitting.tests.test_taking_hot_path import started
from tenants.scope import organization_schema

pytestmark = pytest.mark.django_db

LEAN = "sitting.middleware.AnswerSaveMiddleware"
ROUTE = "api/v1/take-test/<enrollment_id>/answers/<question_id>"


@pytest.fixture
def ninja_runs():
    """The answer saves Ninja ran (the usual stack's view), by path."""
    calls = []
    real = Operation.run

    def counted(self, request, **kw):
        if "/answers/" in request.path:
            calls.append(request.path)
        return real(self, request, **kw)

    with mock.patch.object(Operation, "run", counted):
        yield calls


def stored(org):
    with organization_schema(org.schema_name):
        return list(AttemptAnswer.objects.order_by("question_id").values_list("question_id", "answer", "seq"))


def test_a_confirmed_save_is_answered_before_ninja_with_the_same_bytes(
    as_educator_a, bank, round_id, org_a, ninja_runs, settings
):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    moment = timezone.now().replace(microsecond=250_000)
    with time_machine.travel(moment, tick=False):
        lean = save(client, eid, qids[0], {"value": True}, 1, token)
        assert ninja_runs == []  # this process checked the session on the start: the lean route
        settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != LEAN]
        without = Client()  # a client loads its middleware once: a new one, the same session
        without.cookies = client.cookies
        usual = save(without, eid, qids[1], {"value": True}, 1, token)
        assert ninja_runs == [f"/api/v1/take-test/{eid}/answers/{qids[1]}"]
    when = moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert lean.content.decode() == (
        f'{{"success": true, "data": {{"question_id": {qids[0]}, "seq": 1, "applied": true, '
        f'"saved_at": "{when}"}}, "message": ""}}'
    )
    assert usual.content == lean.content.replace(str(qids[0]).encode(), str(qids[1]).encode(), 1)
    same = ("Content-Type", "Content-Length", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy")
    assert [lean.headers.get(h) for h in same] == [usual.headers.get(h) for h in same]
    assert lean.headers["Content-Type"] == "application/json; charset=utf-8"
    assert lean.headers["X-Frame-Options"] == "DENY"
    assert len(lean.headers["X-Request-ID"]) == 32
    assert stored(org_a) == [(qids[0], {"value": True}, 1), (qids[1], {"value": True}, 1)]


def test_the_lean_save_is_measured_under_the_routes_pattern(as_educator_a, bank, round_id, org_a, ninja_runs):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    labels = {"method": "PUT", "route": ROUTE, "status": "200"}
    before = REGISTRY.get_sample_value("http_request_duration_seconds_count", labels) or 0
    from tenants import middleware

    middleware._CHECKED.clear()  # the first save of this session in this process: the usual stack
    assert save(client, eid, qids[0], {"value": True}, 1, token).status_code == 200
    assert save(client, eid, qids[0], {"value": False}, 2, token).status_code == 200  # the lean route
    assert len(ninja_runs) == 1
    assert REGISTRY.get_sample_value("http_request_duration_seconds_count", labels) == before + 2


def test_a_refused_save_gets_the_usual_answer_in_the_readers_language(
    as_educator_a, bank, round_id, org_a, ninja_runs
):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # what the SPA sends for an English reader
    assert save(client, eid, qids[0], {"value": True}, 1, token).status_code == 200
    taken = save(client, eid, qids[0], {"value": False}, 2, "another-tab")
    assert taken.status_code == 409
    assert taken.json() == {
        "success": False,
        "code": "attempt_taken_over",
        "message": "This test was opened in another tab or on another device. Continue there, or reload to "
        "continue here.",
        "errors": {},
    }
    with organization_schema(org_a.schema_name):
        Attempt.objects.update(deadline_at=timezone.now() - timedelta(minutes=5))
    late = save(client, eid, qids[0], {"value": False}, 3, token)
    assert (late.status_code, late.json()["code"], late.json()["message"]) == (
        409,
        "deadline_passed",
        "Time is up: answers are no longer accepted.",
    )
    assert len(ninja_runs) == 2  # each refusal answered by the usual stack
    assert stored(org_a) == [(qids[0], {"value": True}, 1)]


@pytest.mark.parametrize("refusal", ["attempt_taken_over", "deadline_passed", "invalid_answer"])
def test_a_refused_save_runs_its_statement_once(as_educator_a, bank, round_id, org_a, ninja_runs, refusal):
    """The lean route's statement refuses the save with the session confirmed: the view answers
    from what it found (decision 0039), so the save's statement runs once, not once more in the
    usual stack."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    assert save(client, eid, qids[0], {"value": True}, 1, token).status_code == 200
    if refusal == "deadline_passed":
        with organization_schema(org_a.schema_name):
            Attempt.objects.update(deadline_at=timezone.now() - timedelta(minutes=5))
    device = "another-tab" if refusal == "attempt_taken_over" else token
    answer = {"option": "no-such-option"} if refusal == "invalid_answer" else {"value": False}
    with CaptureQueriesContext(connection) as queries:
        res = save(client, eid, qids[0], answer, 2, device)
    assert res.json()["code"] == refusal and len(ninja_runs) == 1
    assert sum("WITH session AS" in q["sql"] for q in queries.captured_queries) == 1
    assert stored(org_a) == [(qids[0], {"value": True}, 1)]


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"answer": {"value": True}, "seq": 0}, 400, "invalid_answer", None),
        ({"answer": {"value": True}, "seq": 2**31}, 422, "validation_error", "seq"),
        ({"answer": {"value": True}}, 422, "validation_error", "seq"),
        ({"answer": {"value": "x" * 5}, "seq": 1}, 422, "validation_error", "answer.value"),
    ],
)
def test_a_body_ninja_refuses_is_refused_by_the_usual_stack(
    as_educator_a, bank, round_id, org_a, ninja_runs, body, status, code, field
):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    res = client.put(
        f"/api/v1/take-test/{eid}/answers/{qids[0]}",
        body,
        content_type="application/json",
        headers={"X-Device-Token": token},
    )
    assert (res.status_code, res.json()["code"]) == (status, code), res.json()
    if field:
        assert field in res.json()["errors"]
    assert len(ninja_runs) == 1
    assert stored(org_a) == []


def test_an_id_out_of_range_is_refused_by_the_usual_stack(as_educator_a, bank, round_id, org_a, ninja_runs):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    res = save(client, 2**63, qids[0], {"value": True}, 1, token)
    assert (res.status_code, res.json()["code"]) == (422, "validation_error")
    assert len(ninja_runs) == 1


def test_csrf_is_checked_before_the_lean_route_writes(as_educator_a, bank, round_id, org_a, ninja_runs):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    refused = save(strict, eid, qids[0], {"value": True}, 1, token)
    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert stored(org_a) == []
    csrf = "A" * 32
    strict.cookies["csrftoken"] = csrf
    res = strict.put(
        f"/api/v1/take-test/{eid}/answers/{qids[0]}",
        {"answer": {"value": True}, "seq": 1},
        content_type="application/json",
        headers={"X-Device-Token": token, "X-CSRFToken": csrf},
    )
    assert res.status_code == 200 and res.json()["data"]["applied"] is True
    assert ninja_runs == [f"/api/v1/take-test/{eid}/answers/{qids[0]}"]  # only the refusal
    assert stored(org_a) == [(qids[0], {"value": True}, 1)]
