"""manage.py migrate_tenants: migrate only the organization schemas that need it.

django-tenants' ``migrate_schemas --tenant`` runs Django's ``migrate`` in every schema, which
costs ~100 ms per schema even when nothing is to be applied (20 s for 200 organizations). This
command reads the applied migrations of every schema in one query each, compares them with the
tenant apps' migration graph (loaded once), and runs ``migrate_schemas`` only for the schemas
that lack something. ``--all`` falls back to migrating every schema.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from tenants.models import Organization


def tenant_migrations_required() -> set[tuple[str, str]]:
    """Every (app, migration) of the apps that live in tenant schemas."""
    apps = {label.rsplit(".", 1)[-1] for label in settings.TENANT_APPS}
    loader = MigrationLoader(connection, ignore_no_migrations=True)
    return {key for key in loader.graph.nodes if key[0] in apps}


class Command(BaseCommand):
    help = "Migrate the organization schemas that have unapplied tenant migrations."

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="migrate every schema (django-tenants' way)")

    def handle(self, *args, all=False, **options):  # noqa: A002
        started = time.perf_counter()
        schemas = list(
            Organization.objects.exclude(schema_name=settings.PUBLIC_SCHEMA_NAME).values_list(
                "schema_name", flat=True
            )
        )
        required = tenant_migrations_required()
        stale = []
        with connection.cursor() as cursor:
            for schema in schemas:
                if all:
                    stale.append(schema)
                    continue
                cursor.execute("SELECT to_regclass(%s)", [f'"{schema}".django_migrations'])
                if cursor.fetchone()[0] is None:
                    stale.append(schema)
                    continue
                cursor.execute(f'SELECT app, name FROM "{schema}".django_migrations')  # noqa: S608 (schema names are validated by django-tenants)
                if not required <= set(cursor.fetchall()):
                    stale.append(schema)
        for schema in stale:
            call_command("migrate_schemas", schema_name=schema, verbosity=max(0, options["verbosity"] - 1))
        connection.set_schema_to_public()
        self.stdout.write(
            f"{len(schemas)} organization schemas checked, {len(stale)} migrated in {time.perf_counter() - started:.1f} s"
        )
