"""Which static files are immutable (issue 20): served with a one-year ``immutable`` cache.

Vite names every built file ``<name>-<hash>.<ext>`` with an 8-character base64url hash at the
root of ``STATIC_URL`` (``frontend/vite.config.ts``: ``assetsDir: ""``, entry
``assets-[hash].js``); Django's manifest storage names its copies ``<name>.<12 hex>.<ext>``. Any
other file (``favicon.svg``, the admin's unhashed files) keeps ``WHITENOISE_MAX_AGE``; the SPA's
``index.html`` is never cached (``config.views.spa_index``).
"""

import re

from django.conf import settings

_VITE = re.compile(r"^[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(\.(gz|br))?$")
_MANIFEST = re.compile(r"\.[0-9a-f]{12}\.[A-Za-z0-9]+(\.(gz|br))?$")


def immutable_file(path: str, url: str) -> bool:
    """``WHITENOISE_IMMUTABLE_FILE_TEST``: True for a content-hashed URL under ``STATIC_URL``
    (``/static/assets-C688-Kf_.js``, ``/static/KaTeX_Main-Bold-Cx986IdX.woff2``,
    ``/static/admin/css/base.0123456789ab.css``); False for ``/static/favicon.svg``."""
    if not url.startswith(settings.STATIC_URL):
        return False
    name = url[len(settings.STATIC_URL) :]
    return bool(_VITE.match(name) or _MANIFEST.search(name))
