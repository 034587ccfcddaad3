"""Issue 17 in the assignments app, pinned by the values a user sees: the attempts sweep in every
ready organization (item 3), the learner's window with accommodations computed once on the server
(item 4), the TestScheduled time in the reader's language (item 1), bilingual names with fallback
(item 2)."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.db import connection, transaction
from django.utils import timezone, translation
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.models import Batch, Subject
from assessments.tests.fixtures import approved_preset
from assignments.models import Accommodation, Assignment, Attempt
from assignments.services import assignment_create
from config.dates import VN
from conftest import client_for
from sitting import attempts, services

pytestmark = pytest.mark.django_db


def _assigned(org, educator, code: str, *, learners: int = 1, **preset):
    """An approved preset of ``org`` (30 minutes, no camera) with a batch, assigned to new learners
    of ``org``. Returns (batch, [(learner, assignment)])."""
    preset_row, batch = approved_preset(
        org,
        educator,
        code=code,
        starts_at=timezone.now() + timedelta(hours=1),
        slots=5,
        camera_proctoring=False,
        **preset,
    )
    people = [ProfileFactory(organization=org) for _ in range(learners)]
    with schema_context(org.schema_name):
        rows = assignment_create(preset=preset_row, batch=batch, learners=people, source="direct")
    return batch, list(zip(people, rows, strict=True))


def _overdue_attempt(org, educator, code: str) -> int:
    """An attempt in progress in ``org`` whose deadline and graces are over (the offline grace, 10
    minutes by default, is the longer: issue 38 item 3)."""
    batch, [(_learner, assignment)] = _assigned(org, educator, code)
    with schema_context(org.schema_name):
        Batch.objects.filter(pk=batch.pk).update(starts_at=timezone.now() - timedelta(minutes=50))
        with transaction.atomic():  # the start lock, then the start (``sitting.attempts``)
            locked = (
                Assignment.objects.select_for_update(of=("self",))
                .select_related("preset", "batch")
                .get(pk=assignment.pk)
            )
            attempt, _token = attempts.attempt_start(assignment=locked)
        Attempt.objects.filter(pk=attempt.pk).update(deadline_at=timezone.now() - timedelta(minutes=11))
    return attempt.pk


def _status(org, attempt_id: int) -> tuple[str, str]:
    with schema_context(org.schema_name):
        attempt = Attempt.objects.get(pk=attempt_id)
        return attempt.status, attempt.submit_reason


# --- item 3: the sweep in every ready organization ---------------------------------------------


def test_sweep_submits_an_overdue_attempt_in_each_organization_with_public_ready(
    org_a, org_b, educator_a, educator_b
):
    from sitting.tasks import attempts_sweep
    from tenants.services import public_tenant_ensure

    public = public_tenant_ensure()  # as ./ops/run: the public row is ready too
    assert public.provisioning_status == "ready"
    a_id, b_id = _overdue_attempt(org_a, educator_a, "SWA"), _overdue_attempt(org_b, educator_b, "SWB")
    assert attempts_sweep.call_local() == 2
    assert _status(org_a, a_id) == ("submitted", "deadline")
    assert _status(org_b, b_id) == ("submitted", "deadline")
    assert connection.schema_name == "public"


def test_one_failing_organization_does_not_stop_the_sweep(org_a, org_b, educator_a, educator_b, monkeypatch):
    """The old loop ended at the first exception: the organizations after it were never swept."""
    from sitting.tasks import attempts_sweep

    a_id, b_id = _overdue_attempt(org_a, educator_a, "SWC"), _overdue_attempt(org_b, educator_b, "SWD")
    real = attempts.overdue_attempt_ids

    def broken_in_a(now=None):
        if connection.schema_name == org_a.schema_name:
            raise RuntimeError("relation does not exist")
        return real(now)

    monkeypatch.setattr(attempts, "overdue_attempt_ids", broken_in_a)
    assert attempts_sweep.call_local() == 1
    assert _status(org_a, a_id) == ("in_progress", "")
    assert _status(org_b, b_id) == ("submitted", "deadline")


# --- item 4: the learner's window, accommodation included --------------------------------------


def test_a_learner_with_a_1_5_factor_can_start_after_the_plain_window(org_a, educator_a):
    """The batch (30-minute test) closed 5 minutes ago. A 1.5 factor makes the limit 45 minutes and
    the window closes 15 minutes later: the list, the detail and the preparation page say "start",
    and start agrees. Without it the same batch is closed everywhere."""
    batch, [(slow, slow_a), (other, _other_a)] = _assigned(org_a, educator_a, "WIN", learners=2)
    now = timezone.now().replace(microsecond=0)
    with schema_context(org_a.schema_name):
        Batch.objects.filter(pk=batch.pk).update(
            starts_at=now - timedelta(hours=2), expires_at=now - timedelta(minutes=5)
        )
        Accommodation.objects.create(learner_profile_id=slow.pk, factor=Decimal("1.5"))
    plain_end = now - timedelta(minutes=5)

    slow_client = client_for(slow)
    [row] = slow_client.get("/api/v1/assignment-users/my-list").json()["data"]["items"]
    assert (row["can_start_now"], row["action"]) == (True, "prepare")
    assert row["batch_expires_at"] == plain_end.isoformat().replace("+00:00", "Z")
    assert datetime.fromisoformat(row["window_expires_at"]) == plain_end + timedelta(minutes=15)
    assert datetime.fromisoformat(row["window_starts_at"]) == now - timedelta(hours=2)
    detail = slow_client.get(f"/api/v1/assignment-users/{row['enrollment_id']}").json()["data"]
    assert (detail["can_start_now"], detail["action"], detail["window_expires_at"]) == (
        True,
        "prepare",
        row["window_expires_at"],
    )
    prep = slow_client.get(f"/api/v1/take-test/{row['enrollment_id']}").json()["data"]
    assert (prep["window_state"], prep["can_start_now"], prep["action"], prep["time_limit_minutes"]) == (
        "open",
        True,
        "prepare",
        45.0,
    )
    assert prep["window_expires_at"] == row["window_expires_at"]
    started = slow_client.post(
        f"/api/v1/take-test/{row['enrollment_id']}/start", {}, content_type="application/json"
    )
    assert started.status_code == 200, started.json()
    with schema_context(org_a.schema_name):
        assert Attempt.objects.get(assignment=slow_a).deadline_at == plain_end + timedelta(minutes=15)
    [after] = slow_client.get("/api/v1/assignment-users/my-list").json()["data"]["items"]
    assert after["action"] == "continue"

    other_client = client_for(other)
    [closed] = other_client.get("/api/v1/assignment-users/my-list").json()["data"]["items"]
    assert (closed["can_start_now"], closed["action"]) == (False, "closed")
    assert datetime.fromisoformat(closed["window_expires_at"]) == plain_end
    res = other_client.post(
        f"/api/v1/take-test/{closed['enrollment_id']}/start", {}, content_type="application/json"
    )
    assert res.status_code == 409 and res.json()["code"] == "outside_window"


def test_window_of_an_assignment_without_a_batch_is_the_presets_dates():
    from sitting.window import next_action, window_of

    starts, ends = datetime(2026, 11, 28, 1, tzinfo=VN), datetime(2026, 11, 30, 1, tzinfo=VN)
    window = window_of(
        batch_starts_at=None,
        batch_expires_at=None,
        has_batch=False,
        preset_starts_at=starts,
        preset_ends_at=ends,
        duration_minutes=60,
        factor=Decimal("1"),
        extra_minutes=30,
    )
    assert (window.starts_at, window.expires_at, window.time_limit_minutes) == (
        starts,
        ends + timedelta(minutes=30),
        Decimal(90),
    )
    assert window.state(starts - timedelta(seconds=1)) == "upcoming"
    assert window.state(ends + timedelta(minutes=29)) == "open"
    assert window.state(ends + timedelta(minutes=30)) == "closed"
    late = ends + timedelta(hours=1)
    kwargs = {"requires_purchase": False, "paid": False, "window": window, "now": late}
    assert [
        next_action(status=s, **kwargs) for s in ("assigned", "in_progress", "submitted", "graded", "revoked")
    ] == [
        "closed",
        "continue",
        "result",
        "result",
        "none",
    ]
    assert (
        next_action(status="assigned", requires_purchase=True, paid=False, window=window, now=starts)
        == "payment"
    )
    assert (
        next_action(status="assigned", requires_purchase=True, paid=True, window=window, now=starts)
        == "prepare"
    )


# --- item 1: the TestScheduled time in the reader's language -------------------------------------


def test_a_batch_at_0800_vietnam_time_is_announced_at_0800_in_both_languages(org_a, educator_a):
    from notifications.messages import render
    from notifications.models import Notification

    starts = datetime(2026, 11, 28, 8, 0, tzinfo=VN)
    preset, batch = approved_preset(
        org_a, educator_a, code="ANN", starts_at=starts, slots=3, camera_proctoring=True
    )
    learner = ProfileFactory(organization=org_a)
    with schema_context(org_a.schema_name):
        assignment_create(preset=preset, batch=batch, learners=[learner], source="direct")
    note = Notification.objects.get(recipient=learner, notifiable_type="TestScheduled")
    assert note.body_args == {"test": "ANN", "starts_at": "2026-11-28T01:00:00+00:00"}
    assert render(note.body_key, note.body_args, language="vi") == (
        "Bài ANN của bạn bắt đầu lúc 08:00 28/11/2026. Hãy chuẩn bị camera và một phòng yên tĩnh."
    )
    assert render(note.body_key, note.body_args, language="en") == (
        "Your test ANN starts at 28 Nov 2026, 08:00. Prepare your camera and a quiet room."
    )


# --- item 2: bilingual values with fallback ------------------------------------------------------


def test_an_english_reader_of_a_blank_english_round_message_sees_the_vietnamese_one():
    rnd = SimpleNamespace(
        passed_message_vi="Chúc mừng, bạn đã đạt!",
        passed_message_en="",
        failed_message_vi="Chưa đạt",
        failed_message_en="Not passed",
    )
    assignment = SimpleNamespace(preset=SimpleNamespace(round=rnd))
    passed, failed = SimpleNamespace(result="passed"), SimpleNamespace(result="failed")
    assert services.round_message(assignment, passed, language="en") == "Chúc mừng, bạn đã đạt!"
    assert services.round_message(assignment, failed, language="en") == "Not passed"
    assert services.round_message(assignment, failed, language="vi") == "Chưa đạt"
    with translation.override("en"):
        assert services.round_message(assignment, passed) == "Chúc mừng, bạn đã đạt!"
    no_round = SimpleNamespace(preset=SimpleNamespace(round=None))
    assert services.round_message(no_round, passed, language="en") == ""


def test_an_english_reader_of_a_subject_without_english_name_sees_the_vietnamese_one(
    org_a, educator_a, as_educator_a
):
    from assessments.models import Question
    from assignments.reports import _labels

    approved_preset(org_a, educator_a, code="SUBJ", starts_at=timezone.now() + timedelta(hours=1), slots=3)
    with schema_context(org_a.schema_name):
        Subject.objects.filter(code="toan").update(name_vi="Toán", name_en="")
        question = Question.objects.select_related("subject").filter(topic__code="SUBJ").first()
        with translation.override("en"):
            assert _labels([question])["subject"] == {question.subject_id: "Toán"}
        Subject.objects.filter(code="toan").update(name_en="Mathematics")
        question = Question.objects.select_related("subject").get(pk=question.pk)
        with translation.override("en"):
            assert _labels([question])["subject"] == {question.subject_id: "Mathematics"}
        Subject.objects.filter(code="toan").update(name_en="")
    res = as_educator_a.get("/api/v1/assignments/tests?search=SUBJ", headers={"Accept-Language": "en"})
    assert [row["subjects"] for row in res.json()["data"]["items"]] == [["Toán"]]
