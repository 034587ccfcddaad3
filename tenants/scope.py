"""The only ways to move a connection between organizations' schemas (issue 17, item 3).

ARCHITECTURE.md "Tenancy": each organization is a tenant with its own Postgres schema; shared
tables (users, profiles, enrollments, the marketplace) live in ``public``. Code outside this
module never calls ``schema_context``/``set_tenant``/``set_schema*`` itself, and no ``api*.py``
module touches schemas at all (``config/tests/test_one_rule.py`` checks both):

(a) :func:`profile_schema_activate`: the request's schema from its current profile (the
    middleware, login, switch-profile);
(b) :func:`organization_schema`: run a block in one organization's schema (the enrollment's
    organization of a learner, the listing's organization of a purchase), restoring the previous
    schema afterwards; :func:`owned_enrollment` opens one enrollment's organization for its owner
    or raises the 404 envelope;
(c) :func:`for_each_ready_organization`: a function in every ready organization, one failing
    organization logged and skipped, never ``public`` (:func:`each_ready_organization` passes
    the organization to it);
(d) :func:`union_all`: one query over several organizations' schemas, identifiers quoted by
    ``psycopg.sql``; :func:`organization_sql` the same for one organization, with
    :func:`enrollment_schema` for statements that check an enrollment's owner themselves.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar, cast

from django.conf import settings
from django.db import connection
from django_tenants.utils import get_public_schema_name, schema_context
from psycopg import sql

from config.joined import JoinedSelect

logger = logging.getLogger(__name__)
T = TypeVar("T")


class _TenantConnection(Protocol):
    schema_name: str


def current_schema_name() -> str:
    """The schema the connection is set to (django-tenants' ``connection.schema_name``, which
    Django's connection type does not declare)."""
    return cast("_TenantConnection", connection).schema_name


def profile_schema_activate(profile: Any | None) -> None:
    """Put the connection on ``profile``'s schema: its organization's for an educator (a profile
    whose ``uses_tenant_schema`` is true), ``public`` for anyone else or for ``None``."""
    if profile is not None and profile.uses_tenant_schema:
        connection.set_tenant(profile.organization)
    else:
        connection.set_schema_to_public()


@contextlib.contextmanager
def organization_schema(schema_name: str) -> Iterator[None]:
    """Run the block in the schema ``schema_name`` (an ``Organization.schema_name``, never user
    input); the previous schema is restored afterwards, also on an exception."""
    with schema_context(schema_name):
        yield


def owned_enrollment_get(*, profile: Any, enrollment_id: int, kind: str, message: str) -> Any:
    """The active ``Enrollment`` ``enrollment_id`` of kind ``kind`` ("test" or "survey") that
    belongs to ``profile``, with its ``organization``: the one Python copy of the rule (its SQL
    twin for the sitting's fast statements is ``sitting.statements.owned_enrollment_condition``,
    the parity test ``sitting/tests/test_twins.py``; decision 0039). One query.

    Raises the 404 envelope (``not_found``, with the localized ``message``) when the enrollment
    does not exist, is inactive, of another kind or someone else's: a learner cannot tell another
    learner's ids from missing ones (spec section 6).
    """
    from accounts.models import Enrollment
    from config.errors import not_found

    enrollment = (
        Enrollment.objects.select_related("organization")
        .filter(pk=enrollment_id, profile=profile, kind=kind, is_active=True)
        .first()
    )
    if enrollment is None:
        raise not_found(message)
    return enrollment


@contextlib.contextmanager
def owned_enrollment(*, profile: Any, enrollment_id: int, kind: str, message: str) -> Iterator[Any]:
    """``owned_enrollment_get``, with the block running in the enrollment's organization schema."""
    enrollment = owned_enrollment_get(
        profile=profile, enrollment_id=enrollment_id, kind=kind, message=message
    )
    with schema_context(enrollment.organization.schema_name):
        yield enrollment


def enrollment_schema(enrollment_id: int) -> str | None:
    """The schema name of enrollment ``enrollment_id``'s organization, or None for an unknown id;
    for one-statement paths that check the enrollment's owner in the statement itself
    (``sitting.attempts.answer_save_owned`` and ``assignment_owned_locked``, issue 23). It proves nothing about who may use the
    enrollment. Cached in this process (the "local" cache, like a published question's shape): an
    enrollment never moves to another organization and a schema is never renamed, so no process
    can hold a stale value; a deleted enrollment is not found by the caller's statement."""
    from django.core.cache import caches

    from accounts.models import Enrollment
    from tenants.models import Organization

    cache = caches["local"]
    key = f"enrollment-schema:{enrollment_id}"
    schema_name = cache.get(key)
    if schema_name is None:
        with qualified_cursor() as cursor:  # no ORM compiling, no SET: a start's first statement
            cursor.execute(
                f"SELECT o.schema_name FROM {public_table(Enrollment._meta.db_table)} e "  # noqa: S608 (fixed SQL)
                f"JOIN {public_table(Organization._meta.db_table)} o ON o.id = e.organization_id WHERE e.id = %s",
                [enrollment_id],
            )
            row = cursor.fetchone()
        schema_name = row[0] if row else None
        if schema_name is not None:
            cache.set(key, schema_name, 24 * 3600)
    return schema_name


def qualified_cursor():
    """A cursor for statements that name every table's schema (``organization_sql``,
    ``union_all``, ``public_table``): no ``SET search_path`` is sent before them, so a request
    on the hot paths of a sitting (issue 23) spends one round trip less. Never run a statement
    with an unqualified table on it: it would read whatever schema the pooled connection last
    used (``assignments/tests/test_taking_hot_path.py`` runs both hot statements with the search
    path at ``pg_catalog``). Use as ``with qualified_cursor() as cursor``."""
    return connection.qualified_cursor()


def prepared_cursor():
    """``qualified_cursor`` whose statements are prepared once per pooled connection, with
    server-side binding (``config.db_backend``, decision 0036): for a fixed statement of a hot
    path (the answer save). Every table named with its schema, as for ``qualified_cursor``."""
    return connection.prepared_cursor()


@functools.lru_cache(maxsize=256)
def public_table(table: str) -> str:
    """``"public".<table>``: a table of the shared schema named with its schema, for statements
    on ``qualified_cursor``."""
    return f"{connection.ops.quote_name(get_public_schema_name())}.{connection.ops.quote_name(table)}"


class OrganizationSelect(JoinedSelect):
    """A ``config.joined.JoinedSelect`` over one organization's tables and the shared ones,
    written once per process and run on :func:`qualified_cursor` (no ``SET search_path`` before
    it; issue 23). ``define()`` returns the models and the tail, whose tables are named
    ``{schema}.<table>`` or ``{public}.<table>`` (:func:`organization_sql`; literal braces
    doubled). ``rows_in(schema_name, params)`` runs it in the schema ``schema_name`` (an
    ``Organization.schema_name``, never user input); ``rows_here(params)`` in the connection's
    current organization (inside :func:`organization_schema` or a tenant request)."""

    def __init__(self, define: Callable[[], tuple[list[tuple[str, Any]], str]]) -> None:
        super().__init__(define, cursor=qualified_cursor)

    def rows_in(self, schema_name: str, params: list[Any]) -> list[tuple[Any, ...]]:
        return self.rows(params, sql=organization_sql(self.sql, schema_name))

    def rows_here(self, params: list[Any]) -> list[tuple[Any, ...]]:
        schema_name = connection.schema_name
        if schema_name == get_public_schema_name():
            raise RuntimeError("OrganizationSelect.rows_here runs in an organization's schema")
        return self.rows_in(schema_name, params)


def table(model: Any, schema: str = "schema") -> str:
    """``{schema}.<model's table>`` (or ``{public}.`` with ``schema="public"``) for the tail of an
    :class:`OrganizationSelect` or a statement of :func:`organization_sql`."""
    return f"{{{schema}}}.{connection.ops.quote_name(model._meta.db_table)}"


@functools.lru_cache(maxsize=4096)
def organization_sql(part: str, schema_name: str) -> str:
    """One statement over one organization's schema and the shared one, as SQL text for
    ``cursor.execute``, whatever the connection's current schema: ``part`` as for
    :func:`union_all` (``{schema}``, ``{public}``; ``%s`` or ``%(name)s`` placeholders stay).
    Written once per process for each statement and schema (the text depends on nothing else)."""
    return union_all(part, [schema_name])


def ready_schema_names() -> list[str]:
    """The schema names of every organization whose schema is ready, in id order, never ``public``
    (the row django-tenants needs is not an organization with tenant tables)."""
    from tenants.models import Organization

    return list(
        Organization.objects.filter(provisioning_status=Organization.ProvisioningStatus.READY)
        .exclude(schema_name=settings.PUBLIC_SCHEMA_NAME)
        .order_by("id")
        .values_list("schema_name", flat=True)
    )


def for_each_ready_organization(func: Callable[[], T], *, label: str) -> dict[str, T]:
    """Call ``func()`` inside each ready organization's schema (see :func:`ready_schema_names`).

    Returns ``{schema_name: result}`` of the organizations where it succeeded. An exception in one
    organization is logged (with ``label``) and the loop goes on with the next one: one broken
    schema must not stop a periodic sweep for everyone else.
    """
    return each_ready_organization(lambda _organization: func(), label=label)


def each_ready_organization(func: Callable[[Any], T], *, label: str) -> dict[str, T]:
    """:func:`for_each_ready_organization` for work that needs the organization itself (its
    settings, such as its retention policy; issue 24, item 3): ``func(organization)`` runs inside
    each ready organization's schema, in id order, never ``public``; one failing organization is
    logged and skipped."""
    from tenants.models import Organization

    organizations = (
        Organization.objects.filter(provisioning_status=Organization.ProvisioningStatus.READY)
        .exclude(schema_name=settings.PUBLIC_SCHEMA_NAME)
        .order_by("id")
    )
    results: dict[str, T] = {}
    for organization in organizations:
        try:
            with schema_context(organization.schema_name):
                results[organization.schema_name] = func(organization)
        except Exception:
            logger.exception("%s failed in schema %s", label, organization.schema_name)
    return results


def union_all(part: str, schemas: Iterable[str]) -> str:
    """One ``SELECT`` per schema joined by ``UNION ALL``, as SQL text for ``cursor.execute``.

    ``part`` is a ``psycopg.sql.SQL`` template: ``{schema}`` stands for the organization's schema
    and ``{public}`` for the shared one, both quoted as identifiers; ``%s`` placeholders stay for
    the parameters, which the caller repeats once per schema, in order. Literal braces are written
    ``{{`` and ``}}``. Raises ``ValueError`` for no schemas.
    """
    schemas = list(schemas)
    if not schemas:
        raise ValueError("union_all needs at least one schema")
    template = sql.SQL(part)
    public = sql.Identifier(settings.PUBLIC_SCHEMA_NAME)
    composed = sql.SQL(" UNION ALL ").join(
        template.format(schema=sql.Identifier(s), public=public) for s in schemas
    )
    connection.ensure_connection()
    return composed.as_string(connection.connection)
