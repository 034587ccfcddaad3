# Shared set-up for ops/run, ops/test and ops/serve-e2e. Source it; it installs what is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PYTHONUNBUFFERED=1

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }

ensure_apt() {  # ensure_apt <command> <debian package>...
  local cmd=$1; shift
  command -v "$cmd" >/dev/null 2>&1 && return 0
  log "installing $* (apt)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

ensure_python() {
  local stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
  if [ ! -x .venv/bin/python ]; then
    log "creating .venv"
    python3 -m venv .venv
  fi
  if [ ! -f "$stamp" ]; then
    log "installing Python dependencies"
    .venv/bin/pip install -q --upgrade pip >/dev/null
    # embedded: pgserver (no DATABASE_URL); sentry: the SDK SENTRY_DSN needs (issue 21 item 6)
    .venv/bin/pip install -q -e ".[dev,embedded,sentry]"
    rm -f .venv/.installed-*; touch "$stamp"
  fi
  export PATH="$ROOT/.venv/bin:$PATH"
}

ensure_messages() {  # compile the gettext catalogues (vi, en) of the back end
  ensure_apt msgfmt gettext
  (cd platform && python ../manage.py compilemessages -v 0 --ignore=.venv >/dev/null)
}

ensure_frontend() {  # install npm packages and build the SPA into frontend/dist
  [ -f frontend/package.json ] || return 0
  local stamp=frontend/node_modules/.installed-$(sha1sum frontend/package-lock.json 2>/dev/null | cut -c1-12)
  if [ ! -f "$stamp" ]; then
    log "installing npm packages"
    # npm ci: exactly the lock file's versions (it fails when package.json and the lock disagree);
    # it empties node_modules first, so the stamp is written after it (issue 21 item 6).
    (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
  if [ "${SKIP_FRONTEND_BUILD:-0}" != 1 ]; then
    log "building the SPA"
    (cd frontend && npm run -s build >/dev/null)
  fi
}

ensure_database() {  # migrate every schema (public first, then each organization's)
  log "migrating schemas"
  python manage.py migrate_schemas --shared -v 0
  python manage.py migrate_tenants -v 0
}

ensure_database_url() {  # with no DATABASE_URL, start the embedded Postgres once and share its URL
  if [ -z "${DATABASE_URL:-}" ]; then
    DATABASE_URL="$(python -c 'import sys; sys.path.insert(0, "platform"); from pathlib import Path; import os
from config.embedded_db import embedded_database_url
print(embedded_database_url(Path(os.environ.get("DATA_DIR", ".data")).resolve()))')"
    export DATABASE_URL
    log "embedded Postgres: $DATABASE_URL"
  fi
}
