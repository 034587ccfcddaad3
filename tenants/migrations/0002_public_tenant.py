"""The public tenant row django-tenants expects for the shared schema."""

from django.db import migrations


def create_public(apps, schema_editor):
    Organization = apps.get_model("tenants", "Organization")
    Domain = apps.get_model("tenants", "Domain")
    org, _ = Organization.objects.get_or_create(
        schema_name="public", defaults={"name": "Public", "slug": "public", "provisioning_status": "ready"}
    )
    Domain.objects.get_or_create(domain="127.0.0.1", defaults={"tenant": org, "is_primary": True})


class Migration(migrations.Migration):
    dependencies = [("tenants", "0001_initial")]
    operations = [migrations.RunPython(create_public, migrations.RunPython.noop)]
