"""Paper tests (issue 36, item 3; decision 0042): a generated test printed in N shuffled
versions, each as a PDF and a .docx with its code on every page, and the answer keys of all
versions in one .xlsx, delivered as one .zip written in the background.

The job is an ``analytics.models.ExportJob`` of kind ``paper_versions`` (the analytics export's
pattern: the row is the job's state, a huey task writes the file under a private name, the SPA
polls and downloads; the hourly ``analytics.tasks.exports_purge`` deletes it after the
organization's retention, read from ``params.query.organization_ids`` as for the analytics
exports). Its ``params`` hold everything the file is made from: the organization and its
schema, the test, the number of versions and the seed, so the same job always describes the
same papers and a new job with the same seed (and the same form) prints them again.

Who may: an educator of the organization whose test it is (the rule of every test preset,
``assessments.services.presets.preset_get``: another organization's id is 404); a job is its
creator's, in the organization it was made in (404 for anyone else, or from another profile).
"""

from __future__ import annotations

import logging
import secrets
import tempfile
import uuid
import zipfile
from html import escape
from pathlib import Path
from typing import Any

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.http import FileResponse
from django.utils.translation import gettext as _

from analytics.models import ExportJob
from assessments.models import PresetQuestion, PresetSubject, TestPreset
from assessments.services.presets import preset_get
from assessments.services.stimuli import stimulus_html
from config.errors import ApplicationError, FieldErrors, not_found
from config.i18n import LANGUAGES, in_language, localized, pick
from config.media import private_name
from jobs.services import Heartbeat, file_job_finish, job_claim, job_progress
from privacy.services import AccessSubject
from question_formats.paper.error_codes import PaperErrorCode
from question_formats.paper.versions import PaperQuestion, Part, paper_versions
from tenants.scope import organization_schema

logger = logging.getLogger(__name__)

MAX_VERSIONS = 10
"""Versions one export may ask for (1 to 10): a class's usual four to eight codes with room."""
MAX_SEED = 2**62
ZIP_TYPE = "application/zip"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _text(value: Any, language: str) -> str:
    value = value if isinstance(value, dict) else {}
    return pick(value.get("vi"), value.get("en"), language=language)


def _group(question) -> str:
    """The shared stimulus a question belongs to (``versions.GroupOf``): its id, "" for a question
    alone (decision 0054)."""
    return str(question.stimulus_id or "")


def paper_parts(preset: TestPreset, language: str) -> list[Part]:
    """The test's form as parts (decision 0042): one per subject of the blueprint, in the
    blueprint's order, each question in the part of its subject, in the form's order; a question
    of no blueprint subject goes to a last part. Titles ("PHẦN I. Toán") only when there are
    several parts. Texts in ``language``, falling back to the other one."""
    subjects = list(PresetSubject.objects.filter(preset=preset).select_related("subject"))
    order = {ps.subject_id: index for index, ps in enumerate(subjects)}
    buckets: dict[int, list[PaperQuestion]] = {}
    rows = (
        PresetQuestion.objects.filter(preset=preset).select_related("question__stimulus").order_by("position")
    )
    for row in rows:
        q = row.question
        content = q.content or {}
        stem = _text(content.get("stem"), language)
        rounding = _text(content.get("rounding"), language) if q.type == "numeric" else ""
        if rounding:  # a numeric answer's instruction (plain text), below its question (issue 39)
            stem += f"<p><i>{escape(rounding)}</i></p>"
        # a true/false set's statements print as its options, a) to f), never shuffled
        printed = content.get("statements" if q.type == "true_false_set" else "options") or []
        paper_question = PaperQuestion(
            id=q.pk,
            type=q.type,
            stem=stem,
            options=tuple((o.get("id", ""), _text(o, language)) for o in printed),
            answer_key=q.answer_key or {},
            group=_group(q),
            stimulus=stimulus_html(q.stimulus, language) if q.stimulus is not None else "",
        )
        bucket = order.get(q.subject_id, len(subjects)) if q.subject_id is not None else len(subjects)
        buckets.setdefault(bucket, []).append(paper_question)
    keys = sorted(buckets)
    parts = []
    for number, key in enumerate(keys):
        title = ""
        if len(keys) > 1:
            name = localized(subjects[key].subject, "name", language=language) if key < len(subjects) else ""
            roman = ROMAN[number] if number < len(ROMAN) else str(number + 1)
            title = (_("PART %(number)s. %(name)s") if name else _("PART %(number)s")) % {
                "number": roman,
                "name": name,
            }
        parts.append(Part(title=title, questions=tuple(buckets[key])))
    return parts


