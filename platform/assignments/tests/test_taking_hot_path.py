"""The answer save as one statement (issue 23): the same owner, state and order of errors as
before (messages in Vietnamese, the default language), in a constant and small number of
statements."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Enrollment
from accounts.tests.factories import ProfileFactory
from assignments.tests.test_taking import open_test, save, start
from conftest import client_for

pytestmark = pytest.mark.django_db


def started(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    return learner, eid, client, token, [q["id"] for q in questions]


def test_a_save_is_two_statements_after_the_session(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    save(client, eid, qids[0], {"value": True}, 1, token)  # this process has read the question's shape
    with CaptureQueriesContext(connection) as queries:
        res = save(client, eid, qids[0], {"value": False}, 2, token)
    assert res.json()["data"]["applied"] is True
    # besides the session's read (none when Redis holds the session, decision 0030; in the
    # database, with the SET its ORM query needs): the learner's profiles and the save, both
    # naming their tables' schemas, so no SET search_path of their own
    session = [q["sql"] for q in queries.captured_queries if "django_session" in q["sql"]]
    statements = [q["sql"] for q in queries.captured_queries if "django_session" not in q["sql"]]
    if session:
        assert statements[0] == 'SET search_path = "public"'
        statements = statements[1:]
    assert [sql.split()[0] for sql in statements] == ["SELECT", "WITH"]
    assert '"public"."accounts_profile"' in statements[0]
    resumed = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"]
    assert [(a["question_id"], a["answer"], a["seq"]) for a in resumed] == [(qids[0], {"value": False}, 2)]


def test_another_learners_enrollment_is_not_found_and_nothing_is_saved(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    stranger = client_for(ProfileFactory(organization=org_a))
    res = save(stranger, eid, qids[0], {"value": True}, 1, token)  # even with the right device token
    assert res.status_code == 404 and res.json()["message"] == "Không tìm thấy bài được giao."
    assert save(stranger, 987_654_321, qids[0], {"value": True}, 1, token).json()["message"] == (
        "Không tìm thấy bài được giao."
    )
    assert client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"] == []


def test_an_inactive_enrollment_is_not_found_after_its_schema_was_cached(
    as_educator_a, bank, round_id, org_a
):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    assert save(client, eid, qids[0], {"value": True}, 1, token).json()["data"]["applied"] is True
    Enrollment.objects.filter(pk=eid).update(is_active=False)
    res = save(client, eid, qids[0], {"value": False}, 2, token)
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


def test_the_hot_statements_do_not_depend_on_the_connections_schema(as_educator_a, bank, round_id, org_a):
    """The profiles of the request and the save run on ``tenants.scope.qualified_cursor`` (no
    ``SET search_path`` before them): with the connection's search path at ``pg_catalog``, where
    none of our tables is, both still find their rows, so neither can read another
    organization's table of the same name."""
    from accounts.models import Profile
    from assignments import taking
    from tenants.middleware import _ACTIVE_PROFILES

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    assert save(client, eid, qids[0], {"value": True}, 1, token).json()["data"]["applied"] is True
    try:
        connection.connection.execute("SET search_path = pg_catalog")  # behind django-tenants' back
        ((profile, user, organization),) = _ACTIVE_PROFILES.rows([learner.user_id, Profile.Status.ACTIVE])
        assert (profile.pk, user.email, organization) == (learner.pk, learner.user.email, org_a)
        out = taking.answer_save_owned(
            profile_id=learner.pk,
            enrollment_id=eid,
            device_token=token,
            question_id=qids[0],
            answer={"value": False},
            flagged=True,
            seq=2,
            not_found_message="-",
        )
        assert out["applied"] is True
        (path,) = connection.connection.execute("SHOW search_path").fetchone()
        assert path == "pg_catalog"
    finally:
        connection.search_path_set_schemas = None  # the next ORM statement sets it again
    resumed = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"]
    assert [(a["answer"], a["flagged"], a["seq"]) for a in resumed] == [({"value": False}, True, 2)]
