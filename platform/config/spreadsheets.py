"""Reading uploaded spreadsheets (.xlsx, and .csv where the caller allows it) within caps.

The one home of "spreadsheet reading with size/row caps" (STYLE.md), used by the question import
(``assessments/services/spreadsheets.py``) and the learner import (``people/services.py``).

Why (issue 16, item 8): an .xlsx is a zip of XML, so a 172 KB upload can hold 20,000,000 empty
rows; reading it with openpyxl held a web worker 78-94 s at up to 3.8 GB before it was refused. So,
in this order, each refusal costing at most a few milliseconds and a few hundred KB:

1. the upload is read up to ``max_bytes`` (413 beyond);
2. its type is checked by content: a zip holding ``xl/workbook.xml`` (else, where the caller allows
   .csv, UTF-8 text without NUL bytes); never by name or browser MIME type;
3. before openpyxl parses anything, the zip's directory: at most ``max_entries`` entries, each
   part at most ``max_part_bytes`` (the workbook, styles and other small XML parts at most
   ``max_other_xml_bytes``) and all together at most ``max_unzipped_bytes`` once unpacked
   (the sizes the directory declares; Python's zipfile never inflates a part past its declared
   size, so the declaration bounds the work);
4. still before openpyxl, the XML parts are read as bytes in 256 KB pieces: none may hold a DTD
   (OOXML never does; its entities would let a few bytes expand into millions of elements); the
   first worksheet's declared ``<dimension ref="A1:C20">`` must be within ``max_rows``,
   ``max_columns`` and ``max_cells`` (last row, last column, their product); its ``<row>`` and
   ``<c>`` elements are counted against ``max_rows`` and ``max_cells`` (at most 16,384 cells in
   one row), and so are those of any other worksheet without a dimension, because openpyxl's
   read-only mode parses such a sheet whole when it opens the workbook; the shared strings are
   at most ``max_cells``;
5. while streaming (openpyxl read-only mode, dimension ignored so nothing is padded to it), rows
   are counted by their row number, empty rows included, and reading stops at the first row past
   ``max_rows``, the first row wider than ``max_columns`` used cells or past ``max_cells`` cells.

Every refusal is ``spreadsheet_too_large`` with a localized message naming the cap (400; 413 for
the upload's bytes). The callers' caps are documented where they are declared (``QUESTION_SHEET``,
``LEARNER_SHEET``).

Writing: the one cell-style cache of the spreadsheets the server makes (``CellStyles``; issue 35,
item 3), used by the analytics exports and the gradebook.
"""

from __future__ import annotations

import csv
import io
import posixpath
import re
import zipfile
from collections.abc import Iterator, Sequence
from copy import copy
from dataclasses import dataclass
from enum import StrEnum
from typing import IO, Any
from xml.etree import ElementTree

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries
from openpyxl.workbook.workbook import Workbook

from config.errors import ApplicationError

MB = 1024 * 1024
WORKBOOK_PART = "xl/workbook.xml"
DIMENSION_HEAD_BYTES = 64 * 1024  # <dimension> comes right after the small <sheetPr>
SCAN_CHUNK = 256 * 1024
XLSX_MAX_COLUMNS = 16_384  # column XFD: Excel's widest row
_PREFIX = rb"<(?:[A-Za-z_][\w.-]{0,20}:)?"
_ROW_START = re.compile(_PREFIX + rb"row[\s/>]")
_CELL_START = re.compile(_PREFIX + rb"c[\s/>]")
_STRING_START = re.compile(_PREFIX + rb"si[\s/>]")
_DIMENSION = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\bref\s*=\s*[\"']([^\"']{1,40})[\"']")
_MAIN_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


class SpreadsheetErrorCode(StrEnum):
    SPREADSHEET_TOO_LARGE = "spreadsheet_too_large"


