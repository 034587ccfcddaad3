"""Each fast statement of ``sitting.statements`` against its Python twin (decision 0039): both are
run over the states that matter and must agree, so a change to one half fails here until the other
half has it too. The table of pairs is in ``sitting/statements.py``."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import Enrollment, Profile, User
from accounts.tests.factories import ProfileFactory
from assignments.models import Assignment, Attempt, AttemptAnswer
from config.errors import ApplicationError
from conftest import client_for
from sitting import attempts, rules, statements
from sitting.tests.test_taking import open_test, save, start
from tenants.middleware import SessionCheck
from tenants.scope import organization_schema, owned_enrollment_get, public_table

pytestmark = pytest.mark.django_db


def started(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    return learner, eid, client, token, questions


# --- the enrollment's owner: owned_enrollment_condition | tenants.scope.owned_enrollment_get -------


def test_the_enrollment_owner_agrees_in_sql_and_python(as_educator_a, bank, round_id, org_a):
    """Own and active; inactive; someone else's; of another kind; missing: the SQL condition finds
    exactly the enrollments the Python function returns, and 404s the same others."""
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    other = ProfileFactory(organization=org_a)
    inactive = Enrollment.objects.create(
        profile=learner,
        organization=org_a,
        kind=Enrollment.Kind.TEST,
        object_id=987,
        item_id=1,
        is_active=False,
    )
    survey = Enrollment.objects.create(
        profile=learner, organization=org_a, kind=Enrollment.Kind.SURVEY, object_id=1, item_id=1
    )
    cases = [
        (learner, eid, Enrollment.Kind.TEST),
        (learner, inactive.pk, Enrollment.Kind.TEST),
        (other, eid, Enrollment.Kind.TEST),
        (learner, survey.pk, Enrollment.Kind.TEST),
        (learner, survey.pk, Enrollment.Kind.SURVEY),
        (learner, 987_654_321, Enrollment.Kind.TEST),
    ]
    condition = statements.owned_enrollment_condition("e", enrollment="%s", profile="%s", kind="%s")
    seen = []
    for profile, enrollment_id, kind in cases:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT e.id FROM {public_table(Enrollment._meta.db_table)} e WHERE {condition}",  # noqa: S608
                [enrollment_id, profile.pk, kind],
            )
            in_sql = [row[0] for row in cursor.fetchall()]
        try:
            in_python = [
                owned_enrollment_get(profile=profile, enrollment_id=enrollment_id, kind=kind, message="-").pk
            ]
        except ApplicationError as exc:
            assert exc.status == 404
            in_python = []
        assert in_sql == in_python, (profile, enrollment_id, kind)
        seen.append(bool(in_sql))
    assert seen == [True, False, False, False, True, False]


# --- the session check (decision 0033): SAVE_OWNED's session part | rules.session_confirmed ------


@pytest.mark.parametrize(
    "change", ["none", "password", "profile_inactive", "profile_removed", "user_inactive", "other_user"]
)
def test_the_session_check_agrees_in_sql_and_python(as_educator_a, bank, round_id, org_a, change):
    learner, eid, _client, token, questions = started(as_educator_a, bank, round_id, org_a)
    check = SessionCheck.of(learner)
    if change == "password":
        User.objects.filter(pk=learner.user_id).update(password="argon2$changed-elsewhere")
    elif change == "user_inactive":
        User.objects.filter(pk=learner.user_id).update(is_active=False)
    elif change in ("profile_inactive", "profile_removed"):
        status = Profile.Status.INACTIVE if change == "profile_inactive" else Profile.Status.REMOVED
        Profile.objects.filter(pk=learner.pk).update(status=status)
    elif change == "other_user":
        check = SessionCheck(ProfileFactory().user_id, learner.pk, learner.user.password)
    facts = attempts.answer_save_run(
        profile_id=learner.pk,
        enrollment_id=eid,
        device_token=token,
        question_id=questions[0]["id"],
        answer=None,
        flagged=False,
        seq=1,
        check=check,
    )
    assert facts.confirmed is rules.session_confirmed(check) is (change == "none")
    assert facts.applied is (change == "none")  # an unconfirmed session writes nothing


# --- the attempt's writability and the answer upsert: SAVE_OWNED | rules.refusal -----------------


def test_the_upsert_and_its_refusal_agree_in_every_state(as_educator_a, bank, round_id, org_a):
    """Every combination of the attempt's status, the device, the deadline, the question and the
    answer: the statement writes exactly when the Python rule refuses nothing, and when it does
    not, ``save_refusal`` of what it found is the rule's first reason, in the rule's order."""
    learner, eid, _client, token, questions = started(as_educator_a, bank, round_id, org_a)
    choice = questions[0]
    right = {"option": choice["options"][0]["id"]} if choice["options"] else {"value": True}
    now = timezone.now()
    seq = 0
    with organization_schema(org_a.schema_name):
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
    # a submitted attempt by the learner, and one a withdrawal of consent ended (issue 37, item 6:
    # its refusal is the consent's)
    statuses = [
        (Attempt.Status.IN_PROGRESS, ""),
        (Attempt.Status.SUBMITTED, Attempt.SubmitReason.LEARNER),
        (Attempt.Status.SUBMITTED, Attempt.SubmitReason.CONSENT_WITHDRAWN),
    ]
    for (status, reason), mine, on_time, in_test, fits in itertools.product(statuses, *[[True, False]] * 4):
        deadline = now + timedelta(minutes=5) if on_time else now - rules.grace() - timedelta(minutes=1)
        with organization_schema(org_a.schema_name):
            Attempt.objects.filter(pk=attempt.pk).update(
                status=status, submit_reason=reason, deadline_at=deadline
            )
        seq += 1
        device = token if mine else "another-device"
        question_id = choice["id"] if in_test else 999_999
        answer = right if fits else {"option": "no-such-option"}
        facts = attempts.answer_save_run(
            profile_id=learner.pk,
            enrollment_id=eid,
            device_token=device,
            question_id=question_id,
            answer=answer,
            flagged=False,
            seq=seq,
        )
        with organization_schema(org_a.schema_name):
            row = Attempt.objects.get(pk=attempt.pk)
        expected = rules.refusal(
            attempt_status=row.status,
            token_matches=row.device_token == device,
            deadline_at=row.deadline_at,
            now=facts.now,
            in_test=question_id in row.question_ids,
            fits=rules.answer_fits(question_id, answer, seq, org_a.schema_name),
            submit_reason=row.submit_reason,
        )
        state = (status, reason, mine, on_time, in_test, fits)
        if status == Attempt.Status.SUBMITTED:
            withdrawn = reason == Attempt.SubmitReason.CONSENT_WITHDRAWN
            assert expected == ("consent_withdrawn" if withdrawn else "attempt_not_in_progress"), state
        assert facts.applied is (expected is None), state
        assert rules.save_refusal(facts) == expected, state
    with organization_schema(org_a.schema_name):
        # written once, by the one state that may write
        assert list(AttemptAnswer.objects.values_list("question_id", "seq")) == [(choice["id"], 1)]


def test_the_late_upsert_and_its_rule_agree_at_the_deadline_and_the_offline_grace(
    as_educator_a, bank, round_id, org_a
):
    """Issue 38, item 3: the statement's time condition (``cutoff``, ``typed``, the attempt's
    offline grace) and ``rules.refusal`` with ``rules.late_accepted`` agree at every edge: an
    answer without a time, typed before, at and after the deadline, arriving inside the network
    grace, at its end, inside the offline grace, at its end and after it; with an offline grace of
    600 s and of 0. Run with the statement's own ``now``, to the microsecond."""
    learner, eid, _client, token, questions = started(as_educator_a, bank, round_id, org_a)
    qid = questions[0]["id"]
    with organization_schema(org_a.schema_name):
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
    deadline = timezone.now().replace(microsecond=0) - timedelta(hours=2)
    s, u = timedelta(seconds=1), timedelta(microseconds=1)
    net = rules.grace()
    arrivals = [deadline - s, deadline + net, deadline + net + u, deadline + 600 * s, deadline + 600 * s + u]
    typings = [None, deadline - 60 * s, deadline, deadline + u]
    seq, seen = 0, []
    for late, now, typed in itertools.product([600, 0], arrivals, typings):
        with organization_schema(org_a.schema_name):
            Attempt.objects.filter(pk=attempt.pk).update(deadline_at=deadline, offline_grace_seconds=late)
        seq += 1
        facts = statements.save_owned(
            schema_name=org_a.schema_name,
            profile_id=learner.pk,
            enrollment_id=eid,
            device_token=token,
            question_id=qid,
            answer={"value": seq % 2 == 0},
            flagged=False,
            seq=seq,
            fits=True,
            now=now,
            cutoff=now - net,
            typed_at=typed,
            check=None,
        )
        expected = rules.refusal(
            attempt_status=Attempt.Status.IN_PROGRESS,
            token_matches=True,
            deadline_at=deadline,
            now=now,
            late_grace=timedelta(seconds=late),
            typed_at=typed,
        )
        state = (late, now - deadline, typed and typed - deadline)
        assert facts.applied is (expected is None), state
        assert rules.save_refusal(facts) == expected, state
        seen.append(expected is None)
    # the network grace takes anything; the offline grace only what was typed by the deadline
    assert seen == [
        *[True] * 8,
        False,
        True,
        True,
        False,
        False,
        True,
        True,
        False,
        *[False] * 4,  # 600 s
        *[True] * 8,
        *[False] * 12,  # no offline grace
    ]
    # late and typed in time, but older than what the server holds: acknowledged, nothing written
    with organization_schema(org_a.schema_name):
        Attempt.objects.filter(pk=attempt.pk).update(offline_grace_seconds=600)
        stored = AttemptAnswer.objects.get(attempt=attempt, question_id=qid)
    now = deadline + 300 * s
    facts = statements.save_owned(
        schema_name=org_a.schema_name,
        profile_id=learner.pk,
        enrollment_id=eid,
        device_token=token,
        question_id=qid,
        answer={"value": not stored.answer["value"]},
        flagged=False,
        seq=stored.seq - 1,
        fits=True,
        now=now,
        cutoff=now - net,
        typed_at=deadline - 60 * s,
        check=None,
    )
    assert facts.applied is False and rules.save_refusal(facts) is None
    with organization_schema(org_a.schema_name):
        assert AttemptAnswer.objects.get(pk=stored.pk).answer == stored.answer


