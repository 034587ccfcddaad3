"""Spreadsheet bombs refused before openpyxl reads them, or while streaming (issue 16, item 8;
config/spreadsheets.py), on both imports: questions (.xlsx) and learners (.xlsx or .csv)."""

from __future__ import annotations

import tracemalloc

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import Invitation
from assessments.tests.test_authoring_api import make_bank
from config.tests.bombs import XLSX_TYPE, xlsx_bytes

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
LEARNERS = "/api/v1/organization/invitations/import"
QUESTION_HEADER = ("type", "stem_vi", "correct")


def _post(client, path: str, content: bytes, lang: str = "en", name: str = "bomb.xlsx"):
    return client.post(
        path, {"file": SimpleUploadedFile(name, content, XLSX_TYPE)}, HTTP_ACCEPT_LANGUAGE=lang
    )


def _refusal(res) -> tuple[int, str, str, dict]:
    body = res.json()
    return res.status_code, body["code"], body["message"], body["errors"]


def _questions(client) -> str:
    return f"/api/v1/question-banks/{make_bank(client)['id']}/import"


def test_twenty_million_rows_refused_by_both_imports_from_the_zip_directory(as_educator_a):
    bomb = xlsx_bytes(header=QUESTION_HEADER, empty_rows=20_000_000)
    assert len(bomb) < 200 * 1024  # 120 MB of sheet XML in a zip of about 170 KB
    questions = _questions(as_educator_a)
    en = {
        questions: "The spreadsheet is too large once unpacked (more than 128 MB).",
        LEARNERS: "The spreadsheet is too large once unpacked (more than 32 MB).",
    }
    vi = {
        questions: "Bảng tính quá lớn khi giải nén (hơn 128 MB).",
        LEARNERS: "Bảng tính quá lớn khi giải nén (hơn 32 MB).",
    }
    for path in (questions, f"{questions}?dry_run=false", LEARNERS, f"{LEARNERS}?dry_run=false"):
        base = path.split("?")[0]
        tracemalloc.start()
        try:
            res = _post(as_educator_a, path, bomb)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert _refusal(res) == (400, "spreadsheet_too_large", en[base], {"file": [en[base]]})
        assert peak < 100 * MB, (path, peak)
        assert _refusal(_post(as_educator_a, path, bomb, "vi"))[:3] == (
            400,
            "spreadsheet_too_large",
            vi[base],
        )
    assert as_educator_a.get("/api/v1/questions").json()["data"]["total"] == 0
    assert not Invitation.objects.exists()


def test_declared_dimension_over_the_caps_is_refused_before_reading(as_educator_a):
    questions = _questions(as_educator_a)
    rows = xlsx_bytes(header=QUESTION_HEADER, dimension="A1:C20000000")
    assert _refusal(_post(as_educator_a, questions, rows)) == (
        400,
        "spreadsheet_too_large",
        "The spreadsheet has more than 20,001 rows (empty rows count too).",
        {"file": ["The spreadsheet has more than 20,001 rows (empty rows count too)."]},
    )
    assert _refusal(_post(as_educator_a, questions, rows, "vi"))[2] == (
        "Bảng tính có hơn 20001 dòng (tính cả dòng trống)."
    )
    columns = xlsx_bytes(header=("email",), dimension="A1:XFD3")
    assert _refusal(_post(as_educator_a, LEARNERS, columns))[:3] == (
        400,
        "spreadsheet_too_large",
        "The spreadsheet has more than 50 columns.",
    )
    cells = xlsx_bytes(header=("email",), dimension="A1:AX2001")  # 2,001 rows x 50 = the cap
    assert _post(as_educator_a, LEARNERS, cells).json()["code"] == "import_invalid"  # no rows: read
    cells = xlsx_bytes(header=("email",), dimension="A1:AX2002")
    assert _refusal(_post(as_educator_a, LEARNERS, cells))[2] == (
        "The spreadsheet has more than 2,001 rows (empty rows count too)."
    )


