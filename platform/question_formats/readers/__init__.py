"""The readers of question files (issue 36). Each module exposes ``FORMAT`` (``"docx"``,
``"moodle_xml"``, ``"gift"``, ``"aiken"``, ``"qti"``), ``sniff(data, filename) -> bool`` (by
content, the name only as a tie-break between formats whose content is alike) and
``read(data) -> list[Candidate]`` (raises ``ApplicationError`` with a stable code for a hostile
or broken file; never writes anything)."""

from __future__ import annotations

from types import ModuleType

from django.utils.translation import gettext as _

from config.errors import ApplicationError
from question_formats.error_codes import QuestionFileErrorCode as Code
from question_formats.readers import aiken, docx, gift, moodle_xml, qti

READERS: list[ModuleType] = [docx, qti, moodle_xml, aiken, gift]
"""Tried in this order by ``reader_for``: binary formats (zips: Word, then a QTI package with its
``imsmanifest.xml``) before text ones (Moodle XML by its root element; Aiken's "ANSWER:" lines
before GIFT's braces, which an Aiken file may also hold)."""

FORMAT_NAMES = {
    "docx": "Word (.docx)",
    "moodle_xml": "Moodle XML",
    "gift": "GIFT",
    "aiken": "Aiken",
    "qti": "QTI 2.1",
}


def not_a_question_file() -> ApplicationError:
    """400 ``not_a_question_file``: no reader recognizes the content."""
    message = _(
        "This is not a question file we can read: upload a Word (.docx), Moodle XML, GIFT, Aiken or QTI file."
    )
    return ApplicationError(Code.NOT_A_QUESTION_FILE, message, status=400, errors={"file": [message]})


def reader_for(data: bytes, filename: str) -> ModuleType:
    """The first reader of ``READERS`` whose ``sniff`` recognizes ``data`` (``filename`` only
    breaks ties). Raises 400 ``not_a_question_file`` (localized) when none does."""
    for reader in READERS:
        if reader.sniff(data, filename):
            return reader
    raise not_a_question_file()
