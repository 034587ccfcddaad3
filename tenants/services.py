"""Writes for organizations (tenants)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection, transaction
from django.utils.text import slugify

from tenants.models import Domain, Organization

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
    """Create (if missing) and migrate the schema of the organization, synchronously.

    Called by the huey task and by ``manage.py create_organization --sync``. Records the outcome in
    ``provisioning_status`` / ``provisioning_error``; re-raises nothing (the status says it).
    """
    org = Organization.objects.get(pk=organization_id)
    try:
        org.create_schema(check_if_exists=True, sync_schema=True, verbosity=0)
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
