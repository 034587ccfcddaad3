from django.apps import AppConfig


class SittingConfig(AppConfig):
    """What a learner does with an assigned test, from preparation to submission (decision 0039):
    the learner's list and window, start, answers (the lean save route), integrity events,
    submit, the proctoring video, the deadline sweep. Its models stay in ``assignments``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "sitting"

    def ready(self) -> None:
        # issue 37, item 6: a withdrawal of consent ends the learner's tests in progress at once
        from consent.withdrawals import processing_stopped_register
        from sitting.attempts import attempts_end_on_withdrawal

        processing_stopped_register(attempts_end_on_withdrawal)