@dataclass(frozen=True)
class SheetLimits:
    """Caps of one kind of import. Rows count from the sheet's first row, the header and empty
    rows included; columns are the used width of a row (trailing empty cells not counted)."""

    max_bytes: int
    max_rows: int
    max_columns: int
    max_cells: int
    max_part_bytes: int
    max_unzipped_bytes: int
    max_entries: int = 1000
    # Parts openpyxl parses whole besides the sheet and the shared strings: the workbook, styles,
    # relationships, content types, properties. A few hundred KB in real files.
    max_other_xml_bytes: int = 4 * MB
    # A .csv line (a row, or part of one with a quoted line break): 65,536 characters.
    max_line_chars: int = 64 * 1024


def _too_large(message: str, *, status: int = 400) -> ApplicationError:
    return ApplicationError(
        SpreadsheetErrorCode.SPREADSHEET_TOO_LARGE, message, status=status, errors={"file": [message]}
    )


def _too_many_rows(limits: SheetLimits) -> ApplicationError:
    return _too_large(
        _("The spreadsheet has more than %(n)s rows (empty rows count too).")
        % {"n": number_format(limits.max_rows, force_grouping=True)}
    )


def _too_many_columns(limits: SheetLimits) -> ApplicationError:
    return _too_large(
        _("The spreadsheet has more than %(n)s columns.")
        % {"n": number_format(limits.max_columns, force_grouping=True)}
    )


def _too_many_cells(limits: SheetLimits) -> ApplicationError:
    return _too_large(
        _("The spreadsheet has more than %(n)s cells.")
        % {"n": number_format(limits.max_cells, force_grouping=True)}
    )


