"""Writes for organizations (tenants)."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Iterator

import psycopg
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.loader import MigrationLoader
from django.utils.text import slugify
from django_tenants.utils import schema_exists
from psycopg import sql

from tenants.models import Domain, Organization
from tenants.scope import union_all

logger = logging.getLogger(__name__)


def _schema_name_for(slug: str) -> str:
    return "org_" + slug.replace("-", "_")[:50]


@transaction.atomic
def organization_create(
    *, name: str, slug: str = "", survey_management_allowed: bool = False
) -> Organization:
    """Create an organization row and queue the task that creates and migrates its schema.

    The schema name is ``org_<slug>``. Returns the organization with ``provisioning_status``
    ``pending``; the huey task ``organization_provision`` moves it to ``ready`` or ``failed``.
    """
    from tenants.tasks import organization_provision

    slug = slugify(slug or name)[:50] or "org"
    org = Organization.objects.create(
        name=name,
        slug=slug,
        schema_name=_schema_name_for(slug),
        survey_management_allowed=survey_management_allowed,
    )
    Domain.objects.create(
        tenant=org, domain=f"{slug}.{settings.SITE_URL.split('//')[-1].split(':')[0]}", is_primary=True
    )
    transaction.on_commit(lambda: organization_provision(org.id))
    return org


def organization_provision_now(*, organization_id: int) -> Organization:
    """Create (if missing) the schema of the organization, synchronously.

    A missing schema is cloned from the migrated template schema (``schema_clone_from_template``,
    issue 21 item 7, decision 0026: ~0.3-0.7 s instead of 2-5 s of migrations); an existing one is
    left as it is (``migrate_tenants`` migrates it). Called by the huey task and by
    ``manage.py create_organization --sync``. Records the outcome in ``provisioning_status`` /
    ``provisioning_error``; re-raises nothing (the status says it).
    """
    org = Organization.objects.get(pk=organization_id)
    try:
        if schema_exists(org.schema_name):
            org.create_schema(check_if_exists=True, sync_schema=True, verbosity=0)
        else:
            schema_clone_from_template(org.schema_name)
    except Exception as exc:  # recorded for the admin; the task must not retry forever
        logger.exception("provisioning of organization %s failed", org.pk)
        connection.set_schema_to_public()
        Organization.objects.filter(pk=org.pk).update(
            provisioning_status=Organization.ProvisioningStatus.FAILED, provisioning_error=str(exc)[:2000]
        )
    else:
        connection.set_schema_to_public()
        Organization.objects.filter(pk=org.pk).update(
            provisioning_status=Organization.ProvisioningStatus.READY, provisioning_error=""
        )
    org.refresh_from_db()
    return org


def public_tenant_ensure() -> Organization:
    """The public tenant row (schema ``public``) that django-tenants expects; created once."""
    org, _ = Organization.objects.get_or_create(
        schema_name=settings.PUBLIC_SCHEMA_NAME,
        defaults={
            "name": "Public",
            "slug": "public",
            "provisioning_status": Organization.ProvisioningStatus.READY,
        },
    )
    return org


def current_organization_id() -> int:
    """The id of the organization whose schema the connection is on: ``connection.tenant`` when
    the middleware set a real Organization, else looked up by schema name (``schema_context``
    in tasks and cross-organization calls sets a stand-in without an id). Raises
    ``Organization.DoesNotExist`` on the public schema."""
    from django.db import connection

    from tenants.models import Organization

    tenant = getattr(connection, "tenant", None)
    if isinstance(tenant, Organization) and tenant.pk:
        return tenant.pk
    return Organization.objects.only("id").get(schema_name=connection.schema_name).pk


# --- the template schema (issue 21, item 7; decision 0026) ---------------------------------------
# A schema named TENANT_TEMPLATE_SCHEMA holds every tenant migration and nothing else; a new
# organization's schema is a copy of it (tables, indexes, constraints, sequences, the rows the
# migrations wrote, django_migrations included), which takes a fraction of a second where running
# the 50-odd tenant migrations takes seconds. ``migrate_tenants`` migrates it before the
# organizations' schemas; provisioning migrates it first if it is missing or behind, so a copy is
# never older than the code. One advisory lock serializes template work and copies between
# processes (two copies at once would race on ``CREATE OR REPLACE FUNCTION clone_schema``).
TEMPLATE_LOCK_KEY = 7_021_007  # pg_advisory_lock key: issue 21, item 7


def template_schema_name() -> str:
    """The template schema's name (setting ``TENANT_TEMPLATE_SCHEMA``, default
    ``tenant_template``: no organization's ``org_<slug>`` can take it)."""
    return getattr(settings, "TENANT_TEMPLATE_SCHEMA", "tenant_template")


