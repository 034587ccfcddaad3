"""Question files in the registry of personal data (issue 37, item 7; decision 0050). A question
file is the educator's teaching material: its uploader is named in the ``authorship`` category
(``assessments.personal_data``); nothing else in it is about a person, and no data request copies
or erases it (it is the organization's work, decision 0022)."""

from __future__ import annotations

from privacy.registry import not_personal

not_personal(
    "question_formats.QuestionFile",
    "id file_name format size read_job_id import_job_id target_bank created_at updated_at",
    why="an uploaded question file and its state (its uploader is in the authorship category)",
)
not_personal(
    "question_formats.FileCandidate",
    "file position ref type source_type folder content answer_key grade subject difficulty "
    "score_weight images problems flags blocked skipped edited question_id",
    why="questions read from a file: teaching material",
)
