from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class DataRequestsConfig(AppConfig):
    name = "data_requests"
    verbose_name = "Personal data requests"

    def ready(self) -> None:
        # Each app with personal data registers its source in its own ``personal_data`` module
        # (data_requests.sources): found here as the admin finds ``admin.py``.
        autodiscover_modules("personal_data")