def tenant_migrations_required() -> set[tuple[str, str]]:
    """Every (app, migration name) of the apps that live in tenant schemas (TENANT_APPS), from the
    migration graph of the code (one ``MigrationLoader``, ~0.1 s)."""
    apps = {label.rsplit(".", 1)[-1] for label in settings.TENANT_APPS}
    loader = MigrationLoader(connection, ignore_no_migrations=True)
    return {key for key in loader.graph.nodes if key[0] in apps}


def schemas_missing_migrations(schemas: list[str], required: set[tuple[str, str]]) -> list[str]:
    """The schemas of ``schemas`` whose ``django_migrations`` lacks a migration of ``required``
    (or that have no such table, or do not exist), in the given order.

    One catalogue query finds the schemas that have the table, then one query per 500 schemas
    counts the required rows in each (``UNION ALL``): a no-op check of 1,000 schemas is three
    round trips, not 2,000."""
    if not schemas:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relname = 'django_migrations' AND c.relkind = 'r' AND n.nspname = ANY(%s)",
            [schemas],
        )
        with_table = {row[0] for row in cursor.fetchall()}
        names = sorted(f"{app}.{name}" for app, name in required)
        complete: set[str] = set()
        present = [s for s in schemas if s in with_table]
        for start in range(0, len(present), 500):
            chunk = present[start : start + 500]
            query = union_all(
                "SELECT %s, count(*) FROM {schema}.django_migrations WHERE app || '.' || name = ANY(%s)",
                chunk,
            )
            cursor.execute(query, [value for schema in chunk for value in (schema, names)])
            complete |= {schema for schema, count in cursor.fetchall() if count == len(names)}
    return [s for s in schemas if s not in complete]


def template_schema_ensure(*, required: set[tuple[str, str]] | None = None, verbosity: int = 0) -> bool:
    """Create the template schema if missing and apply the tenant migrations it lacks; the caller
    holds the template lock (``template_lock``). Returns whether anything was migrated."""
    template = template_schema_name()
    required = tenant_migrations_required() if required is None else required
    if not schemas_missing_migrations([template], required):
        return False
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(template)))
    call_command("migrate_schemas", schema_name=template, interactive=False, verbosity=verbosity)
    connection.set_schema_to_public()
    return True


def connection_of_its_own() -> psycopg.Connection:
    """A new psycopg connection (autocommit) to Django's database, outside Django and its pool,
    for a session-level lock that must not follow Django's connection (``template_lock``). Use
    as ``with connection_of_its_own() as conn``: closed at the end of the block."""
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