def test_rows_are_counted_while_streaming_empty_ones_included(as_educator_a):
    """No dimension, a sheet small enough unpacked: the row count stops the reading."""
    questions = _questions(as_educator_a)
    over = xlsx_bytes(header=QUESTION_HEADER, empty_rows=20_000)  # 20,001 rows: the cap
    res = _post(as_educator_a, questions, over)
    assert _refusal(res)[:3] == (400, "import_invalid", "The spreadsheet has no question rows.")
    over = xlsx_bytes(header=QUESTION_HEADER, empty_rows=30_000)
    assert _refusal(_post(as_educator_a, questions, over))[:3] == (
        400,
        "spreadsheet_too_large",
        "The spreadsheet has more than 20,001 rows (empty rows count too).",
    )
    learners = xlsx_bytes(header=("email",), rows=[["hs1@example.vn"]], empty_rows=2_000)
    assert _refusal(_post(as_educator_a, LEARNERS, learners))[2] == (
        "The spreadsheet has more than 2,001 rows (empty rows count too)."
    )
    wide = xlsx_bytes(header=("email",), rows=[["hs1@example.vn", *["x"] * 50]])
    assert _refusal(_post(as_educator_a, LEARNERS, wide))[2] == "The spreadsheet has more than 50 columns."
    commas = b"email\n" + b"ab," * 1_000_000  # one line of a million fields
    res = _post(as_educator_a, LEARNERS, commas, name="l.csv")
    assert _refusal(res)[2] == "A line of the file is longer than 65,536 characters."
    csv_rows = b"email\n" + b"\n" * 2_000 + b"hs1@example.vn\n"
    res = _post(as_educator_a, LEARNERS, csv_rows, name="l.csv")
    assert _refusal(res)[2] == "The spreadsheet has more than 2,001 rows (empty rows count too)."
    assert not Invitation.objects.exists()


def test_upload_bytes_and_type_by_content(as_educator_a):
    big = b"email\n" + b"a" * (5 * MB)
    assert _refusal(_post(as_educator_a, LEARNERS, big, name="l.csv")) == (
        413,
        "spreadsheet_too_large",
        "The spreadsheet is larger than 5 MB.",
        {"file": ["The spreadsheet is larger than 5 MB."]},
    )
    import io
    import zipfile

    docx = io.BytesIO()
    with zipfile.ZipFile(docx, "w") as archive:
        archive.writestr("word/document.xml", "<w:document/>")
    res = _post(as_educator_a, _questions(as_educator_a), docx.getvalue())
    assert _refusal(res)[:3] == (400, "unsupported_file", "The file is not an .xlsx spreadsheet.")


def test_clean_small_files_still_import(as_educator_a, org_a):
    """A hand-written .xlsx and the one-column .csv of the SPA's template (which csv.Sniffer
    cannot read: it used to be a 500) both invite."""
    sheet = xlsx_bytes(header=("email",), rows=[["hs1@example.vn"], ["hs2@example.vn"]], empty_rows=3)
    res = _post(as_educator_a, f"{LEARNERS}?dry_run=false", sheet)
    assert res.status_code == 200, res.json()
    assert res.json()["data"] == {"rows": 2, "valid": 2, "errors": [], "invited": 2}
    one_column = "\ufeffemail\r\nhs3@example.vn\r\n".encode()
    res = _post(as_educator_a, f"{LEARNERS}?dry_run=false", one_column, name="l.csv")
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["invited"] == 1
    assert sorted(Invitation.objects.filter(organization=org_a).values_list("email", flat=True)) == [
        "hs1@example.vn",
        "hs2@example.vn",
        "hs3@example.vn",
    ]


def test_counted_before_openpyxl_opens_the_file(as_educator_a):
    """openpyxl parses a sheet without a dimension whole when it opens the workbook: the rows and
    cells are counted from the bytes first, and a DTD (entities that expand into elements) is
    refused outright."""
    questions = _questions(as_educator_a)
    million = xlsx_bytes(header=QUESTION_HEADER, empty_rows=1_000_000)
    tracemalloc.start()
    try:
        res = _post(as_educator_a, questions, million)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert _refusal(res)[2] == "The spreadsheet has more than 20,001 rows (empty rows count too)."
    assert peak < 20 * MB
    wide = xlsx_bytes(header=("email",), trailing='<row r="2">' + "<c/>" * 16_385 + "</row>")
    assert _refusal(_post(as_educator_a, LEARNERS, wide))[2] == "The spreadsheet has more than 50 columns."
    cells = xlsx_bytes(
        header=("email",), trailing="".join("<row>" + "<c/>" * 60 + "</row>" for _ in range(1_700))
    )
    assert (
        _refusal(_post(as_educator_a, LEARNERS, cells))[2] == "The spreadsheet has more than 100,050 cells."
    )
    laughs = xlsx_bytes(
        header=("email",),
        prolog='<!DOCTYPE worksheet [<!ENTITY e "<row/><row/><row/><row/>">]>',
        trailing="&e;" * 1_000,
    )
    assert _refusal(_post(as_educator_a, LEARNERS, laughs))[:3] == (
        400,
        "unsupported_file",
        "The file is not an .xlsx or .csv file.",
    )
    far = xlsx_bytes(header=("email",), rows=[["hs1@example.vn"]], trailing='<row r="20000000"/>')
    assert _refusal(_post(as_educator_a, LEARNERS, far))[2] == (
        "The spreadsheet has more than 2,001 rows (empty rows count too)."
    )
    assert not Invitation.objects.exists()


