"""A 413 closes the connection cleanly (issue 38 item 4; ``config.middleware``): through a real
gunicorn process, a body over the cap is answered 413 with ``Connection: close``, the server
then closes (an orderly end of stream, not a reset), and the client's next request, on a new
connection, is served. Before, the 413 said ``Connection: keep-alive`` and gunicorn, unable to
read the unread body away, dropped the connection: a client that reused it failed."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from django.conf import settings

from config.tests.live_servers import request, start_servers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory, django_db_setup, django_db_blocker):
    (started,) = start_servers(tmp_path_factory.mktemp("too-large"), count=1)
    yield started
    started.stop()


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one HTTP/1.1 response (Content-Length or chunked)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before the response's head: {data!r}")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    if headers.get("transfer-encoding") == "chunked":
        while not body.endswith(b"0\r\n\r\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        decoded, rest = b"", body
        while True:
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line, 16)
            if size == 0:
                return status, headers, decoded
            decoded, rest = decoded + rest[:size], rest[size + 2 :]
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def read_rest(sock: socket.socket) -> str:
    """``"eof"`` when the server closes in order, ``"reset"`` on a reset, ``"open"`` when it keeps
    the connection past 3 s."""
    sock.settimeout(3)
    try:
        while sock.recv(65536):
            pass
        return "eof"
    except ConnectionResetError:
        return "reset"
    except TimeoutError:
        return "open"


@pytest.mark.parametrize("size", [3 * 1024 * 1024, 12 * 1024 * 1024])
def test_a_body_over_the_cap_is_refused_with_connection_close(server, size):
    assert size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    head = (
        "POST /public/api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en\r\n"
        f"Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n"
    ).encode()
    sent: list[BaseException] = []

    def send_body() -> None:  # as a browser does: the whole body, while the answer may come
        try:
            sock.sendall(head + b"[" + b" " * (size - 2) + b"]")
        except OSError as exc:
            sent.append(exc)

    sender = threading.Thread(target=send_body)
    sender.start()
    status, headers, body = read_response(sock)
    assert status == 413
    assert json.loads(body)["code"] == "request_too_large"
    assert headers.get("connection") == "close"
    assert read_rest(sock) == "eof"
    sender.join(30)
    sock.close()
    assert request(server, "GET", "/public/api/provinces")[0] == 200
