"""Test presets: save with the rules of spec section 5 (blueprint, linked surveys, attributes) and
the maximum score (issue 5, item 2). Generation is in ``services.generation``, approval in
``services.review``, batches in ``services.batches`` (split along these seams by issue 17, item 6).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.linked_surveys import survey_states
from assessments.models import (
    BlueprintItem,
    MatrixCluster,
    PresetQuestion,
    PresetSubject,
    Round,
    Subject,
    TestPreset,
)
from assessments.services.common import Actor
from config.errors import ApplicationError, FieldErrors, not_found

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


def _blueprint(errors: FieldErrors, subjects: Any) -> list[dict[str, Any]]:
    """Checked blueprint: ``[{"subject_id", "items": [{"cluster_id", "complexity_level_id", "count"}]}]``."""
    if not subjects:
        errors.add("subjects", _("Choose at least one subject."))
        return []
    known_subjects = set(Subject.objects.values_list("pk", flat=True))
    clusters = dict(MatrixCluster.objects.values_list("pk", "type"))
    out, seen = [], set()
    for s_index, entry in enumerate(subjects):
        subject_id = (entry or {}).get("subject_id")
        if subject_id not in known_subjects:
            errors.add(f"subjects.{s_index}.subject_id", _("Choose one of the allowed values."))
        elif subject_id in seen:
            errors.add(f"subjects.{s_index}.subject_id", _("This subject is already in the test."))
        seen.add(subject_id)
        items = []
        for i_index, item in enumerate((entry or {}).get("items") or []):
            prefix = f"subjects.{s_index}.items.{i_index}"
            cluster_id, level_id, count = (
                item.get("cluster_id"),
                item.get("complexity_level_id"),
                item.get("count"),
            )
            if clusters.get(cluster_id) not in (MatrixCluster.Type.TOPIC, MatrixCluster.Type.SUBTOPIC):
                errors.add(f"{prefix}.cluster_id", _("Choose a topic or subtopic."))
            if level_id is not None and clusters.get(level_id) != MatrixCluster.Type.COMPLEXITY_LEVEL:
                errors.add(f"{prefix}.complexity_level_id", _("Choose a complexity level."))
            if not isinstance(count, int) or not 1 <= count <= 200:
                errors.add(f"{prefix}.count", _("Enter a number of questions from 1 to 200."))
            items.append({"cluster_id": cluster_id, "complexity_level_id": level_id, "count": count})
        if not items:
            errors.add(f"subjects.{s_index}.items", _("Choose the clusters of this subject."))
        out.append({"subject_id": subject_id, "items": items})
    return out


OFFLINE_GRACE_DEFAULT = 600
OFFLINE_GRACE_MAX = 3600
"""A preset's offline grace (issue 38, item 3; decision 0046), seconds: how long after the deadline
an answer typed by it on a device that was offline still counts. 10 minutes unless set; at most an
hour (the deadline sweep submits an attempt only then)."""


def _validated(
    data: dict[str, Any], linked_surveys: set[int] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Spec section 5: name, grade level, duration, end date, subject(s), clusters per subject
    and round are required; the end is after the start; attribute keys do not repeat.
    ``linked_surveys``: the surveys the preset links already (an update)."""
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
    blueprint = _blueprint(errors, data.get("subjects"))
    errors.raise_if_any(_("The test could not be saved."))
    return clean, blueprint


def _blueprint_layout(preset: TestPreset) -> list[dict[str, Any]]:
    """The stored blueprint in the shape ``_blueprint`` checks (subjects by position, items in
    order)."""
    subjects = preset.subjects.order_by("position").prefetch_related("items")
    return [
        {
            "subject_id": subject.subject_id,
            "items": [
                {"cluster_id": i.cluster_id, "complexity_level_id": i.complexity_level_id, "count": i.count}
                for i in subject.items.all()
            ],
        }
        for subject in subjects
    ]


def _item_key(subject_id: int, cluster_id: int, level_id: int | None) -> tuple:
    return (subject_id, cluster_id, level_id)


