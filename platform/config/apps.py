"""``config`` as an installed app to hook huey's signals and build the metrics registry once per
process, before the first request (observability, issue 21 item 5; issue 38 item 4)."""

from django.apps import AppConfig


class ObservabilityConfig(AppConfig):
    name = "config"
    label = "config_observability"
    verbose_name = "Observability"

    def ready(self) -> None:
        from django.core.signals import request_finished
        from huey.contrib.djhuey import HUEY

        from config.observability import (
            configure_structlog,
            huey_signals_install,
            metrics,
            request_context_clear,
        )

        configure_structlog()
        metrics()  # the registry, once, before the first request (issue 38 item 4)
        huey_signals_install(HUEY)
        request_finished.connect(request_context_clear, dispatch_uid="config.observability.clear")