def test_row_count_is_the_rows_holding_a_cell_counted_before_reading():
    """``Sheet.row_count`` (what decides whether an import runs in the background, issue 16,
    item 8): an .xlsx's ``<row>`` elements with a cell, from the bytes; a .csv's rows with a
    value. Empty rows are not counted."""
    import io

    from config.errors import ApplicationError
    from config.spreadsheets import SheetLimits, open_sheet

    limits = SheetLimits(
        max_bytes=MB, max_rows=100, max_columns=5, max_cells=500, max_part_bytes=MB, max_unzipped_bytes=MB
    )
    sheet = xlsx_bytes(header=("email",), rows=[["a"], ["b"]], empty_rows=7)
    with open_sheet(io.BytesIO(sheet), limits=limits, unsupported_code="x") as opened:
        assert (opened.row_count, opened.extension) == (3, "xlsx")  # the header, a and b
        assert len(list(opened.rows())) == 10
    text = b'email\r\na\r\n\r\n"b\nc"\r\nd'
    with open_sheet(io.BytesIO(text), limits=limits, unsupported_code="x", allow_csv=True) as opened:
        assert (opened.row_count, opened.extension) == (4, "csv")  # a quoted line break is one row
    too_many = b"email\n" + b"x\n" * 100
    with pytest.raises(ApplicationError) as refused:  # a .csv's caps: checked by open_sheet itself
        open_sheet(io.BytesIO(too_many), limits=limits, unsupported_code="x", allow_csv=True)
    assert refused.value.code == "spreadsheet_too_large"


def test_a_compression_method_zipfile_cannot_read_is_refused_as_unsupported():
    """A member stored with a method zipfile does not implement (here 99, AES) raises inside
    zipfile; the upload gets the caller's 400 code, not a 500."""
    import io

    from config.errors import ApplicationError
    from config.spreadsheets import SheetLimits, open_sheet

    limits = SheetLimits(
        max_bytes=MB, max_rows=100, max_columns=5, max_cells=500, max_part_bytes=MB, max_unzipped_bytes=MB
    )
    raw = bytearray(xlsx_bytes(header=("email",), rows=[["a"]]))
    # Set the method of every member to 99 in the local headers (offset 8) and the central
    # directory (offset 10).
    for signature, offset in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):
        start = raw.find(signature)
        while start != -1:
            raw[start + offset : start + offset + 2] = (99).to_bytes(2, "little")
            start = raw.find(signature, start + 4)
    with pytest.raises(ApplicationError) as refused:
        open_sheet(io.BytesIO(bytes(raw)), limits=limits, unsupported_code="unsupported_spreadsheet")
    assert (refused.value.code, refused.value.status) == ("unsupported_spreadsheet", 400)


def test_cell_styles_give_each_cell_its_number_format_and_none_stays_empty():
    """``config.spreadsheets.CellStyles`` (issue 35, item 3): the style of a format is looked up
    once and copied; every cell still reads back with its own format."""
    import io
    from datetime import datetime

    from openpyxl import Workbook, load_workbook

    from config.spreadsheets import CellStyles

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("s")
    cell = CellStyles(sheet).cell
    when = datetime(2026, 11, 27, 23, 30)
    sheet.append([cell(120_000, "#,##0"), cell(when, "dd/mm/yyyy hh:mm"), cell(None, "#,##0")])
    sheet.append([cell(90_000, "#,##0"), cell(when, "dd/mm/yyyy hh:mm"), cell(5, "0.00")])
    out = io.BytesIO()
    workbook.save(out)
    read = load_workbook(io.BytesIO(out.getvalue()))["s"]
    assert [(c.value, c.number_format) for c in read[1]] == [
        (120_000, "#,##0"),
        (when, "dd/mm/yyyy hh:mm"),
        (None, "General"),
    ]
    assert [(c.value, c.number_format) for c in read[2]] == [
        (90_000, "#,##0"),
        (when, "dd/mm/yyyy hh:mm"),
        (5, "0.00"),
    ]
