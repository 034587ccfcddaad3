"""The answer keys of every version of a paper test in one .xlsx (openpyxl): one row per question
number, one column per version code, as teachers lay a "bảng đáp án" out for marking by hand or
for a scanner's template."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from config.spreadsheets import header_row
from question_formats.paper.pdf import code_label, key_text
from question_formats.paper.versions import PaperVersion

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def key_table(versions: Sequence[PaperVersion]) -> list[list[str | int]]:
    """The sheet's rows: ``["Câu", "Mã đề 101", ...]``, then ``[1, "C", "A", ...]`` per question
    number (every version has the same number of questions)."""
    rows: list[list[str | int]] = [
        [pgettext("answer key", "Question"), *(code_label(v.code) for v in versions)]
    ]
    count = len(versions[0].questions) if versions else 0
    keyed = [v.questions for v in versions]
    for index in range(count):
        rows.append([index + 1, *(key_text(questions[index]) for questions in keyed)])
    return rows


def write_keys_xlsx(versions: Sequence[PaperVersion], out: IO[bytes]) -> None:
    """Write ``key_table(versions)`` as the sheet "Đáp án" / "Answer key" to ``out``."""
    from openpyxl import Workbook

    rows = key_table(versions)
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(_("Answer key")[:31])
    sheet.append(header_row(sheet, [str(t) for t in rows[0]], [10] + [16] * (len(rows[0]) - 1)))
    for row in rows[1:]:
        sheet.append(row)
    workbook.save(out)
