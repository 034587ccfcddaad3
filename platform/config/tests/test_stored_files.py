"""Every column that names a stored file is marked (issue 37, item 4; decision 0049): the orphan
sweep (``privacy.orphans``) counts a file as used only when a marked column points to it, so an
unmarked one would have its files deleted. A new column named like a file fails here until it is
a ``StoredFileField`` / ``FileMentionsJSONField`` or listed below as not a storage name."""

from __future__ import annotations

from django.apps import apps
from django.db import models

from config.stored_files import FileMentionsJSONField, StoredFileField

FILE_WORDS = {
    "file",
    "files",
    "photo",
    "logo",
    "video",
    "pdf",
    "image",
    "images",
    "cover",
    "path",
    "avatar",
    "attachment",
    "document",
    "upload",
    "picture",
    "zip",
}

NOT_STORAGE_NAMES = {
    "jobs.Job.file_name": "the upload's or the download's name as the user sees it",
    "question_formats.QuestionFile.file_name": "the uploaded file's original name",
    "privacy.DeletionRecord.file_name": "the name of a file already deleted: it must not keep a new file alive",
}


def test_every_column_named_like_a_file_is_marked_or_listed():
    unmarked = []
    for model in apps.get_models():
        if model._meta.proxy:
            continue
        for field in model._meta.local_concrete_fields:
            if not isinstance(field, (models.CharField, models.TextField, models.JSONField)):
                continue
            if not FILE_WORDS & set(field.name.lower().split("_")):
                continue
            label = f"{model._meta.label}.{field.name}"
            if isinstance(field, (StoredFileField, FileMentionsJSONField)) or label in NOT_STORAGE_NAMES:
                continue
            unmarked.append(label)
    assert unmarked == []


def test_the_markers_change_no_migration():
    """Both markers deconstruct as Django's own field: marking a column writes no migration."""
    assert StoredFileField(max_length=300).deconstruct()[1] == "django.db.models.CharField"
    assert FileMentionsJSONField().deconstruct()[1] == "django.db.models.JSONField"
