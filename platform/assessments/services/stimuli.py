"""Shared stimuli (ngữ liệu dùng chung): a passage, table or figure that several questions hang
from, authored as one group with its questions (issue 39, item 1; decision 0054): create, edit,
the group's questions and their order, the group's next version, delete. The group's vetting is
in ``services.stimulus_vetting``.

Rules (decision 0054):

- A stimulus and its questions share one bank, one grade and one subject (checked at submit).
- Who joins or leaves the group, and in which order, changes only while the stimulus is a draft
  or rejected; a submitted or approved group is locked (409 ``stimulus_locked``).
- Editing a published stimulus, or a published question of a group, opens the group's next
  version: the stimulus' next version and the next version of each of its published questions,
  all drafts (``group_next_version``). The published group stays what tests already use.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import Question, QuestionBank, Stimulus
from assessments.services.banks import bank_get
from assessments.services.common import Actor, require_creator
from assessments.services.questions import (
    EDITABLE,
    LANGS,
    S,
    _clean_html,
    _plain,
    grade_and_subject_apply,
    next_version,
    record_transition,
)
from config.errors import ApplicationError, FieldErrors, not_found

TITLE_MAX = 300
"""Characters of a title's text in one language (its markup not counted)."""
BODY_MAX = 60_000
"""Characters of a body's sanitized HTML in one language: a long reading passage with a table."""
MAX_QUESTIONS = 40
"""Questions of one stimulus: a reading passage of an exam holds 5 to 10."""
OPEN = {S.DRAFT, S.SUBMITTED, S.APPROVED, S.REJECTED}


def stimulus_get(stimulus_id: int, *, lock: bool = False) -> Stimulus:
    """The stimulus (any version) of this organization; 404 otherwise."""
    qs = Stimulus.objects.select_for_update() if lock else Stimulus.objects
    stimulus = qs.filter(pk=stimulus_id).first()
    if stimulus is None:
        raise not_found(_("Shared stimulus not found."))
    return stimulus


def group_questions(stimulus: Stimulus, *, lock: bool = False) -> list[Question]:
    """The questions of ``stimulus`` in their order (``stimulus_position``, then id)."""
    qs = Question.objects.select_for_update() if lock else Question.objects
    return list(qs.filter(stimulus=stimulus).order_by("stimulus_position", "id"))


def _locked(stimulus: Stimulus) -> ApplicationError:
    return ApplicationError(
        Code.STIMULUS_LOCKED,
        _("This shared stimulus cannot be changed while it is %(status)s.")
        % {"status": stimulus.get_status_display().lower()},
        status=409,
    )


# --- content -----------------------------------------------------------------------------------


def _apply_fields(stimulus: Stimulus, data: dict[str, Any], errors: FieldErrors) -> None:
    """Validate and set the fields present in ``data`` (grade, subject_id, content) on
    ``stimulus`` (not saved). A stimulus always has a body in at least one language."""
    grade_and_subject_apply(stimulus, data, errors)
    if "content" in data:
        raw = data["content"] or {}
        title = {lang: _clean_html((raw.get("title") or {}).get(lang)) for lang in LANGS}
        body = {lang: _clean_html((raw.get("body") or {}).get(lang)) for lang in LANGS}
        for lang in LANGS:
            if len(_plain(title[lang]).strip()) > TITLE_MAX:
                errors.add(f"content.title.{lang}", _("At most %(n)d characters.") % {"n": TITLE_MAX})
            if len(body[lang]) > BODY_MAX:
                errors.add(f"content.body.{lang}", _("At most %(n)d characters.") % {"n": BODY_MAX})
        if not any(_plain(body[lang]).strip() or "<img" in body[lang] for lang in LANGS):
            errors.add("content.body", _("Write the passage, or add the table or figure."))
        stimulus.content = {"title": title, "body": body}
        stimulus.search_text = " ".join(_plain(f"{title[lang]} {body[lang]}") for lang in LANGS).lower()[
            :5000
        ]


