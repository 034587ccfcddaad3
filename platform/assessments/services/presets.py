"""Test presets: save with the rules of spec section 5, generation from the blueprint, preview,
swap, reorder, approval and batches (issue 5, items 2 to 5)."""

from __future__ import annotations

import random
import secrets
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.postgres.aggregates import ArrayAgg
from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import (
    Batch,
    BlueprintItem,
    MatrixCluster,
    PresetQuestion,
    PresetSubject,
    Question,
    Round,
    Subject,
    TestPreset,
)
from assessments.services.common import Actor
from config.errors import ApplicationError, FieldErrors, not_found
from marketplace.services import listing_sync

P = TestPreset.Status
EDITABLE = {P.DRAFT, P.REJECTED}


def preset_get(preset_id: int, *, lock: bool = False) -> TestPreset:
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
    from surveys.models import Survey
    from surveys.selectors import survey_statuses

    ids: list[int] = []
    for raw in value or []:
        if isinstance(raw, bool) or not isinstance(raw, int | str) or not str(raw).isdigit():
            errors.add("survey_ids", _("Choose surveys from the list."))
            return []
        if int(raw) not in ids:
            ids.append(int(raw))
    statuses = survey_statuses(ids) if ids else {}
    unknown = [i for i in ids if i not in statuses]
    if unknown:
        errors.add(
            "survey_ids",
            _("These surveys do not exist in your organization: %(ids)s.")
            % {"ids": ", ".join(str(i) for i in unknown)},
        )
    unpublished = [
        i for i in ids if i in statuses and i not in linked and statuses[i] != Survey.Status.PUBLISHED
    ]
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


SCALAR_FIELDS = (
    "name",
    "description",
    "grade",
    "duration_minutes",
    "starts_at",
    "ends_at",
    "passing_score",
    "auto_release_result",
    "camera_proctoring",
    "allow_no_camera",
    "round_id",
    "required_round_id",
    "form_mode",
    "survey_ids",
)


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
    ):
        clean[flag] = bool(data.get(flag, default))
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


def _save_blueprint(preset: TestPreset, blueprint: list[dict[str, Any]]) -> None:
    preset.subjects.all().delete()
    for position, entry in enumerate(blueprint):
        subject = PresetSubject.objects.create(
            preset=preset, subject_id=entry["subject_id"], position=position
        )
        BlueprintItem.objects.bulk_create(
            BlueprintItem(preset_subject=subject, **item) for item in entry["items"]
        )


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
    drops the generated form. Approved or published presets: 409 ``preset_locked``."""
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
        preset.save(update_fields=["generated_at"])
    _check_passing_score(preset)
    return preset


def _blueprint_signature(preset: TestPreset) -> list[tuple]:
    return sorted(
        BlueprintItem.objects.filter(preset_subject__preset=preset).values_list(
            "preset_subject__subject_id", "cluster_id", "complexity_level_id", "count"
        )
    )


def _eligible(preset: TestPreset, item: BlueprintItem) -> list[int]:
    """Ids of the published questions an item may draw, sorted (so a seed reproduces a draw)."""
    qs = Question.objects.filter(
        status=Question.Status.PUBLISHED, subject_id=item.preset_subject.subject_id, grade=preset.grade
    ).filter(Q(topic_id=item.cluster_id) | Q(subtopic_id=item.cluster_id))
    if item.complexity_level_id:
        qs = qs.filter(complexity_level_id=item.complexity_level_id)
    return sorted(qs.values_list("pk", flat=True))


def blueprint_draw(preset: TestPreset, seed: int) -> list[tuple[int, BlueprintItem]]:
    """Draw the blueprint with ``seed``: ``[(question id, item)]`` in blueprint order, no question
    twice. Raises 400 ``generation_failed`` ("Failed to generate test") listing every short item
    in ``extra.shortfalls`` (``subject``, ``cluster``, ``complexity_level``, ``needed``,
    ``available``, ``missing``)."""
    rng = random.Random(seed)
    items = list(
        BlueprintItem.objects.filter(preset_subject__preset=preset)
        .select_related("preset_subject__subject", "cluster", "complexity_level")
        .order_by("preset_subject__position", "id")
    )
    chosen: set[int] = set()
    drawn, shortfalls = [], []
    for item in items:
        pool = [pk for pk in _eligible(preset, item) if pk not in chosen]
        if len(pool) < item.count:
            shortfalls.append(
                {
                    "subject": item.preset_subject.subject.name_vi,
                    "cluster": f"{item.cluster.code} {item.cluster.description}",
                    "complexity_level": item.complexity_level.code if item.complexity_level else "",
                    "needed": item.count,
                    "available": len(pool),
                    "missing": item.count - len(pool),
                }
            )
            continue
        picked = rng.sample(pool, item.count)
        chosen.update(picked)
        drawn += [(pk, item) for pk in picked]
    if shortfalls:
        detail = "; ".join(_("%(cluster)s: %(missing)d missing") % s for s in shortfalls)
        raise ApplicationError(
            Code.GENERATION_FAILED,
            _("Failed to generate test: %(detail)s") % {"detail": detail},
            status=400,
            extra={"shortfalls": shortfalls},
        )
    return drawn


@transaction.atomic
def preset_generate(*, actor: Actor, preset_id: int, seed: int | None = None) -> TestPreset:
    """Draw the shared form from the blueprint (a new random seed unless ``seed`` is given; the
    seed is stored so the draw can be reproduced). Draft or rejected presets only."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot change its questions."), status=409
        )
    seed = seed if seed is not None else secrets.randbelow(2**62)
    drawn = blueprint_draw(preset, seed)
    preset.form.all().delete()
    PresetQuestion.objects.bulk_create(
        PresetQuestion(preset=preset, question_id=pk, blueprint_item=item, position=position)
        for position, (pk, item) in enumerate(drawn, start=1)
    )
    preset.generation_seed, preset.generated_at, preset.status = seed, timezone.now(), P.DRAFT
    preset.save(update_fields=["generation_seed", "generated_at", "status", "updated_at"])
    return preset