def test_events_and_submit_refuse_as_the_save_does(as_educator_a, bank, round_id, org_a):
    """``rules.writable`` (events, submit) refuses another device and a submitted attempt with the
    same reasons as the save's statement."""
    learner, eid, _client, token, questions = started(as_educator_a, bank, round_id, org_a)
    with organization_schema(org_a.schema_name):
        attempt = Attempt.objects.get(assignment__learner_profile_id=learner.pk)
        for device, code in (("another-device", "attempt_taken_over"), (token, None)):
            with transaction.atomic():
                try:
                    rules.writable(attempt.pk, device, timezone.now(), lock="update")
                    refused = None
                except ApplicationError as exc:
                    refused = exc.code
            facts = attempts.answer_save_run(
                profile_id=learner.pk,
                enrollment_id=eid,
                device_token=device,
                question_id=questions[0]["id"],
                answer=None,
                flagged=False,
                seq=1,
            )
            assert refused == code == rules.save_refusal(facts)


# --- the start lock: OWNED_LOCKED | rules.assignment_locked --------------------------------------


def test_the_start_lock_agrees_in_sql_and_python(as_educator_a, bank, round_id, org_a):
    """The learner's own assignment is locked by both; another's enrollment, an inactive one, a
    revoked assignment and a missing id are 404 in both."""
    (first, second) = open_test(as_educator_a, bank, round_id, org_a, learners=2)
    (learner, eid), (other, other_eid) = first, second
    inactive = Enrollment.objects.get(pk=other_eid)
    revoked_eid = eid

    def both(profile, enrollment_id):
        out = []
        for lock in (
            lambda: attempts.assignment_owned_locked(
                profile_id=profile.pk, enrollment_id=enrollment_id, not_found_message="-"
            ),
            lambda: rules.assignment_locked(
                profile=profile, enrollment_id=enrollment_id, not_found_message="-"
            ),
        ):
            with transaction.atomic():
                try:
                    schema_name, assignment = lock()
                    out.append((schema_name, assignment.pk, assignment.preset.pk, assignment.batch_id))
                except ApplicationError as exc:
                    out.append(exc.status)
        return out

    own = both(learner, eid)
    assert own[0] == own[1] and own[0][0] == org_a.schema_name
    assert both(other, eid) == [404, 404]
    assert both(learner, 987_654_321) == [404, 404]
    Enrollment.objects.filter(pk=inactive.pk).update(is_active=False)
    assert both(other, other_eid) == [404, 404]
    with organization_schema(org_a.schema_name):
        Assignment.objects.filter(pk=Enrollment.objects.get(pk=revoked_eid).object_id).update(
            status=Assignment.Status.REVOKED
        )
    assert both(learner, revoked_eid) == [404, 404]


