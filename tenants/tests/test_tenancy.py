"""Tenancy: schema per organization, schema chosen by the session's profile, tenant tasks,
organization provisioning (issue 2, items 2 and 5)."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse
from django.test import RequestFactory
from django_tenants.utils import schema_context, schema_exists

from accounts.tests.factories import ProfileFactory
from assessments.models import QuestionBank
from conftest import client_for
from tenants.middleware import PROFILE_SESSION_KEY, ProfileTenantMiddleware
from tenants.models import Organization
from tenants.services import organization_create, organization_provision_now
from tenants.tasks import tenant_task

pytestmark = pytest.mark.django_db


def test_same_query_in_two_schemas_sees_only_its_own_rows(org_a, org_b):
    with schema_context(org_a.schema_name):
        QuestionBank.objects.create(name="Toán 10 - A", created_by_profile_id=1)
    with schema_context(org_b.schema_name):
        QuestionBank.objects.create(name="Văn 11 - B", created_by_profile_id=2)
        b_id = QuestionBank.objects.get().id
    with schema_context(org_a.schema_name):
        assert list(QuestionBank.objects.values_list("name", flat=True)) == ["Toán 10 - A"]
        assert not QuestionBank.objects.filter(pk=b_id, name="Văn 11 - B").exists()
    with schema_context(org_b.schema_name):
        assert list(QuestionBank.objects.values_list("name", flat=True)) == ["Văn 11 - B"]


def test_tenant_table_absent_from_public_schema():
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.assessments_questionbank')")
        assert cursor.fetchone()[0] is None


def _schema_seen_by(profile) -> str:
    seen = {}

    def view(request):
        seen["schema"] = connection.schema_name
        seen["profile"] = request.profile
        return HttpResponse("ok")

    client = client_for(profile)  # builds a real session
    request = RequestFactory().get("/")
    from django.contrib.sessions.backends.cached_db import SessionStore

    request.session = SessionStore(session_key=client.session.session_key)
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    ProfileTenantMiddleware(view)(request)
    assert connection.schema_name == "public"  # restored after the request
    return seen


def test_middleware_educator_uses_org_schema_learner_public(educator_a, org_a, org_b):
    seen = _schema_seen_by(educator_a)
    assert seen["schema"] == org_a.schema_name and seen["profile"] == educator_a
    learner_in_org = ProfileFactory(organization=org_b)
    assert _schema_seen_by(learner_in_org)["schema"] == "public"


def test_middleware_never_uses_a_profile_of_another_user(educator_a, learner):
    """A session naming a profile that is not an active profile of its user (another user's, or
    one removed since) is ended: 401, never the other profile's organization."""
    client = client_for(learner)
    session = client.session
    session[PROFILE_SESSION_KEY] = educator_a.pk  # not this user's profile
    session.save()
    res = client.get("/api/v1/auth/is-authorized")
    assert res.status_code == 401 and res.json()["code"] == "not_authenticated"
    assert client.get("/api/v1/auth/is-authorized").status_code == 401


def test_is_authorized_query_count(educator_a, django_assert_max_num_queries):
    client = client_for(educator_a)
    client.get("/api/v1/auth/is-authorized")
    with django_assert_max_num_queries(3):  # session, profiles+user+org, search_path
        res = client.get("/api/v1/auth/is-authorized")
    assert res.status_code == 200


@tenant_task()
def _count_banks() -> tuple[str, int]:
    return connection.schema_name, QuestionBank.objects.count()


def test_tenant_task_runs_in_the_given_schema(org_a, org_b):
    with schema_context(org_b.schema_name):
        QuestionBank.objects.create(name="B1", created_by_profile_id=1)
        QuestionBank.objects.create(name="B2", created_by_profile_id=1)
    result = _count_banks(org_b.schema_name)
    assert result.get() == (org_b.schema_name, 2)
    assert _count_banks(org_a.schema_name).get() == (org_a.schema_name, 0)
    assert connection.schema_name == "public"