def stimulus_missing(stimulus: Stimulus) -> list[dict[str, str]]:
    """What the stimulus itself lacks before its group can be submitted: ``[{"field",
    "message"}]`` (grade, subject, a title in one language at least)."""
    missing: list[tuple[str, str]] = []
    if not stimulus.grade:
        missing.append(("grade", _("Choose the grade.")))
    if not stimulus.subject_id:
        missing.append(("subject_id", _("Choose the subject.")))
    if not any(_plain(stimulus.title[lang]).strip() for lang in LANGS):
        missing.append(("content.title", _("Give the shared stimulus a title.")))
    return [{"field": field, "message": message} for field, message in missing]


@transaction.atomic
def stimulus_create(*, actor: Actor, bank_id: int, data: dict[str, Any]) -> Stimulus:
    """Create a draft stimulus in ``bank_id`` (404 for another organization's). ``data``: grade
    1-12, subject_id, content ``{"title": {"vi", "en"}, "body": {"vi", "en"}}`` (sanitized HTML;
    a title of at most ``TITLE_MAX`` characters, a body of at most ``BODY_MAX``, a body in one
    language at least). 400 ``validation_error`` with field errors."""
    bank = bank_get(bank_id)
    stimulus = Stimulus(bank=bank, created_by_profile_id=actor.profile_id, created_by_name=actor.name)
    errors = FieldErrors()
    _apply_fields(stimulus, {**data, "content": data.get("content")}, errors)
    errors.raise_if_any(_("The shared stimulus could not be saved."))
    stimulus.save()
    return stimulus


def _open_version(root_id: int) -> Stimulus | None:
    return Stimulus.objects.filter(root_id=root_id).filter(status__in=OPEN).first()


def group_next_version(
    stimulus: Stimulus, actor: Actor, *, status: str = S.DRAFT, note: str = ""
) -> tuple[Stimulus, dict[int, Question]]:
    """Open the next version of the published group of ``stimulus`` (locked by the caller): the
    stimulus' next version and the next version of each of its questions (same content, same
    order, ``actor`` their author), saved with ``status`` (draft, or submitted for a send-back,
    with ``note`` on each question's step). Returns the new stimulus and ``{old question id: new
    question}``. 409 ``stimulus_locked`` (with ``open_version_id``) when the group's next version
    is already open."""
    root_id = stimulus.root_id or stimulus.pk
    open_version = _open_version(root_id)
    if open_version is not None:
        raise ApplicationError(
            Code.STIMULUS_LOCKED,
            _("A new version of this shared stimulus is already being edited."),
            status=409,
            extra={"open_version_id": open_version.pk},
        )
    latest = Stimulus.objects.filter(root_id=root_id).aggregate(v=Max("version"))["v"] or 1
    new = Stimulus.objects.create(
        bank=stimulus.bank,
        root_id=root_id,
        version=max(latest, stimulus.version) + 1,
        grade=stimulus.grade,
        subject_id=stimulus.subject_id,
        content=stimulus.content,
        search_text=stimulus.search_text,
        status=status,
        submitted_at=timezone.now() if status == S.SUBMITTED else None,
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
    )
    copies: dict[int, Question] = {}
    for q in group_questions(stimulus, lock=True):
        if q.status != S.PUBLISHED:
            continue
        copy = next_version(q, actor)
        copy.stimulus, copy.stimulus_position, copy.status = new, q.stimulus_position, status
        copy.submitted_at = new.submitted_at
        copy.save()
        record_transition(copy, actor, "", status, note or _("New version of the shared stimulus."))
        copies[q.pk] = copy
    return new, copies


