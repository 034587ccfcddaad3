# syntax=docker/dockerfile:1
# Stage 1: the SPA.
FROM node:20-bookworm-slim AS spa
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# Stage 2: the Python runtime (gunicorn).
FROM python:3.11-slim-bookworm AS runtime
ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 PIP_NO_CACHE_DIR=1 DB_POOL=1
RUN apt-get update && apt-get install -y --no-install-recommends gettext && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml ./
# The runtime dependencies and the Sentry SDK (used when SENTRY_DSN is set); not the embedded
# PostgreSQL (extra "embedded"): the image always gets DATABASE_URL (issue 21 item 6).
RUN pip install --upgrade pip && pip install ".[sentry]"
COPY manage.py ./
COPY platform/ platform/
COPY tenants/ tenants/
COPY --from=spa /app/frontend/dist frontend/dist
RUN python manage.py compilemessages -v 0 \
 && SECRET_KEY=build DATABASE_URL=postgres://build@localhost/build \
    CCCD_KEYS="$(python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())')" \
    CCCD_HASH_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(32))')" \
    python manage.py collectstatic --noinput -v 0
RUN useradd --create-home app && mkdir -p /app/.data && chown -R app /app/.data
USER app
EXPOSE 8000
# How gunicorn handles connections (keep-alive, backlog, preload) is platform/config/gunicorn_conf.py's.
CMD ["gunicorn", "-c", "platform/config/gunicorn_conf.py", "--bind", "0.0.0.0:8000", "--workers", "3", "--threads", "4", "--access-logfile", "-"]