@contextlib.contextmanager
def template_lock(*, shared: bool = False) -> Iterator[None]:
    """Session-level advisory lock on TEMPLATE_LOCK_KEY for the block: exclusive to migrate the
    template (and replace the ``clone_schema`` function), shared to copy it, so copies run side
    by side but never read a template being migrated. Session-level because migrations commit on
    their own.

    The lock is held on a connection of its own, opened for the block and closed after it, not
    on Django's: ``migrate_schemas`` closes Django's connection when it is done, and with the
    pool (``config/settings.py``) that hands the connection back to the pool still holding the
    lock, so the unlock ran on another connection and the lock leaked; the next copy in that
    process then waited for it forever (found in session 11; ``test_template.py``)."""
    suffix = "_shared" if shared else ""
    with connection_of_its_own() as holder:
        holder.execute(f"SELECT pg_advisory_lock{suffix}(%s)", [TEMPLATE_LOCK_KEY])
        try:
            yield
        finally:
            holder.execute(f"SELECT pg_advisory_unlock{suffix}(%s)", [TEMPLATE_LOCK_KEY])


def schema_clone_from_template(schema_name: str) -> None:
    """Create the schema ``schema_name`` as a copy of the template schema (migrated first if it is
    missing or behind the code): ``schema_copy_statements`` run in one transaction, so a failed
    copy leaves nothing. Raises ``ValidationError`` if a schema of that name (any case) exists.
    ``tenants/tests/test_template.py`` checks that a copy equals a migrated schema.

    django-tenants' ``clone_schema`` SQL function was measured first (decision 0026): 0.7 s a copy
    with 20 schemas, 6 s with 100, since it reads whole catalogue views; this reads the template's
    own catalogue rows only, ~0.1-0.2 s whatever the number of schemas."""
    required = _required_cached()
    if schemas_missing_migrations([template_schema_name()], required):
        with template_lock():
            template_schema_ensure(required=required)
    if schema_exists(schema_name, case_sensitive=False):
        raise ValidationError("New schema name already exists")
    with template_lock(shared=True), transaction.atomic(), connection.cursor() as cursor:
        for statement in schema_copy_statements(template_schema_name(), schema_name):
            cursor.execute(statement)
    connection.set_schema_to_public()


def schema_copy_statements(source: str, target: str) -> list[str]:
    """The SQL statements that make schema ``target`` a copy of schema ``source``: its tables
    (columns, defaults, NOT NULL, identity columns; ``CREATE TABLE ... LIKE``), their rows, the
    identity sequences' positions, then the constraints (primary keys, unique, checks) and indexes
    under their own names, then the foreign keys (to the copy's tables, or to ``public``).

    The template holds tables, indexes, constraints and identity sequences only (no views,
    functions, triggers or types: ``test_a_copy_of_the_template_equals_a_migrated_schema`` would
    show anything missed). Definitions are read with ``search_path`` set to ``source`` so that
    its own tables come out unqualified and resolve in ``target`` when replayed."""
    src, dst = sql.Identifier(source), sql.Identifier(target)
    tables, filled, positions, constraints, indexes = _template_shape(source)
    with connection.cursor() as cursor:
        cursor.execute("SELECT quote_ident(%s), quote_ident(%s)", [source, target])
        quoted_source, quoted_target = cursor.fetchone()
    out = [sql.SQL("CREATE SCHEMA {}").format(dst), sql.SQL("SET LOCAL search_path = {}, public").format(dst)]
    for table in tables:
        out.append(
            sql.SQL(
                "CREATE TABLE {}.{} (LIKE {}.{} INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING GENERATED "
                "INCLUDING STORAGE INCLUDING COMMENTS)"
            ).format(dst, sql.Identifier(table), src, sql.Identifier(table))
        )
    for table in filled:
        out.append(
            sql.SQL("INSERT INTO {}.{} OVERRIDING SYSTEM VALUE SELECT * FROM {}.{}").format(
                dst, sql.Identifier(table), src, sql.Identifier(table)
            )
        )
    for table, column, last_value in positions:
        out.append(
            sql.SQL("SELECT setval(pg_get_serial_sequence({}, {}), {}, true)").format(
                sql.Literal(f"{quoted_target}.{sql.Identifier(table).as_string(None)}"),
                sql.Literal(column),
                sql.Literal(last_value),
            )
        )
    for table, name, definition in constraints:
        out.append(
            sql.SQL("ALTER TABLE {}.{} ADD CONSTRAINT {} {}").format(
                dst, sql.Identifier(table), sql.Identifier(name), sql.SQL(definition)
            )
        )
    for definition in indexes:
        out.append(sql.SQL(definition.replace(f" ON {quoted_source}.", f" ON {quoted_target}.", 1)))
    out.append(sql.SQL("SET LOCAL search_path = public"))
    with connection.cursor() as cursor:
        return [statement.as_string(cursor.connection) for statement in out]


