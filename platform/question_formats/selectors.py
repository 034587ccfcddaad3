"""Reads of question files (issue 36): the file with its state, the preview's pages of
candidates, a candidate's picture."""

from __future__ import annotations

import re
import uuid
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from config.errors import not_found
from imports.models import ImportJob
from imports.selectors import import_job_data
from question_formats.candidates import IMAGE_SRC_PREFIX
from question_formats.models import FileCandidate, QuestionFile
from question_formats.readers import FORMAT_NAMES

_IMAGE_REF = re.compile(re.escape(IMAGE_SRC_PREFIX) + r"([A-Za-z0-9._-]{1,100})")


def question_file_get(*, profile, question_file_id: str, lock: bool = False) -> QuestionFile:
    """The file ``question_file_id`` uploaded by ``profile`` in this organization's schema. 404
    ``not_found`` ("File not found.") for a malformed or unknown id, a colleague's file, or any
    id of another organization (its rows are in another schema)."""
    try:
        key = uuid.UUID(str(question_file_id))
    except ValueError as exc:
        raise not_found(_("File not found.")) from exc
    queryset = QuestionFile.objects.select_for_update() if lock else QuestionFile.objects
    found = queryset.filter(pk=key, profile_id=profile.pk).first()
    if found is None or (found.read_job_id and not ImportJob.objects.filter(pk=found.read_job_id).exists()):
        raise not_found(_("File not found."))  # also once its read job is past retention
    return found


def job_of(job_id) -> ImportJob | None:
    """The ``imports`` job of that id (public schema), or None."""
    return ImportJob.objects.filter(pk=job_id).first() if job_id else None


def status_of(read: ImportJob | None, done: ImportJob | None) -> str:
    """``reading`` (read job queued or running), ``failed`` (the read failed), ``ready`` (read;
    also after a failed import, which wrote nothing), ``importing`` or ``imported``."""
    if done is not None:
        importing: dict[str, str] = {
            ImportJob.Status.QUEUED: "importing",
            ImportJob.Status.RUNNING: "importing",
            ImportJob.Status.DONE: "imported",
        }
        return importing.get(done.status, "ready")
    if read is None or read.status in (ImportJob.Status.QUEUED, ImportJob.Status.RUNNING):
        return "reading"
    return "failed" if read.status == ImportJob.Status.FAILED else "ready"


def question_file_data(question_file: QuestionFile) -> dict[str, Any]:
    """The file as the API answers it (``schemas.QuestionFileOut``): its state, the counts of
    its questions and both jobs (``ImportJobOut``). Three queries."""
    jobs = {
        job.pk: job
        for job in ImportJob.objects.filter(
            pk__in=[j for j in (question_file.read_job_id, question_file.import_job_id) if j]
        )
    }
    read = jobs.get(question_file.read_job_id) if question_file.read_job_id else None
    done = jobs.get(question_file.import_job_id) if question_file.import_job_id else None
    found = question_file.candidates.aggregate(
        n_questions=Count("pk"),
        n_need_attention=Count("pk", filter=Q(blocked=True, skipped=False)),
        n_skipped=Count("pk", filter=Q(skipped=True)),
        n_importable=Count("pk", filter=Q(blocked=False, skipped=False)),
        n_imported=Count("pk", filter=Q(question_id__isnull=False)),
    )
    counts = {name[2:]: value for name, value in found.items()}
    return {
        "id": str(question_file.pk),
        "file_name": question_file.file_name,
        "format": question_file.format,
        "format_name": FORMAT_NAMES.get(question_file.format, question_file.format),
        "size": question_file.size,
        "status": status_of(read, done),
        **counts,
        "target_bank_id": question_file.target_bank_id,
        "read_job": import_job_data(read) if read else None,
        "import_job": import_job_data(done) if done else None,
        "created_at": question_file.created_at,
    }


def image_url(question_file_id, candidate_id: int, name: str) -> str:
    """Where the preview fetches a candidate's picture (``api.candidate_image``: its uploader only)."""
    return f"/api/v1/question-files/{question_file_id}/candidates/{candidate_id}/images/{name}"


def _with_urls(value: Any, question_file_id, candidate_id: int) -> Any:
    if isinstance(value, str):
        return _IMAGE_REF.sub(lambda m: image_url(question_file_id, candidate_id, m.group(1)), value)
    if isinstance(value, list):
        return [_with_urls(v, question_file_id, candidate_id) for v in value]
    if isinstance(value, dict):
        return {k: _with_urls(v, question_file_id, candidate_id) for k, v in value.items()}
    return value


def candidate_data(candidate: FileCandidate) -> dict[str, Any]:
    """One candidate as the preview shows it (``schemas.CandidateOut``): texts with their
    pictures as URLs only the uploader can fetch. An unsupported question's key is kept as read
    (a numerical one's ``{"numeric": [...]}`` for the type that will hold it) but answered as
    ``{}``: the question form has no shape for it yet."""
    file_id = candidate.file_id
    answer_key = {} if candidate.type == "unsupported" else candidate.answer_key
    return {
        "id": candidate.pk,
        "position": candidate.position,
        "ref": candidate.ref,
        "type": candidate.type,
        "source_type": candidate.source_type,
        "folder": list(candidate.folder),
        "content": _with_urls(candidate.content, file_id, candidate.pk),
        "answer_key": _with_urls(answer_key, file_id, candidate.pk),
        "grade": candidate.grade,
        "subject_id": candidate.subject_id,
        "difficulty": candidate.difficulty,
        "score_weight": float(candidate.score_weight) if candidate.score_weight is not None else None,
        "images": [
            {
                "name": i["name"],
                "url": image_url(file_id, candidate.pk, i["name"]),
                "media_type": i["media_type"],
            }
            for i in candidate.images
        ],
        "problems": candidate.problems,
        "flags": list(candidate.flags),
        "blocked": candidate.blocked,
        "skipped": candidate.skipped,
        "edited": candidate.edited,
        "question_id": candidate.question_id,
    }


def candidate_page(
    *, question_file: QuestionFile, page: int, limit: int, attention: bool = False
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """A page of the file's candidates in the file's order (``attention``: only those a problem
    blocks, not skipped, or with a warning) and ``{page, limit, total}``. Two queries."""
    rows = question_file.candidates.all()
    if attention:
        rows = rows.filter(Q(blocked=True, skipped=False) | ~Q(problems=[]))
    total = rows.count()
    start = (page - 1) * limit
    items = [candidate_data(c) for c in rows.order_by("position")[start : start + limit]]
    return items, {"page": page, "limit": limit, "total": total}


def candidate_image(*, question_file: QuestionFile, candidate_id: int, name: str) -> dict[str, str]:
    """``{"path", "media_type"}`` of the picture ``name`` of a candidate of ``question_file``;
    404 for anything else."""
    candidate = FileCandidate.objects.filter(file=question_file, pk=candidate_id).only("images").first()
    for image in candidate.images if candidate else []:
        if image["name"] == name:
            return {"path": image["path"], "media_type": image["media_type"]}
    raise not_found(_("Picture not found."))
