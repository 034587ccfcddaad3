"""Upload bombs of issue 16, item 8, built in memory (never kept in the repository).

Shared by the tests of config/images.py and config/spreadsheets.py and by bench/uploads.py.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Iterable

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pixel_flood_png(width: int = 13_000, height: int = 13_000) -> bytes:
    """A valid 1-bit grayscale PNG of ``width`` x ``height`` black pixels: about 20 KB for
    13,000 x 13,000 (169 megapixels), built row by row so the test never holds its pixels."""
    row = b"\x00" * (1 + (width + 7) // 8)  # filter byte "none", then the packed bits
    deflate = zlib.compressobj(9)
    idat = bytearray()
    for _ in range(height):
        idat += deflate.compress(row)
    idat += deflate.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1 bit, grayscale
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", bytes(idat))
        + _png_chunk(b"IEND", b"")
    )


_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    "</Types>"
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Target="xl/workbook.xml" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>'
    "</Relationships>"
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Target="worksheets/sheet1.xml" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"/>'
    "</Relationships>"
)


def _column(index: int) -> str:
    name = ""
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _cells(number: int, values: Iterable[str]) -> str:
    return "".join(
        f'<c r="{_column(i)}{number}" t="inlineStr"><is><t>{v}</t></is></c>'
        for i, v in enumerate(values, start=1)
    )


def xlsx_bytes(
    *,
    header: Iterable[str] = ("email",),
    rows: Iterable[Iterable[str]] = (),
    empty_rows: int = 0,
    dimension: str | None = None,
    prolog: str = "",
    trailing: str = "",
) -> bytes:
    """A minimal .xlsx written by hand (the parts openpyxl needs), its sheet streamed into a
    ZIP_DEFLATED entry: ``header`` in row 1, then ``rows``, then ``empty_rows`` rows written as
    ``<row/>``, with ``<dimension ref=...>`` when given. 20,000,000 empty rows make 120 MB of
    XML in a zip of about 120 KB, the file of issue 16, item 8 (172 KB there). ``prolog`` goes
    between the XML declaration and ``<worksheet>`` (a DTD, say), ``trailing`` at the end of
    ``<sheetData>``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELS)
        archive.writestr("xl/workbook.xml", _WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        with archive.open("xl/worksheets/sheet1.xml", "w") as sheet:
            sheet.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + prolog.encode())
            sheet.write(b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            if dimension:
                sheet.write(f'<dimension ref="{dimension}"/>'.encode())
            sheet.write(b"<sheetData>")
            sheet.write(f'<row r="1">{_cells(1, header)}</row>'.encode())
            number = 1
            for values in rows:
                number += 1
                sheet.write(f'<row r="{number}">{_cells(number, values)}</row>'.encode())
            # Empty rows without "r": readers number them on from the last one (as openpyxl and
            # Excel do). Identical bytes deflate about 1,000 to 1; numbered ones only 7 to 1.
            block = b"<row/>" * 100_000
            whole, rest = divmod(empty_rows, 100_000)
            for _ in range(whole):
                sheet.write(block)
            sheet.write(b"<row/>" * rest)
            sheet.write(trailing.encode())
            sheet.write(b"</sheetData></worksheet>")
    return out.getvalue()
