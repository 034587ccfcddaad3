"""Untrusted zip archives and the XML inside them, read within bounds (issue 36: "Every file is
untrusted. A .docx is a zip: entry count, total size and compression ratio bounded; XML parsed with
external entities refused").

The one home of opening an uploaded zip (a .docx, a QTI content package) and parsing its XML
parts; ``config.spreadsheets`` keeps its own finer checks of .xlsx sheets. In this order, before
anything is inflated:

1. the archive's central directory is read (``zipfile``; a file that is no zip is the caller's
   ``unsupported`` error);
2. at most ``max_entries`` entries;
3. the sizes the directory declares, all together, at most ``max_total_bytes`` (Python's zipfile
   never inflates a member past its declared size: a member longer than declared fails its CRC
   check, so the declaration bounds the work);
4. each member's declared size over its compressed size at most ``max_ratio`` (a zip bomb packs
   a gigabyte of zeros into a megabyte: ratios of 1000 and more; real Office files stay under 100,
   even for the XML of long documents), counted for members above ``RATIO_FLOOR_BYTES`` only,
   where a ratio means something.

``xml_parse`` parses one XML part with lxml without entity expansion, network access or a DTD
(a ``<!DOCTYPE`` is refused outright: OOXML, QTI and Moodle XML never need one).
"""

from __future__ import annotations

import io
import zipfile
from enum import StrEnum

from django.utils.translation import gettext as _
from lxml import etree

from config.errors import ApplicationError

MB = 1024 * 1024
RATIO_FLOOR_BYTES = 64 * 1024
"""Members declared smaller than this are not held to ``max_ratio`` (a 10 KB part of spaces is
harmless whatever it compresses to)."""

ZIP_READ_ERRORS = (KeyError, zipfile.BadZipFile, EOFError, OSError, RuntimeError, ValueError)
"""What reading a member of an untrusted zip can raise: a missing member (KeyError), a corrupt
archive (BadZipFile, EOFError, OSError from zlib), an encrypted member or an unknown compression
method (RuntimeError and its subclasses, such as the error zipfile raises for a compression it
lacks), a bad header (ValueError)."""


class ArchiveErrorCode(StrEnum):
    ARCHIVE_TOO_LARGE = "archive_too_large"
    XML_REFUSED = "xml_refused"


def _too_large(message: str) -> ApplicationError:
    return ApplicationError(
        ArchiveErrorCode.ARCHIVE_TOO_LARGE, message, status=400, errors={"file": [message]}
    )


def open_zip_checked(
    data: bytes,
    *,
    max_entries: int,
    max_total_bytes: int,
    max_ratio: int,
    unsupported: ApplicationError,
) -> zipfile.ZipFile:
    """The zip archive in ``data``, once its directory is within the bounds (module docstring).

    Raises ``unsupported`` (the caller's localized "not a ... file" error) when ``data`` is no
    readable zip, and 400 ``archive_too_large`` with a message naming the bound when it holds
    more than ``max_entries`` entries, more than ``max_total_bytes`` once unpacked, or a member
    (above ``RATIO_FLOOR_BYTES``) compressed more than ``max_ratio`` times. Nothing is inflated
    here. The caller closes the archive (it is a context manager)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise unsupported from exc
    if len(infos) > max_entries:
        archive.close()
        raise _too_large(_("The file holds more than %(n)d parts.") % {"n": max_entries})
    total = 0
    for info in infos:
        total += info.file_size
        if total > max_total_bytes:
            archive.close()
            raise _too_large(
                _("The file is too large once unpacked (more than %(mb)d MB).")
                % {"mb": max(1, max_total_bytes // MB)}
            )
        if info.file_size > RATIO_FLOOR_BYTES and info.file_size > max_ratio * max(info.compress_size, 1):
            archive.close()
            raise _too_large(
                _("A part of the file is compressed more than %(n)d times: it is refused as a zip bomb.")
                % {"n": max_ratio}
            )
    return archive


def zip_read(archive: zipfile.ZipFile, name: str, *, unsupported: ApplicationError) -> bytes:
    """The member ``name`` inflated (bounded by its declared size, checked by ``open_zip_checked``).
    Raises ``unsupported`` when it is missing, encrypted or corrupt."""
    try:
        return archive.read(name)
    except ZIP_READ_ERRORS as exc:
        raise unsupported from exc


_PARSER_OPTIONS = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}


def xml_parse(data: bytes, *, unsupported: ApplicationError) -> etree._Element:
    """The root element of the XML in ``data``, parsed by lxml without entity expansion, DTD or
    network (``resolve_entities=False``, ``no_network``, ``load_dtd=False``). A document with a
    ``<!DOCTYPE`` (before its root element) is refused with 400 ``xml_refused``: the formats we
    read never declare one, and its entities are how XML bombs and external-entity reads work.
    Broken XML raises ``unsupported``."""
    head = data[:4096]
    if b"<!DOCTYPE" in head or b"<!ENTITY" in head or b"<!doctype" in head:
        message = _("The file's XML declares a document type, which is not allowed.")
        raise ApplicationError(ArchiveErrorCode.XML_REFUSED, message, status=400, errors={"file": [message]})
    parser = etree.XMLParser(**_PARSER_OPTIONS)
    try:
        root = etree.fromstring(data, parser=parser)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise unsupported from exc
    if root is None:
        raise unsupported
    if root.getroottree().docinfo.doctype:
        message = _("The file's XML declares a document type, which is not allowed.")
        raise ApplicationError(ArchiveErrorCode.XML_REFUSED, message, status=400, errors={"file": [message]})
    return root
