"""Real server processes for tests of what must agree between processes (issue 16: sessions, rate
limits, one-time tokens, the connection pool). Two gunicorn processes, each its own Python with
its own memory, serve the test database; a test talks to them over HTTP, as browsers talk to the
workers behind a load balancer. Use them in ``transaction=True`` tests, so that what the test
writes is committed and visible to the servers.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path

from django.conf import settings
from django.db import connection


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _database_url() -> str:
    """The URL of the database this test process uses (the test database)."""
    s = connection.settings_dict
    # A unix socket comes as HOST or, from dj-database-url's ``?host=``, as OPTIONS["host"].
    host, port = s.get("HOST") or s.get("OPTIONS", {}).get("host") or "", s.get("PORT") or ""
    if host.startswith("/"):
        return f"postgresql://{s['USER']}:{s.get('PASSWORD') or ''}@/{s['NAME']}?host={host}"
    return (
        f"postgresql://{s['USER']}:{s.get('PASSWORD') or ''}@{host or '127.0.0.1'}:{port or 5432}/{s['NAME']}"
    )


class LiveServer:
    """One gunicorn process (1 worker, 4 threads, ``config/gunicorn_conf.py`` as the product runs it)
    on a free loopback port; ``env``: more settings for it
    (``{"TRUSTED_PROXIES": "127.0.0.1"}``)."""

    def __init__(self, data_dir: Path, *, pool: bool = False, env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        extra = env or {}
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
        env.update(
            DATABASE_URL=_database_url(),
            DATA_DIR=str(data_dir),
            SECRET_KEY=settings.SECRET_KEY,
            DJANGO_TESTING="1",  # the test settings: the test hasher, huey inline
            HUEY_IMMEDIATE="1",
            DB_POOL="1" if pool else "0",
            DB_POOL_MIN="1",
        )
        env.pop("REDIS_URL", None)
        if settings.REDIS_URL:
            env["REDIS_URL"] = settings.REDIS_URL  # the same Redis database as this test process
        env.update(extra)
        self.log = data_dir / f"server-{self.port}.log"
        self.process = subprocess.Popen(  # noqa: S603
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",  # the product's settings (decision 0047): keep-alive, backlog, preload
                str(settings.PLATFORM_DIR / "config" / "gunicorn_conf.py"),
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--threads",
                "4",
                "--log-level",
                "warning",
            ],
            env=env,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                status, _, _ = request(self, "GET", "/public/api/provinces")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"server not ready: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def start_servers(
    data_dir: Path, count: int = 2, *, pool: bool = False, env: dict[str, str] | None = None
) -> list[LiveServer]:
    """``count`` servers, started in parallel and answering (``env``: as for ``LiveServer``)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    servers = [LiveServer(data_dir, pool=pool, env=env) for _ in range(count)]
    try:
        for server in servers:
            server.wait_ready()
    except Exception:
        for server in servers:
            server.stop()
        raise
    return servers


def address_with_window_left(
    rate: str, seconds: int, *, subnet: int, key: Callable[[str], str] = lambda address: address
) -> str:
    """A loopback address ``127.0.<subnet>.n`` whose django-ratelimit window for ``rate`` (its
    ``"N/period"`` form) and the counter value ``key(address)`` still has at least ``seconds`` to
    run.

    django-ratelimit counts in fixed windows whose end is shifted per value (crc32 jitter); a count
    that crosses the end starts again at zero. A test that spends a limit's count of attempts and
    then expects 429 therefore needs a value whose window will not end during its attempts: on a
    busy CI machine 102 logins once crossed it. ``subnet`` keeps each test's addresses apart from
    the fixed ones other tests use (127.0.0.x).
    """
    from django_ratelimit.core import _get_window, _split_rate

    period = _split_rate(rate)[1]
    if seconds >= period // 2:
        raise ValueError(f"ask for less than half of the {period} s window")
    for host in range(1, 255):
        address = f"127.0.{subnet}.{host}"
        if _get_window(key(address), period) - time.time() >= seconds:
            return address
    raise LookupError(f"no address in 127.0.{subnet}.0/24 has {seconds} s left in its window")


def request(
    server: LiveServer,
    method: str,
    path: str,
    body: dict | None = None,
    *,
    cookies: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    source_ip: str = "127.0.0.1",
) -> tuple[int, dict, dict[str, str]]:
    """One HTTP request from ``source_ip`` (any 127.x.y.z address works on Linux loopback, which
    lets a test come "from another address"). Returns ``(status, json body or {}, cookies set)``."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source_ip, 0))
    all_headers = {"Accept-Language": "en", **(headers or {})}
    if cookies:
        all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    payload = None
    if body is not None:
        payload = json.dumps(body)
        all_headers["Content-Type"] = "application/json"
    try:
        conn.request(method, path, payload, all_headers)
        res = conn.getresponse()
        raw = res.read()
        jar = SimpleCookie()
        for header in res.headers.get_all("Set-Cookie") or []:
            jar.load(header)
        set_cookies = {k: m.value for k, m in jar.items()}
        try:
            data = json.loads(raw) if raw else {}
        except ValueError:
            data = {"raw": raw.decode(errors="replace")}
        return res.status, data, set_cookies
    finally:
        conn.close()


class Browser:
    """A cookie jar that can talk to any of the servers, as one browser behind a load balancer."""

    def __init__(self, source_ip: str = "127.0.0.1") -> None:
        self.cookies: dict[str, str] = {}
        self.source_ip = source_ip

    def call(
        self,
        server: LiveServer,
        method: str,
        path: str,
        body: dict | None = None,
        headers: dict | None = None,
    ) -> tuple[int, dict]:
        headers = dict(headers or {})
        if method not in ("GET", "HEAD") and path.startswith("/api/"):
            if "csrftoken" not in self.cookies:
                self.call(server, "GET", "/public/api/auth/csrf")
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        status, data, set_cookies = request(
            server, method, path, body, cookies=self.cookies, headers=headers, source_ip=self.source_ip
        )
        for name, value in set_cookies.items():
            if value:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        return status, data

    def login(self, server: LiveServer, email: str, password: str) -> tuple[int, dict]:
        return self.call(server, "POST", "/public/api/auth/login", {"email": email, "password": password})