_shapes: dict[tuple, tuple] = {}


def _template_shape(source: str) -> tuple:
    """The catalogue facts ``schema_copy_statements`` replays: (tables, tables with rows, identity
    positions, constraints, indexes) of schema ``source``.

    Reading them scans pg_class, pg_constraint and pg_depend, whose size grows with every schema
    (0.7-1.8 s with 1,000 organizations on this machine), so they are kept in this process keyed
    by the schema's oid and its ``django_migrations`` (count, last id), read afresh on every
    call: the template only changes when it is migrated, which changes the key, so a kept shape
    can never disagree with the database (nothing here needs to agree across processes)."""
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL(
                "SELECT (SELECT oid FROM pg_namespace WHERE nspname = %s), count(*), max(id) FROM {}.django_migrations"
            ).format(sql.Identifier(source)),
            [source],
        )
        key = (source, *cursor.fetchone())
    if key in _shapes:
        return _shapes[key]
    src = sql.Identifier(source)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql.SQL("SET LOCAL search_path = {}").format(src).as_string(cursor.connection))
        # One scan of pg_class for the schema's relations; the rest goes through oid indexes.
        cursor.execute(
            "SELECT oid, relname, relkind FROM pg_class WHERE relnamespace = %s::regnamespace AND relkind IN ('r', 'S')",
            [source],
        )
        rows = cursor.fetchall()
        tables = sorted(name for _oid, name, kind in rows if kind == "r")
        table_oids = [oid for oid, _name, kind in rows if kind == "r"]
        sequence_oids = [oid for oid, _name, kind in rows if kind == "S"]
        cursor.execute(
            "SELECT cl.relname, co.conname, pg_get_constraintdef(co.oid) FROM pg_constraint co "
            "JOIN pg_class cl ON cl.oid = co.conrelid WHERE co.conrelid = ANY(%s::oid[]) "
            "ORDER BY co.contype = 'f', cl.relname, co.conname",
            [table_oids],
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            "WHERE i.indrelid = ANY(%s::oid[]) AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint co WHERE co.conindid = i.indexrelid AND co.conrelid = i.indrelid "
            "AND co.contype IN ('p', 'u', 'x')) ORDER BY c.relname",
            [table_oids],
        )
        indexes = [row[0] for row in cursor.fetchall()]
        cursor.execute(
            "SELECT t.relname, a.attname, pg_sequence_last_value(d.objid) FROM pg_depend d "
            "JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid "
            "WHERE d.classid = 'pg_class'::regclass AND d.objid = ANY(%s::oid[]) AND d.deptype IN ('i', 'a') "
            "AND d.refclassid = 'pg_class'::regclass",
            [sequence_oids],
        )
        positions = [row for row in cursor.fetchall() if row[2] is not None]  # None: never used
        filled = []
        for table in tables:
            cursor.execute(sql.SQL("SELECT EXISTS (SELECT 1 FROM {}.{})").format(src, sql.Identifier(table)))
            if cursor.fetchone()[0]:
                filled.append(table)
    _shapes.clear()
    _shapes[key] = (tables, filled, positions, constraints, indexes)
    return _shapes[key]


@functools.cache
def _required_cached() -> frozenset[tuple[str, str]]:
    """``tenant_migrations_required()`` once per process: the migration files of the running code
    do not change while it runs (a deploy starts new processes)."""
    return frozenset(tenant_migrations_required())
