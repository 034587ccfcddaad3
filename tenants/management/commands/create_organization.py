"""manage.py create_organization NAME [--slug S] [--survey-management] [--sync]

Creates an organization and its schema. By default the schema is made by the huey task (as in
the admin); ``--sync`` runs the provisioning in this process and prints the outcome.
"""

from django.core.management.base import BaseCommand, CommandError

from tenants.models import Organization
from tenants.services import organization_create, organization_provision_now


class Command(BaseCommand):
    help = "Create an organization (tenant) and create and migrate its schema."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--slug", default="")
        parser.add_argument("--survey-management", action="store_true")
        parser.add_argument("--sync", action="store_true", help="provision the schema now, not in the worker")

    def handle(self, *args, name, slug, survey_management, sync, **options):
        org = organization_create(name=name, slug=slug, survey_management_allowed=survey_management)
        if sync:
            org = organization_provision_now(organization_id=org.pk)
        org.refresh_from_db()
        if org.provisioning_status == Organization.ProvisioningStatus.FAILED:
            raise CommandError(f"schema {org.schema_name} failed: {org.provisioning_error}")
        self.stdout.write(f"{org.name}: schema {org.schema_name} ({org.provisioning_status})")
