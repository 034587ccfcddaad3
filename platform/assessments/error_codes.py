"""Stable error codes of the authoring API (issue 4)."""

from enum import StrEnum


class AuthoringErrorCode(StrEnum):
    NOT_CREATOR = "not_creator"
    BANK_IN_USE = "bank_in_use"
    BANK_NOT_EMPTY = "bank_not_empty"
    BANK_CYCLE = "bank_cycle"
    MATRIX_CODE_TAKEN = "matrix_code_taken"
    MATRIX_IN_USE = "matrix_in_use"
    MATRIX_INCOMPLETE = "matrix_incomplete"
    QUESTION_INCOMPLETE = "question_incomplete"
    INVALID_TRANSITION = "invalid_transition"
    OWN_QUESTION = "own_question"
    NOT_VETTED = "question_not_vetted"
    ALREADY_PUBLISHED = "already_published"
    ALREADY_SUBMITTED = "already_submitted"
    QUESTION_LOCKED = "question_locked"
    NOT_PUBLISHED = "question_not_published"
    IMPORT_INVALID = "import_invalid"
    UNSUPPORTED_FILE = "unsupported_file"
    GENERATION_FAILED = "generation_failed"
    REORDER_FAILED = "reorder_failed"
    PRESET_LOCKED = "preset_locked"
    PRESET_NOT_READY = "preset_not_ready"
    BATCH_IN_USE = "batch_in_use"
    ROUND_IN_USE = "round_in_use"