def _too_large_unpacked(limits: SheetLimits) -> ApplicationError:
    return _too_large(
        _("The spreadsheet is too large once unpacked (more than %(mb)d MB).")
        % {"mb": max(1, limits.max_unzipped_bytes // MB)}
    )


def _used_width(values: tuple[Any, ...] | list[Any]) -> int:
    width = len(values)
    while width and (values[width - 1] is None or values[width - 1] == ""):
        width -= 1
    return width


class Sheet:
    """The rows of an accepted upload. Use as a context manager, or call ``close()``."""

    def __init__(
        self,
        limits: SheetLimits,
        unsupported: ApplicationError,
        *,
        workbook: Workbook | None = None,
        text: str | None = None,
        row_count: int = 0,
    ) -> None:
        self.limits = limits
        self._unsupported = unsupported
        self._workbook = workbook
        self._text = text
        self.row_count = row_count
        """The rows that hold at least one cell, the header included, counted by ``open_sheet``
        once the caps are checked: an .xlsx's ``<row>`` elements with a ``<c>`` in its first
        sheet, from the bytes before openpyxl parses anything; a .csv's rows with a value (a
        first pass of ``rows()``, which also enforces the caps). What an import's work grows
        with, for deciding whether it runs in the background and for its progress (issue 16,
        item 8); empty rows cost next to nothing and are not counted."""
        self.extension = "xlsx" if workbook is not None else "csv"
        """``xlsx`` or ``csv``: what the content is (never taken from the upload's name)."""

    def __enter__(self) -> Sheet:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._workbook is not None:
            self._workbook.close()
            self._workbook = None

    def has_sheet(self, name: str) -> bool:
        """Whether an .xlsx has a worksheet titled ``name`` (a .csv has one sheet, unnamed)."""
        return self._workbook is not None and name in self._workbook.sheetnames

    def _raw_rows(self, name: str | None = None) -> Iterator[tuple[Any, ...] | list[str]]:
        if self._workbook is not None:
            sheet = self._workbook[name] if name else self._workbook.worksheets[0]
            sheet.reset_dimensions()  # the declared dimension was checked; never pad rows to it
            yield from sheet.iter_rows(values_only=True)
            return
        text = self._text or ""
        try:
            dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t") if text.strip() else csv.excel
        except csv.Error:
            dialect = csv.excel
        yield from csv.reader(self._csv_lines(text), dialect)

    def _csv_lines(self, text: str) -> Iterator[str]:
        """The .csv's physical lines (any line ending), each at most ``max_line_chars``: a
        5 MB line of commas would otherwise become a million fields before a width is checked."""
        for line in io.StringIO(text, newline=""):
            if len(line) > self.limits.max_line_chars:
                raise _too_large(
                    _("A line of the file is longer than %(n)s characters.")
                    % {"n": number_format(self.limits.max_line_chars, force_grouping=True)}
                )
            yield line

    def rows(self, name: str | None = None) -> Iterator[tuple[int, tuple[Any, ...]]]:
        """``(row number, values)`` for every row of the first sheet (or of the .xlsx's sheet
        titled ``name``, see ``has_sheet``) from row 1, empty rows included (as ``()`` or
        all-``None``/``""`` values). Values are openpyxl's (str, int, float, datetime, None) for
        .xlsx and str for .csv. Raises 400 ``spreadsheet_too_large`` at the first row past a cap
        (``SheetLimits``, each sheet on its own), before reading further, and the caller's 400
        unsupported error when the sheet's XML or text turns out broken while streaming."""
        limits, cells = self.limits, 0
        try:
            for number, values in enumerate(self._raw_rows(name), start=1):
                if number > limits.max_rows:
                    raise _too_many_rows(limits)
                width = _used_width(values)
                if width > limits.max_columns:
                    raise _too_many_columns(limits)
                cells += width
                if cells > limits.max_cells:
                    raise _too_many_cells(limits)
                yield number, tuple(values[:width])
        except (
            csv.Error,
            ElementTree.ParseError,
            SyntaxError,  # lxml's XMLSyntaxError, when openpyxl parses with lxml
            zipfile.BadZipFile,  # a part longer than declared fails its CRC check
            EOFError,
            KeyError,
            IndexError,
            ValueError,
            TypeError,
        ) as exc:
            raise self._unsupported from exc


def _is_other_xml(name: str) -> bool:
    return (
        name.endswith((".xml", ".rels"))
        and not name.startswith("xl/worksheets/")
        and name != "xl/sharedStrings.xml"
    )


def _sheet_parts(archive: zipfile.ZipFile, names: set[str]) -> list[str]:
    """The part names of the worksheets in the workbook's order (the first is the one openpyxl's
    ``worksheets[0]`` reads), then any other part under ``xl/worksheets/``."""
    ordered: list[str] = []
    rels_name = "xl/_rels/workbook.xml.rels"
    workbook: ElementTree.Element | None
    rels: ElementTree.Element | None
    try:
        # Both parts are small (max_other_xml_bytes) and hold no DTD (_scan_part ran first), so
        # no entity can expand; xml.etree never fetches external resources.
        workbook = ElementTree.fromstring(archive.read(WORKBOOK_PART))  # noqa: S314
        rels = ElementTree.fromstring(archive.read(rels_name))  # noqa: S314
    except (ElementTree.ParseError, KeyError, zipfile.BadZipFile, ValueError):
        workbook = rels = None
    if workbook is not None and rels is not None:
        targets = {
            rel.get("Id"): (rel.get("Target") or "", rel.get("Type") or "")
            for rel in rels.iter(f"{_REL_NS}Relationship")
        }
        for sheet in workbook.iter(f"{_MAIN_NS}sheet"):
            target, kind = targets.get(sheet.get(_R_ID), ("", ""))
            if not target or "chartsheet" in kind:
                continue
            part = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
            ordered.append(posixpath.normpath(part))
    others = sorted(n for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml"))
    return [p for p in dict.fromkeys([*ordered, *others]) if p in names]


# What reading a member of an untrusted zip can raise: a missing member (KeyError), a corrupt
# archive (BadZipFile, EOFError, OSError from zlib), an encrypted member or a compression method
# zipfile cannot read (both RuntimeError or a subclass of it).
ZIP_READ_ERRORS = (KeyError, zipfile.BadZipFile, EOFError, OSError, RuntimeError)


def _declared_size(archive: zipfile.ZipFile, part: str) -> tuple[int, int] | None:
    """(last row, last column) of the part's ``<dimension ref>``, or None when absent."""
    try:
        with archive.open(part) as stream:
            head = stream.read(DIMENSION_HEAD_BYTES)
    except ZIP_READ_ERRORS:
        return None
    match = _DIMENSION.search(head)
    if match is None:
        return None
    try:
        _min_col, _min_row, max_col, max_row = range_boundaries(match.group(1).decode("ascii"))
    except (ValueError, TypeError, UnicodeDecodeError):
        return None
    return max_row or 0, max_col or 0


def _segments(archive: zipfile.ZipFile, part: str) -> Iterator[bytes]:
    """The part's XML inflated in ``SCAN_CHUNK`` pieces, cut before a ``<`` near a piece's end
    so that no tag name is split between two pieces; never the whole part in memory."""
    tail = b""
    with archive.open(part) as stream:
        while data := stream.read(SCAN_CHUNK):
            buffer = tail + data
            cut = buffer.rfind(b"<", max(0, len(buffer) - 64))
            if cut <= 0:
                cut = len(buffer)
            tail = buffer[cut:]
            yield buffer[:cut]
    if tail:
        yield tail


def _scan_part(
    archive: zipfile.ZipFile, part: str, limits: SheetLimits, unsupported: ApplicationError, *, kind: str
) -> int:
    """Read one XML part as bytes, before any XML parser sees it. Every part: a DTD (which
    OOXML never uses, and whose entities would let a few bytes expand into millions of
    elements) is refused as unsupported. ``kind="sheet"``: its ``<row>`` elements (at most
    ``max_rows``), its ``<c>`` cells (at most ``max_cells``, at most ``XLSX_MAX_COLUMNS`` in
    one row) are counted, because openpyxl parses a sheet without a dimension whole when it
    opens the workbook. ``kind="strings"``: at most ``max_cells`` shared strings. Returns the
    number of ``<row>`` elements holding a ``<c>`` (0 unless ``kind="sheet"``)."""
    rows = cells = row_cells = strings = filled = 0
    try:
        for segment in _segments(archive, part):
            if b"<!DOCTYPE" in segment or b"<!ENTITY" in segment:
                raise unsupported
            if kind == "strings":
                strings += len(_STRING_START.findall(segment))
                if strings > limits.max_cells:
                    raise _too_many_cells(limits)
            elif kind == "sheet":
                pieces = _ROW_START.split(segment)
                for index, piece in enumerate(pieces):
                    if index:
                        rows, row_cells = rows + 1, 0
                        if rows > limits.max_rows:
                            raise _too_many_rows(limits)
                    found = len(_CELL_START.findall(piece))
                    if found and rows and not row_cells:
                        filled += 1
                    row_cells, cells = row_cells + found, cells + found
                    if row_cells > XLSX_MAX_COLUMNS:
                        raise _too_many_columns(limits)
                    if cells > limits.max_cells:
                        raise _too_many_cells(limits)
    except ZIP_READ_ERRORS as exc:
        raise unsupported from exc
    return filled


def _check_xlsx(raw: bytes, limits: SheetLimits, unsupported: ApplicationError) -> int:
    """Steps 2-4 of the module docstring, on the zip's directory and the parts' bytes. Returns
    the first worksheet's ``<row>`` elements that hold a ``<c>``."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise unsupported from exc
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.max_entries:
            raise _too_large_unpacked(limits)
        names = {info.filename for info in infos}
        if WORKBOOK_PART not in names:
            raise unsupported
        total = 0
        for info in infos:
            total += info.file_size
            if info.file_size > limits.max_part_bytes or total > limits.max_unzipped_bytes:
                raise _too_large_unpacked(limits)
            if _is_other_xml(info.filename) and info.file_size > limits.max_other_xml_bytes:
                raise _too_large_unpacked(limits)
        sheets = [n for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml")]
        for name in sorted(names):
            if name.endswith((".xml", ".rels")) and name not in sheets:
                _scan_part(
                    archive, name, limits, unsupported, kind="strings" if "sharedStrings" in name else ""
                )
        first_rows = 0
        for index, part in enumerate(_sheet_parts(archive, names)):
            declared = _declared_size(archive, part)
            if declared is not None and index == 0:
                rows, columns = declared
                if rows > limits.max_rows:
                    raise _too_many_rows(limits)
                if columns > limits.max_columns:
                    raise _too_many_columns(limits)
                if rows * columns > limits.max_cells:
                    raise _too_many_cells(limits)
            if index == 0 or declared is None:  # openpyxl reads these whole when it opens the file
                counted = _scan_part(archive, part, limits, unsupported, kind="sheet")
                if index == 0:
                    first_rows = counted
            else:
                _scan_part(archive, part, limits, unsupported, kind="")
    return first_rows


def open_sheet(
    upload: IO[bytes], *, limits: SheetLimits, unsupported_code: str, allow_csv: bool = False
) -> Sheet:
    """Check an uploaded spreadsheet against ``limits`` and open its first sheet for streaming.

    ``upload``: a file-like object (Django ``UploadedFile``), read at most ``max_bytes + 1``.
    Raises ``ApplicationError``: 413 ``spreadsheet_too_large`` over ``max_bytes``; 400
    ``unsupported_code`` when the content is not an .xlsx (nor a UTF-8 .csv with ``allow_csv``);
    400 ``spreadsheet_too_large`` when the zip's declared sizes, the first sheet's declared
    dimension or the counted rows and cells are over the caps (steps 3-4 of the module docstring);
    400 ``unsupported_code`` for a part with a DTD. ``Sheet.rows()`` enforces the row, column and
    cell caps while streaming (for a .csv, a first pass here already did, so its refusals come
    from this call); ``Sheet.row_count`` counts the rows holding a cell, the header included,
    which the imports use to decide whether to run in the background. Issue 16, item 8.
    """
    raw = upload.read(limits.max_bytes + 1)
    if len(raw) > limits.max_bytes:
        raise _too_large(
            _("The spreadsheet is larger than %(mb)d MB.") % {"mb": max(1, limits.max_bytes // MB)},
            status=413,
        )
    unsupported = ApplicationError(
        unsupported_code,
        _("The file is not an .xlsx or .csv file.")
        if allow_csv
        else _("The file is not an .xlsx spreadsheet."),
        status=400,
    )
    if zipfile.is_zipfile(io.BytesIO(raw)):
        row_count = _check_xlsx(raw, limits, unsupported)
        try:
            workbook = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many types for a broken workbook
            raise unsupported from exc
        if not workbook.worksheets:
            workbook.close()
            raise unsupported
        return Sheet(limits, unsupported, workbook=workbook, row_count=row_count)
    if not allow_csv:
        raise unsupported
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise unsupported from exc
    if "\x00" in text:
        raise unsupported
    sheet = Sheet(limits, unsupported, text=text)
    sheet.row_count = sum(1 for _number, values in sheet.rows() if values)  # caps checked here too
    return sheet


def header_row(sheet: Any, titles: list[str], widths: Sequence[float] | None = None) -> list[Any]:
    """The header row of an exported sheet (openpyxl write-only ``sheet``): bold white titles on
    the product's blue, centered and wrapped, the row frozen; ``widths`` (characters) set the
    columns. Returns the cells for ``sheet.append``; call it before any row is appended."""
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    sheet.freeze_panes = "A2"
    for index, width in enumerate(widths or [], start=1):
        sheet.column_dimensions[get_column_letter(index)].width = width
    cells = []
    for title in titles:
        cell = WriteOnlyCell(sheet, value=title)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1D4ED8")
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        cells.append(cell)
    return cells


# --- writing ---------------------------------------------------------------------------------


class CellStyles:
    """Write-only cells of one sheet ``ws`` (an openpyxl write-only worksheet) with a number
    format (``"#,##0"``, ``"dd/mm/yyyy hh:mm"``...): each format's style is looked up once, then
    copied into the next cells of that format (setting ``number_format`` on every cell of a
    100,000-row export costs more than writing the cell). Holds nothing between workbooks."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self._styles: dict[str, Any] = {}

    def cell(self, value: Any, number_format: str) -> Any:
        """A ``WriteOnlyCell`` of ``value`` shown with ``number_format``; ``None`` (an empty
        cell) for a ``None`` value."""
        from openpyxl.cell import WriteOnlyCell

        if value is None:
            return None
        cell: Any = WriteOnlyCell(self.ws, value=value)  # _style: openpyxl's StyleArray, untyped
        style = self._styles.get(number_format)
        if style is None:
            cell.number_format = number_format
            self._styles[number_format] = cell._style
        else:
            cell._style = copy(style)
        return cell