# --- the same rules seen through the API (issue 23) ----------------------------------------------


@pytest.mark.parametrize("change", ["password", "profile_inactive", "profile_removed", "user_inactive"])
def test_a_session_ended_behind_the_remembered_check_saves_nothing_and_logs_out(
    as_educator_a, bank, round_id, org_a, change
):
    """The profile this process remembers is only a hint: the save's statement finds the
    password changed, the profile deactivated or removed, or the user deactivated (by another
    process, with no signal to this one), writes nothing, and the full check ends the session."""
    learner, eid, client, token, questions = started(as_educator_a, bank, round_id, org_a)
    qids = [q["id"] for q in questions]
    assert save(client, eid, qids[0], {"value": True}, 1, token).json()["data"]["applied"] is True
    if change == "password":
        User.objects.filter(pk=learner.user_id).update(password="argon2$changed-elsewhere")
    elif change == "user_inactive":
        User.objects.filter(pk=learner.user_id).update(is_active=False)
    else:
        status = Profile.Status.INACTIVE if change == "profile_inactive" else Profile.Status.REMOVED
        Profile.objects.filter(pk=learner.pk).update(status=status)
    res = save(client, eid, qids[0], {"value": False}, 2, token)
    assert res.status_code == 401
    assert res.json() == {
        "success": False,
        "code": "not_authenticated",
        "message": "Vui lòng đăng nhập.",
        "errors": {},
    }
    assert client.get(f"/api/v1/take-test/{eid}/attempt").status_code == 401  # the session is gone
    with organization_schema(org_a.schema_name):
        assert list(AttemptAnswer.objects.values_list("answer", "seq")) == [({"value": True}, 1)]


