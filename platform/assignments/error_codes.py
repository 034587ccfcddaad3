"""Stable error codes of the assignments API (issue 5, item 7)."""

from enum import StrEnum


class AssignmentErrorCode(StrEnum):
    PRESET_NOT_ASSIGNABLE = "preset_not_assignable"
    ALREADY_ASSIGNED = "already_assigned"
    NOT_REVOCABLE = "assignment_not_revocable"
    PAYMENT_REQUIRED = "payment_required"
    OUTSIDE_WINDOW = "outside_window"
    ALREADY_SUBMITTED = "already_submitted"
    CAMERA_REQUIRED = "camera_required"
    CAMERA_CONSENT_REQUIRED = "camera_consent_required"  # issue 24, item 2
    CAMERA_NOT_USED = "camera_not_used"
    TAKEN_OVER = "attempt_taken_over"
    NOT_IN_PROGRESS = "attempt_not_in_progress"
    DEADLINE_PASSED = "deadline_passed"
    INVALID_ANSWER = "invalid_answer"
    NOT_GRADABLE = "answer_not_gradable"
    RESULT_NOT_RELEASED = "result_not_released"
    ITEM_ANALYSIS_NOT_READY = "item_analysis_not_ready"
    ITEM_ANALYSIS_MISSING = "item_analysis_missing"
    # backup answers, issue 38 item 3 (sitting.backup)
    BACKUP_INVALID = "backup_invalid"
    BACKUP_TOO_LARGE = "backup_too_large"
    BACKUP_OTHER_ATTEMPT = "backup_other_attempt"
    BACKUP_EDITED = "backup_edited"
    BACKUP_REPLAYED = "backup_replayed"
    # a withdrawal of consent ended the sitting: its backup is not applied (issue 37 item 6)
    BACKUP_CONSENT_WITHDRAWN = "backup_consent_withdrawn"
    # key correction after the exam, issue 39 item 2 (grading.corrections; decision 0058)
    KEY_CORRECTION_NOT_AUTO = "key_correction_not_auto_scored"
    KEY_CORRECTION_NOT_USED = "key_correction_not_used"
    KEY_CORRECTION_RUNNING = "key_correction_running"
    KEY_CORRECTION_STALE = "key_correction_stale"
