"""Untrusted zips and XML (config/archives.py; issue 36): bounds checked before inflating,
no DTD, broken input as the caller's error."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.utils import translation

from config.archives import open_zip_checked, xml_parse
from config.errors import ApplicationError

UNSUPPORTED = ApplicationError("unsupported_file", "not ours")


def _zip(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _refusal(data: bytes, **bounds) -> ApplicationError:
    limits = {"max_entries": 10, "max_total_bytes": 1_000_000, "max_ratio": 100, **bounds}
    with translation.override("en"), pytest.raises(ApplicationError) as caught:
        open_zip_checked(data, unsupported=UNSUPPORTED, **limits)
    return caught.value


def test_a_zip_within_its_bounds_opens():
    with open_zip_checked(
        _zip({"a.xml": b"<a/>"}), max_entries=1, max_total_bytes=10, max_ratio=2, unsupported=UNSUPPORTED
    ) as archive:
        assert archive.read("a.xml") == b"<a/>"


def test_each_bound_is_refused_with_its_message():
    many = _refusal(_zip({f"{i}.txt": b"x" for i in range(11)}))
    assert (many.code, many.message) == ("archive_too_large", "The file holds more than 10 parts.")
    big = _refusal(_zip({"a.bin": bytes(range(256)) * 5000}))
    assert big.message == "The file is too large once unpacked (more than 1 MB)."
    bomb = _refusal(_zip({"a.xml": b" " * 900_000}))
    assert (
        bomb.message == "A part of the file is compressed more than 100 times: it is refused as a zip bomb."
    )
    assert _refusal(b"not a zip") is UNSUPPORTED


def test_xml_with_a_dtd_or_broken_is_refused_and_entities_are_never_read():
    assert xml_parse(b"<a><b>1</b></a>", unsupported=UNSUPPORTED).findtext("b") == "1"
    with translation.override("en"), pytest.raises(ApplicationError) as caught:
        xml_parse(
            b'<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', unsupported=UNSUPPORTED
        )
    assert (caught.value.code, caught.value.message) == (
        "xml_refused",
        "The file's XML declares a document type, which is not allowed.",
    )
    late = b"<!--" + b" " * 5000 + b'--><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'
    with pytest.raises(ApplicationError) as caught:
        xml_parse(late, unsupported=UNSUPPORTED)
    assert caught.value.code == "xml_refused"
    with pytest.raises(ApplicationError) as caught:
        xml_parse(b"<a>", unsupported=UNSUPPORTED)
    assert caught.value is UNSUPPORTED
