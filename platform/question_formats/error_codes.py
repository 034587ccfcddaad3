"""Stable error codes of question files (issue 36): the upload, the readers, the preview."""

from enum import StrEnum


class QuestionFileErrorCode(StrEnum):
    NOT_A_QUESTION_FILE = "not_a_question_file"
    """No reader recognizes the file's content (whatever its name says)."""
    FILE_UNREADABLE = "question_file_unreadable"
    """A reader recognized the format but the file is broken (bad zip, broken XML)."""
    FILE_TOO_LARGE = "question_file_too_large"
    TOO_MANY_QUESTIONS = "too_many_questions"
    NO_QUESTIONS = "no_questions_found"
    NOT_READY = "question_file_not_ready"
    ALREADY_IMPORTED = "question_file_already_imported"
    NOTHING_TO_IMPORT = "nothing_to_import"
    CANDIDATE_BLOCKED = "candidate_blocked"
