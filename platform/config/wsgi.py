"""WSGI entry point (gunicorn ``config.wsgi:application``).

The application is warmed before it serves: the URL map (which imports every API router and
service) and both languages' message catalogues are loaded here instead of on the first request,
so that the first requests after a (re)start do not queue behind imports. With gunicorn's
``--preload`` (ops/run, the Dockerfile, bench/) this happens once in the master, before the
socket accepts connections and before the workers fork. Nothing here opens a database
connection: a connection (or pool) made before the fork would be shared by the workers."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
for entry in (str(ROOT / "platform"), str(ROOT)):
    if entry not in sys.path:
        sys.path.insert(0, entry)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

from config.middleware import close_after_too_large  # noqa: E402

# A 413 closes the connection, and says so (issue 38 item 4).
application = close_after_too_large(get_wsgi_application())


def _warm() -> None:
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    _ = get_resolver().reverse_dict  # imports config.urls: the API routers, schemas and services
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Assignment not found.")


_warm()
