from django.apps import AppConfig


class SittingConfig(AppConfig):
    """What a learner does with an assigned test, from preparation to submission (decision 0039):
    the learner's list and window, start, answers (the lean save route), integrity events,
    submit, the proctoring video, the deadline sweep. Its models stay in ``assignments``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "sitting"