@pytest.mark.django_db(transaction=True)
def test_create_organization_command_provisions_schema(django_db_blocker):
    call_command("create_organization", "Trường THCS Thử", "--slug", "thcs-thu", "--sync")
    org = Organization.objects.get(slug="thcs-thu")
    try:
        assert org.provisioning_status == "ready" and schema_exists(org.schema_name)
        with schema_context(org.schema_name):
            assert QuestionBank.objects.count() == 0
    finally:
        org.delete(force_drop=True)


@pytest.mark.django_db(transaction=True)
def test_organization_create_queues_provisioning_and_records_failure(monkeypatch):
    org = organization_create(name="Hàng đợi", slug="hang-doi")  # huey runs immediately in tests
    try:
        org.refresh_from_db()
        assert org.provisioning_status == "ready" and schema_exists(org.schema_name)

        def boom(self, **kwargs):
            raise RuntimeError("disk full")

        monkeypatch.setattr(Organization, "create_schema", boom)
        org = organization_provision_now(organization_id=org.pk)
        assert org.provisioning_status == "failed" and "disk full" in org.provisioning_error
    finally:
        monkeypatch.undo()
        org.delete(force_drop=True)


redis_url = os.environ.get("REDIS_URL")


@pytest.mark.redis
@pytest.mark.skipif(not redis_url, reason="no Redis answered (REDIS_URL unset)")
def test_redis_huey_round_trip():
    from huey import RedisHuey

    huey = RedisHuey("platform-test-" + os.environ.get("PYTEST_XDIST_WORKER", "main"), url=redis_url)
    huey.flush()

    @huey.task()
    def add(a, b):
        return a + b

    result = add(2, 3)
    assert huey.pending_count() == 1
    task = huey.dequeue()
    huey.execute(task)
    assert result.get() == 5
    huey.flush()


@pytest.mark.redis
@pytest.mark.skipif(not redis_url, reason="no Redis answered (REDIS_URL unset)")
def test_login_rate_limit_on_redis_cache(learner, settings):
    from django.core.cache import caches

    assert "redis" in settings.CACHES["default"]["BACKEND"].lower()
    caches["default"].clear()
    settings.LOGIN_RATE_PER_ACCOUNT = "2/5m"
    from django.test import Client

    for _ in range(2):
        Client().post(
            "/public/api/auth/login",
            {"email": learner.user.email, "password": "x"},
            content_type="application/json",
        )
    res = Client().post(
        "/public/api/auth/login",
        {"email": learner.user.email, "password": "x"},
        content_type="application/json",
    )
    assert res.status_code == 429


def test_migrate_tenants_only_touches_stale_schemas(org_a, org_b, monkeypatch):
    from io import StringIO

    from tenants.management.commands import migrate_tenants

    out = StringIO()
    call_command("migrate_tenants", stdout=out)
    assert "0 migrated" in out.getvalue()
    # A migration the schemas have not applied yet makes every organization schema stale.
    real = migrate_tenants.tenant_migrations_required
    monkeypatch.setattr(
        migrate_tenants, "tenant_migrations_required", lambda: real() | {("assessments", "9999_future")}
    )
    migrated = []
    monkeypatch.setattr(
        migrate_tenants, "call_command", lambda name, schema_name, **kw: migrated.append(schema_name)
    )
    out = StringIO()
    call_command("migrate_tenants", stdout=out)
    assert {org_a.schema_name, org_b.schema_name} <= set(migrated)


def test_periodic_tasks_loop_over_organizations_never_the_public_schema(org_a, org_b):
    """The public tenant row is READY too; the every-minute sweep used to start there and fail on
    the first query ("relation assignments_attempt does not exist"), so no overdue attempt of any
    organization was submitted at its deadline under ./ops/run."""
    from sitting.tasks import attempts_sweep
    from tenants.scope import ready_schema_names
    from tenants.services import public_tenant_ensure

    public_tenant_ensure()
    assert ready_schema_names() == [org_a.schema_name, org_b.schema_name]
    assert attempts_sweep.call_local() == 0