def test_another_learners_enrollment_is_not_found_and_nothing_is_saved(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, questions = started(as_educator_a, bank, round_id, org_a)
    stranger = client_for(ProfileFactory(organization=org_a))
    res = save(stranger, eid, questions[0]["id"], {"value": True}, 1, token)  # even with the right token
    assert res.status_code == 404 and res.json()["message"] == "Không tìm thấy bài được giao."
    assert save(stranger, 987_654_321, questions[0]["id"], {"value": True}, 1, token).json()["message"] == (
        "Không tìm thấy bài được giao."
    )
    assert client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"] == []


def test_an_inactive_enrollment_is_not_found_after_its_schema_was_cached(
    as_educator_a, bank, round_id, org_a
):
    learner, eid, client, token, questions = started(as_educator_a, bank, round_id, org_a)
    assert save(client, eid, questions[0]["id"], {"value": True}, 1, token).json()["data"]["applied"] is True
    Enrollment.objects.filter(pk=eid).update(is_active=False)
    res = save(client, eid, questions[0]["id"], {"value": False}, 2, token)
    assert res.status_code == 404 and res.json()["message"] == "Không tìm thấy bài được giao."


def test_errors_keep_their_order(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    res = save(client, eid, 1, {"value": True}, 1, "")
    assert res.status_code == 404 and res.json()["message"] == "Bài thi này chưa được bắt đầu."
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    qid = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][0]["id"]
    # another device's token comes before the question and the answer
    assert save(client, eid, 999_999, {"option": "a"}, 1, "old-token").json()["code"] == "attempt_taken_over"
    # a question outside the form comes before an answer that does not fit
    res = save(client, eid, 999_999, {"option": "a"}, 1, token)
    assert res.status_code == 404 and res.json()["message"] == "Câu hỏi này không thuộc bài thi của bạn."
    res = save(client, eid, qid, {"value": True}, 0, token)  # a sequence number starts at 1
    assert res.status_code == 400 and res.json()["code"] == "invalid_answer"
    res = save(client, eid, qid, {"option": "a"}, 1, token)
    assert res.status_code == 400 and res.json()["code"] == "invalid_answer"
    assert res.json()["message"] == "Câu trả lời không phù hợp với câu hỏi."


# --- a shared form's points: shared_form_sql | assessments.parts.form_points (decision 0056) -------


def test_the_shared_forms_points_agree_in_sql_and_python(as_educator_a, bank, round_id, org_a):
    """A preset without parts (score weights 1 and 2) and one in parts (the parts' points, a row
    whose blueprint item is gone falling back to its weight): the start's statement reads the
    same questions and points, in the same order, as ``form_points``."""
    from django_tenants.utils import schema_context

    from assessments.models import BlueprintItem, PresetPart, PresetQuestion, TestPreset
    from assessments.parts import form_points
    from assessments.tests.test_presets_api import post, preset_body
    from tenants.scope import current_schema_name, organization_sql

    plain = post(as_educator_a, "/api/v1/test-presets", preset_body(bank, round_id)).json()["data"]
    post(as_educator_a, f"/api/v1/test-presets/{plain['id']}/generate", {"seed": 5})
    parted = post(
        as_educator_a,
        "/api/v1/test-presets",
        preset_body(
            bank,
            round_id,
            subjects=[{"subject_id": bank["subject"], "items": []}],
            parts=[
                {
                    "question_type": "true_false",
                    "points_per_question": 0.25,
                    "items": [{"cluster_id": bank["t1"], "complexity_level_id": bank["nb"], "count": 4}],
                },
                {
                    "question_type": "true_false",
                    "points_per_question": 1.5,
                    "items": [{"cluster_id": bank["t1"], "complexity_level_id": bank["th"], "count": 2}],
                },
            ],
        ),
    ).json()["data"]
    post(as_educator_a, f"/api/v1/test-presets/{parted['id']}/generate", {"seed": 5})
    with schema_context(org_a.schema_name):
        last = PresetQuestion.objects.filter(preset_id=parted["id"]).order_by("-position").first()
        orphan = BlueprintItem.objects.create(
            preset_subject=last.blueprint_item.preset_subject, cluster_id=bank["t2"], count=1
        )
        PresetQuestion.objects.filter(pk=last.pk).update(blueprint_item=orphan)  # outside any part
        for pk in (plain["id"], parted["id"]):
            preset = TestPreset.objects.get(pk=pk)
            with connection.cursor() as cursor:
                cursor.execute(organization_sql(statements.shared_form_sql(), current_schema_name()), [pk])
                rows = cursor.fetchall()
            assert [(row[0], row[1]) for row in rows] == form_points(preset)
            parts = dict(PresetPart.objects.filter(preset=preset).values_list("pk", "position"))
            assert [parts.get(row[2]) for row in rows] == (
                [None] * 6 if pk == plain["id"] else [0, 0, 0, 0, 1, None]
            )
        assert [str(p) for _q, p in form_points(TestPreset.objects.get(pk=parted["id"]))] == [
            "0.25",
            "0.25",
            "0.25",
            "0.25",
            "1.50",
            "2.00",
        ]
