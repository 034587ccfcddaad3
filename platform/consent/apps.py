from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _first_notices(sender, using="default", **kwargs) -> None:
    """After ``migrate`` (and after a test's flush, which sends ``post_migrate`` again, as Django
    re-creates permissions): the version of the notices the SPA's texts are (``consent.services
    .NOTICE_VERSION``) exists in the public schema."""
    from django.db import connections

    if getattr(connections[using], "schema_name", "public") != "public":
        return  # a tenant schema: consent is a shared app
    from consent.services import notices_ensure

    notices_ensure(using=using)


class ConsentConfig(AppConfig):
    name = "consent"
    verbose_name = "Consent"

    def ready(self) -> None:
        post_migrate.connect(_first_notices, sender=self, dispatch_uid="consent-first-notices")