def _file_names(preset_id: int) -> dict[str, str]:
    """The .zip's name and its members' name patterns, in the active language."""
    return {
        "zip": _("paper-versions-%(id)s.zip") % {"id": preset_id},
        "version": _("version-%(code)s"),
        "keys": _("answer-keys.xlsx"),
    }


def paper_export_start(
    *, profile, preset_id: int, versions: int, language: str, seed: int | None = None
) -> ExportJob:
    """Queue the paper export of test ``preset_id``: ``versions`` versions (1 to
    ``MAX_VERSIONS``) in ``language`` (``vi`` or ``en``), drawn with ``seed`` (0 to 2^62 - 1; a
    new random one when None). Returns the QUEUED ``ExportJob`` (``params.seed`` holds the seed).

    Errors: 400 ``validation_error`` naming ``versions``, ``language`` or ``seed``; 404 for a
    test not in the educator's organization; 400 ``paper_no_questions`` when the test has no
    generated questions. Nothing is written on an error."""
    errors = FieldErrors()
    if not isinstance(versions, int) or not 1 <= versions <= MAX_VERSIONS:
        errors.add("versions", _("Choose between 1 and %(max)s versions.") % {"max": MAX_VERSIONS})
    if language not in LANGUAGES:
        errors.add("language", _("Choose Vietnamese or English."))
    if seed is not None and not 0 <= seed < MAX_SEED:
        errors.add("seed", _("The seed must be a whole number from 0 to %(max)s.") % {"max": MAX_SEED - 1})
    errors.raise_if_any()
    preset = preset_get(preset_id)
    if not PresetQuestion.objects.filter(preset=preset).exists():
        raise ApplicationError(
            PaperErrorCode.NO_QUESTIONS,
            _("This test has no questions yet: generate its questions first."),
            status=400,
        )
    seed = seed if seed is not None else secrets.randbelow(MAX_SEED)
    with in_language(language):
        file_name = _file_names(preset.pk)["zip"]
    schema_name = connection.schema_name
    job = ExportJob.objects.create(
        kind=ExportJob.Kind.PAPER_VERSIONS,
        user_id=profile.user_id,
        params={
            "query": {"organization_ids": [profile.organization_id]},
            "schema_name": schema_name,
            "profile_id": profile.pk,
            "preset_id": preset.pk,
            "versions": versions,
            "seed": seed,
        },
        language=language,
        rows_total=versions,
        file_name=file_name,
        content_type=ZIP_TYPE,
    )
    from question_formats.tasks import paper_export_job

    job_id = str(job.pk)
    transaction.on_commit(lambda: paper_export_job(schema_name, job_id))
    return job


def write_paper_zip(
    preset: TestPreset, *, versions: int, seed: int, language: str, out, progress=None
) -> None:
    """Write the .zip of ``versions`` versions of ``preset`` drawn with ``seed`` in ``language``
    to ``out``: ``version-101.pdf``, ``version-101.docx``, ... and ``answer-keys.xlsx`` (named in
    the paper's language: ``ma-de-101.pdf``, ``dap-an.xlsx``). ``progress(done)`` after each
    version. Runs in the test's organization schema."""
    from question_formats.paper.docx import reference_docx, write_version_docx
    from question_formats.paper.formulas import FormulaRenderer
    from question_formats.paper.keys import write_keys_xlsx
    from question_formats.paper.markup import Pictures
    from question_formats.paper.pdf import BODY_SIZE, PaperHeading, write_version_pdf
    from tenants.models import Organization

    with in_language(language), tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        names = _file_names(preset.pk)
        organization = Organization.objects.filter(schema_name=connection.schema_name).first()
        subjects = PresetSubject.objects.filter(preset=preset).select_related("subject")
        heading = PaperHeading(
            organization=organization.shown_name if organization else "",
            test_name=preset.name,
            subjects=", ".join(localized(s.subject, "name", language=language) for s in subjects),
            duration_minutes=preset.duration_minutes,
        )
        parts = paper_parts(preset, language)
        drawn = paper_versions(parts, count=versions, seed=seed)
        formulas = FormulaRenderer(work, size=BODY_SIZE)
        pictures = Pictures(work)
        reference = reference_docx(work)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for done, version in enumerate(drawn, start=1):
                stem = names["version"] % {"code": version.code}
                with archive.open(f"{stem}.pdf", "w") as handle:
                    write_version_pdf(version, handle, heading=heading, formulas=formulas, pictures=pictures)
                docx_path = work / f"{stem}.docx"
                write_version_docx(
                    version, docx_path, heading=heading, pictures=pictures, reference=reference
                )
                archive.write(docx_path, f"{stem}.docx")
                if progress:
                    progress(done)
            with archive.open(names["keys"], "w") as handle:
                write_keys_xlsx(drawn, handle)


