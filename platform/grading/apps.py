from django.apps import AppConfig


class GradingConfig(AppConfig):
    """Educators' grading, results, releases, accommodations and the gradebook (decision 0039).
    Its models stay in ``assignments``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "grading"
