"""Backup answers ("Bài làm dự phòng", issue 38 item 3; decision 0046): when a learner's network
dies for good during a sitting, the test page saves the answers it still holds as a file sealed
for the server, and an invigilator (an educator of the organization) uploads it on the batch page.

**The seal.** AES-256-GCM (authenticated encryption). The key of an attempt is derived on the server
from ``SECRET_KEY`` (``config.data_keys.derived_key``: HKDF-SHA256) and the attempt's *binding*:
``pandai.backup-answers/1|<organization schema>|<attempt id>|<learner profile id>``. The learner's
test page receives that key and binding with the attempt (``backup_offer``: the attempt's own
learner only, while it is in progress) and seals in the browser (Web Crypto), with the binding
and the file's unique id as the associated data. Only the server can derive a key, from a secret
the browser never sees; a key opens one attempt's files only. So the server refuses, with a
stable code and a message in the reader's language:

- a file that is not one (not JSON, another shape or version): 400 ``backup_invalid``;
- a file over ``BACKUP_ANSWERS_MAX_BYTES``: 413 ``backup_too_large``;
- a file for another attempt (another learner, batch, organization, or an earlier attempt of the
  same learner), told by its binding, which the associated data makes impossible to change
  unnoticed: 409 ``backup_other_attempt``;
- an edited file (any byte of the sealed part, the nonce, the file id, the binding): the tag does
  not verify: 400 ``backup_edited``;
- a file uploaded before (its id is in ``BackupUpload``, unique): 409 ``backup_replayed``.

What the seal cannot do (decision 0046): it proves a file came from a browser that held this
attempt's key, not when an answer was typed. A learner who takes the key out of their own page
could seal answers typed later with earlier times: the same trust a late save puts in the device's
clock. The invigilator's confirmation, the audit row and the rule that a file never overwrites a
newer answer bound it.

**The rule.** An answer of the file is applied when its question is in the attempt, it fits the
question (``rules.answer_fits``), it was typed by the deadline (its ``typed_at``, the device's
clock, corrected by the file's ``clock_offset_ms``: ``rules.on_server_clock``), and its ``seq`` is
newer than the stored answer's (the save's own ordering). Applying locks the attempt, writes the
answers and the audit row in one transaction, and ends the attempt as the normal submit does
(``attempts.submit_backup``): an attempt in progress is submitted (reason ``backup``) and scored; a
submitted one has the changed answers scored again and its result decided again.
"""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import IO, Annotated, Any, Literal

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from accounts.models import Profile
from assessments.models import Batch, Question
from assignments.error_codes import AssignmentErrorCode as Code
from assignments.models import Attempt, AttemptAnswer, BackupUpload, IntegrityEvent
from config.data_keys import derived_key
from config.dates import format_datetime
from config.errors import ApplicationError, not_found
from config.fields import DateTimeIn, Id, Text
from config.images import read_limited
from sitting import attempts, rules
from sitting.schemas import AnswerSent, AnswerSeq, ClockOffsetMs
from sitting.shapes import BackupAnswers, BackupRow
from tenants.scope import current_schema_name

FORMAT = "pandai.backup-answers"
VERSION = 1
KEY_LABEL = b"platform backup answers v1|"
NONCE_BYTES = 12
ANSWERS_MAX = 1000
"""The most answers one file may hold (a test has at most a few hundred questions)."""

Outcome = Literal["changed", "unchanged", "older", "after_deadline", "not_in_test", "invalid"]
"""What the file does to one question: ``changed`` (applied), ``unchanged`` (the server already
holds this answer), ``older`` (the server holds a newer one), ``after_deadline`` (typed after the
deadline, or no time given), ``not_in_test``, ``invalid`` (does not fit the question)."""


# --- the binding and the key ---------------------------------------------------------------------


def binding(*, schema_name: str, attempt_id: int, learner_profile_id: int) -> str:
    """What a file is bound to: the format, the organization's schema, the attempt, the learner."""
    return f"{FORMAT}/{VERSION}|{schema_name}|{attempt_id}|{learner_profile_id}"


def attempt_binding(attempt: Attempt, schema_name: str | None = None) -> str:
    """``binding`` of ``attempt`` (its assignment loaded) in ``schema_name`` (default: the
    connection's)."""
    return binding(
        schema_name=schema_name or current_schema_name(),
        attempt_id=attempt.pk,
        learner_profile_id=attempt.assignment.learner_profile_id,
    )