@transaction.atomic
def stimulus_update(*, actor: Actor, stimulus_id: int, data: dict[str, Any]) -> Stimulus:
    """Change a draft or rejected stimulus (a rejected one returns to draft). Editing a published
    one opens the group's next version (``group_next_version``) and returns the new stimulus.
    Submitted, approved or superseded versions are locked (409 ``stimulus_locked``), as is a
    published one whose next version is already open. 400 ``validation_error`` as the create."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    if stimulus.status == S.PUBLISHED:
        stimulus, _copies = group_next_version(stimulus, actor)
    elif stimulus.status not in EDITABLE:
        raise _locked(stimulus)
    errors = FieldErrors()
    _apply_fields(stimulus, data, errors)
    errors.raise_if_any(_("The shared stimulus could not be saved."))
    stimulus.status = S.DRAFT
    stimulus.save()
    return stimulus


def stimulus_for_new_question(stimulus_id: int, bank: QuestionBank) -> tuple[Stimulus, int]:
    """The stimulus a new question of ``bank`` joins and the question's position (last): 404 for
    an unknown id, 400 on ``stimulus_id`` for another bank's or a full stimulus, 409
    ``stimulus_locked`` unless it is a draft or rejected. Call inside the create's transaction."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    errors = FieldErrors()
    if stimulus.bank_id != bank.pk:
        errors.add("stimulus_id", _("The shared stimulus must be in the question's bank."))
    count = Question.objects.filter(stimulus=stimulus).count()
    if count >= MAX_QUESTIONS:
        errors.add(
            "stimulus_id", _("A shared stimulus holds at most %(n)d questions.") % {"n": MAX_QUESTIONS}
        )
    errors.raise_if_any(_("The question could not be saved."))
    if stimulus.status not in EDITABLE:
        raise _locked(stimulus)
    last = Question.objects.filter(stimulus=stimulus).aggregate(p=Max("stimulus_position"))["p"] or 0
    return stimulus, last + 1


