"""``config`` as an installed app only to hook huey's signals once (observability, issue 21 item 5)."""

from django.apps import AppConfig


class ObservabilityConfig(AppConfig):
    name = "config"
    label = "config_observability"
    verbose_name = "Observability"

    def ready(self) -> None:
        from django.core.signals import request_finished
        from huey.contrib.djhuey import HUEY

        from config.observability import configure_structlog, huey_signals_install, request_context_clear

        configure_structlog()
        huey_signals_install(HUEY)
        request_finished.connect(request_context_clear, dispatch_uid="config.observability.clear")