def paper_export_run(*, job_id: str) -> None:
    """The huey task's body (in the job's organization schema): write the .zip to storage under
    a private name (``<schema>/paper-exports/<token>.zip``), ``rows_done`` counting versions, then
    DONE, or FAILED with the error (logged). At the lowest CPU priority
    (``config.priority.run_at_idle_priority``), as every export."""
    if not ExportJob.objects.filter(pk=job_id, kind=ExportJob.Kind.PAPER_VERSIONS).exists():
        return
    if not job_claim(job_id):  # a duplicate task, or a job the recovery failed (decision 0040)
        return
    job = ExportJob.objects.get(pk=job_id)
    params = job.params

    def progress(done: int) -> None:
        job_progress(job.pk, done)

    def write() -> tuple[str, dict[str, int]]:
        # In a thread of its own, whose connection starts in the public schema.
        with organization_schema(params["schema_name"]):
            return write_in_schema()

    def write_in_schema() -> tuple[str, dict[str, int]]:
        preset = TestPreset.objects.get(pk=params["preset_id"])
        with Heartbeat(job.pk), tempfile.TemporaryFile() as handle:
            write_paper_zip(
                preset,
                versions=params["versions"],
                seed=params["seed"],
                language=job.language,
                out=handle,
                progress=progress,
            )
            handle.seek(0)
            name = private_name(kind="paper-exports", extension=".zip", schema_name=params["schema_name"])
            return default_storage.save(name, File(handle)), {"rows_done": job.rows_total}

    file_job_finish(job, write, error_code="export_failed")


def paper_export_get(*, profile, preset_id: int, job_id: str) -> ExportJob:
    """The caller's paper export ``job_id`` of test ``preset_id``, made under this profile in
    this organization (404 for anyone else's, another test's, another kind of export, or an id
    that is not a UUID)."""
    try:
        key = uuid.UUID(str(job_id))
    except ValueError as exc:
        raise not_found(_("Export not found.")) from exc
    job = ExportJob.objects.filter(
        pk=key,
        kind=ExportJob.Kind.PAPER_VERSIONS,
        user_id=profile.user_id,
        params__profile_id=profile.pk,
        params__preset_id=preset_id,
        params__schema_name=connection.schema_name,
    ).first()
    if job is None:
        raise not_found(_("Export not found."))
    return job


def paper_export_download(*, profile, preset_id: int, job_id: str) -> FileResponse:
    """The finished .zip as an attachment named by the job (``paper-versions-<test id>.zip``,
    ``de-giay-<id>.zip`` in Vietnamese). 409 ``export_not_ready`` while it runs, 409
    ``export_failed`` when it failed."""
    job = paper_export_get(profile=profile, preset_id=preset_id, job_id=job_id)
    if job.status == ExportJob.Status.FAILED:
        raise ApplicationError(
            PaperErrorCode.EXPORT_FAILED, _("The export failed. Please try again."), status=409
        )
    if job.status != ExportJob.Status.DONE or not job.file:
        raise ApplicationError(PaperErrorCode.EXPORT_NOT_READY, _("The export is not ready yet."), status=409)
    response = FileResponse(
        default_storage.open(job.file, "rb"),
        as_attachment=True,
        filename=job.file_name,
        content_type=ZIP_TYPE,
    )
    response["Cache-Control"] = "no-store"
    return response


def paper_export_subject(preset_id: int, job_id: str) -> AccessSubject:
    """The access log's subject of a download: the job, named by its file."""
    job = ExportJob.objects.get(pk=job_id)
    return AccessSubject(object_type="export_job", object_id=str(job.pk), label=job.file_name)