def attempt_key(bound: str, secret: str | None = None) -> bytes:
    """The 32-byte AES key of the files bound to ``bound``: HKDF-SHA256 of ``secret`` (default
    ``SECRET_KEY``) with the label and the binding as its info. Never stored."""
    return derived_key(secret or settings.SECRET_KEY, KEY_LABEL + bound.encode())


def associated_data(bound: str, file_id: uuid.UUID | str) -> bytes:
    """The associated data of a file's seal: its binding and id, so neither changes unnoticed."""
    return f"{bound}|{file_id}".encode()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def backup_offer(attempt: Attempt, schema_name: str) -> dict[str, str] | None:
    """``{"key", "binding"}`` for the attempt's test page (``AttemptOut.backup``; the key in
    base64url): what the page needs to seal a backup file. None once the attempt is over."""
    if attempt.status != Attempt.Status.IN_PROGRESS:
        return None
    bound = attempt_binding(attempt, schema_name)
    return {"key": _b64(attempt_key(bound)), "binding": bound}


def seal(
    *,
    bound: str,
    key: bytes,
    answers: list[dict[str, Any]],
    clock_offset_ms: int = 0,
    created_at: str | None = None,
    file_id: uuid.UUID | None = None,
    test_name: str = "",
    nonce: bytes | None = None,
) -> bytes:
    """A backup file's bytes, sealed as the test page seals it in the browser (the SPA's
    ``sealBackup`` in ``features/take-test/lib/backup.ts``, same format): for tests and tools.
    ``answers``: ``[{question_id, answer, flagged, seq, typed_at}]`` (``typed_at`` ISO 8601, the
    device's clock)."""
    file_id = file_id or uuid.uuid4()
    nonce = nonce or AESGCM.generate_key(bit_length=128)[:NONCE_BYTES]
    contents = {
        "file_id": str(file_id),
        "created_at": created_at,
        "clock_offset_ms": clock_offset_ms,
        "answers": answers,
    }
    sealed = AESGCM(key).encrypt(nonce, json.dumps(contents).encode(), associated_data(bound, file_id))
    attempt_id = int(bound.split("|")[2])
    header = {
        "format": FORMAT,
        "version": VERSION,
        "file_id": str(file_id),
        "attempt_id": attempt_id,
        "binding": bound,
        "test_name": test_name,
        "created_at": created_at,
        "nonce": _b64(nonce),
        "sealed": _b64(sealed),
    }
    return json.dumps(header, ensure_ascii=False).encode()


# --- reading a file ------------------------------------------------------------------------------


BindingText: Any = Text(300)
NameText: Any = Text(500)
SealedText: Any = Text(settings.BACKUP_ANSWERS_MAX_BYTES)


