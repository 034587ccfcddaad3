"""The answer save as one statement (issue 23), in a constant and small number of statements. Its
owner, session and state checks against their Python twins, and the order of its errors, are in
``test_twins.py`` (decision 0039)."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from conftest import client_for
from sitting.tests.test_taking import open_test, save, start

pytestmark = pytest.mark.django_db


def started(as_educator_a, bank, round_id, org_a):
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    token = start(client, eid, no_camera=True).json()["data"]["device_token"]
    questions = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"]
    return learner, eid, client, token, [q["id"] for q in questions]


def statements_of(queries) -> list[str]:
    """The captured statements after the session's read (none when Redis holds the session,
    decision 0030; in the database, with the SET its ORM query needs)."""
    statements = [q["sql"] for q in queries.captured_queries if "django_session" not in q["sql"]]
    if statements and statements[0] == 'SET search_path = "public"':
        statements = statements[1:]
    return statements


def test_a_save_is_one_statement_after_the_session(as_educator_a, bank, round_id, org_a):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    save(client, eid, qids[0], {"value": True}, 1, token)  # this process has read the question's shape
    with CaptureQueriesContext(connection) as queries:
        res = save(client, eid, qids[0], {"value": False}, 2, token)
    assert res.json()["data"]["applied"] is True
    # this process checked the session's profile in full on the start (decision 0033): the save's
    # own statement confirms it (profile, user, password) and names every table's schema
    statements = statements_of(queries)
    assert [sql.split()[0] for sql in statements] == ["WITH"]
    assert '"public".accounts_user' in statements[0] and '"public".accounts_profile' in statements[0]
    resumed = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"]
    assert [(a["question_id"], a["answer"], a["seq"]) for a in resumed] == [(qids[0], {"value": False}, 2)]


def test_a_save_after_a_fresh_process_checks_the_session_in_full_first(as_educator_a, bank, round_id, org_a):
    from tenants import middleware

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    save(client, eid, qids[0], {"value": True}, 1, token)
    middleware._CHECKED.clear()  # another process: it has not checked this session yet
    with CaptureQueriesContext(connection) as queries:
        res = save(client, eid, qids[0], {"value": False}, 2, token)
    assert res.json()["data"]["applied"] is True
    statements = statements_of(queries)
    assert [sql.split()[0] for sql in statements] == ["SELECT", "WITH"]
    assert '"public"."accounts_profile"' in statements[0]


def test_a_password_changed_in_this_session_keeps_saving(as_educator_a, bank, round_id, org_a):
    """A password change that keeps the session (Django's ``update_session_auth_hash``) does not
    match the remembered check: the statement refuses it, the full check passes, the save is
    written, and the next save is one statement again."""
    from django.contrib.auth import HASH_SESSION_KEY

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    save(client, eid, qids[0], {"value": True}, 1, token)
    user = learner.user
    user.set_password("Another@12345")
    user.save()
    session = client.session
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    res = save(client, eid, qids[0], {"value": False}, 2, token)
    assert res.status_code == 200 and res.json()["data"]["applied"] is True
    with CaptureQueriesContext(connection) as queries:
        assert save(client, eid, qids[0], {"value": True}, 3, token).json()["data"]["applied"] is True
    assert [sql.split()[0] for sql in statements_of(queries)] == ["WITH"]


def test_an_educator_is_refused_the_save_whatever_this_process_remembers(
    as_educator_a, bank, round_id, org_a
):
    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    res = save(as_educator_a, eid, qids[0], {"value": True}, 1, token)
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"


def test_a_start_is_ten_statements_after_the_session_most_without_a_search_path(
    as_educator_a, bank, round_id, org_a
):
    """A start (issue 23: 2,000 within 10 s): the profiles, the consent gate in one statement,
    the enrollment's schema (the first request of this enrollment in this process), the
    enrollment checked with its assignment locked in one, the latest attempt, the accommodation
    and the form, each written once per process and naming its tables' schemas; then one SET for
    the ORM's insert of the attempt and the assignment's update (13 before)."""
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    client = client_for(learner)
    caches["local"].delete(f"enrollment-schema:{eid}")
    with CaptureQueriesContext(connection) as queries:
        res = start(client, eid, no_camera=True)
    assert res.status_code == 200, res.json()
    # Left out: the session's read; the savepoint the test's own transaction makes of the start's
    # (with the SET of the public schema its ORM cursor sends first, in production a BEGIN with
    # no statement); that SET again after the start.
    statements = [
        q["sql"]
        for q in queries.captured_queries
        if "django_session" not in q["sql"]
        and q["sql"].split()[0] not in ("SAVEPOINT", "RELEASE")
        and q["sql"] != 'SET search_path = "public"'
    ]
    assert [sql.split()[0] for sql in statements] == [
        "SELECT", "SELECT", "SELECT", "SELECT", "SELECT", "SELECT", "SELECT", "SET", "INSERT", "UPDATE",
    ]  # fmt: skip
    assert (
        '"public"."consent_consent"' in statements[1] and '"public"."tenants_organization"' in statements[2]
    )
    assert [f'"{org_a.schema_name}".' in sql for sql in statements[3:7]] == [True] * 4
    assert "FOR UPDATE OF a" in statements[3]
    assert statements[7] == f'SET search_path = "{org_a.schema_name}","public"'
    attempt = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]
    assert (attempt["status"], len(attempt["questions"])) == ("in_progress", 6)


def test_the_hot_statements_do_not_depend_on_the_connections_schema(as_educator_a, bank, round_id, org_a):
    """The profiles of the request and the save run on ``tenants.scope.qualified_cursor`` (no
    ``SET search_path`` before them): with the connection's search path at ``pg_catalog``, where
    none of our tables is, both still find their rows, so neither can read another
    organization's table of the same name."""
    from accounts.models import Profile
    from sitting import attempts
    from tenants.middleware import _ACTIVE_PROFILES

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    assert save(client, eid, qids[0], {"value": True}, 1, token).json()["data"]["applied"] is True
    try:
        connection.connection.execute("SET search_path = pg_catalog")  # behind django-tenants' back
        ((profile, user, organization),) = _ACTIVE_PROFILES.rows([learner.user_id, Profile.Status.ACTIVE])
        assert (profile.pk, user.email, organization) == (learner.pk, learner.user.email, org_a)
        out = attempts.answer_save_owned(
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


def test_the_save_is_planned_once_per_connection(as_educator_a, bank, round_id, org_a):
    """The save's statement is a prepared statement of the connection (decision 0036): Postgres
    parses and plans it on the first save, not on every one."""

    def prepared() -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [row[0] for row in cursor.fetchall() if "WITH session AS" in row[0]]

    learner, eid, client, token, qids = started(as_educator_a, bank, round_id, org_a)
    for seq in (1, 2, 3):
        assert save(client, eid, qids[0], {"value": seq == 2}, seq, token).json()["data"]["applied"] is True
    (statement,) = prepared()
    assert f'"{org_a.schema_name}".assignments_attemptanswer' in statement and "$1" in statement
    resumed = client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["answers"]
    assert [(a["answer"], a["seq"]) for a in resumed] == [({"value": False}, 3)]
