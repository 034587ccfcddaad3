"""manage.py migrate_tenants: migrate only the schemas that need it (the template schema first,
then the organizations').

django-tenants' ``migrate_schemas --tenant`` runs Django's ``migrate`` in every schema, which
costs ~100 ms per schema even when nothing is to be applied (20 s for 200 organizations). This
command loads the tenant apps' migration graph once, finds the schemas whose ``django_migrations``
lacks something in three queries whatever their number (``schemas_missing_migrations``, issue 21
item 7, decision 0026), and runs ``migrate_schemas`` only for those. ``--all`` falls back to
migrating every schema.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

from tenants.models import Organization
from tenants.services import (
    schemas_missing_migrations,
    template_lock,
    template_schema_ensure,
    tenant_migrations_required,
)


class Command(BaseCommand):
    help = "Migrate the template schema and the organization schemas that have unapplied tenant migrations."

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="migrate every schema (django-tenants' way)")

    def handle(self, *args, all=False, **options):  # noqa: A002
        started = time.perf_counter()
        verbosity = max(0, options["verbosity"] - 1)
        schemas = list(
            Organization.objects.exclude(schema_name=settings.PUBLIC_SCHEMA_NAME)
            .order_by("schema_name")
            .values_list("schema_name", flat=True)
        )
        required = tenant_migrations_required()
        with template_lock():
            template_schema_ensure(required=required, verbosity=verbosity)
        stale = schemas if all else schemas_missing_migrations(schemas, required)
        for schema in stale:
            call_command("migrate_schemas", schema_name=schema, verbosity=verbosity)
        connection.set_schema_to_public()
        self.stdout.write(
            f"{len(schemas)} organization schemas checked, {len(stale)} migrated in {time.perf_counter() - started:.1f} s"
        )
