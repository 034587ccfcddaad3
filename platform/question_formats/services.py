"""The pipeline every question file goes through (issue 36, item 1): upload -> read -> preview ->
fix or skip -> import as drafts.

1. ``question_file_upload``: the upload (at most ``UPLOAD_MAX_BYTES``) is recognized by its
   content (``readers.reader_for``: 400 ``not_a_question_file`` otherwise, nothing stored), then
   stored under a private name by the ``imports`` job (kind ``question_file``) that reads it in
   the background (``question_formats.tasks.question_file_read``).
2. ``question_file_read_run`` (the job): the reader turns the bytes into ``Candidate``s; each is
   stored as a ``FileCandidate`` in the organization's schema, its pictures under private names
   (``config.media.private_name``, kind ``question-files``). Nothing is written to the bank.
3. The preview (``selectors``) shows them; ``candidate_update`` fixes one with the question
   form's rules (``assessments.services.questions.question_data_clean``) or skips it.
4. ``question_file_confirm`` queues the second job (``question_formats.tasks.question_file_import``)
   with the target bank or folder; ``question_file_import_run`` writes every candidate that is
   neither skipped nor blocked as a DRAFT question, in one transaction: its folder path (a Word
   file's "PHẦN I", a Moodle category) becomes folders below the chosen one (found by name or
   made), its pictures are stored through ``question_image_save`` (content check, pixel and size
   limits, WebP) and its texts point at them. Progress is one step per question.

An upload belongs to the educator profile that sent it: anyone else (a colleague, another
organization) gets 404 for its id.
"""

from __future__ import annotations

import io
import json
import logging
import re
import uuid
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.utils.translation import gettext as _

from assessments.models import QuestionBank, bank_name_key
from assessments.services.banks import bank_create, bank_folder_ids, bank_get
from assessments.services.common import Actor
from assessments.services.questions import question_create, question_data_clean, question_image_save
from config.errors import ApplicationError, CommonErrorCode
from config.media import private_name
from imports.models import ImportJob
from imports.services import Progress, import_job_create, import_job_run
from question_formats import readers
from question_formats.candidates import IMAGE_SRC_PREFIX, Candidate, Problem
from question_formats.checks import GENERIC_CODES, candidate_check, merge_problems
from question_formats.error_codes import QuestionFileErrorCode as Code
from question_formats.models import FileCandidate, QuestionFile
from question_formats.selectors import job_of, question_file_get

logger = logging.getLogger(__name__)

MB = 1024 * 1024
UPLOAD_MAX_BYTES = 40 * MB
"""A question file as sent: a Word exam of 500 questions with pictures is about 20 MB; under the
41 MiB multipart cap of ``config.middleware``."""
READ_STEPS = 100
"""A read job's ``rows_total``: reading counts half of it, storing the candidates the rest."""
IMAGE_KEEP = {"image/png", "image/jpeg", "image/webp"}
IMAGE_MAX_BYTES = 5 * MB  # assessments.services.questions.QUESTION_IMAGE_MAX_BYTES
_EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}
_IMAGE_REF = re.compile(re.escape(IMAGE_SRC_PREFIX) + r"([A-Za-z0-9._-]{1,100})")


