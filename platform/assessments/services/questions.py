"""Questions: save with validation, versions, images, matrix, move (issue 4, items 3 and 4; spec
sections 4 and 5). The vetting workflow and bulk actions are in ``services.vetting``."""

from __future__ import annotations

import re
import uuid
from decimal import Decimal, InvalidOperation
from typing import Any

import nh3
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.utils.translation import gettext as _
from ninja.errors import ValidationError
from pydantic import ValidationError as PydanticValidationError

from assessments.content import ANSWER_KEY_IN_BY_TYPE
from assessments.error_codes import AuthoringErrorCode as Code
from assessments.matching import (
    STATEMENT_ID_MAX,
    STATEMENTS_MAX,
    STATEMENTS_MIN,
    SheetNumberError,
    default_scoring_table,
    scoring_table_error,
    sheet_number,
    sheet_text,
)
from assessments.models import MatrixCluster, Question, QuestionBank, QuestionTransition, Subject
from assessments.services.banks import bank_get
from assessments.services.common import Actor
from config.errors import ApplicationError, FieldErrors, not_found
from config.images import read_limited, reencode_image

T = Question.Type
S = Question.Status
LANGS = ("vi", "en")
CHOICE_TYPES = {T.SINGLE_CHOICE, T.MULTIPLE_CHOICE}
EDITABLE = {S.DRAFT, S.REJECTED}
MAX_OPTIONS = 10
ROUNDING_MAX = 200
"""Characters of a numeric answer's rounding instruction, per language (plain text)."""
NUMERIC_ACCEPTED_MAX = 10
"""Accepted values of a numeric answer."""
# Formatting allowed in stems, options and explanations; math stays as LaTeX text ($...$).
ALLOWED_TAGS = {
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "code",
    "pre",
    "span",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "blockquote",
}
ALLOWED_ATTRIBUTES = {
    "img": {"src", "alt", "width", "height"},
    "span": {"class"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan"},
}
IMG_SRC = re.compile(r"^(/media/|https?://[^/]+/media/)question-images/")
QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024
QUESTION_IMAGE_MAX_SIDE = 1600


def _clean_html(value: Any) -> str:
    html = nh3.clean(
        str(value or ""),
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https"},
        link_rel=None,
    )
    # Images only from our own storage (uploaded through POST /api/v1/questions/images).
    return re.sub(
        r'<img[^>]*src="([^"]*)"[^>]*>', lambda m: m.group(0) if IMG_SRC.match(m.group(1)) else "", html
    )


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html or "")


def question_get(question_id: int, *, lock: bool = False) -> Question:
    """The question (any version) of this organization; 404 otherwise."""
    qs = Question.objects.select_for_update() if lock else Question.objects
    question = qs.filter(pk=question_id).first()
    if question is None:
        raise not_found(_("Question not found."))
    return question


def question_image_save(upload) -> dict[str, str]:
    """Store an image for a stem or an option: JPEG, PNG or WebP by its content, at most
    ``QUESTION_IMAGE_MAX_BYTES`` (413 ``image_too_large``), re-encoded as WebP of at most
    ``QUESTION_IMAGE_MAX_SIDE`` pixels a side (400 ``unsupported_file`` for anything else), under
    ``question-images/<organization schema>/`` (the only images ``_clean_html`` keeps). Returns
    ``{"url", "path"}`` (``ImageOut``)."""
    raw = read_limited(upload, QUESTION_IMAGE_MAX_BYTES, too_large_code="image_too_large")
    webp = reencode_image(raw, max_side=QUESTION_IMAGE_MAX_SIDE, unsupported_code=Code.UNSUPPORTED_FILE)
    path = default_storage.save(
        f"question-images/{connection.schema_name}/{uuid.uuid4().hex}.webp", ContentFile(webp)
    )
    return {"url": default_storage.url(path), "path": path}


# --- content and key ---------------------------------------------------------------------------


