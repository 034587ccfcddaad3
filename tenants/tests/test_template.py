"""The template schema (issue 21, item 7; decision 0026): a new organization's schema is a copy of
a migrated template, which must equal a schema migrated from nothing; ``migrate_tenants`` finds
the schemas that lack a migration in a few queries."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from psycopg import sql

from tenants.services import (
    schema_clone_from_template,
    schemas_missing_migrations,
    template_lock,
    template_schema_ensure,
    template_schema_name,
    tenant_migrations_required,
)


def _drop(*schemas: str) -> None:
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        for schema in schemas:
            cursor.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def _expression(text: str) -> str:
    """An index or constraint definition without casts to varchar/text, parentheses and spaces:
    Postgres prints a re-parsed predicate differently (``ARRAY[('a'::varchar)::text]`` for
    ``(ARRAY['a'::varchar])::text[]``) though it means the same."""
    for noise in ("::character varying", "::text[]", "::text", "(", ")", " "):
        text = text.replace(noise, "")
    return text


def _shape(schema: str) -> dict[str, list]:
    """Tables, columns, indexes, constraints, sequences and the rows that migrations write
    (django_migrations, content types) of ``schema``, with its name replaced by ``S``."""

    def rows(query: str, params=()) -> list:
        with connection.cursor() as cursor:
            cursor.execute(query, [schema, *params])
            return sorted(tuple(str(v).replace(schema, "S") for v in row) for row in cursor.fetchall())

    shape = {
        "columns": rows(
            "SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, "
            "column_default, is_identity, identity_generation FROM information_schema.columns "
            "WHERE table_schema = %s"
        ),
        "indexes": rows("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = %s"),
        "constraints": rows(
            "SELECT cl.relname, co.conname, co.contype, pg_get_constraintdef(co.oid) FROM pg_constraint co "
            "JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = co.connamespace "
            "WHERE n.nspname = %s"
        ),
        "relations": rows(
            "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %s"
        ),
    }
    for part in ("indexes", "constraints"):
        shape[part] = sorted((*row[:-1], _expression(row[-1])) for row in shape[part])
    with connection.cursor() as cursor:
        cursor.execute(sql.SQL("SELECT app, name FROM {}.django_migrations").format(sql.Identifier(schema)))
        shape["migrations"] = sorted(cursor.fetchall())
        cursor.execute(
            sql.SQL("SELECT app_label, model FROM {}.django_content_type").format(sql.Identifier(schema))
        )
        shape["content_types"] = sorted(cursor.fetchall())
    return shape


@pytest.mark.django_db(transaction=True)
def test_a_copy_of_the_template_equals_a_migrated_schema():
    copied, migrated = "org_tpl_copy", "org_tpl_migrated"
    _drop(copied, migrated)
    try:
        schema_clone_from_template(copied)
        with connection.cursor() as cursor:
            cursor.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(migrated)))
        call_command("migrate_schemas", schema_name=migrated, interactive=False, verbosity=0)
        connection.set_schema_to_public()
        a, b = _shape(copied), _shape(migrated)
        assert a["migrations"] and {key for key in tenant_migrations_required()} <= set(a["migrations"])
        for part in ("relations", "columns", "indexes", "constraints", "migrations", "content_types"):
            assert a[part] == b[part], part
        # The copy's sequences start where a fresh schema's do: its first row gets id 1 as well.
        with connection.cursor() as cursor:
            for schema in (copied, migrated):
                cursor.execute(
                    sql.SQL(
                        "INSERT INTO {}.assessments_questionbank (name, name_key, created_by_profile_id, created_by_name, "
                        "created_at, updated_at) VALUES ('x', 'x', 1, '', now(), now()) RETURNING id"
                    ).format(sql.Identifier(schema))
                )
                assert cursor.fetchone()[0] == 1
        assert schemas_missing_migrations([copied, migrated], tenant_migrations_required()) == []
    finally:
        _drop(copied, migrated)


@pytest.mark.django_db(transaction=True)
def test_a_copy_is_refused_over_an_existing_schema(org_a):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        schema_clone_from_template(org_a.schema_name)


@pytest.mark.django_db(transaction=True)
def test_schemas_missing_migrations_names_incomplete_and_absent_schemas(org_a, org_b):
    required = tenant_migrations_required()
    partial, empty = "org_tpl_partial", "org_tpl_empty"
    _drop(partial, empty)
    try:
        schema_clone_from_template(partial)
        with connection.cursor() as cursor:
            cursor.execute(
                sql.SQL("DELETE FROM {}.django_migrations WHERE app = 'surveys'").format(
                    sql.Identifier(partial)
                )
            )
            cursor.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(empty)))
        schemas = [org_a.schema_name, partial, empty, "org_tpl_absent", org_b.schema_name]
        assert schemas_missing_migrations(schemas, required) == [partial, empty, "org_tpl_absent"]
        # A migration of the code that no schema holds yet makes every schema stale.
        future = set(required) | {("assessments", "9999_future")}
        assert schemas_missing_migrations([org_a.schema_name, org_b.schema_name], future) == [
            org_a.schema_name,
            org_b.schema_name,
        ]
        assert schemas_missing_migrations([], required) == []
    finally:
        _drop(partial, empty)


@pytest.mark.django_db(transaction=True)
def test_the_template_is_migrated_only_when_it_lacks_a_migration(monkeypatch):
    from tenants import services

    required = tenant_migrations_required()
    with template_lock():
        template_schema_ensure(required=required)  # present and complete from here on
        ran = []
        monkeypatch.setattr(services, "call_command", lambda *a, **kw: ran.append(kw["schema_name"]))
        assert template_schema_ensure(required=required) is False and ran == []
        assert template_schema_ensure(required=set(required) | {("assessments", "9999_future")}) is True
    assert ran == [template_schema_name()]


@pytest.mark.django_db(transaction=True)
def test_the_kept_template_shape_is_read_again_once_the_template_is_migrated():
    from tenants import services

    template = template_schema_name()
    with template_lock():
        template_schema_ensure()
    first = services.schema_copy_statements(template, "org_tpl_never")
    (key,) = services._shapes
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL(
                "INSERT INTO {}.django_migrations (app, name, applied) VALUES ('assessments', '9999_x', now())"
            ).format(sql.Identifier(template))
        )
    try:
        second = services.schema_copy_statements(template, "org_tpl_never")
        (new_key,) = services._shapes
        assert new_key != key
        # Read afresh: the django_migrations sequence of the copy starts one further on.
        changed = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
        assert len(changed) == 1 and "django_migrations" in changed[0][0] and "setval" in changed[0][0]
    finally:
        with connection.cursor() as cursor:
            cursor.execute(
                sql.SQL("DELETE FROM {}.django_migrations WHERE name = '9999_x'").format(
                    sql.Identifier(template)
                )
            )


def _template_lock_free() -> bool:
    """Whether a connection of its own can take the template lock exclusively now (released at
    once if it can)."""
    from tenants.services import TEMPLATE_LOCK_KEY, connection_of_its_own

    with connection_of_its_own() as other:
        (free,) = other.execute("SELECT pg_try_advisory_lock(%s)", [TEMPLATE_LOCK_KEY]).fetchone()
        if free:
            other.execute("SELECT pg_advisory_unlock(%s)", [TEMPLATE_LOCK_KEY])
    return free


@pytest.mark.django_db(transaction=True)
def test_the_template_lock_survives_django_closing_its_connection_and_is_released_after():
    """``migrate_schemas`` closes Django's connection when it is done; with the pool that handed
    the connection back still holding the lock, which leaked and made the next copy in the
    process wait forever (session 11). The lock is held on a connection of its own."""
    with template_lock():
        connection.close()  # what migrate_schemas does at its end
        with connection.cursor() as cursor:  # Django's next statement, on another connection
            cursor.execute("SELECT 1")
        assert _template_lock_free() is False
    assert _template_lock_free() is True
    with template_lock(shared=True):
        assert _template_lock_free() is False
    assert _template_lock_free() is True
