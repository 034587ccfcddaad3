"""The load balancer and gunicorn's settings (issue 38 item 4; decision 0047).

Through ops/cluster's HAProxy, 2 % of 200 simultaneous checkouts ended with the connection closed
and no answer: HAProxy sent a request on a node's idle keep-alive connection as the node closed
it. The fix is in ``ops/haproxy.cfg`` (``option http-server-close``: one connection to a node per
request) and the node's settings in ``config/gunicorn_conf.py``, used by every way the product is
served. Here: HAProxy started with ``ops/haproxy.cfg`` itself in front of nodes that behave as a
node closing an idle connection just as a request reaches it; the settings applied by a real
gunicorn; and no command that starts gunicorn deciding those settings itself.
"""

from __future__ import annotations

import datetime
import http.client
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

from config.tests.live_servers import start_servers

ROOT = Path(settings.BASE_DIR)
HAPROXY_CFG = ROOT / "ops" / "haproxy.cfg"
GUNICORN_CONF = "platform/config/gunicorn_conf.py"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ClosingNode:
    """A node whose idle keep-alive connections are closed exactly as the next request reaches
    them (the race, made certain): the first request of a connection gets ``200 {}`` (kept alive
    unless the request says ``Connection: close``); any later request on the same connection is
    never answered, the connection is closed. ``requests``: (request line, Connection header,
    the request's number on its connection) for every request read."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.requests: list[tuple[str, str, int]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        buffer, number = b"", 0
        with conn:
            while True:
                while b"\r\n\r\n" not in buffer:
                    try:
                        chunk = conn.recv(65536)
                    except OSError:
                        return
                    if not chunk:
                        return
                    buffer += chunk
                head, buffer = buffer.split(b"\r\n\r\n", 1)
                lines = head.decode("latin-1").split("\r\n")
                fields = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
                length = int(fields.get("content-length", "0"))
                while len(buffer) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                buffer = buffer[length:]
                number += 1
                with self.lock:
                    self.requests.append((lines[0], fields.get("connection", "").lower(), number))
                if number > 1:
                    return  # closed as the request arrived: no answer
                close = fields.get("connection", "").lower() == "close"
                conn.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                    + (b"Connection: close\r\n" if close else b"")
                    + b"\r\n{}"
                )
                if close:
                    return

    def stop(self) -> None:
        self.listener.close()


def _certificate(path: Path) -> None:
    """A self-signed certificate and its key, one PEM file (the balancer's TLS listener)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    path.write_bytes(
        cert.public_bytes(serialization.Encoding.PEM)
        + key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )


@pytest.fixture
def balancer(tmp_path):
    """ops/haproxy.cfg's HAProxy in front of two ClosingNodes; yields (port, [node1, node2])."""
    if shutil.which("haproxy") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("haproxy is not installed (ops/test installs Debian's haproxy)")
        pytest.skip("haproxy is not installed (apt-get install haproxy)")
    nodes = [ClosingNode(), ClosingNode()]
    _certificate(tmp_path / "tls.pem")
    port = _free_port()
    env = {
        **os.environ,
        "LB_PORT": str(port),
        "LB_TLS_PORT": str(_free_port()),
        "LB_TLS_PEM": str(tmp_path / "tls.pem"),
        "NODE1": f"127.0.0.1:{nodes[0].port}",
        "NODE2": f"127.0.0.1:{nodes[1].port}",
    }
    log = (tmp_path / "haproxy.log").open("w")
    process = subprocess.Popen(  # noqa: S603
        ["haproxy", "-f", str(HAPROXY_CFG), "-db"], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            if process.poll() is not None:
                raise RuntimeError((tmp_path / "haproxy.log").read_text())
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield port, nodes
    finally:
        process.terminate()
        process.wait(10)
        log.close()
        for node in nodes:
            node.stop()


def test_a_request_never_crosses_a_nodes_close_of_an_idle_connection(balancer):
    """One client connection to the balancer, four requests one after another (round-robin:
    web1, web2, web1, web2). Before (``ops/cluster``'s HAProxy reused a node's idle connection
    for a later request): the third request went on web1's idle connection, the node closed it,
    and the client saw its connection closed without an answer (``RemoteDisconnected``), as 2 %
    of the burst's checkouts did. Now each request reaches a node on its own connection."""
    port, nodes = balancer
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    answers = []
    for method, path in [("GET", "/cart"), ("GET", "/cart"), ("POST", "/checkout"), ("POST", "/checkout")]:
        try:
            client.request(method, path, body="{}" if method == "POST" else None)
            res = client.getresponse()
            answers.append((res.status, res.read()))
        except (http.client.HTTPException, OSError) as exc:
            answers.append((type(exc).__name__, b""))
            break
    client.close()
    assert answers == [(200, b"{}")] * 4
    seen = [r for node in nodes for r in node.requests if not r[0].startswith("GET /health/")]
    assert sorted(seen) == sorted(
        [
            ("GET /cart HTTP/1.1", "close", 1),
            ("GET /cart HTTP/1.1", "close", 1),
            ("POST /checkout HTTP/1.1", "close", 1),
            ("POST /checkout HTTP/1.1", "close", 1),
        ]
    )


def _gunicorn_commands() -> dict[str, str]:
    """The text of every place that starts gunicorn for the product."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    return {
        "Dockerfile": dockerfile[dockerfile.index("CMD") :],
        "ops/run": (ROOT / "ops" / "run").read_text(),
        "ops/cluster": (ROOT / "ops" / "cluster").read_text(),
        "bench/is_authorized.py": (ROOT / "bench" / "is_authorized.py").read_text(),
        "config/tests/live_servers.py": (settings.PLATFORM_DIR / "config/tests/live_servers.py").read_text(),
    }


def test_every_way_to_serve_takes_gunicorns_settings_from_one_file():
    """The keep-alive, the backlog, the preload, the worker class and the application are
    decided in config/gunicorn_conf.py only (before: ``--keep-alive 75`` in ops/cluster and the
    Dockerfile, none in ops/run, bench/ and the tests' servers, which kept gunicorn's 2 s)."""
    for name, text in _gunicorn_commands().items():
        assert "gunicorn_conf.py" in text, name
        decided_elsewhere = re.findall(
            r"--(keep-alive|backlog|preload|worker-class|chdir|timeout|graceful-timeout)\b", text
        )
        assert decided_elsewhere == [], name
    from config import gunicorn_conf

    connections = (gunicorn_conf.keepalive, gunicorn_conf.backlog, gunicorn_conf.worker_class)
    assert connections == (75, 2048, "gthread")
    assert gunicorn_conf.preload_app is True
    assert gunicorn_conf.wsgi_app == "config.wsgi:application"
    assert Path(gunicorn_conf.chdir) == settings.PLATFORM_DIR


@pytest.mark.django_db(transaction=True)
def test_a_node_keeps_an_idle_connection_past_gunicorns_default(tmp_path, django_db_blocker):
    """A real gunicorn started as the product starts it (config/gunicorn_conf.py) answers a
    request sent on its connection after 3 s of idleness: gunicorn's own default (2 s) closed
    it, and a balancer that reuses idle connections lost such requests (decision 0025)."""
    (server,) = start_servers(tmp_path, count=1)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/public/api/provinces")
        first = conn.getresponse()
        first.read()
        time.sleep(3)
        conn.request("GET", "/public/api/provinces")
        second = conn.getresponse()
        second.read()
        assert (first.status, first.getheader("Connection"), second.status) == (200, "keep-alive", 200)
        conn.close()
    finally:
        server.stop()