def _normalize_content(qtype: str, raw: dict[str, Any] | None, errors: FieldErrors) -> dict[str, Any]:
    """The content as stored: sanitized stem, options and explanation; a true/false set's
    ``statements`` (``_statements``) and a numeric answer's ``rounding`` (``_rounding``), each
    kept only for its type (issue 39, decision 0055)."""
    raw = raw or {}
    stem = {lang: _clean_html((raw.get("stem") or {}).get(lang)) for lang in LANGS}
    explanation = {lang: _clean_html((raw.get("explanation") or {}).get(lang)) for lang in LANGS}
    options, seen = [], set()
    for index, option in enumerate(raw.get("options") or []):
        option = option if isinstance(option, dict) else {}
        option_id = str(option.get("id") or "").strip()
        if not option_id or option_id in seen:
            errors.add(f"content.options.{index}.id", _("Each option needs its own id."))
            continue
        seen.add(option_id)
        options.append({"id": option_id, **{lang: _clean_html(option.get(lang)) for lang in LANGS}})
    if len(options) > MAX_OPTIONS:
        errors.add("content.options", _("At most %(n)d options.") % {"n": MAX_OPTIONS})
    content: dict[str, Any] = {"stem": stem, "options": options, "explanation": explanation}
    if qtype == T.TRUE_FALSE_SET:
        content["statements"] = _statements(raw.get("statements"), errors)
    if qtype == T.NUMERIC:
        content["rounding"] = _rounding(raw.get("rounding"), errors)
    return content


def _statements(raw: Any, errors: FieldErrors) -> list[dict[str, str]]:
    """A true/false set's statements (phần II, ý a) to f)) in the order given: ids unique and at
    most ``STATEMENT_ID_MAX`` characters, texts sanitized as options are; at most
    ``STATEMENTS_MAX`` (fewer than ``STATEMENTS_MIN`` is left to ``question_missing``: a draft
    may be incomplete)."""
    statements, seen = [], set()
    for index, statement in enumerate(raw or []):
        statement = statement if isinstance(statement, dict) else {}
        statement_id = str(statement.get("id") or "").strip()
        if not statement_id or statement_id in seen or len(statement_id) > STATEMENT_ID_MAX:
            errors.add(
                f"content.statements.{index}.id",
                _("Each statement needs its own id of at most %(n)d characters.") % {"n": STATEMENT_ID_MAX},
            )
            continue
        seen.add(statement_id)
        statements.append({"id": statement_id, **{lang: _clean_html(statement.get(lang)) for lang in LANGS}})
    if len(statements) > STATEMENTS_MAX:
        errors.add("content.statements", _("At most %(n)d statements.") % {"n": STATEMENTS_MAX})
    return statements


def _rounding(raw: Any, errors: FieldErrors) -> dict[str, str]:
    """A numeric answer's rounding instruction ("Làm tròn kết quả đến hàng phần mười") in both
    languages: plain text as typed (every screen shows it as text, never as HTML), blanks
    collapsed, at most ``ROUNDING_MAX`` characters a language."""
    raw = raw if isinstance(raw, dict) else {}
    rounding = {lang: " ".join(str(raw.get(lang) or "").split()) for lang in LANGS}
    for lang, text in rounding.items():
        if len(text) > ROUNDING_MAX:
            errors.add(f"content.rounding.{lang}", _("At most %(n)d characters.") % {"n": ROUNDING_MAX})
    return rounding


def sheet_number_message(code: str) -> str:
    """The message of a ``matching.SheetNumberError`` code, in the reader's language: what the
    question form, the import and the test page (its twin, ``frontend/src/lib/sheet-number.ts``)
    say of a text the answer sheet's four cells cannot hold."""
    messages = {
        "empty": _("Enter a number."),
        "too_long": _("At most 4 characters."),
        "bad_character": _("Only digits, - and , are allowed."),
        "not_a_number": _("Write a number such as -1,5 or 0,25."),
    }
    return messages.get(code, messages["not_a_number"])


def scoring_table_message(code: str, statements: int) -> str:
    """The message of a ``matching.scoring_table_error`` code for a set of ``statements``."""
    messages = {
        "length": _(
            "Give one fraction for each number of statements right, from 0 to %(n)d: %(count)d in all."
        )
        % {"n": statements, "count": statements + 1},
        "not_a_number": _("Each fraction must be a number from 0 to 1."),
        "decreasing": _("A fraction cannot be smaller than the one before it."),
        "not_ending_at_one": _("All statements right must give the whole points: the last fraction is 1."),
    }
    return messages.get(code, messages["not_a_number"])