@transaction.atomic
def stimulus_set_questions(*, actor: Actor, stimulus_id: int, question_ids: list[int]) -> Stimulus:
    """Make ``question_ids`` the stimulus' questions, in that order (at most ``MAX_QUESTIONS``,
    each once). A question may join when it is in the stimulus' bank and is a draft or rejected
    (outside any other stimulus), or is published outside any stimulus: then its next version
    joins as a draft (the published one stays, until the group's publication supersedes it).
    Questions left out leave the group and stand alone. 404 for an unknown id; 400
    ``validation_error`` naming ``question_ids.N``; 409 ``stimulus_locked`` unless the stimulus
    is a draft or rejected."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    if stimulus.status not in EDITABLE:
        raise _locked(stimulus)
    errors = FieldErrors()
    if len(question_ids) != len(set(question_ids)):
        errors.add("question_ids", _("Each question may be listed once."))
    if len(question_ids) > MAX_QUESTIONS:
        errors.add(
            "question_ids", _("A shared stimulus holds at most %(n)d questions.") % {"n": MAX_QUESTIONS}
        )
    errors.raise_if_any(_("The questions of the shared stimulus could not be saved."))
    found = {q.pk: q for q in Question.objects.select_for_update().filter(pk__in=question_ids)}
    if len(found) != len(question_ids):
        raise not_found(_("Question not found."))
    joining: list[Question] = []
    for index, pk in enumerate(question_ids):
        q = found[pk]
        field = f"question_ids.{index}"
        if q.bank_id != stimulus.bank_id:
            errors.add(field, _("Question %(id)d is in another bank.") % {"id": pk})
        elif q.stimulus_id not in (None, stimulus.pk):
            errors.add(field, _("Question %(id)d belongs to another shared stimulus.") % {"id": pk})
        elif q.status == S.PUBLISHED and q.stimulus_id is None:
            joining.append(next_version(q, actor))
            continue
        elif q.status not in EDITABLE:
            errors.add(
                field,
                _("Question %(id)d cannot join while it is %(status)s.")
                % {"id": pk, "status": q.get_status_display().lower()},
            )
        joining.append(q)
    errors.raise_if_any(_("The questions of the shared stimulus could not be saved."))
    kept = {q.pk for q in joining if q.pk}
    for q in group_questions(stimulus, lock=True):
        if q.pk not in kept:
            q.stimulus, q.stimulus_position = None, 0
            q.save(update_fields=["stimulus", "stimulus_position", "updated_at"])
    for position, q in enumerate(joining, start=1):
        new = q.pk is None
        q.stimulus, q.stimulus_position = stimulus, position
        q.save()
        if new:
            record_transition(q, actor, "", S.DRAFT, _("New version of a published question."))
    stimulus.save(update_fields=["updated_at"])
    return stimulus


@transaction.atomic
def stimulus_delete(*, actor: Actor, stimulus_id: int) -> None:
    """Delete a stimulus that was never published (its author only: 403 ``not_creator``; 409
    ``stimulus_locked`` once published). Its questions stay, each standing alone."""
    stimulus = stimulus_get(stimulus_id, lock=True)
    require_creator(stimulus, actor, _("Only the author of this shared stimulus can delete it."))
    if stimulus.status in (S.PUBLISHED, S.SUPERSEDED) or stimulus.published_at:
        raise ApplicationError(
            Code.STIMULUS_LOCKED, _("A published shared stimulus cannot be deleted."), status=409
        )
    Question.objects.filter(stimulus=stimulus).update(stimulus=None, stimulus_position=0)
    stimulus.delete()


def question_stimulus_locked(q: Question) -> ApplicationError:
    """The refusal of a step of the question workflow taken on one question of a group (409
    ``question_in_stimulus``): a group is submitted, vetted and published as one."""
    return ApplicationError(
        Code.QUESTION_IN_STIMULUS,
        _("This question belongs to a shared stimulus: it is submitted, vetted and published with it."),
        status=409,
        extra={"stimulus_id": q.stimulus_id},
    )


def question_edit_published_in_group(q: Question, actor: Actor) -> Question:
    """The draft to edit for the published question ``q`` of a group (locked by the caller): the
    group's next version is opened (``group_next_version``) and ``q``'s copy in it returned."""
    stimulus = stimulus_get(int(q.stimulus_id or 0), lock=True)
    if stimulus.status != S.PUBLISHED:  # an older group's question: its group moved on
        raise ApplicationError(
            Code.QUESTION_LOCKED,
            _("This question cannot be edited while it is %(status)s.")
            % {"status": S(S.SUPERSEDED).label.lower()},
            status=409,
        )
    _new, copies = group_next_version(stimulus, actor)
    return copies[q.pk]


def questions_with_groups(ids: list[int]) -> list[int]:
    """``ids`` and the ids of every question of the groups (every version of their stimuli)
    that any of them belongs to: what moves together to another bank."""
    roots = {
        root or pk for pk, root in Stimulus.objects.filter(questions__pk__in=ids).values_list("pk", "root_id")
    }
    if not roots:
        return ids
    grouped = Question.objects.filter(stimulus__root_id__in=roots) | Question.objects.filter(
        stimulus_id__in=roots
    )
    return sorted(set(ids) | set(grouped.values_list("pk", flat=True)))


def stimuli_move(*, question_ids: list[int], bank: QuestionBank) -> None:
    """Move the stimuli (every version) of ``question_ids`` into ``bank``."""
    roots = {
        root or pk
        for pk, root in Stimulus.objects.filter(questions__pk__in=question_ids).values_list("pk", "root_id")
    }
    if roots:
        Stimulus.objects.filter(pk__in=roots).update(bank=bank)
        Stimulus.objects.filter(root_id__in=roots).update(bank=bank)


# --- the stimulus in front of its questions' texts (exports, paper; decision 0054) ---------------


def _half(text: dict[str, str] | None, lang: str) -> str:
    """``lang``'s half of a bilingual text, the other half when it is blank."""
    text = text or {}
    other = "en" if lang == "vi" else "vi"
    return text.get(lang) or text.get(other) or ""


def stimulus_html(stimulus: Stimulus, lang: str) -> str:
    """The stimulus as one HTML text in ``lang`` (the other language where it is blank): its
    title in bold, then its body. Sanitized HTML as stored (math ``$...$``, the bank's images)."""
    content = stimulus.content or {}
    title = _half(content.get("title"), lang)
    head = f"<p><strong>{title}</strong></p>" if _plain(title).strip() else ""
    return head + _half(content.get("body"), lang)


def stem_with_stimulus(content: dict[str, Any], stimulus: Stimulus) -> dict[str, Any]:
    """``content`` with the stimulus (``stimulus_html``, in a blockquote) before the stem in each
    language the stem is written in: how formats without a shared stimulus that our readers
    read back (Moodle XML, QTI 2.1) carry it, so that an export never loses it."""
    stem = dict(content.get("stem") or {})
    for lang in LANGS:
        if stem.get(lang):
            stem[lang] = f"<blockquote>{stimulus_html(stimulus, lang)}</blockquote>{stem[lang]}"
    return {**content, "stem": stem}
