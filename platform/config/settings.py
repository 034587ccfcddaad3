"""Settings read from the environment, with the embedded defaults of ARCHITECTURE.md.

Nothing configured -> embedded Postgres (pgserver, under .data/), SqliteHuey, local-memory cache,
FileSystemStorage under .data/media, file e-mail backend under .data/mail, DEBUG off.
Production switches: DATABASE_URL, REDIS_URL, AWS_STORAGE_BUCKET_NAME (+ AWS_S3_ENDPOINT_URL,
AWS_S3_REGION_NAME, credentials), EMAIL_HOST/EMAIL_PORT/EMAIL_HOST_USER/EMAIL_HOST_PASSWORD/
EMAIL_USE_TLS, DEFAULT_FROM_EMAIL, SECRET_KEY, CCCD_KEYS and CCCD_HASH_KEY (config/data_keys.py),
ALLOWED_HOSTS, DEBUG, SECURE (HTTPS-only cookies,
HSTS, SSL redirect), SITE_URL (the public address used in e-mail links).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.data_keys import data_keys
from config.embedded_db import database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent  # the checkout
PLATFORM_DIR = BASE_DIR / "platform"
DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / ".data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


TESTING = "pytest" in sys.modules or os.environ.get("DJANGO_TESTING") == "1"
DEBUG = env_bool("DEBUG", False)
SECURE = env_bool("SECURE", False)


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept under .data/."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    key_file = DATA_DIR / "secret_key"
    if not key_file.exists():
        from django.core.management.utils import get_random_secret_key

        key_file.write_text(get_random_secret_key())
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
# CCCD numbers at rest (issue 24, item 6; config/data_keys.py, decision 0023): Fernet keys (the
# first encrypts) and the lookup hash's key. Required in production (DEBUG off and SECRET_KEY from
# the environment); derived from SECRET_KEY otherwise.
CCCD_KEYS, CCCD_HASH_KEY = data_keys(
    os.environ, secret_key=SECRET_KEY, production=not DEBUG and not TESTING and "SECRET_KEY" in os.environ
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS",
    "http://127.0.0.1:8000,http://localhost:8000,http://127.0.0.1:5173,http://localhost:5173",
)
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# --- applications: every app is in exactly one of SHARED_APPS / TENANT_APPS (STYLE.md) -------------
SHARED_APPS = [
    "django_tenants",
    "tenants",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.admin",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "huey.contrib.djhuey",
    "config.apps.ObservabilityConfig",  # huey signals: enqueue times, failures (issue 21 item 5)
    "ninja",
    "health_check",
    "accounts",
    "notifications",
    "people",
    "marketplace",
    "analytics",
    "jobs",  # issue 35, item 3: one background job for imports and exports
    "outbox",  # issue 38, item 2: the mail outbox, one row per mail (decision 0045)
    "imports",
    "privacy",  # issue 24, items 3 and 4: retention, deletion records, access log
    "data_requests",
    "consent",  # issue 24, item 1: versioned notices, consents, parents' consent
]
TENANT_APPS = [
    "django.contrib.contenttypes",
    "assessments",
    "assignments",
    "sitting",  # decision 0039: the sitting, grading and item analysis (their models in assignments)
    "grading",
    "item_analysis",
    "surveys",
    "question_formats",  # issue 36: question files read, previewed and imported; paper tests
]
INSTALLED_APPS = SHARED_APPS + [app for app in TENANT_APPS if app not in SHARED_APPS]

TENANT_MODEL = "tenants.Organization"
TENANT_DOMAIN_MODEL = "tenants.Domain"
PUBLIC_SCHEMA_NAME = "public"
# A request sets search_path at most once per connection checkout (issue 2, item 5).
TENANT_LIMIT_SET_CALLS = True
# New organizations' schemas are copies of this migrated schema (issue 21, item 7; decision 0026).
TENANT_TEMPLATE_SCHEMA = "tenant_template"
DATABASE_ROUTERS = ["django_tenants.routers.TenantSyncRouter"]

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["accounts.backends.ThrottledModelBackend"]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
if TESTING:  # argon2 costs ~50 ms a hash; tests hash hundreds of passwords
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *PASSWORD_HASHERS]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # seconds
INVITATION_TTL_DAYS = int(os.environ.get("INVITATION_TTL_DAYS", "7"))
# How long a learner offered a freed slot from the waiting list may claim it (issue 5, item 5).
# How long a checked-out transaction holds its slots before it expires (issue 6, item 4).
PENDING_TRANSACTION_MINUTES = int(os.environ.get("PENDING_TRANSACTION_MINUTES", "30"))
# The payment provider (issue 6, item 4): dotted path of a marketplace.payments.PaymentProvider.
PAYMENT_PROVIDER = os.environ.get("PAYMENT_PROVIDER", "marketplace.payments.SimulatedProvider")
# Test taking (issue 7): an answer sent before the deadline may arrive this late and still count;
# the server-side auto-submit waits as long. The sixth tab switch voids a result (spec section 9).
ANSWER_GRACE_SECONDS = int(os.environ.get("ANSWER_GRACE_SECONDS", "20"))
# A backup answers file (issue 38, item 3; sitting/backup.py, decision 0046) is at most this large
# (bytes): about 700 KB of answers once sealed and base64-encoded. Its key is derived from
# SECRET_KEY (HKDF); files sealed under a key in SECRET_KEY_FALLBACKS still open.
BACKUP_ANSWERS_MAX_BYTES = int(os.environ.get("BACKUP_ANSWERS_MAX_BYTES", str(1024 * 1024)))
# A copy of personal data queued or running for longer than this is taken to be lost (its huey
# consumer died: huey takes a task off the queue before running it) and is queued again by
# data_requests.tasks.exports_recover (issue 21, item 4; decision 0025). Seconds.
DATA_EXPORT_STALE_SECONDS = int(os.environ.get("DATA_EXPORT_STALE_SECONDS", "900"))
# A copy still lost this long after it was asked for (its consumer keeps dying) is failed, not
# queued again: the profile page stops polling it (issue 38, item 2). Seconds.
DATA_EXPORT_GIVE_UP_SECONDS = int(os.environ.get("DATA_EXPORT_GIVE_UP_SECONDS", "3600"))
# The surroundings video before a proctored test (issue 7, item 2): its length and size limits.
PREP_VIDEO_SECONDS = int(os.environ.get("PREP_VIDEO_SECONDS", "30"))
PREP_VIDEO_TOLERANCE_SECONDS = int(os.environ.get("PREP_VIDEO_TOLERANCE_SECONDS", "3"))
PREP_VIDEO_MAX_BYTES = int(os.environ.get("PREP_VIDEO_MAX_BYTES", str(40 * 1024 * 1024)))
TAB_SWITCHES_ALLOWED = int(os.environ.get("TAB_SWITCHES_ALLOWED", "5"))
WAITING_LIST_CLAIM_MINUTES = int(os.environ.get("WAITING_LIST_CLAIM_MINUTES", "60"))
INVITATION_MAX_RESENDS = int(os.environ.get("INVITATION_MAX_RESENDS", "5"))
INVITATION_RESEND_INTERVAL = int(os.environ.get("INVITATION_RESEND_INTERVAL", "60"))  # seconds

MIDDLEWARE = [
    "config.observability.RequestContextMiddleware",  # request id in logs, latency (issue 21 item 5)
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.HostileInputMiddleware",  # size, depth, NUL guards on API paths (issue 16)
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "sitting.middleware.AnswerSaveMiddleware",  # the answer save's lean route (decision 0036)
    "django.middleware.locale.LocaleMiddleware",
    "config.origin.PublicApiOriginMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tenants.middleware.ProfileTenantMiddleware",
    "config.observability.RequestProfileMiddleware",  # schema and profile id in logs
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.head.HeadAsGetMiddleware",  # HEAD answered wherever GET is; innermost (issue 38 item 6)
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [PLATFORM_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

# --- database -----------------------------------------------------------------------------------
DATABASES = {"default": dj_database_url.parse(database_url(DATA_DIR), conn_max_age=0)}
# django-tenants' backend, with the pool's check of config.db_pool (config/db_backend, issue 23)
DATABASES["default"]["ENGINE"] = "config.db_backend"
DATABASES["default"].setdefault("OPTIONS", {})
if env_bool("DB_POOL", not TESTING):
    # psycopg 3 pool (Django >= 5.1); sized for a gunicorn worker with a few threads. A
    # connection is checked before it is handed out (``config.db_pool.check_connection``: a
    # round trip only when the server has said something on it), so a database restart costs a
    # reconnect, not a 500 (issue 16, item 10), and a quiet connection no round trip (issue 23).
    # psycopg's own check is one round trip per request. A connection is replaced after DB_POOL_MAX_LIFETIME seconds (600;
    # psycopg's default is 3,600): a Postgres backend keeps the catalogue entries of every
    # organization schema it has served, ~225 kB each (225 MB after 1,000), and a visit to a
    # schema costs it more the more it holds (bench/catalogue_cache.py, issue 21 item 7, decision
    # 0026), so a connection only accumulates the organizations it serves in ten minutes.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # the check is config.db_pool's (config/db_backend)
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": int(os.environ.get("DB_POOL_MIN", "2")),
        "max_size": int(os.environ.get("DB_POOL_MAX", "10")),
        "max_lifetime": float(os.environ.get("DB_POOL_MAX_LIFETIME", "600")),
        "timeout": 10,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Long background work (exports) runs in a SCHED_IDLE thread (config/priority.py); inline in the
# test suite, whose database transaction another thread cannot see.
BACKGROUND_IDLE_PRIORITY = env_bool("BACKGROUND_IDLE_PRIORITY", not TESTING)

# --- cache, sessions, rate limits ----------------------------------------------------------------
# Everything that must agree between requests (sessions, rate-limit counters, one-time marks)
# lives in a store every process and node sees (issue 16, item 1; ARCHITECTURE.md "Stack"):
# Redis when REDIS_URL is set, else a table of the database (config.cache.SharedDatabaseCache,
# whose increments are atomic across processes). The "local" cache is per process and only for
# values that never change once written (a published question version's shape).
REDIS_URL = os.environ.get("REDIS_URL", "")
if TESTING and REDIS_URL and os.environ.get("PYTEST_XDIST_WORKER", "").startswith("gw"):
    # Parallel test workers each get their own Redis database (15, 14, ...): cache.clear()
    # in one worker must not wipe another's keys.
    _worker = int(os.environ["PYTEST_XDIST_WORKER"][2:])
    REDIS_URL = REDIS_URL.rsplit("/", 1)[0] + f"/{15 - _worker}"
SHARED_CACHE_TABLE = "platform_cache"
if REDIS_URL:
    _shared_cache: dict[str, Any] = {"BACKEND": "config.cache.RedisCache", "LOCATION": REDIS_URL}
    # Sessions are read from Redis and written through to the database.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    _shared_cache = {
        "BACKEND": "config.cache.SharedDatabaseCache",
        "LOCATION": SHARED_CACHE_TABLE,
        "OPTIONS": {"MAX_ENTRIES": 200_000},
    }
    # One indexed read of the session row a request; no per-process copy that could go stale.
    SESSION_ENGINE = "django.contrib.sessions.backends.db"
CACHES = {
    "default": _shared_cache,
    "local": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "platform-local",
        "OPTIONS": {"MAX_ENTRIES": 20000},
    },
}
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = SECURE
SESSION_COOKIE_AGE = 60 * 60 * 24 * 14
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SECURE = SECURE
CSRF_COOKIE_HTTPONLY = False  # the SPA reads it to send X-CSRFToken
CSRF_HEADER_NAME = "HTTP_X_CSRFTOKEN"
RATELIMIT_USE_CACHE = "default"
RATELIMIT_ENABLE = True
# Login attempts (issue 16, item 3; config/throttle.py). Failed attempts count per (account, client
# IP) pair, so guessing from one address stops without locking the owner out elsewhere; per IP
# (a school behind one NAT address logs in at once, so only failures count there); and per account
# from all addresses, under a looser ceiling against distributed guessing.
LOGIN_RATE_PER_ACCOUNT = os.environ.get("LOGIN_RATE_PER_ACCOUNT", "5/5m")  # per account and IP
LOGIN_RATE_PER_IP = os.environ.get("LOGIN_RATE_PER_IP", "100/5m")
LOGIN_RATE_ACCOUNT_CEILING = os.environ.get("LOGIN_RATE_ACCOUNT_CEILING", "100/h")
# Public calls that mail someone or test a token (issue 16, item 5): per client IP and per target
# (e-mail address or token).
PUBLIC_RATE_PER_IP = os.environ.get("PUBLIC_RATE_PER_IP", "60/10m")
MAIL_RATE_PER_ADDRESS = os.environ.get("MAIL_RATE_PER_ADDRESS", "3/h")
# django-ratelimit's W001 names the caches it knows to increment atomically; SharedDatabaseCache
# increments under a row lock (config/cache.py), so the warning does not apply.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"] if not REDIS_URL else []

# --- security (manage.py check --deploy is clean with SECURE=1 DEBUG=0 and a real SECRET_KEY) ------
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if SECURE:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REDIRECT_EXEMPT = [r"^health/?$"]

# --- background jobs ----------------------------------------------------------------------------
if REDIS_URL:
    HUEY = {
        "huey_class": "huey.RedisHuey",
        "name": "platform",
        "url": REDIS_URL,
        "immediate": (TESTING and not env_bool("HUEY_REAL_IN_TESTS")) or env_bool("HUEY_IMMEDIATE"),
        "consumer": {"workers": 2, "worker_type": "thread"},
    }
else:
    HUEY = {
        "huey_class": "huey.SqliteHuey",
        "name": "platform",
        "filename": str(DATA_DIR / "huey.sqlite3"),
        "immediate": TESTING or env_bool("HUEY_IMMEDIATE"),
        "consumer": {"workers": 2, "worker_type": "thread"},
    }

# --- files --------------------------------------------------------------------------------------
MEDIA_ROOT = DATA_DIR / "media"
MEDIA_URL = "/media/"
STATIC_ROOT = Path(os.environ["STATIC_ROOT"]) if os.environ.get("STATIC_ROOT") else BASE_DIR / "staticfiles"
STATIC_URL = "/static/"
# The SPA build (Vite, base /static/); collectstatic copies it into STATIC_ROOT for whitenoise.
STATICFILES_DIRS = [d for d in [BASE_DIR / "frontend" / "dist"] if d.exists()]
# Content-hashed files are cached for a year; others for WhiteNoise's default (issue 20).
# (WhiteNoise reads a string as a regex, so the function itself.)
from config.static import immutable_file  # noqa: E402

WHITENOISE_IMMUTABLE_FILE_TEST = immutable_file

AWS_STORAGE_BUCKET_NAME = os.environ.get("AWS_STORAGE_BUCKET_NAME", "")
if AWS_STORAGE_BUCKET_NAME:
    _default_storage = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            "endpoint_url": os.environ.get("AWS_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("AWS_S3_REGION_NAME") or None,
            "default_acl": None,
            "querystring_auth": True,
            "file_overwrite": False,
        },
    }
else:
    _default_storage = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
STORAGES = {
    "default": _default_storage,
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if TESTING
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024
PROFILE_PHOTO_MAX_SIDE = 512  # pixels; photos are re-encoded to WebP at most this wide and high

# --- e-mail -------------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Trung tâm Học tập Suốt đời <no-reply@localhost>")
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = os.environ.get("MAIL_DIR", str(DATA_DIR / "mail"))
# Seconds each SMTP step may wait (connect, each command, the end of DATA): a send is bounded,
# well inside the outbox's lease (issue 38, item 2; docs/decisions/0045).
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
# The mail outbox (outbox.services): attempts before a mail fails, the first retry's delay (it
# doubles), the longest delay, how long an attempt may take before its consumer is taken to be
# dead and the mail sent again, and how long sent and failed rows are kept.
MAIL_MAX_ATTEMPTS = int(os.environ.get("MAIL_MAX_ATTEMPTS", "8"))
MAIL_RETRY_BASE_SECONDS = int(os.environ.get("MAIL_RETRY_BASE_SECONDS", "60"))
MAIL_RETRY_MAX_SECONDS = int(os.environ.get("MAIL_RETRY_MAX_SECONDS", "3600"))
MAIL_LEASE_SECONDS = int(os.environ.get("MAIL_LEASE_SECONDS", "600"))
MAIL_KEEP_DAYS = int(os.environ.get("MAIL_KEEP_DAYS", "30"))

# --- i18n: Vietnamese default and fallback, English (spec section 1) -------------------------------
LANGUAGE_CODE = "vi"
LANGUAGES = [("vi", _("Vietnamese")), ("en", _("English"))]
LOCALE_PATHS = [PLATFORM_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Asia/Ho_Chi_Minh"  # Vietnam time (UTC+7); the database stays UTC under USE_TZ (config.dates)

# --- logging ------------------------------------------------------------------------------------
# One JSON object a line with request_id, schema and profile_id (config/observability.py, decision 0025).
from config.observability import logging_config, sentry_init  # noqa: E402

LOGGING = logging_config(os.environ.get("LOG_LEVEL", "INFO"))
# Sentry when SENTRY_DSN is set (the optional extra: pip install '.[sentry]').
SENTRY_ENABLED = sentry_init(os.environ)
# The load balancers / reverse proxies whose X-Forwarded-For names the client (addresses or CIDR,
# comma-separated; empty: REMOTE_ADDR is the client). The rule: config/client.py, decision 0043.
from config.client import networks_parse  # noqa: E402

TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
networks_parse(TRUSTED_PROXIES)  # a typo stops the start (ImproperlyConfigured), not every rate limit
# GET /metrics (Prometheus) answers only these client addresses or networks (config.client's rule),
# and never a request forwarded by a peer that is not a trusted proxy.
METRICS_ALLOWED_ADDRESSES = env_list("METRICS_ALLOWED_ADDRESSES", "127.0.0.1,::1")
# gunicorn workers share their metrics through this directory (prometheus_client multiprocess mode).
PROMETHEUS_MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")

NINJA_PAGINATION_MAX_LIMIT = 100

# Market analytics exports (issue 10): above these sizes an export runs as a huey job.
ANALYTICS_EXPORT_SYNC_MAX_ROWS = int(os.environ.get("ANALYTICS_EXPORT_SYNC_MAX_ROWS", "5000"))
ANALYTICS_PDF_SYNC_MAX_ROWS = int(os.environ.get("ANALYTICS_PDF_SYNC_MAX_ROWS", "200000"))

# Spreadsheet imports (issue 16, item 8): above this many data rows an import (or its dry run)
# runs as a huey job that the SPA polls. Export and import jobs are kept as long as their
# organization's retention policy says (privacy, issue 24: 24 hours by default).
IMPORT_SYNC_MAX_ROWS = int(os.environ.get("IMPORT_SYNC_MAX_ROWS", "500"))