@transaction.atomic
def preset_swap(*, actor: Actor, preset_id: int, preset_question_id: int) -> PresetQuestion:
    """Replace one question of the form by another eligible one of the same blueprint item."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot change its questions."), status=409
        )
    row = (
        preset.form.select_related("blueprint_item__preset_subject", "blueprint_item__cluster")
        .filter(pk=preset_question_id)
        .first()
    )
    if row is None or row.blueprint_item is None:
        raise not_found(_("Question not found."))
    used = set(preset.form.values_list("question_id", flat=True))
    pool = [pk for pk in _eligible(preset, row.blueprint_item) if pk not in used]
    if not pool:
        raise ApplicationError(
            Code.GENERATION_FAILED,
            _("Failed to generate test: no other question fits this part of the blueprint."),
            status=400,
        )
    row.question_id = random.SystemRandom().choice(pool)
    row.save(update_fields=["question"])
    return row


@transaction.atomic
def preset_reorder(*, actor: Actor, preset_id: int, order: list[int]) -> None:
    """Set the order of the form: ``order`` lists every preset-question id once. Anything else,
    or a locked preset: 400 ``reorder_failed`` ("Failed to reorder questions")."""
    preset = preset_get(preset_id, lock=True)
    rows = {r.pk: r for r in preset.form.all()}
    if preset.status not in EDITABLE or sorted(order) != sorted(rows) or len(set(order)) != len(order):
        raise ApplicationError(Code.REORDER_FAILED, _("Failed to reorder questions"), status=400)
    for position, pk in enumerate(order, start=1):
        rows[pk].position = position
    PresetQuestion.objects.bulk_update(rows.values(), ["position"])


def preset_max_score(preset: TestPreset) -> Decimal:
    """Sum of the form's score weights (shared form) or of the blueprint's counts (per learner:
    every question counts 1)."""
    if preset.form_mode == TestPreset.FormMode.SHARED:
        return preset.form.aggregate(total=Sum("question__score_weight"))["total"] or Decimal(0)
    return Decimal(
        BlueprintItem.objects.filter(preset_subject__preset=preset).aggregate(total=Sum("count"))["total"]
        or 0
    )


def _require_org_admin(actor_profile) -> None:
    if not actor_profile.is_admin:
        raise ApplicationError(
            "not_org_admin", _("Only an organization admin can approve tests."), status=403
        )


@transaction.atomic
def preset_approve(*, actor_profile, preset_id: int, comment: str = "") -> TestPreset:
    """draft -> approved, by an organization admin (403 ``not_org_admin``). The shared form
    must be generated, a per-learner blueprint must be drawable, the passing score within the
    maximum (400 ``preset_not_ready`` with the reasons in ``errors``)."""
    _require_org_admin(actor_profile)
    preset = preset_get(preset_id, lock=True)
    if preset.status != P.DRAFT:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("Only a draft test can be approved or rejected."), status=409
        )
    errors = FieldErrors()
    if preset.form_mode == TestPreset.FormMode.SHARED and not preset.form.exists():
        errors.add("form", _("Generate the test's questions first."))
    if preset.form_mode == TestPreset.FormMode.PER_LEARNER:
        try:
            blueprint_draw(preset, 0)
        except ApplicationError as exc:
            errors.add("form", exc.message)
    maximum = preset_max_score(preset)
    if preset.passing_score is not None and preset.passing_score > maximum:
        errors.add(
            "passing_score", _("The passing score is above the maximum score (%(max)s).") % {"max": maximum}
        )
    errors.raise_if_any(_("The test is not ready to be approved."), code=Code.PRESET_NOT_READY)
    preset.status, preset.review_comment, preset.reviewed_by_profile_id = (
        P.APPROVED,
        (comment or "").strip(),
        actor_profile.id,
    )
    preset.save(update_fields=["status", "review_comment", "reviewed_by_profile_id", "updated_at"])
    return preset


@transaction.atomic
def preset_reject(*, actor_profile, preset_id: int, comment: str) -> TestPreset:
    """draft or approved -> rejected with a required comment, by an organization admin."""
    _require_org_admin(actor_profile)
    if not (comment or "").strip():
        errors = FieldErrors()
        errors.add("comment", _("Required"))
        errors.raise_if_any(_("Say why the test is rejected."))
    preset = preset_get(preset_id, lock=True)
    if preset.status not in (P.DRAFT, P.APPROVED):
        raise ApplicationError(
            Code.PRESET_LOCKED, _("Only a draft test can be approved or rejected."), status=409
        )
    preset.status, preset.review_comment, preset.reviewed_by_profile_id = (
        P.REJECTED,
        comment.strip(),
        actor_profile.id,
    )
    preset.save(update_fields=["status", "review_comment", "reviewed_by_profile_id", "updated_at"])
    return preset


# --- batches -----------------------------------------------------------------------------------


def _batch_fields(errors: FieldErrors, data: dict[str, Any]) -> dict[str, Any]:
    starts, expires, slots = data.get("starts_at"), data.get("expires_at"), data.get("slots")
    if not isinstance(starts, datetime):
        errors.add("starts_at", _("Required"))
    if not isinstance(expires, datetime):
        errors.add("expires_at", _("Required"))
    elif isinstance(starts, datetime) and expires <= starts:
        errors.add("expires_at", _("The expiry time must be later than the start time."))
    if not isinstance(slots, int) or not 1 <= slots <= 100_000:
        errors.add("slots", _("Enter a number of slots from 1 to 100000."))
    return {
        "name": (data.get("name") or "").strip()[:120],
        "starts_at": starts,
        "expires_at": expires,
        "slots": slots,
    }


@transaction.atomic
def batch_create(*, preset_id: int, data: dict[str, Any]) -> Batch:
    """Add a batch: start and expiry (later than start), slots (all available at first)."""
    preset = preset_get(preset_id, lock=True)
    errors = FieldErrors()
    clean = _batch_fields(errors, data)
    errors.raise_if_any(_("The batch could not be saved."))
    batch = Batch.objects.create(preset=preset, available=clean["slots"], **clean)
    listing_sync(preset=preset)
    return batch


@transaction.atomic
def batch_update(*, preset_id: int, batch_id: int, data: dict[str, Any]) -> Batch:
    """Change name, times or slot count. Slots cannot fall below pending + taken; ``available``
    follows (never edited by hand)."""
    batch = Batch.objects.select_for_update().filter(pk=batch_id, preset_id=preset_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    errors = FieldErrors()
    clean = _batch_fields(errors, data)
    if isinstance(clean["slots"], int) and clean["slots"] < batch.pending + batch.taken:
        errors.add(
            "slots",
            _("At least %(n)d slots are already sold or reserved.") % {"n": batch.pending + batch.taken},
        )
    errors.raise_if_any(_("The batch could not be saved."))
    for key, value in clean.items():
        setattr(batch, key, value)
    batch.available = batch.slots - batch.pending - batch.taken
    batch.save()
    listing_sync(preset=batch.preset)
    return batch


@transaction.atomic
def batch_delete(*, preset_id: int, batch_id: int) -> None:
    """Delete a batch nobody has bought or reserved (409 ``batch_in_use``)."""
    batch = Batch.objects.select_for_update().filter(pk=batch_id, preset_id=preset_id).first()
    if batch is None:
        raise not_found(_("Batch not found."))
    if batch.pending or batch.taken:
        raise ApplicationError(Code.BATCH_IN_USE, _("This batch has buyers or reservations."), status=409)
    preset = batch.preset
    batch.delete()
    listing_sync(preset=preset)


def presets_with_counts():
    """Presets annotated with ``question_count``, ``batch_count`` and ``subject_ids`` (in
    blueprint order) for lists, in one query."""
    subject_ids = (
        PresetSubject.objects.filter(preset=OuterRef("pk"))
        .order_by()
        .values("preset")
        .annotate(ids=ArrayAgg("subject_id", order_by="position"))
        .values("ids")
    )
    return TestPreset.objects.select_related("round").annotate(
        question_count=Count("form", distinct=True),
        batch_count=Count("batches", distinct=True),
        subject_ids=Subquery(subject_ids),
    )
