"""Stable error codes of the question-file readers and writers (issue 36, item 2: Moodle XML,
GIFT, Aiken, QTI). A DTD in an XML part is ``config.archives.ArchiveErrorCode.XML_REFUSED`` and a
zip past its bounds ``ARCHIVE_TOO_LARGE``, as for every other untrusted archive."""

from enum import StrEnum


class FormatErrorCode(StrEnum):
    QUESTION_FILE_UNRECOGNIZED = "question_file_unrecognized"
    """The content is not the format the reader reads (whatever the file's name says)."""
    QUESTION_FILE_BROKEN = "question_file_broken"
    """The content is that format but cannot be read: broken XML, a missing item, bad UTF-8."""
    QUESTION_FILE_TOO_LARGE = "question_file_too_large"
    """More questions in one file than ``question_formats.texts.MAX_QUESTIONS``."""
