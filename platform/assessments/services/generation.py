"""Drawing a preset's questions from its blueprint: the shared form (generate, swap, reorder) and
the per-learner draw (``blueprint_draw``) (issue 5, items 3 and 4). A preset that prefers
measured questions draws, within each blueprint item, the questions with a measured facility
first (issue 19, section 2; decision 0019); a regeneration keeps the replaced form's question
ids so that the two forms' expected means can be compared."""

from __future__ import annotations

import random
import secrets

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.measured import measured_facilities
from assessments.models import BlueprintItem, PresetQuestion, Question, TestPreset
from assessments.services.common import Actor
from assessments.services.presets import EDITABLE, P, preset_get
from config.errors import ApplicationError, not_found
from config.i18n import localized


def _eligible(preset: TestPreset, item: BlueprintItem) -> list[int]:
    """Ids of the published questions an item may draw, sorted (so a seed reproduces a draw); an
    item of a part (phần, decision 0056) draws only questions of the part's type."""
    qs = Question.objects.filter(
        status=Question.Status.PUBLISHED, subject_id=item.preset_subject.subject_id, grade=preset.grade
    ).filter(Q(topic_id=item.cluster_id) | Q(subtopic_id=item.cluster_id))
    if item.complexity_level_id:
        qs = qs.filter(complexity_level_id=item.complexity_level_id)
    if item.part_id is not None:
        qs = qs.filter(type=item.part.question_type)
    return sorted(qs.values_list("pk", flat=True))


def _pick(rng: random.Random, pool: list[int], count: int, measured: set[int] | None) -> list[int]:
    """``count`` of ``pool`` at random. With ``measured`` (a preset that prefers measured
    questions, decision 0019), the measured questions of the pool come first: all of them when
    there are no more than ``count``, the rest drawn from the unmeasured ones, in a random
    order; otherwise ``count`` of the measured ones. Random among equals either way; without
    ``measured`` exactly the draw of issue 5 (a seed reproduces earlier draws)."""
    if measured is None:
        return rng.sample(pool, count)
    known = [pk for pk in pool if pk in measured]
    if len(known) >= count:
        return rng.sample(known, count)
    unknown = [pk for pk in pool if pk not in measured]
    picked = known + rng.sample(unknown, count - len(known))
    rng.shuffle(picked)
    return picked


def blueprint_draw(preset: TestPreset, seed: int) -> list[tuple[int, BlueprintItem]]:
    """Draw the blueprint with ``seed``: ``[(question id, item)]`` in blueprint order (the parts'
    items first, part by part, decision 0056; then by subject), no question twice; with ``preset.prefer_measured``, questions with a measured facility first within each
    item (``_pick``; one more query). Raises 400 ``generation_failed`` ("Failed to generate
    test") listing every short item in ``extra.shortfalls`` (``subject``, ``cluster``,
    ``complexity_level``, ``needed``, ``available``, ``missing``): the preference never changes
    how many questions an item draws."""
    rng = random.Random(seed)
    items = list(
        BlueprintItem.objects.filter(preset_subject__preset=preset)
        .select_related("preset_subject__subject", "cluster", "complexity_level", "part")
        .order_by(F("part__position").asc(nulls_last=True), "preset_subject__position", "id")
    )
    pools = [_eligible(preset, item) for item in items]
    measured = (
        set(measured_facilities(sorted({pk for pool in pools for pk in pool})))
        if preset.prefer_measured
        else None
    )
    chosen: set[int] = set()
    drawn, shortfalls = [], []
    for item, eligible in zip(items, pools, strict=True):
        pool = [pk for pk in eligible if pk not in chosen]
        if len(pool) < item.count:
            shortfalls.append(
                {
                    "subject": localized(item.preset_subject.subject, "name"),
                    "cluster": item.cluster.name,
                    "complexity_level": item.complexity_level.code if item.complexity_level else "",
                    "needed": item.count,
                    "available": len(pool),
                    "missing": item.count - len(pool),
                }
            )
            continue
        picked = _pick(rng, pool, item.count, measured)
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
    seed is stored so the draw can be reproduced). The form it replaces, if any, is kept as
    ``previous_form_ids`` / ``previous_generated_at`` so that the preset page can set the two
    forms' expected means side by side (decision 0019). Draft or rejected presets only."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot change its questions."), status=409
        )
    seed = seed if seed is not None else secrets.randbelow(2**62)
    drawn = blueprint_draw(preset, seed)
    replaced = list(preset.form.order_by("position").values_list("question_id", flat=True))
    if replaced:
        preset.previous_form_ids, preset.previous_generated_at = replaced, preset.generated_at
    preset.form.all().delete()
    PresetQuestion.objects.bulk_create(
        PresetQuestion(preset=preset, question_id=pk, blueprint_item=item, position=position)
        for position, (pk, item) in enumerate(drawn, start=1)
    )
    preset.generation_seed, preset.generated_at, preset.status = seed, timezone.now(), P.DRAFT
    preset.save(
        update_fields=[
            "generation_seed",
            "generated_at",
            "status",
            "previous_form_ids",
            "previous_generated_at",
            "updated_at",
        ]
    )
    return preset


@transaction.atomic
def preset_swap(*, actor: Actor, preset_id: int, preset_question_id: int) -> PresetQuestion:
    """Replace one question of the form by another eligible one of the same blueprint item (a
    measured one first when the preset prefers measured questions, decision 0019)."""
    preset = preset_get(preset_id, lock=True)
    if preset.status not in EDITABLE:
        raise ApplicationError(
            Code.PRESET_LOCKED, _("An approved or published test cannot change its questions."), status=409
        )
    row = (
        preset.form.select_related(
            "blueprint_item__preset_subject", "blueprint_item__cluster", "blueprint_item__part"
        )
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
    if preset.prefer_measured:
        measured = set(measured_facilities(pool))
        pool = [pk for pk in pool if pk in measured] or pool
    row.question_id = random.SystemRandom().choice(pool)
    row.save(update_fields=["question"])
    return row


@transaction.atomic
def preset_reorder(*, actor: Actor, preset_id: int, order: list[int]) -> None:
    """Set the order of the form: ``order`` lists every preset-question id once; in a preset with
    parts (decision 0056) each part's questions stay together, in part order (a question moves
    within its part). Anything else, or a locked preset: 400 ``reorder_failed`` ("Failed to
    reorder questions")."""
    preset = preset_get(preset_id, lock=True)
    rows = {r.pk: r for r in preset.form.select_related("blueprint_item__part")}
    if preset.status not in EDITABLE or sorted(order) != sorted(rows) or len(set(order)) != len(order):
        raise ApplicationError(Code.REORDER_FAILED, _("Failed to reorder questions"), status=400)
    places = [_part_place(rows[pk]) for pk in order]
    if places != sorted(places):
        raise ApplicationError(
            Code.REORDER_FAILED,
            _("Failed to reorder questions: each part's questions stay together, in the parts' order."),
            status=400,
        )
    for position, pk in enumerate(order, start=1):
        rows[pk].position = position
    PresetQuestion.objects.bulk_update(rows.values(), ["position"])


def _part_place(row: PresetQuestion) -> int:
    """The place of a form row's part (-1 outside any part: a preset without parts keeps any
    order)."""
    item = row.blueprint_item
    return item.part.position if item is not None and item.part is not None else -1
