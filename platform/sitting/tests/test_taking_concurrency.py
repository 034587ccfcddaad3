"""No acknowledged answer is lost when a save and a submit of the same attempt run at the same
moment (issue 7: "No answer a learner gave may ever be lost"), on real, separate connections."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assignments.models import Attempt, AttemptAnswer
from conftest import client_for
from sitting import attempts

J = "application/json"


def _until_another_connection_waits_on_a_lock(timeout: float = 10.0) -> bool:
    """Waits until a backend of this database waits for a lock (the save blocked by the submit),
    seen from a connection of its own; False when none did within ``timeout`` seconds."""
    import psycopg

    deadline = time.monotonic() + timeout
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as watcher:
        while time.monotonic() < deadline:
            waiting = watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'"
            ).fetchone()[0]
            if waiting:
                return True
            watcher.execute("SELECT pg_sleep(0.01)")  # the next look, 10 ms on
    return False


def _open_attempt(org):
    """A started attempt of a 3-question true/false test open now in ``org``: (client, enrollment id,
    attempt id, device token, question ids)."""
    from assessments.tests.fixtures import approved_preset
    from assignments.services import assignments_assign_direct

    educator = ProfileFactory(educator=True, organization=org, is_admin=True)
    learner = ProfileFactory(organization=org)
    preset, batch = approved_preset(
        org,
        educator,
        code="S1",
        starts_at=timezone.now() - timedelta(hours=1),
        slots=5,
        allow_no_camera=True,
    )
    with schema_context(org.schema_name):
        assignments_assign_direct(
            actor=educator,
            data={"preset_id": preset.pk, "batch_id": batch.pk, "learner_profile_ids": [learner.pk]},
        )
    client = client_for(learner)
    eid = Enrollment.objects.get(profile=learner).pk
    started = client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J).json()[
        "data"
    ]
    attempt = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    qids = [q["id"] for q in attempt["questions"]]
    return client, eid, started["attempt_id"], started["device_token"], qids


def _save(client, eid, qid, value, seq, token):
    return client.put(
        f"/api/v1/take-test/{eid}/answers/{qid}",
        {"answer": {"value": value}, "seq": seq, "flagged": False},
        content_type=J,
        headers={"X-Device-Token": token},
    )


@pytest.mark.django_db(transaction=True)
def test_a_save_racing_a_submit_is_either_scored_or_refused(monkeypatch):
    from tenants.services import organization_create, organization_provision_now

    org = organization_create(name="Submit race", slug="submit-race")
    org = organization_provision_now(organization_id=org.pk)
    try:
        client, eid, attempt_id, token, qids = _open_attempt(org)
        qid = qids[0]
        assert _save(client, eid, qid, False, 1, token).json()["data"]["applied"] is True

        # The submit reads the answers, then holds before writing the scores back until the save
        # below waits for its lock (or 10 s pass: a save that did not wait).
        reading = threading.Event()
        blocked: list[bool] = []
        score = attempts.score_answer

        def slow_score(question, answer, points):
            if not reading.is_set():
                reading.set()
                blocked.append(_until_another_connection_waits_on_a_lock())
            return score(question, answer, points)

        monkeypatch.setattr(attempts, "score_answer", slow_score)

        def submit():
            try:
                with schema_context(org.schema_name):
                    attempts.attempt_submit(attempt_id=attempt_id, device_token=token)
            finally:
                connection.close()

        submitter = threading.Thread(target=submit)
        submitter.start()
        assert reading.wait(10)
        # Meanwhile the learner changes the answer (seq 2) from the page.
        res = _save(client, eid, qid, True, 2, token)
        submitter.join(10)

        with schema_context(org.schema_name):
            stored = AttemptAnswer.objects.get(attempt_id=attempt_id, question_id=qid)
            attempt = Attempt.objects.get(pk=attempt_id)
        assert attempt.status == Attempt.Status.SUBMITTED
        if res.status_code == 200 and res.json()["data"]["applied"]:
            # Acknowledged: it must be what was stored and scored.
            assert stored.answer == {"value": True} and stored.seq == 2 and stored.score == 1
        else:
            # Refused, after waiting for the submit: the learner is told, nothing changed.
            assert res.status_code == 409 and res.json()["code"] == "attempt_not_in_progress"
            assert blocked == [True]
            assert stored.answer == {"value": False} and stored.seq == 1 and stored.score == 0
    finally:
        connection.set_schema_to_public()
        org.refresh_from_db()
        org.delete(force_drop=True)
