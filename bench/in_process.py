"""Django set up inside a benchmark's own process (bench/is_authorized_profile.py,
bench/taking_profile.py), against ``DATABASE_URL``, as gunicorn runs it: the psycopg pool on,
DEBUG off, warnings only in the logs, Redis only when ``BENCH_REDIS_URL`` names it (sessions and
the cache in the database otherwise, like the benchmarks' servers)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def django_in_process() -> None:
    """Put the project on ``sys.path``, set the environment above and call ``django.setup()``."""
    sys.path[:0] = [str(ROOT), str(ROOT / "platform"), str(ROOT / "bench")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DB_POOL", "1")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.pop("REDIS_URL", None)
    if os.environ.get("BENCH_REDIS_URL"):
        os.environ["REDIS_URL"] = os.environ["BENCH_REDIS_URL"]
    import django

    django.setup()
