"""Test presets: save with the rules of spec section 5 (blueprint, linked surveys, attributes) and
the maximum score (issue 5, item 2). Generation is in ``services.generation``, approval in
``services.review``, batches in ``services.batches`` (split along these seams by issue 17, item 6).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.linked_surveys import survey_states
from assessments.models import (
    BlueprintItem,
    MatrixCluster,
    PresetPart,
    PresetQuestion,
    PresetSubject,
    Question,
    Round,
    Subject,
    TestPreset,
)
from assessments.parts import PART_NAME_MAX, PARTS_MAX, POINTS_MAX, POINTS_MIN, preset_max_score
from assessments.scale import SCALE_MAX_MAX, SCALE_MAX_MIN, Scale
from assessments.services.common import Actor
from config.errors import ApplicationError, FieldErrors, not_found
from config.i18n import format_number

__all__ = ["EDITABLE", "P", "preset_create", "preset_get", "preset_max_score", "preset_update"]

P = TestPreset.Status
EDITABLE = {P.DRAFT, P.REJECTED}
"""Statuses in which a preset, its blueprint and its questions may change."""


def preset_get(preset_id: int, *, lock: bool = False) -> TestPreset:
    """The test preset of this organization (locked for update with ``lock``); 404 otherwise."""
    qs = TestPreset.objects.select_for_update() if lock else TestPreset.objects
    preset = qs.filter(pk=preset_id).first()
    if preset is None:
        raise not_found(_("Test not found."))
    return preset


def _attributes(errors: FieldErrors, field: str, rows: Any) -> list[dict[str, str]]:
    """``[{"key", "value"}]`` with non-empty keys that do not repeat (spec section 5)."""
    out, seen = [], set()
    for index, row in enumerate(rows or []):
        key = str((row or {}).get("key", "")).strip()
        value = str((row or {}).get("value", "")).strip()
        if not key:
            errors.add(f"{field}.{index}.key", _("Required"))
        elif key.lower() in seen:
            errors.add(f"{field}.{index}.key", _("This key is already used."))
        seen.add(key.lower())
        out.append({"key": key, "value": value})
    return out


def _survey_ids(errors: FieldErrors, value: Any, linked: set[int]) -> list[int]:
    """The linked surveys (issue 8, item 2): ids of surveys of the organization, each once, in
    the order given. A survey newly linked must be published (the picker offers only those); one
    already in ``linked`` may stay whatever has become of it since. Anything else is a field
    error on ``survey_ids``."""
    ids: list[int] = []
    for raw in value or []:
        if isinstance(raw, bool) or not isinstance(raw, int | str) or not str(raw).isdigit():
            errors.add("survey_ids", _("Choose surveys from the list."))
            return []
        if int(raw) not in ids:
            ids.append(int(raw))
    published = survey_states(ids)
    unknown = [i for i in ids if i not in published]
    if unknown:
        errors.add(
            "survey_ids",
            _("These surveys do not exist in your organization: %(ids)s.")
            % {"ids": ", ".join(str(i) for i in unknown)},
        )
    unpublished = [i for i in ids if i in published and i not in linked and not published[i]]
    if unpublished:
        errors.add(
            "survey_ids",
            _("Only published surveys can be linked: %(ids)s.")
            % {"ids": ", ".join(str(i) for i in unpublished)},
        )
    return ids


def _item(errors: FieldErrors, prefix: str, item: Any, clusters: dict[int, str]) -> dict[str, Any]:
    """A checked blueprint row ``{"cluster_id", "complexity_level_id", "count"}``: a topic or
    subtopic, an optional complexity level, 1 to 200 questions."""
    item = item or {}
    cluster_id, level_id, count = item.get("cluster_id"), item.get("complexity_level_id"), item.get("count")
    if clusters.get(cluster_id) not in (MatrixCluster.Type.TOPIC, MatrixCluster.Type.SUBTOPIC):
        errors.add(f"{prefix}.cluster_id", _("Choose a topic or subtopic."))
    if level_id is not None and clusters.get(level_id) != MatrixCluster.Type.COMPLEXITY_LEVEL:
        errors.add(f"{prefix}.complexity_level_id", _("Choose a complexity level."))
    if not isinstance(count, int) or not 1 <= count <= 200:
        errors.add(f"{prefix}.count", _("Enter a number of questions from 1 to 200."))
    return {"cluster_id": cluster_id, "complexity_level_id": level_id, "count": count}


def _blueprint(
    errors: FieldErrors, subjects: Any, clusters: dict[int, str], *, with_parts: bool
) -> list[dict[str, Any]]:
    """Checked blueprint: ``[{"subject_id", "items": [{"cluster_id", "complexity_level_id",
    "count"}]}]``. With parts (decision 0056) the rows go under the parts and the subjects carry
    none (the check that each subject has rows is ``_parts``'s)."""
    if not subjects:
        errors.add("subjects", _("Choose at least one subject."))
        return []
    known_subjects = set(Subject.objects.values_list("pk", flat=True))
    out, seen = [], set()
    for s_index, entry in enumerate(subjects):
        subject_id = (entry or {}).get("subject_id")
        if subject_id not in known_subjects:
            errors.add(f"subjects.{s_index}.subject_id", _("Choose one of the allowed values."))
        elif subject_id in seen:
            errors.add(f"subjects.{s_index}.subject_id", _("This subject is already in the test."))
        seen.add(subject_id)
        rows = (entry or {}).get("items") or []
        items = [
            _item(errors, f"subjects.{s_index}.items.{i_index}", item, clusters)
            for i_index, item in enumerate(rows)
        ]
        if with_parts and items:
            errors.add(f"subjects.{s_index}.items", _("With parts, the blueprint rows go under the parts."))
        elif not with_parts and not items:
            errors.add(f"subjects.{s_index}.items", _("Choose the clusters of this subject."))
        out.append({"subject_id": subject_id, "items": [] if with_parts else items})
    return out


def _points(value: Any) -> Decimal | None:
    """A part's points per question as a two-decimal ``Decimal`` within ``POINTS_MIN`` to
    ``POINTS_MAX``, else None."""
    try:
        points = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    if not points.is_finite() or points != points.quantize(Decimal("0.01")):
        return None
    return points.quantize(Decimal("0.01")) if POINTS_MIN <= points <= POINTS_MAX else None


def _parts(
    errors: FieldErrors, parts: Any, subjects: list[dict[str, Any]], clusters: dict[int, str]
) -> list[dict[str, Any]]:
    """Checked parts (phần, decision 0056): ``[{"name_vi", "name_en", "question_type",
    "points_per_question", "items": [{"subject_id", "cluster_id", "complexity_level_id",
    "count"}]}]``, at most ``PARTS_MAX``. A part has a question type, 0.01 to 100 points per
    question (two decimals) and at least one row; a row's subject is one of the test's (the only
    one when the row names none). Every subject of the test has a row in some part."""
    if not parts:
        return []
    if len(parts) > PARTS_MAX:
        errors.add("parts", _("A test has at most %(max)d parts.") % {"max": PARTS_MAX})
    subject_ids = [s["subject_id"] for s in subjects]
    only = subject_ids[0] if len(subject_ids) == 1 else None
    used: set[int] = set()
    out = []
    for p_index, part in enumerate(parts[:PARTS_MAX]):
        part = part or {}
        prefix = f"parts.{p_index}"
        kind = part.get("question_type")
        if kind not in Question.Type.values:
            errors.add(f"{prefix}.question_type", _("Choose one of the allowed values."))
        points = _points(part.get("points_per_question"))
        if points is None:
            errors.add(
                f"{prefix}.points_per_question",
                _("Enter points per question from %(min)s to %(max)s, with at most two decimals.")
                % {"min": format_number(POINTS_MIN), "max": format_number(POINTS_MAX)},
            )
        names = {}
        for field in ("name_vi", "name_en"):
            names[field] = str(part.get(field) or "").strip()
            if len(names[field]) > PART_NAME_MAX:
                errors.add(
                    f"{prefix}.{field}", _("Enter at most %(max)d characters.") % {"max": PART_NAME_MAX}
                )
        items = []
        for i_index, row in enumerate(part.get("items") or []):
            row_prefix = f"{prefix}.items.{i_index}"
            subject_id = (row or {}).get("subject_id") or only
            if subject_id not in subject_ids:
                errors.add(f"{row_prefix}.subject_id", _("Choose one of the test's subjects."))
            if subject_id is not None:
                used.add(subject_id)
            items.append({"subject_id": subject_id, **_item(errors, row_prefix, row, clusters)})
        if not items:
            errors.add(f"{prefix}.items", _("Choose the clusters of this part."))
        out.append({**names, "question_type": kind, "points_per_question": points, "items": items})
    for s_index, subject_id in enumerate(subject_ids):
        field = f"subjects.{s_index}.items"
        if subject_id is not None and subject_id not in used and field not in errors.errors:
            errors.add(field, _("Choose the clusters of this subject."))
    return out


def _score_scale(
    errors: FieldErrors, data: dict[str, Any], current: TestPreset | None
) -> tuple[str, int | None]:
    """The reporting scale (decision 0056): ``score_scale`` ``ten``, ``raw`` or ``custom`` (the
    preset's own, with its maximum, when omitted; ``ten`` for a new one), and ``scale_max`` 1 to
    1000 for a custom one (None otherwise)."""
    kind = data.get("score_scale") or (current.score_scale if current else TestPreset.ScoreScale.TEN)
    if kind not in TestPreset.ScoreScale.values:
        errors.add("score_scale", _("Choose one of the allowed values."))
        return TestPreset.ScoreScale.TEN, None
    if kind != TestPreset.ScoreScale.CUSTOM:
        return kind, None
    maximum = data.get("scale_max")
    if maximum is None and not data.get("score_scale") and current is not None:
        maximum = current.scale_max  # the scale omitted: the preset's own, maximum included
    if maximum is None:
        errors.add("scale_max", _("Required"))
    elif (
        isinstance(maximum, bool)
        or not isinstance(maximum, int)
        or not SCALE_MAX_MIN <= maximum <= SCALE_MAX_MAX
    ):
        errors.add(
            "scale_max",
            _("Enter a maximum from %(min)d to %(max)d.") % {"min": SCALE_MAX_MIN, "max": SCALE_MAX_MAX},
        )
        maximum = None
    return kind, maximum


OFFLINE_GRACE_DEFAULT = 600
OFFLINE_GRACE_MAX = 3600
"""A preset's offline grace (issue 38, item 3; decision 0046), seconds: how long after the deadline
an answer typed by it on a device that was offline still counts. 10 minutes unless set; at most an
hour (the deadline sweep submits an attempt only then)."""


def _validated(
    data: dict[str, Any], linked_surveys: set[int] | None = None, current: TestPreset | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Spec section 5: name, grade level, duration, end date, subject(s), clusters per subject
    and round are required; the end is after the start; attribute keys do not repeat. Decision
    0056: the parts (``_parts``) and the reporting scale (``_score_scale``); a pass mark on a
    scale of 10 or another maximum is at most that maximum. ``linked_surveys``: the surveys the
    preset links already, ``current`` the preset (an update). Returns (fields, blueprint, parts)."""
    errors = FieldErrors()
    clean: dict[str, Any] = {}
    clean["name"] = (data.get("name") or "").strip()[:200]
    if not clean["name"]:
        errors.add("name", _("Required"))
    clean["description"] = (data.get("description") or "").strip()
    grade = data.get("grade")
    if grade is None:
        errors.add("grade", _("Required"))
    elif grade not in range(1, 13):
        errors.add("grade", _("Choose a grade from 1 to 12."))
    clean["grade"] = grade
    duration = data.get("duration_minutes")
    if duration is None:
        errors.add("duration_minutes", _("Required"))
    elif not 1 <= duration <= 600:
        errors.add("duration_minutes", _("Enter a duration from 1 to 600 minutes."))
    clean["duration_minutes"] = duration
    starts, ends = data.get("starts_at"), data.get("ends_at")
    if not isinstance(ends, datetime):
        errors.add("ends_at", _("Required"))
    elif isinstance(starts, datetime) and ends <= starts:
        errors.add("ends_at", _("The end date must be later than the start date."))
    clean["starts_at"], clean["ends_at"] = starts, ends
    score = data.get("passing_score")
    if score not in (None, ""):
        try:
            score = Decimal(str(score))
            if score < 0:
                raise InvalidOperation
        except (InvalidOperation, ValueError):
            errors.add("passing_score", _("Enter a score of 0 or more."))
            score = None
    clean["passing_score"] = score if score not in ("",) else None
    clean["score_scale"], clean["scale_max"] = _score_scale(errors, data, current)
    top = Scale.from_values(clean["score_scale"], clean["scale_max"]).maximum
    if top is not None and clean["passing_score"] is not None and clean["passing_score"] > top:
        errors.add(
            "passing_score",
            _("The passing score is above the maximum score (%(max)s).") % {"max": format_number(top)},
        )
    for flag, default in (
        ("auto_release_result", False),
        ("camera_proctoring", True),
        ("allow_no_camera", False),
        ("prefer_measured", False),  # decision 0019
    ):
        clean[flag] = bool(data.get(flag, default))
    grace = data.get("offline_grace_seconds")
    if grace is None:
        grace = OFFLINE_GRACE_DEFAULT
    elif not 0 <= grace <= OFFLINE_GRACE_MAX:
        errors.add(
            "offline_grace_seconds",
            _("Enter a number of seconds from 0 to %(max)d.") % {"max": OFFLINE_GRACE_MAX},
        )
    clean["offline_grace_seconds"] = grace
    rounds = set(Round.objects.values_list("pk", flat=True))
    if not data.get("round_id"):
        errors.add("round_id", _("Required"))
    elif data["round_id"] not in rounds:
        errors.add("round_id", _("Choose one of the allowed values."))
    if data.get("required_round_id") and data["required_round_id"] not in rounds:
        errors.add("required_round_id", _("Choose one of the allowed values."))
    clean["round_id"] = data.get("round_id")
    clean["required_round_id"] = data.get("required_round_id") or None
    mode = data.get("form_mode") or TestPreset.FormMode.SHARED
    if mode not in TestPreset.FormMode.values:
        errors.add("form_mode", _("Choose one of the allowed values."))
    clean["form_mode"] = mode
    clean["survey_ids"] = _survey_ids(errors, data.get("survey_ids"), linked_surveys or set())
    clean["attribute_requirements"] = _attributes(
        errors, "attribute_requirements", data.get("attribute_requirements")
    )
    clean["attribute_outcomes"] = _attributes(errors, "attribute_outcomes", data.get("attribute_outcomes"))
    clusters = dict(MatrixCluster.objects.values_list("pk", "type"))
    blueprint = _blueprint(errors, data.get("subjects"), clusters, with_parts=bool(data.get("parts")))
    parts = _parts(errors, data.get("parts"), blueprint, clusters)
    errors.raise_if_any(_("The test could not be saved."))
    return clean, blueprint, parts


def _row(item: BlueprintItem) -> dict[str, Any]:
    return {
        "cluster_id": item.cluster_id,
        "complexity_level_id": item.complexity_level_id,
        "count": item.count,
    }


def _blueprint_layout(preset: TestPreset) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The stored blueprint and parts in the shapes ``_blueprint`` and ``_parts`` check (subjects
    and parts by position, rows in order). Three queries."""
    subjects = list(preset.subjects.order_by("position").prefetch_related("items"))
    by_pk = {s.pk: s.subject_id for s in subjects}
    blueprint = [
        {"subject_id": s.subject_id, "items": [_row(i) for i in s.items.all() if i.part_id is None]}
        for s in subjects
    ]
    parts = [
        {
            "name_vi": part.name_vi,
            "name_en": part.name_en,
            "question_type": part.question_type,
            "points_per_question": part.points_per_question,
            "items": [{"subject_id": by_pk.get(i.preset_subject_id), **_row(i)} for i in part.items.all()],
        }
        for part in preset.parts.order_by("position").prefetch_related("items")
    ]
    return blueprint, parts


def _item_key(part: int | None, subject_id: int, cluster_id: int, level_id: int | None) -> tuple:
    return (part, subject_id, cluster_id, level_id)


def _save_blueprint(preset: TestPreset, blueprint: list[dict[str, Any]], parts: list[dict[str, Any]]) -> None:
    """Store ``blueprint`` and ``parts``. The same as stored is left as it is, so the form's rows
    keep their blueprint items (a swap draws from the row's item: 404 without it). A changed one is
    recreated, and form rows whose part (by place), subject, cluster and level are still in it are
    linked to the new item (the form itself is dropped by the caller when the drawing changed)."""
    if preset.pk and _blueprint_layout(preset) == (blueprint, parts):
        return
    old_keys = {
        pk: _item_key(position, subject_id, cluster_id, level_id)
        for pk, position, subject_id, cluster_id, level_id in BlueprintItem.objects.filter(
            preset_subject__preset=preset
        ).values_list(
            "pk", "part__position", "preset_subject__subject_id", "cluster_id", "complexity_level_id"
        )
    }
    linked = list(preset.form.filter(blueprint_item__isnull=False).values_list("pk", "blueprint_item_id"))
    preset.parts.all().delete()
    preset.subjects.all().delete()
    new_ids: dict[tuple, int] = {}
    subject_rows: dict[int, PresetSubject] = {}
    for position, entry in enumerate(blueprint):
        subject = PresetSubject.objects.create(
            preset=preset, subject_id=entry["subject_id"], position=position
        )
        subject_rows[entry["subject_id"]] = subject
        for item in BlueprintItem.objects.bulk_create(
            BlueprintItem(preset_subject=subject, **item) for item in entry["items"]
        ):
            new_ids.setdefault(
                _item_key(None, entry["subject_id"], item.cluster_id, item.complexity_level_id), item.pk
            )
    for position, entry in enumerate(parts):
        part = PresetPart.objects.create(
            preset=preset,
            position=position,
            name_vi=entry["name_vi"],
            name_en=entry["name_en"],
            question_type=entry["question_type"],
            points_per_question=entry["points_per_question"],
        )
        rows = [
            (row["subject_id"], {k: v for k, v in row.items() if k != "subject_id"}) for row in entry["items"]
        ]
        for (subject_id, _row_fields), item in zip(
            rows,
            BlueprintItem.objects.bulk_create(
                BlueprintItem(preset_subject=subject_rows[subject_id], part=part, **fields)
                for subject_id, fields in rows
            ),
            strict=True,
        ):
            new_ids.setdefault(
                _item_key(position, subject_id, item.cluster_id, item.complexity_level_id), item.pk
            )
    relink: dict[int, list[int]] = {}
    for row_id, item_id in linked:
        new_id = new_ids.get(old_keys.get(item_id, ()))
        if new_id is not None:
            relink.setdefault(new_id, []).append(row_id)
    for new_id, row_ids in relink.items():
        PresetQuestion.objects.filter(pk__in=row_ids).update(blueprint_item_id=new_id)


@transaction.atomic
def preset_create(*, actor: Actor, data: dict[str, Any]) -> TestPreset:
    """Create a draft preset with its blueprint (``subjects``) and its parts (``parts``, decision
    0056); its reporting scale is out of 10 unless ``score_scale`` says otherwise."""
    clean, blueprint, parts = _validated(data)
    preset = TestPreset.objects.create(
        **clean, created_by_profile_id=actor.profile_id, created_by_name=actor.name
    )
    _save_blueprint(preset, blueprint, parts)
    _check_passing_score(preset)
    return preset


def passing_maximum(preset: TestPreset) -> Decimal:
    """The most a pass mark may be (decision 0056: it is on the reporting scale): the scale's
    maximum (10, or a custom one), or the raw maximum (``preset_max_score``) for raw points."""
    top = Scale.of(preset).maximum
    return top if top is not None else preset_max_score(preset)


def _check_passing_score(preset: TestPreset) -> None:
    """Spec section 5, "passing score within the maximum", checked on save whenever the maximum
    is known then: always on a scale of 10 or another maximum (``_validated`` checks it); for raw
    points, a preset with parts (the sum of the parts), a shared form already generated (and
    kept), or a per-learner draw (every question scores 1, so the maximum is the blueprint's
    count). Otherwise approval checks it. 400 ``validation_error`` on ``passing_score``; the
    caller's transaction rolls back."""
    if preset.passing_score is None or Scale.of(preset).maximum is not None:
        return
    if (
        preset.form_mode == TestPreset.FormMode.SHARED
        and not preset.form.exists()
        and not preset.parts.exists()
    ):
        return
    maximum = preset_max_score(preset)
    if preset.passing_score > maximum:
        errors = FieldErrors()
        errors.add(
            "passing_score",
            _("The passing score is above the maximum score (%(max)s).") % {"max": format_number(maximum)},
        )
        errors.raise_if_any(_("The test could not be saved."))


@transaction.atomic
def preset_update(*, actor: Actor, preset_id: int, data: dict[str, Any]) -> TestPreset:
    """Change a draft or rejected preset (a rejected one returns to draft). A changed blueprint
    (its rows, or its parts' places and question types) drops the generated form and the previous
    one kept for comparison (decision 0019); a part's name or points alone keep it (the points are
    read at each start). ``parts`` replaces the parts (none: a preset without parts); an omitted
    ``score_scale`` keeps the preset's. Approved or published presets: 409 ``preset_locked``."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot be changed."), status=409
        )
    clean, blueprint, parts = _validated(data, linked_surveys=set(preset.survey_ids), current=preset)
    old = _blueprint_signature(preset)
    for key, value in clean.items():
        setattr(preset, key, value)
    preset.status = P.DRAFT
    preset.save()
    _save_blueprint(preset, blueprint, parts)
    if _blueprint_signature(preset) != old:
        preset.form.all().delete()
        preset.generated_at = None
        preset.previous_form_ids, preset.previous_generated_at = [], None  # another blueprint's
        preset.save(update_fields=["generated_at", "previous_form_ids", "previous_generated_at"])
    _check_passing_score(preset)
    return preset


def _blueprint_signature(preset: TestPreset) -> list[tuple]:
    """What the drawing depends on: each row's part (place and question type), subject, cluster,
    level and count."""
    return sorted(
        BlueprintItem.objects.filter(preset_subject__preset=preset).values_list(
            "part__position",
            "part__question_type",
            "preset_subject__subject_id",
            "cluster_id",
            "complexity_level_id",
            "count",
        ),
        key=repr,
    )