def _decimal_text(value: Any) -> str:
    """A fraction as stored: the decimal's shortest text ("0.50" -> "0.5", 1.0 -> "1"); a value
    that is not a decimal is kept as given (``scoring_table_error`` has refused it already)."""
    try:
        number = Decimal(str(value).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        return str(value)
    text = format(number.normalize(), "f") if number.is_finite() else str(value)
    return "0" if text in ("-0", "") else text


def _true_false_set_key(raw: dict[str, Any], content: dict[str, Any], errors: FieldErrors) -> dict[str, Any]:
    """``{"statements": {id: bool}, "scoring_table": [decimal str]}``: only ids among the
    statements, only booleans (a draft may leave some out); the table checked for the count
    (``matching.scoring_table_error``), the default for it when none is given."""
    ids = [s["id"] for s in content.get("statements", [])]
    judged = raw.get("statements") or {}
    if not isinstance(judged, dict) or any(
        sid not in ids or not isinstance(v, bool) for sid, v in judged.items()
    ):
        errors.add("answer_key.statements", _("Mark each statement of the question true or false."))
        judged = {}
    if not ids:
        return {}
    table = raw.get("scoring_table")
    if table in (None, []):
        table = default_scoring_table(len(ids))
    else:
        table = [str(f).strip().replace(",", ".") if isinstance(f, str) else f for f in table]
        code = scoring_table_error(table, len(ids))
        if code:
            errors.add("answer_key.scoring_table", scoring_table_message(code, len(ids)))
    return {
        "statements": {sid: judged[sid] for sid in ids if sid in judged},
        "scoring_table": [_decimal_text(f) for f in table],
    }


def _numeric_key(raw: dict[str, Any], errors: FieldErrors) -> dict[str, Any]:
    """``{"accepted": [sheet text]}``: each value checked as a sheet number (its message per
    ``SheetNumberError.code`` on ``answer_key.accepted.N``), stored as the sheet writes it
    ("0.5" -> "0,5", the Unicode minus -> "-"); blanks and repeats dropped."""
    accepted: list[str] = []
    values = raw.get("accepted") or []
    for index, value in enumerate(values if isinstance(values, list) else []):
        text = sheet_text(str(value))
        if not text:
            continue
        try:
            sheet_number(text)
        except SheetNumberError as refused:
            errors.add(f"answer_key.accepted.{index}", sheet_number_message(refused.code))
            continue
        if text not in accepted:
            accepted.append(text)
    if len(accepted) > NUMERIC_ACCEPTED_MAX:
        errors.add("answer_key.accepted", _("At most %(n)d accepted values.") % {"n": NUMERIC_ACCEPTED_MAX})
    return {"accepted": accepted}


def _normalize_key(
    qtype: str, raw: dict[str, Any] | None, content: dict[str, Any], errors: FieldErrors
) -> dict[str, Any]:
    """Structurally valid answer key for ``qtype``; an empty key is allowed in a draft."""
    raw = raw or {}
    ids = {o["id"] for o in content["options"]}
    if qtype == T.SINGLE_CHOICE:
        option = raw.get("option")
        if option not in (None, "") and option not in ids:
            errors.add("answer_key.option", _("The correct option must be one of the options."))
        return {"option": option} if option else {}
    if qtype == T.MULTIPLE_CHOICE:
        chosen = [o for o in dict.fromkeys(raw.get("options") or [])]
        if any(o not in ids for o in chosen):
            errors.add("answer_key.options", _("The correct options must be among the options."))
        return {"options": chosen} if chosen else {}
    if qtype == T.TRUE_FALSE:
        value = raw.get("value")
        if value is not None and not isinstance(value, bool):
            errors.add("answer_key.value", _("Choose true or false."))
        return {"value": value} if isinstance(value, bool) else {}
    if qtype == T.SHORT_TEXT:
        accepted = [str(a).strip() for a in raw.get("accepted") or [] if str(a).strip()]
        return {
            "accepted": list(dict.fromkeys(accepted)),
            "case_sensitive": bool(raw.get("case_sensitive")),
            "diacritic_sensitive": bool(raw.get("diacritic_sensitive")),
        }
    if qtype == T.TRUE_FALSE_SET:
        return _true_false_set_key(raw, content, errors)
    if qtype == T.NUMERIC:
        return _numeric_key(raw, errors)
    if qtype == T.ESSAY:
        key: dict[str, Any] = {"rubric": _clean_html(raw.get("rubric"))}
        if raw.get("max_score") not in (None, ""):
            try:
                score = Decimal(str(raw["max_score"]))
                if score <= 0 or score > 1000:
                    raise InvalidOperation
                key["max_score"] = float(score)
            except (InvalidOperation, ValueError):
                errors.add("answer_key.max_score", _("Enter a score above 0."))
        return key
    return {}


def answer_key_clean(*, question: Question, raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` as a complete answer key of ``question``'s type and content, as the question form
    stores it (``_normalize_key``) and as the submission asks of it (``question_missing``: a key
    that leaves nothing to choose), for a key written outside the form: the key correction after
    the exam (issue 39 item 2, decision 0058). ``raw`` is first read as the type's request shape
    (``assessments.content.ANSWER_KEY_IN_BY_TYPE``): a value of the wrong JSON type is a 422 naming
    ``answer_key.<field>``, as the form's schema answers. Then 400 ``validation_error`` with the
    form's field errors (``answer_key.option``, ``answer_key.accepted.0``,
    ``answer_key.scoring_table``...)."""
    shape = ANSWER_KEY_IN_BY_TYPE.get(question.type)
    try:
        parsed = shape.model_validate(raw).model_dump(exclude_none=True) if shape else {}
    except PydanticValidationError as error:  # a value of the wrong JSON type: 422, as the form's
        raise ValidationError(
            [{**e, "loc": ("answer_key", *e["loc"])} for e in error.errors(include_url=False)]
        ) from None
    errors = FieldErrors()
    key = _normalize_key(question.type, parsed, _stored_content(question.content), errors)
    if not errors:
        draft = Question(type=question.type, content=question.content, answer_key=key)
        for item in question_missing(draft):
            if item["field"].startswith("answer_key"):
                errors.add(item["field"], item["message"])
    errors.raise_if_any(_("The answer key could not be saved."))
    return key


def _stored_content(content: dict[str, Any]) -> dict[str, Any]:
    """A stored content as ``_normalize_key`` reads it (``options`` always a list)."""
    return {**(content or {}), "options": (content or {}).get("options") or []}


def has_stem(content: dict[str, Any]) -> bool:
    """Whether the stem has text in at least one language (markup alone is not text)."""
    return any(_plain((content.get("stem") or {}).get(lang)).strip() for lang in LANGS)


def question_missing(q: Question) -> list[dict[str, str]]:
    """What a question lacks before it can be submitted (spec section 5: "Incomplete questions
    warn before submit"). Each item is ``{"field", "message"}``; empty when complete."""
    missing: list[tuple[str, str]] = []
    if not q.grade:
        missing.append(("grade", _("Choose the grade.")))
    if not q.subject_id:
        missing.append(("subject_id", _("Choose the subject.")))
    if not q.difficulty:
        missing.append(("difficulty", _("Choose the difficulty.")))
    content = q.content or {}
    if not has_stem(content):
        missing.append(("content.stem", _("Write the question.")))
    key = q.answer_key or {}
    if q.type in CHOICE_TYPES:
        filled = [o for o in content.get("options", []) if any(_plain(o.get(lang)).strip() for lang in LANGS)]
        if len(filled) < 2 or len(filled) != len(content.get("options", [])):
            missing.append(("content.options", _("Give at least two options, none of them empty.")))
        if q.type == T.SINGLE_CHOICE and not key.get("option"):
            missing.append(("answer_key", _("Select the correct option.")))
        if q.type == T.MULTIPLE_CHOICE and not key.get("options"):
            missing.append(("answer_key", _("Select the correct options.")))
    elif q.type == T.TRUE_FALSE and not isinstance(key.get("value"), bool):
        missing.append(("answer_key", _("Choose true or false.")))
    elif q.type == T.SHORT_TEXT and not key.get("accepted"):
        missing.append(("answer_key", _("Type at least one accepted answer.")))
    elif q.type == T.ESSAY:
        if not _plain(key.get("rubric", "")).strip():
            missing.append(("answer_key.rubric", _("Write the grading rubric.")))
        if not key.get("max_score"):
            missing.append(("answer_key.max_score", _("Give the maximum score.")))
    elif q.type == T.TRUE_FALSE_SET:
        statements = content.get("statements") or []
        filled = [s for s in statements if any(_plain(s.get(lang)).strip() for lang in LANGS)]
        if len(statements) < STATEMENTS_MIN or len(filled) != len(statements):
            missing.append(
                (
                    "content.statements",
                    _("Give %(min)d to %(max)d statements, none of them empty.")
                    % {"min": STATEMENTS_MIN, "max": STATEMENTS_MAX},
                )
            )
        judged = key.get("statements") or {}
        if not statements or any(not isinstance(judged.get(s["id"]), bool) for s in statements):
            missing.append(("answer_key.statements", _("Mark every statement true or false.")))
    elif q.type == T.NUMERIC and not key.get("accepted"):
        missing.append(("answer_key.accepted", _("Give at least one accepted value.")))
    return [{"field": field, "message": message} for field, message in missing]


def grade_and_subject_apply(item: Any, data: dict[str, Any], errors: FieldErrors) -> None:
    """Check and set ``grade`` (1 to 12 or none) and ``subject_id`` (an existing subject or none)
    when present in ``data`` on a question or a shared stimulus (not saved); 400 field errors on
    ``grade`` and ``subject_id``."""
    if "grade" in data:
        grade = data["grade"]
        if grade is not None and grade not in range(1, 13):
            errors.add("grade", _("Choose a grade from 1 to 12."))
        else:
            item.grade = grade
    if "subject_id" in data:
        subject_id = data["subject_id"]
        if subject_id and not Subject.objects.filter(pk=subject_id).exists():
            errors.add("subject_id", _("Choose one of the allowed values."))
        else:
            item.subject_id = subject_id or None


def _apply_fields(q: Question, data: dict[str, Any], errors: FieldErrors) -> None:
    """Validate and set the editable fields present in ``data`` on ``q`` (not saved)."""
    if "type" in data:
        if data["type"] not in T.values:
            errors.add("type", _("Choose one of the allowed values."))
        else:
            q.type = data["type"]
    grade_and_subject_apply(q, data, errors)
    if "difficulty" in data:
        difficulty = data["difficulty"] or ""
        if difficulty and difficulty not in Question.Difficulty.values:
            errors.add("difficulty", _("Choose one of the allowed values."))
        else:
            q.difficulty = difficulty
    if "score_weight" in data and data["score_weight"] is not None:
        try:
            weight = Decimal(str(data["score_weight"]))
            if weight <= 0 or weight > 100:
                raise InvalidOperation
            q.score_weight = weight
        except (InvalidOperation, ValueError):
            errors.add("score_weight", _("Enter a weight above 0 and at most 100."))
    if "content" in data or "answer_key" in data or "type" in data:
        content = _normalize_content(q.type, data.get("content", q.content), errors)
        if not has_stem(content):  # a draft may lack anything but its question (issue 19)
            errors.add("content.stem", _("Write the question in Vietnamese or English."))
        q.content = content
        q.answer_key = _normalize_key(q.type, data.get("answer_key", q.answer_key), content, errors)
        q.search_text = " ".join(_plain(content["stem"][lang]) for lang in LANGS).lower()[:5000]


def record_transition(q: Question, actor: Actor, from_status: str, to_status: str, comment: str = "") -> None:
    """Record one workflow step of ``q`` by ``actor`` (``QuestionTransition``; the history)."""
    QuestionTransition.objects.create(
        question=q,
        from_status=from_status,
        to_status=to_status,
        actor_profile_id=actor.profile_id,
        actor_name=actor.name,
        comment=comment,
    )


def question_data_clean(*, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` checked and normalized as ``question_create`` does (the question form's rules:
    type required, grade 1-12, difficulty, score weight, sanitized content with a stem, a key
    of the type's shape among the options), without a bank and without saving: for a question
    still outside the bank, such as one previewed from a question file (issue 36). Returns
    ``{"type", "grade", "subject_id", "difficulty", "score_weight", "content", "answer_key"}``
    (``score_weight`` a float). 400 ``validation_error`` with field errors, as the form."""
    errors = FieldErrors()
    if not data.get("type"):
        errors.add("type", _("Required"))
    q = Question(type=data.get("type") or "", score_weight=Decimal(1))
    _apply_fields(q, {**data, "content": data.get("content"), "answer_key": data.get("answer_key")}, errors)
    errors.raise_if_any(_("The question could not be saved."))
    return {
        "type": q.type,
        "grade": q.grade,
        "subject_id": q.subject_id,
        "difficulty": q.difficulty,
        "score_weight": float(q.score_weight),
        "content": q.content,
        "answer_key": q.answer_key,
    }


@transaction.atomic
def question_create(*, actor: Actor, bank_id: int, data: dict[str, Any]) -> Question:
    """Create a draft in ``bank_id``. ``data``: type (required), grade 1-12, subject_id,
    difficulty, score_weight, content, answer_key (shapes in ``Question``), and ``stimulus_id``
    to add it last to a shared stimulus of the bank (``stimuli.stimulus_for_new_question``: 400 on
    ``stimulus_id``, 409 ``stimulus_locked``; decision 0054). Drafts may be
    incomplete but never invalid, and never without a stem in at least one language: 400
    ``validation_error`` with field errors (``content.stem``)."""
    bank = bank_get(bank_id)
    errors = FieldErrors()
    if not data.get("type"):
        errors.add("type", _("Required"))
    q = Question(
        bank=bank,
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
        type=data.get("type") or "",
    )
    if data.get("stimulus_id"):  # a new question of a shared stimulus (decision 0054)
        from assessments.services.stimuli import stimulus_for_new_question

        q.stimulus, q.stimulus_position = stimulus_for_new_question(data["stimulus_id"], bank)
    _apply_fields(q, {**data, "content": data.get("content"), "answer_key": data.get("answer_key")}, errors)
    errors.raise_if_any(_("The question could not be saved."))
    q.save()
    record_transition(q, actor, "", S.DRAFT)
    return q


def next_version(q: Question, actor: Actor) -> Question:
    """The next version of the published question ``q`` (same root, same fields, ``actor`` as
    its author), not saved. 409 ``question_locked`` (with ``open_version_id``) when a later
    version is already open (draft, submitted, approved or rejected). Call with ``q`` locked."""
    root_id = q.root_id or q.pk
    open_version = (
        Question.objects.filter(root_id=root_id).exclude(status__in=[S.PUBLISHED, S.SUPERSEDED]).first()
    )
    if open_version is not None:
        raise ApplicationError(
            Code.QUESTION_LOCKED,
            _("A new version of this question is already being edited."),
            status=409,
            extra={"open_version_id": open_version.pk},
        )
    latest = (
        Question.objects.filter(root_id=root_id)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    return Question(
        bank=q.bank,
        root_id=root_id,
        version=max(latest or 1, q.version) + 1,
        type=q.type,
        grade=q.grade,
        subject_id=q.subject_id,
        difficulty=q.difficulty,
        score_weight=q.score_weight,
        content=q.content,
        answer_key=q.answer_key,
        search_text=q.search_text,
        topic_id=q.topic_id,
        subtopic_id=q.subtopic_id,
        complexity_level_id=q.complexity_level_id,
        cognitive_domain_id=q.cognitive_domain_id,
        created_by_profile_id=actor.profile_id,
        created_by_name=actor.name,
    )


@transaction.atomic
def question_update(*, actor: Actor, question_id: int, data: dict[str, Any]) -> Question:
    """Change a draft or rejected question (a rejected one returns to draft). Editing a
    published question creates its next version as a draft and returns that (tests keep the
    version they were generated with); for a published question of a shared stimulus, the
    group's next version is opened and this question's draft in it returned (decision 0054; 409
    ``stimulus_locked`` when it is already open). Submitted, approved or superseded versions are
    locked (409 ``question_locked``), as is a published one whose next version is already open."""
    q = question_get(question_id, lock=True)
    if q.status == S.PUBLISHED and q.stimulus_id:  # the whole group's next version (decision 0054)
        from assessments.services.stimuli import question_edit_published_in_group

        q = question_edit_published_in_group(q, actor)
        errors = FieldErrors()
        _apply_fields(q, data, errors)
        errors.raise_if_any(_("The question could not be saved."))
        q.save()
        return q
    if q.status == S.PUBLISHED:
        q = next_version(q, actor)
        errors = FieldErrors()
        _apply_fields(q, data, errors)
        errors.raise_if_any(_("The question could not be saved."))
        q.save()
        record_transition(q, actor, "", S.DRAFT, _("New version of a published question."))
        return q
    if q.status not in EDITABLE:
        raise ApplicationError(
            Code.QUESTION_LOCKED,
            _("This question cannot be edited while it is %(status)s.") % {"status": q.get_status_display()},
            status=409,
        )
    errors = FieldErrors()
    _apply_fields(q, data, errors)
    errors.raise_if_any(_("The question could not be saved."))
    previous = q.status
    q.status = S.DRAFT
    q.save()
    if previous != S.DRAFT:
        record_transition(q, actor, previous, S.DRAFT)
    return q


@transaction.atomic
def question_delete(*, actor: Actor, question_id: int) -> None:
    """Delete a question that was never published (its creator only; 403 ``not_creator``;
    409 ``question_locked`` once published)."""
    from assessments.services.common import require_creator

    q = question_get(question_id, lock=True)
    require_creator(q, actor, _("Only the author of this question can delete it."))
    if q.status in (S.PUBLISHED, S.SUPERSEDED) or q.published_at:
        raise ApplicationError(Code.QUESTION_LOCKED, _("A published question cannot be deleted."), status=409)
    q.transitions.all().delete()
    q.delete()


@transaction.atomic
def question_attach_matrix(
    *,
    actor: Actor,
    question_id: int,
    topic_id: int | None,
    subtopic_id: int | None,
    complexity_level_id: int | None,
    cognitive_domain_id: int | None,
) -> Question:
    """Attach the four matrix clusters (spec section 5: all four types must be selected;
    the subtopic must belong to the topic). 400 ``matrix_incomplete`` otherwise. Not allowed on
    published or superseded versions (409 ``question_locked``)."""
    q = question_get(question_id, lock=True)
    if q.status in (S.PUBLISHED, S.SUPERSEDED):
        raise ApplicationError(
            Code.QUESTION_LOCKED,
            _("Edit the question to change the matrix of a published question."),
            status=409,
        )
    wanted = {
        "topic_id": (topic_id, MatrixCluster.Type.TOPIC),
        "subtopic_id": (subtopic_id, MatrixCluster.Type.SUBTOPIC),
        "complexity_level_id": (complexity_level_id, MatrixCluster.Type.COMPLEXITY_LEVEL),
        "cognitive_domain_id": (cognitive_domain_id, MatrixCluster.Type.COGNITIVE_DOMAIN),
    }
    found = {c.pk: c for c in MatrixCluster.objects.filter(pk__in=[v for v, _t in wanted.values() if v])}
    errors = FieldErrors()
    for field, (value, kind) in wanted.items():
        cluster = found.get(value)
        if cluster is None or cluster.type != kind:
            errors.add(field, _("Select a %(type)s.") % {"type": MatrixCluster.Type(kind).label.lower()})
    if not errors and found[subtopic_id].parent_id != topic_id:
        errors.add("subtopic_id", _("The subtopic must belong to the selected topic."))
    errors.raise_if_any(
        _("Select all four matrix types: topic, subtopic, complexity level and cognitive domain."),
        code=Code.MATRIX_INCOMPLETE,
    )
    for field, (value, _kind) in wanted.items():
        setattr(q, field, value)
    q.save()
    return q


@transaction.atomic
def questions_move(*, ids: list[int], bank_id: int) -> int:
    """Move questions (every version of each) into another bank of the organization; a question
    of a shared stimulus moves with its whole group, the stimulus included (decision 0054).
    Returns how many rows moved; unknown ids -> 404."""
    from assessments.services.stimuli import questions_with_groups, stimuli_move

    bank: QuestionBank = bank_get(bank_id)
    if Question.objects.filter(pk__in=ids).count() != len(set(ids)):
        raise not_found(_("Question not found."))
    stimuli_move(question_ids=ids, bank=bank)
    questions = list(Question.objects.filter(pk__in=questions_with_groups(ids)).values_list("pk", "root_id"))
    roots = {root or pk for pk, root in questions}
    return Question.objects.filter(pk__in=roots).update(bank=bank) + Question.objects.filter(
        root_id__in=roots
    ).update(bank=bank)
