"""Project-wide pytest fixtures: two provisioned organizations (real schemas) for the session,
factories for people in them, and logged-in API clients."""

from __future__ import annotations

import time
from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

pytest_plugins = [
    "assessments.tests.fixtures",
    "config.tests.redis_plugin",
    "config.tests.s3",
    "config.tests.smtp",
    "pytester",
]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """After the test database is migrated, create two organizations with their schemas."""
    from tenants.models import Organization
    from tenants.services import organization_create, organization_provision_now

    with django_db_blocker.unblock():
        for name, slug in (("Org A", "org-a"), ("Org B", "org-b")):
            org = Organization.objects.filter(slug=slug).first() or organization_create(name=name, slug=slug)
            if not Organization.objects.get(pk=org.pk).is_ready:
                organization_provision_now(organization_id=org.pk)
        connection.set_schema_to_public()


@pytest.fixture
def org_a(db):
    return _session_org("Org A", "org-a")


@pytest.fixture
def org_b(db):
    return _session_org("Org B", "org-b")


def _session_org(name: str, slug: str):
    """The organization created for the session. A transactional test (``transaction=True``)
    ends with a flush that empties the public tables but leaves the schemas: put the row back,
    pointing at the existing, migrated schema."""
    from tenants.models import Organization
    from tenants.services import _schema_name_for

    org = Organization.objects.filter(slug=slug).first()
    if org is None:
        org = Organization.objects.create(
            name=name,
            slug=slug,
            schema_name=_schema_name_for(slug),
            provisioning_status=Organization.ProvisioningStatus.READY,
        )
    return org


@pytest.fixture(autouse=True)
def _clean_state(request, settings):
    """Each test starts in the public schema with an empty shared cache (rate-limit counters).
    Without Redis the shared cache is a database table: it is cleared only for tests that use the
    database (set up first, as the test asks for it)."""
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or bool(
        marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0]))
    )
    if transactional:
        request.getfixturevalue("transactional_db")
    elif marker is not None or "db" in request.fixturenames:
        request.getfixturevalue("db")
    if settings.REDIS_URL or marker is not None or {"db", "transactional_db"} & set(request.fixturenames):
        cache.clear()
    connection.set_schema_to_public()
    yield
    connection.set_schema_to_public()


@pytest.fixture(autouse=True)
def _one_rate_window(monkeypatch):
    """django-ratelimit counts in fixed windows, each ending at a moment shifted per counted value;
    requests that straddle the end count from zero again (in CI, 102 logins once crossed one and
    the 101st answered 400 instead of 429). In this process its clock stands still at the test's
    start, so a test's counted requests share one window. Tests against real server processes
    pick an address with time left instead (``config.tests.live_servers.address_with_window_left``).
    """
    now = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))


def client_for(profile) -> Client:
    """A test client logged in as ``profile``'s user with ``profile`` current."""
    from tenants.middleware import PROFILE_SESSION_KEY

    client = Client()
    client.force_login(profile.user)
    session = client.session
    session[PROFILE_SESSION_KEY] = profile.pk
    session.save()
    return client


@pytest.fixture
def educator_a(db, org_a):
    from accounts.tests.factories import ProfileFactory

    return ProfileFactory(educator=True, organization=org_a, is_admin=True)


@pytest.fixture
def educator_b(db, org_b):
    from accounts.tests.factories import ProfileFactory

    return ProfileFactory(educator=True, organization=org_b, is_admin=True)


@pytest.fixture
def learner(db):
    from accounts.tests.factories import ProfileFactory

    return ProfileFactory()


@pytest.fixture
def as_educator_a(educator_a) -> Client:
    return client_for(educator_a)


@pytest.fixture
def as_learner(learner) -> Client:
    return client_for(learner)