class _Exact(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FileHeader(_Exact):
    """The readable part of a backup file (the header names; nothing in it is trusted until the
    seal opens with the attempt's own binding)."""

    format: Literal["pandai.backup-answers"]
    version: Literal[1]
    file_id: uuid.UUID
    attempt_id: Id
    binding: BindingText
    test_name: NameText = ""
    created_at: DateTimeIn | None = None
    nonce: Annotated[str, Field(min_length=16, max_length=16)]
    sealed: SealedText


class FileAnswer(_Exact):
    question_id: Id
    answer: AnswerSent | None = None
    flagged: bool = False
    seq: AnswerSeq
    typed_at: DateTimeIn | None = None


class FileContents(_Exact):
    """The sealed part: the file's id again, when it was made and the clock offset the page had
    measured (ms, the server's clock minus the device's), and the answers."""

    file_id: uuid.UUID
    created_at: DateTimeIn | None = None
    clock_offset_ms: ClockOffsetMs = 0
    answers: Annotated[list[FileAnswer], Field(max_length=ANSWERS_MAX)]


def _invalid() -> ApplicationError:
    return ApplicationError(
        Code.BACKUP_INVALID,
        _("This is not a backup answers file of this site. Choose the file the test page saved."),
        status=400,
    )


def file_header(upload: IO[bytes]) -> FileHeader:
    """The upload's header, read within ``BACKUP_ANSWERS_MAX_BYTES`` (413 ``backup_too_large``)
    and checked by content (never by name or declared type): UTF-8 JSON of the format, this
    version (400 ``backup_invalid``)."""
    limit = settings.BACKUP_ANSWERS_MAX_BYTES
    raw = read_limited(
        upload,
        limit,
        too_large_code=Code.BACKUP_TOO_LARGE,
        message=_("The file is larger than %(kb)d KB: it is not a backup answers file.")
        % {"kb": limit // 1024},
    )
    try:
        return FileHeader.model_validate_json(raw)
    except ValidationError:
        raise _invalid() from None


def _other_attempt() -> ApplicationError:
    return ApplicationError(
        Code.BACKUP_OTHER_ATTEMPT,
        _(
            "This file belongs to another attempt (another learner, batch or sitting), not to a current "
            "attempt of this batch. Upload it on the page of its own batch."
        ),
        status=409,
    )


def _consent_withdrawn() -> ApplicationError:
    return ApplicationError(
        Code.BACKUP_CONSENT_WITHDRAWN,
        _(
            "This test was ended when consent to process the learner's data was withdrawn, so its "
            "backup answers are not applied."
        ),
        status=409,
    )


def _edited() -> ApplicationError:
    return ApplicationError(
        Code.BACKUP_EDITED,
        _("The file was changed after the test page saved it, so its answers cannot be trusted."),
        status=400,
    )


def opened(header: FileHeader, bound: str) -> FileContents:
    """The sealed part of a file whose attempt's binding is ``bound``: 409
    ``backup_other_attempt`` when the file names another binding, 400 ``backup_edited`` when the
    seal does not open with the attempt's key (``SECRET_KEY``, then each of
    ``SECRET_KEY_FALLBACKS``), 400 ``backup_invalid`` for contents of another shape."""
    if header.binding != bound:
        raise _other_attempt()
    try:
        nonce, sealed = _unb64(header.nonce), _unb64(header.sealed)
    except (binascii.Error, ValueError):
        raise _edited() from None
    data = associated_data(bound, header.file_id)
    plain = None
    for secret in [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]:
        try:
            plain = AESGCM(attempt_key(bound, secret)).decrypt(nonce, sealed, data)
            break
        except (InvalidTag, ValueError):
            continue
    if plain is None:
        raise _edited()
    try:
        contents = FileContents.model_validate_json(plain)
    except ValidationError:
        raise _invalid() from None
    if contents.file_id != header.file_id:
        raise _edited()
    return contents


# --- what a file changes -------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One answer of a file against the attempt: the question's place (1-based; 0 outside the
    form), the stored answer and the file's, and the outcome (``Outcome``)."""

    number: int
    question_id: int
    stem: dict[str, str]
    old: Any
    new: Any
    flagged: bool
    seq: int
    outcome: Outcome


def _letters(order: list[str], chosen: list[str]) -> str:
    return ", ".join(chr(ord("A") + order.index(c)) if c in order else c for c in chosen)


def answer_shown(answer: Any, order: list[str]) -> str:
    """An answer as the preview shows it, in the reader's language: option letters in the
    attempt's order ("B", "A, C"), "True"/"False" (Đúng/Sai), a true/false set's judged
    statements by their letter in ``order`` (its statements' ids as written: "a) Đúng; c) Sai";
    issue 39), the text (at most 300 characters; a numeric answer as typed), or "" for none."""
    if not isinstance(answer, dict) or not answer:
        return ""
    if "option" in answer:
        return _letters(order, [answer["option"]])
    if "options" in answer:
        return _letters(order, list(answer["options"]))
    if "value" in answer:
        return _("True") if answer["value"] else _("False")
    if "statements" in answer:
        judged = answer["statements"] if isinstance(answer["statements"], dict) else {}
        ids = [sid for sid in order if sid in judged] + [sid for sid in judged if sid not in order]
        return "; ".join(
            f"{chr(ord('a') + order.index(sid)) if sid in order else sid}) "
            f"{_('True') if judged[sid] else _('False')}"
            for sid in ids
        )
    text = str(answer.get("text", ""))
    return text if len(text) <= 300 else text[:299] + "…"


def _stem(question: Question | None) -> dict[str, str]:
    """The question's stem as stored (sanitized HTML in both languages), for the preview."""
    stem = (question.content.get("stem") or {}) if question is not None else {}
    return {"vi": str(stem.get("vi") or ""), "en": str(stem.get("en") or "")}


def rows_of(attempt: Attempt, contents: FileContents, now: datetime) -> list[Row]:
    """Each answer of the file (the last one per question when a question repeats), in the form's
    order, against what the attempt holds, with its ``Outcome`` (the module's rule)."""
    schema_name = current_schema_name()
    stored = {a.question_id: a for a in attempt.answers.all()}
    latest: dict[int, FileAnswer] = {}
    for item in contents.answers:
        if item.question_id not in latest or item.seq >= latest[item.question_id].seq:
            latest[item.question_id] = item
    form: list[int] = list(attempt.question_ids)
    questions = {q.pk: q for q in Question.objects.filter(pk__in=list(latest)).only("id", "content")}
    out = []
    place = {qid: index for index, qid in enumerate(form)}
    for qid, item in sorted(latest.items(), key=lambda kv: place.get(kv[0], len(form) + kv[0])):
        answer = item.answer.dict(exclude_none=True) if item.answer is not None else None
        row = stored.get(qid)
        typed = rules.on_server_clock(item.typed_at, contents.clock_offset_ms, now)
        outcome: Outcome
        if qid not in place:
            outcome = "not_in_test"
        elif not rules.answer_fits(qid, answer, item.seq, schema_name):
            outcome = "invalid"
        elif typed is None or typed > attempt.deadline_at:
            outcome = "after_deadline"
        elif row is not None and item.seq <= row.seq:
            outcome = "older"
        elif row is not None and row.answer == answer and row.flagged == item.flagged:
            outcome = "unchanged"
        else:
            outcome = "changed"
        out.append(
            Row(
                number=place[qid] + 1 if qid in place else 0,
                question_id=qid,
                stem=_stem(questions.get(qid)),
                old=row.answer if row is not None else None,
                new=answer,
                flagged=item.flagged,
                seq=item.seq,
                outcome=outcome,
            )
        )
    return out


# --- preview and apply (the invigilator's upload on the batch page) --------------------------------


def _replayed(upload: BackupUpload) -> ApplicationError:
    return ApplicationError(
        Code.BACKUP_REPLAYED,
        _("This file was already uploaded at %(when)s by %(name)s. A file is applied once.")
        % {"when": format_datetime(upload.uploaded_at), "name": upload.uploaded_by_name or "—"},
        status=409,
    )


def _attempt_of(batch_id: int, header: FileHeader, *, lock: bool) -> Attempt:
    """The attempt the file names, of this batch and the latest of its assignment (409
    ``backup_other_attempt`` otherwise), locked FOR UPDATE when ``lock``. 404 "Batch not found."
    for a batch that is not the organization's."""
    if not Batch.objects.filter(pk=batch_id).exists():
        raise not_found(_("Batch not found."))
    qs = Attempt.objects.select_for_update(of=("self",)) if lock else Attempt.objects
    attempt = (
        qs.select_related("assignment", "assignment__preset")
        .filter(pk=header.attempt_id, assignment__batch_id=batch_id)
        .first()
    )
    latest = attempts.latest_attempt(attempt.assignment) if attempt is not None else None
    if attempt is None or latest is None or latest.pk != attempt.pk:
        raise _other_attempt()
    return attempt


@dataclass(frozen=True)
class Checked:
    """A file checked against its attempt: the attempt, the file's header and contents, its rows."""

    attempt: Attempt
    header: FileHeader
    contents: FileContents
    rows: list[Row]


def backup_check(*, batch_id: int, upload: IO[bytes], lock: bool = False) -> Checked:
    """Read and check an uploaded backup file for the batch ``batch_id`` of the current
    organization, in this order: size and shape, the batch (404), the attempt (``_attempt_of``),
    the seal (``opened``), a replay (409 ``backup_replayed``, naming when and by whom), an attempt
    a withdrawal of consent ended (409 ``backup_consent_withdrawn``: issue 37, item 6, decision
    0049); then each answer's outcome. Changes nothing."""
    header = file_header(upload)
    attempt = _attempt_of(batch_id, header, lock=lock)
    contents = opened(header, attempt_binding(attempt))
    before = BackupUpload.objects.filter(file_id=header.file_id).first()
    if before is not None:
        raise _replayed(before)
    if attempt.submit_reason == Attempt.SubmitReason.CONSENT_WITHDRAWN:
        raise _consent_withdrawn()  # processing stopped with the withdrawal (decision 0049)
    return Checked(attempt, header, contents, rows_of(attempt, contents, timezone.now()))


def backup_apply(*, batch_id: int, upload: IO[bytes], educator: Profile) -> Checked:
    """Apply a checked backup file (``backup_check``, under the attempt's lock) in one
    transaction: write each ``changed`` answer (answer, flag, ``seq``; its score and grading
    reset), record the audit row (``BackupUpload``: who, when, the file's id and what changed; a
    file applied at the same moment by another request is refused as replayed) and an integrity
    event, then end the attempt as the normal submit does (``attempts.submit_backup``). Returns
    the check with the attempt as it now is."""
    with transaction.atomic():
        checked = backup_check(batch_id=batch_id, upload=upload, lock=True)
        attempt, now = checked.attempt, timezone.now()
        changed = [r for r in checked.rows if r.outcome == "changed"]
        try:
            with transaction.atomic():
                BackupUpload.objects.create(
                    attempt=attempt,
                    file_id=checked.header.file_id,
                    uploaded_by_profile_id=educator.pk,
                    uploaded_by_name=educator.user.name_or_email,
                    file_created_at=checked.contents.created_at,
                    changes=[{"question_id": r.question_id, "old": r.old, "new": r.new} for r in changed],
                )
        except IntegrityError:
            raise _replayed(BackupUpload.objects.get(file_id=checked.header.file_id)) from None
        stored = {
            a.question_id: a for a in attempt.answers.filter(question_id__in=[r.question_id for r in changed])
        }
        for r in changed:
            row = stored.get(r.question_id) or AttemptAnswer(attempt=attempt, question_id=r.question_id)
            row.answer, row.flagged, row.seq, row.saved_at = r.new, r.flagged, r.seq, now
            row.score, row.needs_grading, row.comment, row.graded_by_name, row.graded_at = (
                None,
                False,
                "",
                "",
                None,
            )
            row.save()
        IntegrityEvent.objects.create(
            attempt=attempt,
            kind=IntegrityEvent.Kind.BACKUP,
            occurred_at=now,
            count_after=attempt.tab_switches,
            note=(
                _("%(name)s uploaded a backup file: %(n)d answers changed.")
                % {
                    "name": educator.user.name_or_email,
                    "n": len(changed),
                }
            )[:300],
        )
        attempts.submit_backup(attempt, changed_question_ids=[r.question_id for r in changed], now=now)
    return checked


def answers_out(checked: Checked, *, applied: bool) -> BackupAnswers:
    """``BackupAnswersOut`` of a checked (``applied`` false) or applied file: the rows as the
    reader sees them (``answer_shown`` in the attempt's option order)."""
    attempt = checked.attempt
    orders = attempt.option_orders or {}
    missing = [r.question_id for r in checked.rows if str(r.question_id) not in orders]
    for q in Question.objects.filter(pk__in=missing).only("id", "content"):
        # a true/false set has no options: its statements' ids, as written, letter its answer
        parts = q.content.get("statements") or q.content.get("options", [])
        orders = {**orders, str(q.pk): [o["id"] for o in parts]}
    rows: list[BackupRow] = [
        {
            "number": r.number,
            "question_id": r.question_id,
            "stem": r.stem,
            "old": answer_shown(r.old, orders.get(str(r.question_id), [])),
            "new": answer_shown(r.new, orders.get(str(r.question_id), [])),
            "outcome": r.outcome,
        }
        for r in checked.rows
    ]
    return {
        "applied": applied,
        "attempt_id": attempt.pk,
        "learner_name": attempt.assignment.learner_name,
        "test_name": attempt.assignment.preset.name,
        "deadline_at": attempt.deadline_at,
        "file_created_at": checked.contents.created_at,
        "status": attempt.status,
        "result": attempt.result,
        "score": float(attempt.score) if attempt.score is not None else None,
        "max_score": float(attempt.max_score),
        "changed": sum(r.outcome == "changed" for r in checked.rows),
        "rows": rows,
    }