def _save_blueprint(preset: TestPreset, blueprint: list[dict[str, Any]]) -> None:
    """Store ``blueprint``. The same blueprint as stored is left as it is, so the form's rows keep
    their blueprint items (a swap draws from the row's item: 404 without it). A changed one is
    recreated, and form rows whose subject, cluster and level are still in it are linked to the
    new item (the form itself is dropped by the caller when the drawing changed)."""
    if preset.pk and _blueprint_layout(preset) == blueprint:
        return
    old_keys = {
        pk: _item_key(subject_id, cluster_id, level_id)
        for pk, subject_id, cluster_id, level_id in BlueprintItem.objects.filter(
            preset_subject__preset=preset
        ).values_list("pk", "preset_subject__subject_id", "cluster_id", "complexity_level_id")
    }
    linked = list(preset.form.filter(blueprint_item__isnull=False).values_list("pk", "blueprint_item_id"))
    preset.subjects.all().delete()
    new_ids: dict[tuple, int] = {}
    for position, entry in enumerate(blueprint):
        subject = PresetSubject.objects.create(
            preset=preset, subject_id=entry["subject_id"], position=position
        )
        for item in BlueprintItem.objects.bulk_create(
            BlueprintItem(preset_subject=subject, **item) for item in entry["items"]
        ):
            new_ids.setdefault(
                _item_key(entry["subject_id"], item.cluster_id, item.complexity_level_id), item.pk
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
    """Create a draft preset with its blueprint (``subjects``)."""
    clean, blueprint = _validated(data)
    preset = TestPreset.objects.create(
        **clean, created_by_profile_id=actor.profile_id, created_by_name=actor.name
    )
    _save_blueprint(preset, blueprint)
    _check_passing_score(preset)
    return preset


def _check_passing_score(preset: TestPreset) -> None:
    """Spec section 5, "passing score within the maximum", checked on save whenever the maximum
    is known then: a shared form already generated (and kept), or a per-learner draw (every
    question scores 1, so the maximum is the blueprint's count). Otherwise approval checks it.
    400 ``validation_error`` on ``passing_score``; the caller's transaction rolls back."""
    if preset.passing_score is None:
        return
    if preset.form_mode == TestPreset.FormMode.SHARED and not preset.form.exists():
        return
    maximum = preset_max_score(preset)
    if preset.passing_score > maximum:
        errors = FieldErrors()
        errors.add(
            "passing_score", _("The passing score is above the maximum score (%(max)s).") % {"max": maximum}
        )
        errors.raise_if_any(_("The test could not be saved."))


@transaction.atomic
def preset_update(*, actor: Actor, preset_id: int, data: dict[str, Any]) -> TestPreset:
    """Change a draft or rejected preset (a rejected one returns to draft). A changed blueprint
    drops the generated form and the previous one kept for comparison (decision 0019).
    Approved or published presets: 409 ``preset_locked``."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot be changed."), status=409
        )
    clean, blueprint = _validated(data, linked_surveys=set(preset.survey_ids))
    old = _blueprint_signature(preset)
    for key, value in clean.items():
        setattr(preset, key, value)
    preset.status = P.DRAFT
    preset.save()
    _save_blueprint(preset, blueprint)
    if _blueprint_signature(preset) != old:
        preset.form.all().delete()
        preset.generated_at = None
        preset.previous_form_ids, preset.previous_generated_at = [], None  # another blueprint's
        preset.save(update_fields=["generated_at", "previous_form_ids", "previous_generated_at"])
    _check_passing_score(preset)
    return preset


def _blueprint_signature(preset: TestPreset) -> list[tuple]:
    return sorted(
        BlueprintItem.objects.filter(preset_subject__preset=preset).values_list(
            "preset_subject__subject_id", "cluster_id", "complexity_level_id", "count"
        )
    )


def preset_max_score(preset: TestPreset) -> Decimal:
    """Sum of the form's score weights (shared form) or of the blueprint's counts (per learner:
    every question counts 1)."""
    if preset.form_mode == TestPreset.FormMode.SHARED:
        return preset.form.aggregate(total=Sum("question__score_weight"))["total"] or Decimal(0)
    return Decimal(
        BlueprintItem.objects.filter(preset_subject__preset=preset).aggregate(total=Sum("count"))["total"]
        or 0
    )
