"""A question bank exported as Moodle XML or as a QTI 2.1 package (issue 36, item 2).

What is exported: the bank and every folder below it, each question once in its current
version (per root, the highest version that is not superseded: a published question whose next
version is being edited goes out as that draft, what its author last wrote). Folders are
written as the path from the exported bank down (``("Toán 9", "Hình")``), so that importing the
file into a folder rebuilds the bank's tree under it. Images are read from the organization's
own storage (``question-images/<schema>/``); an image elsewhere is left as its address. A
question of a shared stimulus carries the stimulus before its stem (``with_stimuli``).

The file is written into a temporary file (in memory up to ``SPOOL_BYTES``, on disk beyond) and
streamed from there, so a large bank costs one question's documents in memory, not the file.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from django.core.files.storage import default_storage
from django.db import connection
from django.db.models import Case, F, OuterRef, Subquery, Value, When
from django.db.models.functions import Coalesce

from assessments.models import Question, QuestionBank, Stimulus
from assessments.services.banks import bank_get
from assessments.services.stimuli import stem_with_stimulus
from question_formats.writers import moodle_xml, qti

WRITERS = {moodle_xml.FORMAT: moodle_xml, qti.FORMAT: qti}
"""The export formats by name: ``moodle_xml`` (.xml) and ``qti`` (.zip)."""
SPOOL_BYTES = 16 * 1024 * 1024
_STORED = re.compile(r"^(?:https?://[^/]+)?/media/(question-images/[^?#]+)$")


@dataclass
class ExportFile:
    """The written file: ``name`` to offer, ``media_type``, and ``file`` positioned at its start
    (the caller closes it)."""

    name: str
    media_type: str
    file: IO[bytes]


def bank_folders(bank: QuestionBank) -> dict[int, tuple[str, ...]]:
    """``bank`` and every folder below it -> its path from ``bank`` (``bank``'s own name first).
    One query; a cycle in ``parent`` is not followed."""
    children: dict[int | None, list[tuple[int, str]]] = {}
    for pk, name, parent_id in QuestionBank.objects.values_list("pk", "name", "parent_id"):
        children.setdefault(parent_id, []).append((pk, name))
    paths: dict[int, tuple[str, ...]] = {bank.pk: (bank.name,)}
    pending = [bank.pk]
    while pending:
        parent = pending.pop()
        for pk, name in children.get(parent, []):
            if pk not in paths:
                paths[pk] = (*paths[parent], name)
                pending.append(pk)
    return paths


def current_questions(bank_ids: list[int]):
    """The current version of each question in ``bank_ids`` (module docstring), in the order of
    ``bank_ids`` then of creation (of the root), streamed from the database."""
    latest = (
        Question.objects.annotate(root_key=Coalesce("root_id", "id"))
        .filter(root_key=OuterRef("root_key"))
        .exclude(status=Question.Status.SUPERSEDED)
        .order_by("-version")
        .values("pk")[:1]
    )
    return (
        Question.objects.filter(bank_id__in=bank_ids)
        .exclude(status=Question.Status.SUPERSEDED)
        .annotate(root_key=Coalesce("root_id", "id"))
        .filter(pk=Subquery(latest))
        .only("id", "root_id", "bank_id", "type", "content", "answer_key", "score_weight", "stimulus_id")
        .order_by(
            Case(
                *[When(bank_id=pk, then=Value(index)) for index, pk in enumerate(bank_ids)], default=Value(0)
            ),
            F("root_key"),
            "id",
        )
        .iterator(chunk_size=500)
    )


def with_stimuli(questions: Iterable[Question]) -> Iterator[Question]:
    """``questions`` with the shared stimulus of each that has one before its stem (in a
    blockquote, ``stimuli.stem_with_stimulus``): Moodle XML and QTI 2.1 have no shared stimulus
    that the readers would read back, so the stimulus travels in each of its questions' stems and
    is never lost (decision 0054). The stimuli are read once each, as they come."""
    seen: dict[int, Stimulus] = {}
    for question in questions:
        if question.stimulus_id:
            stimulus = seen.get(question.stimulus_id)
            if stimulus is None:
                stimulus = seen[question.stimulus_id] = Stimulus.objects.only("id", "content").get(
                    pk=question.stimulus_id
                )
            question.content = stem_with_stimulus(question.content or {}, stimulus)
        yield question


def load_image(src: str) -> tuple[str, bytes] | None:
    """The bytes of an image this organization stored (``question_image_save``) from its URL in
    a question's HTML: ``(file name, bytes)``, or ``None`` for anything else or a missing file."""
    found = _STORED.match(src or "")
    prefix = f"question-images/{connection.schema_name}/"
    if not found or not found.group(1).startswith(prefix) or ".." in found.group(1):
        return None
    path = found.group(1)
    try:
        with default_storage.open(path, "rb") as stored:
            return path.rsplit("/", 1)[-1], stored.read()
    except (FileNotFoundError, OSError):
        return None


def bank_export(*, bank_id: int, export_format: str) -> ExportFile:
    """The bank ``bank_id`` (of the current organization; 404 otherwise) with its folders as
    ``export_format`` (a key of ``WRITERS``): ``question-bank-<id>.xml`` or ``.zip``."""
    bank = bank_get(bank_id)
    writer = WRITERS[export_format]
    folders = bank_folders(bank)
    out = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115 - closed by the response
    try:
        ordered = sorted(folders, key=lambda pk: folders[pk])  # a folder's questions before its sub-folders'
        writer.write_to(out, with_stimuli(current_questions(ordered)), folders, load_image=load_image)
    except BaseException:
        out.close()
        raise
    out.seek(0)
    return ExportFile(f"question-bank-{bank.pk}.{writer.EXTENSION}", writer.MEDIA_TYPE, out)