def _too_large() -> ApplicationError:
    message = _("The file is larger than %(mb)d MB.") % {"mb": UPLOAD_MAX_BYTES // MB}
    return ApplicationError(Code.FILE_TOO_LARGE, message, status=413, errors={"file": [message]})


# --- 1. upload ----------------------------------------------------------------------------------


@transaction.atomic
def question_file_upload(*, profile, upload) -> QuestionFile:
    """Accept ``upload`` (a file-like object with ``name``) from the educator ``profile``: 413
    ``question_file_too_large`` over ``UPLOAD_MAX_BYTES``; 400 ``not_a_question_file`` when no
    reader recognizes its content (its name is only a tie-break). Records the ``QuestionFile``
    and the QUEUED read job (``imports`` kind ``question_file``, ``dry_run``: nothing is written
    to the bank), queued after commit. Returns the file (``read_job_id`` set)."""
    upload.seek(0)
    data = upload.read(UPLOAD_MAX_BYTES + 1)
    if len(data) > UPLOAD_MAX_BYTES:
        raise _too_large()
    name = (getattr(upload, "name", "") or "")[:200]
    reader = readers.reader_for(data, name)
    question_file = QuestionFile.objects.create(
        profile_id=profile.pk, file_name=name, format=reader.FORMAT, size=len(data)
    )
    job = import_job_create(
        kind=ImportJob.Kind.QUESTION_FILE,
        profile_id=profile.pk,
        upload=ContentFile(data, name=name),
        extension="bin",
        rows_total=READ_STEPS,
        dry_run=True,
        params={"question_file_id": str(question_file.pk), "stage": "read"},
    )
    question_file.read_job_id = job.pk
    question_file.save(update_fields=["read_job_id", "updated_at"])
    from question_formats.tasks import question_file_read

    schema_name, job_id = connection.schema_name, str(job.pk)
    transaction.on_commit(lambda: question_file_read(schema_name, job_id))
    return question_file


# --- 2. read ------------------------------------------------------------------------------------


def _image_problems(ref: str, images: list[dict[str, Any]], used: set[str]) -> list[Problem]:
    """A blocking problem for each picture the texts show that the bank cannot store."""
    problems = []
    for image in images:
        if image["name"] not in used:
            continue
        if image.get("bytes", 0) > IMAGE_MAX_BYTES:
            problems.append(
                Problem(
                    "image_too_large",
                    _("%(ref)s: a picture is larger than %(mb)d MB.")
                    % {"ref": ref, "mb": IMAGE_MAX_BYTES // MB},
                )
            )
        elif image["media_type"] not in IMAGE_KEEP:
            problems.append(
                Problem(
                    "image_unsupported",
                    _(
                        "%(ref)s: a picture is in a format browsers cannot show (%(format)s); replace it, or skip the question."
                    )
                    % {"ref": ref, "format": image["name"].rsplit(".", 1)[-1].upper()},
                )
            )
    return problems


def _texts(content: dict[str, Any], answer_key: dict[str, Any]) -> list[str]:
    texts = [
        *(content.get("stem") or {}).values(),
        *(content.get("explanation") or {}).values(),
        *(v for o in content.get("options") or [] for k, v in o.items() if k != "id"),
    ]
    if isinstance(answer_key.get("rubric"), str):
        texts.append(answer_key["rubric"])
    return [t for t in texts if isinstance(t, str)]


def _used_images(content: dict[str, Any], answer_key: dict[str, Any]) -> set[str]:
    return {m.group(1) for text in _texts(content, answer_key) for m in _IMAGE_REF.finditer(text)}


def _problem_rows(problems: list[Problem]) -> list[dict[str, Any]]:
    unique: dict[tuple[str, str], Problem] = {}
    for problem in problems:
        unique.setdefault((problem.code, problem.message), problem)
    return [{"code": p.code, "message": str(p.message), "blocking": p.blocking} for p in unique.values()]


def _store(question_file: QuestionFile, candidates: list[Candidate], progress: Progress) -> tuple[int, int]:
    """Store ``candidates`` as ``FileCandidate`` rows (pictures in private storage); returns
    (questions, needing attention). On failure the pictures stored so far are deleted."""
    stored: list[str] = []
    rows: list[FileCandidate] = []
    schema_name = connection.schema_name
    try:
        for position, candidate in enumerate(candidates, start=1):
            images = []
            for image in candidate.images:
                extension = _EXTENSIONS.get(image.media_type, "bin")
                path = default_storage.save(
                    private_name(kind="question-files", extension=extension, schema_name=schema_name),
                    ContentFile(image.data),
                )
                stored.append(path)
                images.append(
                    {
                        "name": image.name,
                        "path": path,
                        "media_type": image.media_type,
                        "bytes": len(image.data),
                    }
                )
            used = _used_images(candidate.content, candidate.answer_key)
            problems = merge_problems(
                merge_problems(list(candidate.problems), _image_problems(candidate.ref, images, used)),
                candidate_check(candidate),
            )
            blocked = candidate.type == "unsupported" or any(p.blocking for p in problems)
            rows.append(
                FileCandidate(
                    file=question_file,
                    position=position,
                    ref=candidate.ref[:200],
                    type=candidate.type,
                    source_type=candidate.source_type[:40],
                    folder=[str(f)[:200] for f in candidate.folder if str(f).strip()],
                    content=candidate.content,
                    answer_key=candidate.answer_key,
                    difficulty=candidate.difficulty[:10],
                    score_weight=Decimal(str(candidate.score_weight)) if candidate.score_weight else None,
                    images=images,
                    problems=_problem_rows(problems),
                    flags=sorted(candidate.flags),
                    blocked=blocked,
                )
            )
            progress(READ_STEPS // 2 + position * (READ_STEPS // 2 - 1) // max(len(candidates), 1))
        with transaction.atomic():
            FileCandidate.objects.bulk_create(rows, batch_size=500)
    except BaseException:
        for path in stored:
            default_storage.delete(path)
        raise
    return len(rows), sum(1 for r in rows if r.blocked)


def question_file_read_run(*, job_id: str) -> None:
    """The body of ``question_formats.tasks.question_file_read`` (in the file's schema): read
    the stored upload with its format's reader and store the candidates, with progress; the
    job's ``result`` is ``{format, questions, need_attention}`` (``imports.schemas.
    QuestionFileReadOut``). A reader's refusal (400 ``question_file_unreadable``,
    ``archive_too_large``, ...) or a file without questions (``no_questions_found``) ends the
    job FAILED with its localized message."""

    def work(job: ImportJob, handle, progress: Progress) -> dict[str, Any]:
        question_file = QuestionFile.objects.get(pk=job.params["question_file_id"])
        reader = next(r for r in readers.READERS if r.FORMAT == question_file.format)
        candidates = reader.read(handle.read(UPLOAD_MAX_BYTES + 1))
        progress(READ_STEPS // 2)
        if not candidates:
            raise ApplicationError(
                Code.NO_QUESTIONS,
                _(
                    "No question was found in the file. Questions should start with “Câu 1.”, “Question 1.” or “1.”."
                ),
                status=400,
            )
        questions, attention = _store(question_file, candidates, progress)
        return {"format": question_file.format, "questions": questions, "need_attention": attention}

    import_job_run(job_id=job_id, work=work)


# --- 3. fix or skip -------------------------------------------------------------------------------


def _ready(question_file: QuestionFile) -> None:
    """400 ``question_file_not_ready`` while reading or once imported (or importing)."""
    read = job_of(question_file.read_job_id)
    if read is None or read.status != ImportJob.Status.DONE:
        raise ApplicationError(Code.NOT_READY, _("The file is still being read."), status=409)
    done = job_of(question_file.import_job_id)
    if done is not None and done.status != ImportJob.Status.FAILED:
        raise ApplicationError(
            Code.ALREADY_IMPORTED,
            _("This file has already been imported: upload it again to import it again."),
            status=409,
        )


def image_url_pattern(question_file_id: str | uuid.UUID, candidate_id: int) -> re.Pattern:
    """The preview's URLs of a candidate's pictures, as ``selectors.image_url`` writes them."""
    return re.compile(
        rf"(?:https?://[^/\"']+)?/api/v1/question-files/{re.escape(str(question_file_id))}/candidates/"
        rf"{candidate_id}/images/([A-Za-z0-9._-]{{1,100}})"
    )


def _to_sources(value: Any, pattern: re.Pattern, names: set[str]) -> Any:
    """Texts as sent by the preview: its picture URLs back to ``candidate-image:NAME``, then each
    known name as a path the sanitizer keeps (``/media/question-images/candidate/NAME``)."""
    if isinstance(value, str):
        value = pattern.sub(lambda m: f"{IMAGE_SRC_PREFIX}{m.group(1)}", value)
        return _IMAGE_REF.sub(
            lambda m: f"/media/question-images/candidate/{m.group(1)}" if m.group(1) in names else "", value
        )
    if isinstance(value, list):
        return [_to_sources(v, pattern, names) for v in value]
    if isinstance(value, dict):
        return {k: _to_sources(v, pattern, names) for k, v in value.items()}
    return value


_KEPT_PATH = re.compile(r"/media/question-images/candidate/([A-Za-z0-9._-]{1,100})")


def _from_sources(value: Any) -> Any:
    if isinstance(value, str):
        return _KEPT_PATH.sub(lambda m: f"{IMAGE_SRC_PREFIX}{m.group(1)}", value)
    if isinstance(value, list):
        return [_from_sources(v) for v in value]
    if isinstance(value, dict):
        return {k: _from_sources(v) for k, v in value.items()}
    return value


@transaction.atomic
def candidate_update(
    *, profile, question_file_id: str, candidate_id: int, data: dict[str, Any]
) -> FileCandidate:
    """Fix or skip one candidate of the caller's file. ``data``: ``skipped`` (bool) and/or the
    question form's fields ``type``, ``grade``, ``subject_id``, ``content``, ``answer_key``,
    ``difficulty``, ``score_weight`` (checked by ``question_data_clean``: 400 ``validation_error`` with field
    errors, nothing changed). A fix recomputes the candidate's problems (``checks``; a picture
    the bank cannot store still blocks), keeping the reader's warnings. 404 for another's file
    or candidate; 409 while the file is read or once imported."""
    question_file = question_file_get(profile=profile, question_file_id=question_file_id, lock=True)
    _ready(question_file)
    candidate = FileCandidate.objects.select_for_update().filter(file=question_file, pk=candidate_id).first()
    if candidate is None:
        from config.errors import not_found

        raise not_found(_("Question not found."))
    editable = ("type", "grade", "subject_id", "content", "answer_key", "difficulty", "score_weight")
    fields = {k: data[k] for k in editable if k in data}
    if fields:
        names = {image["name"] for image in candidate.images}
        merged = {
            "type": candidate.type,
            "grade": candidate.grade,
            "subject_id": candidate.subject_id,
            "content": candidate.content,
            "answer_key": candidate.answer_key,
            "difficulty": candidate.difficulty,
            "score_weight": candidate.score_weight,
            **fields,
        }
        if merged["type"] == "unsupported":
            raise ApplicationError(
                CommonErrorCode.VALIDATION_ERROR,
                _("The question could not be saved."),
                errors={"type": [_("Choose one of the allowed values.")]},
            )
        pattern = image_url_pattern(question_file.pk, candidate.pk)
        merged["content"] = _to_sources(merged["content"], pattern, names)
        merged["answer_key"] = _to_sources(merged["answer_key"], pattern, names)
        clean = question_data_clean(data=merged)
        candidate.type = clean["type"]
        candidate.content = _from_sources(clean["content"])
        candidate.answer_key = _from_sources(clean["answer_key"])
        candidate.difficulty = clean["difficulty"]
        candidate.grade, candidate.subject_id = clean["grade"], clean["subject_id"]
        candidate.score_weight = (
            Decimal(str(clean["score_weight"])) if "score_weight" in fields else candidate.score_weight
        )
        candidate.source_type = ""
        checked = Candidate(
            ref=candidate.ref, type=candidate.type, content=candidate.content, answer_key=candidate.answer_key
        )
        warnings = [
            Problem(p["code"], p["message"], blocking=False)
            for p in candidate.problems
            if not p["blocking"] and p["code"] not in GENERIC_CODES
        ]
        used = _used_images(candidate.content, candidate.answer_key)
        problems = [
            *warnings,
            *_image_problems(candidate.ref, candidate.images, used),
            *candidate_check(checked),
        ]
        candidate.problems = _problem_rows(problems)
        candidate.blocked = any(p.blocking for p in problems)
        candidate.edited = True
    if "skipped" in data and data["skipped"] is not None:
        candidate.skipped = bool(data["skipped"])
    candidate.save()
    return candidate


# --- 4. import ----------------------------------------------------------------------------------


@transaction.atomic
def question_file_confirm(
    *, profile, question_file_id: str, bank_id: int, folder_id: int | None = None
) -> QuestionFile:
    """Queue the import of the caller's previewed file into ``folder_id`` (a folder inside the
    bank ``bank_id``) or, without one, the bank itself: every candidate neither skipped nor
    blocked, as drafts. 404 for an unknown bank or folder (another organization's ids included);
    400 ``validation_error`` (``folder_id``) for a folder outside the bank; 409 while reading or
    once imported; 400 ``nothing_to_import`` when every question is skipped or blocked.
    Returns the file (``import_job_id`` set; the job runs after commit)."""
    question_file = question_file_get(profile=profile, question_file_id=question_file_id, lock=True)
    _ready(question_file)
    bank = bank_get(bank_id)
    target = bank
    if folder_id:
        target = bank_get(folder_id)
        if target.pk not in bank_folder_ids(bank):
            raise ApplicationError(
                CommonErrorCode.VALIDATION_ERROR,
                _("Choose a folder of the chosen bank."),
                errors={"folder_id": [_("Choose a folder of the chosen bank.")]},
            )
    count = question_file.candidates.filter(skipped=False, blocked=False).count()
    if not count:
        raise ApplicationError(
            Code.NOTHING_TO_IMPORT,
            _("Nothing to import: every question is skipped or still needs attention."),
            status=400,
        )
    selection = json.dumps({"question_file_id": str(question_file.pk), "bank_id": target.pk}).encode()
    job = import_job_create(
        kind=ImportJob.Kind.QUESTION_FILE,
        profile_id=profile.pk,
        upload=ContentFile(selection, name=question_file.file_name),
        extension="json",
        rows_total=count,
        dry_run=False,
        params={"question_file_id": str(question_file.pk), "stage": "import", "bank_id": target.pk},
    )
    question_file.import_job_id = job.pk
    question_file.target_bank = target
    question_file.save(update_fields=["import_job_id", "target_bank", "updated_at"])
    from question_formats.tasks import question_file_import

    schema_name, job_id = connection.schema_name, str(job.pk)
    transaction.on_commit(lambda: question_file_import(schema_name, job_id))
    return question_file


def _folder(
    actor: Actor, root: QuestionBank, path: list[str], cache: dict[tuple[str, ...], QuestionBank]
) -> tuple[QuestionBank, int]:
    """The folder ``path`` below ``root``, each level found by its name (without case and extra
    whitespace, decision 0052) or made; returns it and how many folders were made."""
    made, parent = 0, root
    for depth in range(1, len(path) + 1):
        key = tuple(path[:depth])
        if key not in cache:
            name = path[depth - 1].strip()[:200]
            # the same comparison as the unique name of a place (decision 0052)
            found = QuestionBank.objects.filter(parent=parent, name_key=bank_name_key(name)).first()
            if found is None:
                found = bank_create(actor=actor, name=name, parent_id=parent.pk)
                made += 1
            cache[key] = found
        parent = cache[key]
    return parent, made


def _with_images(value: Any, urls: dict[str, str]) -> Any:
    if isinstance(value, str):
        return _IMAGE_REF.sub(lambda m: urls.get(m.group(1), ""), value)
    if isinstance(value, list):
        return [_with_images(v, urls) for v in value]
    if isinstance(value, dict):
        return {k: _with_images(v, urls) for k, v in value.items()}
    return value


def question_file_import_run(*, job_id: str) -> None:
    """The body of ``question_formats.tasks.question_file_import`` (in the file's schema): write
    each candidate neither skipped nor blocked as a DRAFT question (``question_create``, as the
    uploader) into its folder below the chosen one, its pictures stored by
    ``question_image_save``, all in one transaction (a failure writes nothing: the job ends
    FAILED with the reason, naming the question). Progress: one step a question. The job's
    ``result``: ``{imported, skipped, folders}`` (``imports.schemas.QuestionFileImportOut``)."""

    def work(job: ImportJob, handle, progress: Progress) -> dict[str, Any]:
        question_file = QuestionFile.objects.get(pk=job.params["question_file_id"])
        actor = Actor.of(job.profile)
        saved: list[str] = []
        try:
            with transaction.atomic():
                root = bank_get(job.params["bank_id"])
                cache: dict[tuple[str, ...], QuestionBank] = {}
                imported = folders = 0
                rows = list(question_file.candidates.order_by("position"))
                for candidate in rows:
                    if candidate.skipped or candidate.blocked:
                        continue
                    folder, made = _folder(actor, root, list(candidate.folder), cache)
                    folders += made
                    urls = {}
                    used = _used_images(candidate.content, candidate.answer_key)
                    for image in candidate.images:
                        if image["name"] not in used:
                            continue
                        with default_storage.open(image["path"], "rb") as stored:
                            try:
                                kept = question_image_save(io.BytesIO(stored.read()))
                            except ApplicationError as exc:
                                raise ApplicationError(
                                    exc.code, f"{candidate.ref}: {exc.message}", status=exc.status
                                ) from exc
                        saved.append(kept["path"])
                        urls[image["name"]] = kept["url"]
                    data = {
                        "type": candidate.type,
                        "grade": candidate.grade,
                        "subject_id": candidate.subject_id,
                        "difficulty": candidate.difficulty,
                        "score_weight": candidate.score_weight,
                        "content": _with_images(candidate.content, urls),
                        "answer_key": _with_images(candidate.answer_key, urls),
                    }
                    try:
                        question = question_create(actor=actor, bank_id=folder.pk, data=data)
                    except ApplicationError as exc:
                        raise ApplicationError(
                            exc.code, f"{candidate.ref}: {exc.message}", status=exc.status, errors=exc.errors
                        ) from exc
                    candidate.question_id = question.pk
                    candidate.save(update_fields=["question_id"])
                    imported += 1
                    progress(imported)
        except BaseException:
            for path in saved:
                default_storage.delete(path)
            raise
        return {"imported": imported, "skipped": len(rows) - imported, "folders": folders}

    import_job_run(job_id=job_id, work=work)


# --- retention ------------------------------------------------------------------------------------


def question_files_purge(organization, *, now=None, batch: int = 200) -> int:
    """In ``organization``'s schema: delete the question files older than its retention of
    imports (``file_keep_hours``, 24 by default; issue 24, item 3: the same period as the
    ``imports`` jobs that read and imported them), their candidates and every picture stored for
    the preview (``privacy.services.storage_delete``), with one ``DeletionRecord`` a file (kind
    ``import_upload``, object ``question_file``). Oldest first, at most ``batch`` a run; a file
    whose picture cannot be deleted (storage error) waits for the next run. Returns how many
    files were deleted. The questions already imported are the bank's and stay."""
    from django.utils import timezone

    from privacy import rules
    from privacy.models import DeletionRecord
    from privacy.selectors import file_keep_hours_by_organization
    from privacy.services import deletion_record_create, storage_delete

    now = now or timezone.now()
    hours = file_keep_hours_by_organization().get(organization.pk, rules.FILE_KEEP_HOURS_DEFAULT)
    cutoff = now - timedelta(hours=hours)
    deleted = 0
    for question_file in QuestionFile.objects.filter(created_at__lt=cutoff).order_by("created_at")[:batch]:
        paths = [
            image["path"]
            for images in question_file.candidates.values_list("images", flat=True)
            for image in images
        ]
        try:
            found = [storage_delete(path) for path in paths]
        except Exception:
            logger.exception("retention: could not delete the pictures of question file %s", question_file.pk)
            continue
        with transaction.atomic():
            deletion_record_create(
                kind=DeletionRecord.Kind.IMPORT_UPLOAD,
                object_type="question_file",
                object_id=str(question_file.pk),
                file_name=question_file.file_name,
                reason=DeletionRecord.Reason.RETENTION,
                organization_id=organization.pk,
                file_found=all(found),
            )
            question_file.delete()
        deleted += 1
    return deleted
