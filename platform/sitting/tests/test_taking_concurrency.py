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
PAUSE = 1.0  # seconds the submit waits between reading the answers and writing the scores


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

        # The submit reads the answers, then pauses before writing the scores back.
        reading = threading.Event()
        score = attempts.score_answer

        def slow_score(question, answer, points):
            if not reading.is_set():
                reading.set()
                time.sleep(PAUSE)
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
        began = time.monotonic()
        res = _save(client, eid, qid, True, 2, token)
        waited = time.monotonic() - began
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
            assert waited >= PAUSE * 0.5
            assert stored.answer == {"value": False} and stored.seq == 1 and stored.score == 0
    finally:
        connection.set_schema_to_public()
        org.refresh_from_db()
        org.delete(force_drop=True)
