"""The public media route and private file names (issue 16, item 2): a private file planted
under MEDIA_ROOT is never served, whatever the encoding of the path; a public file still is."""

from __future__ import annotations

import os
import re

import pytest
from django.test import Client

from config.media import PUBLIC_MEDIA_PREFIXES, private_name

pytestmark = pytest.mark.django_db

SECRET = b"SECRET proctoring video bytes \x1a\x45\xdf\xa3"
PUBLIC = b"RIFF\x00\x00\x00\x00WEBPVP8 public photo"
PRIVATE = "org_b/reports/41-7.pdf"

# Every way of leaving the public folder for the private file, as sent on the wire (the test
# client, like a WSGI server, decodes the path once).
ESCAPES = [
    f"profiles/../{PRIVATE}",
    f"profiles/%2e%2e/{PRIVATE}",
    f"profiles/%2E%2E/{PRIVATE}",
    f"profiles/.%2e/{PRIVATE}",
    f"profiles/..%2f{PRIVATE}",
    f"profiles/..%2F{PRIVATE.replace('/', '%2F')}",
    f"profiles%2f..%2f{PRIVATE}",
    f"profiles/%2f..%2f{PRIVATE}",
    f"profiles/%252e%252e/{PRIVATE}",
    f"profiles/%252e%252e%252f{PRIVATE}",
    f"profiles/..%252f{PRIVATE}",
    f"profiles/%25252e%25252e/{PRIVATE}",
    f"profiles\\..\\{PRIVATE}",
    f"profiles/..%5c{PRIVATE}",
    f"profiles/%5c..%5c{PRIVATE}",
    f"profiles/..%00/{PRIVATE}",
    f"profiles/%00/../{PRIVATE}",
    f"profiles/./../{PRIVATE}",
    f"profiles//../{PRIVATE}",
    f"question-images/../../media/{PRIVATE}",
    f"listing-covers/x/../../{PRIVATE}",
    f"%2e%2e/media/{PRIVATE}",
    PRIVATE,
    f"/{PRIVATE}",
    f"%2f{PRIVATE}",
    "profiles/escape/41-7.pdf",  # a symlink inside a public folder to the private folder
    "profiles/link.pdf",  # a symlink to the private file itself
    "profiles",
    "profiles/",
]


@pytest.fixture
def media(settings, tmp_path):
    """MEDIA_ROOT in a temporary folder with a private report, a public photo, and symlinks
    from the public folder to the private one."""
    root = tmp_path / "media"
    (root / "org_b" / "reports").mkdir(parents=True)
    (root / PRIVATE).write_bytes(SECRET)
    (root / "profiles" / "9").mkdir(parents=True)
    (root / "profiles" / "9" / "photo.webp").write_bytes(PUBLIC)
    (root / "question-images").mkdir()
    (root / "listing-covers" / "x").mkdir(parents=True)
    os.symlink(root / "org_b" / "reports", root / "profiles" / "escape")
    os.symlink(root / PRIVATE, root / "profiles" / "link.pdf")
    settings.MEDIA_ROOT = str(root)
    return root


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.mark.parametrize("path", ESCAPES)
def test_the_media_route_never_serves_a_private_file(media, path):
    response = Client().get(f"/media/{path}")
    assert response.status_code == 404
    assert b"SECRET" not in _body(response)


def test_a_public_file_is_served_with_its_bytes(media):
    response = Client().get("/media/profiles/9/photo.webp")
    assert response.status_code == 200
    assert _body(response) == PUBLIC
    assert response["Content-Type"] == "image/webp"
    assert response["Content-Length"] == str(len(PUBLIC))
    assert response.has_header("Last-Modified")
    again = Client().get("/media/profiles/9/photo.webp", HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert again.status_code == 304
    assert Client().get("/media/profiles/9/missing.webp").status_code == 404


def test_private_names_are_random_and_carry_no_ids():
    first = private_name(kind="reports", extension="pdf", schema_name="org_a")
    second = private_name(kind="reports", extension="pdf", schema_name="org_a")
    assert first != second
    for name in (first, second):
        assert re.fullmatch(r"org_a/reports/[A-Za-z0-9_-]{32}\.pdf", name), name
    assert re.fullmatch(
        r"analytics-exports/[A-Za-z0-9_-]{32}\.xlsx", private_name(kind="analytics-exports", extension="xlsx")
    )
    for prefix in PUBLIC_MEDIA_PREFIXES:
        with pytest.raises(ValueError):
            private_name(kind="reports", extension="pdf", schema_name=prefix)
        with pytest.raises(ValueError):
            private_name(kind=prefix, extension="pdf")
