"""Embedded PostgreSQL for a machine with nothing configured (ARCHITECTURE.md, "Stack").

When ``DATABASE_URL`` is unset, ``pgserver`` starts a private PostgreSQL server whose data and
unix socket live under ``.data/pg`` of the checkout. The server outlives the Python process that
started it (``cleanup_mode=None``) so the web server, the huey consumer and the tests share it.
"""

from __future__ import annotations

import os
from pathlib import Path


def embedded_database_url(data_dir: Path) -> str:
    """Start (or reuse) the embedded server and return its ``postgresql://`` URL.

    The URL points at the database ``platform`` on the server's unix socket; the database is
    created on first use. Raises whatever ``pgserver`` raises when the server cannot start.
    """
    runtime = data_dir / "run"
    runtime.mkdir(mode=0o700, parents=True, exist_ok=True)
    runtime.chmod(0o700)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime))
    import logging

    try:
        import pgserver
    except ImportError as exc:  # the production image does not ship it (issue 21 item 6)
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            "DATABASE_URL is not set and the embedded PostgreSQL is not installed: set DATABASE_URL, "
            "or pip install '.[embedded]' (./ops/run and ./ops/test do)"
        ) from exc

    logging.getLogger("pgserver").setLevel(logging.WARNING)
    pg_dir = data_dir / "pg"
    pg_dir.mkdir(parents=True, exist_ok=True)
    server = pgserver.get_server(str(pg_dir), cleanup_mode=None)
    exists = server.psql("SELECT 1 FROM pg_database WHERE datname = 'platform';")
    if "(1 row)" not in exists:
        server.psql("CREATE DATABASE platform;")
    return f"postgresql://postgres:@/platform?host={pg_dir}"


def database_url(data_dir: Path) -> str:
    """``DATABASE_URL`` when set, else the embedded server's URL."""
    return os.environ.get("DATABASE_URL") or embedded_database_url(data_dir)
