from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    """Learners' personal data (issue 24, items 3 and 4; decision 0020): each organization's
    retention policy, the record of every file deleted, and the log of who opened a private
    file. Shared app (public schema)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "privacy"
    verbose_name = "Privacy"
