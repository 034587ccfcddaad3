"""Drawing a preset's questions from its blueprint: the shared form (generate, swap, reorder) and
the per-learner draw (``blueprint_draw``) (issue 5, items 3 and 4). A preset that prefers
measured questions draws, within each blueprint item, the questions with a measured facility
first (issue 19, section 2; decision 0019); a regeneration keeps the replaced form's question
ids so that the two forms' expected means can be compared."""

from __future__ import annotations

import random
import secrets
from collections import defaultdict
from collections.abc import Iterable

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
    if item.part is not None:
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


Unit = tuple[int, ...]
"""What a blueprint item draws at once: one question, or the published questions of a shared
stimulus in their order (decision 0054)."""


def _groups_of(ids: Iterable[int], question_type: str | None = None) -> dict[int, Unit]:
    """For each of ``ids`` that belongs to a shared stimulus, its group: the stimulus' published
    questions in their order (``stimulus_position``, then id). For an item of a part (phần,
    decision 0056) ``question_type`` is the part's type: a group holding a question of another
    type maps to ``()`` and is never drawn by that item (a part holds one type only). Two queries
    (one without groups)."""
    stimulus_of = dict(
        Question.objects.filter(pk__in=list(ids), stimulus__isnull=False).values_list("pk", "stimulus_id")
    )
    if not stimulus_of:
        return {}
    members: dict[int, list[int]] = defaultdict(list)
    mixed: set[int] = set()
    for pk, stimulus_id, type_ in (
        Question.objects.filter(stimulus_id__in=set(stimulus_of.values()), status=Question.Status.PUBLISHED)
        .order_by("stimulus_id", "stimulus_position", "id")
        .values_list("pk", "stimulus_id", "type")
    ):
        members[stimulus_id].append(pk)
        if question_type is not None and type_ != question_type:
            mixed.add(stimulus_id)
    return {
        pk: () if stimulus_id in mixed else tuple(members[stimulus_id])
        for pk, stimulus_id in stimulus_of.items()
    }


def _units(pool: list[int], groups: dict[int, Unit], chosen: set[int]) -> list[Unit]:
    """The units an item may draw from its eligible ``pool``: each question alone, or its whole
    group when it belongs to a shared stimulus (a group is eligible when one of its questions
    is), none with a question already ``chosen``; in the pool's order, each once."""
    units: list[Unit] = []
    seen: set[Unit] = set()
    for pk in pool:
        unit = groups.get(pk, (pk,))
        if not unit or unit in seen or chosen.intersection(unit):
            continue
        seen.add(unit)
        units.append(unit)
    return units


def _reachable(units: list[Unit], count: int) -> list[int]:
    """``reach[i]``: the totals up to ``count`` that some of ``units[i:]`` add up to, as the bits
    of an int (bit n set: n questions can be drawn exactly)."""
    mask = (1 << (count + 1)) - 1
    reach = [0] * len(units) + [1]
    for i in range(len(units) - 1, -1, -1):
        reach[i] = (reach[i + 1] | (reach[i + 1] << len(units[i]))) & mask
    return reach


def _pick_units(
    rng: random.Random, units: list[Unit], count: int, measured: set[int] | None
) -> tuple[list[Unit], int]:
    """Units of exactly ``count`` questions in all, at random, a group never split; with
    ``measured`` (decision 0019) units whose questions all have a measured facility are taken
    first. Returns the units in a random order and ``count``, or ``[]`` and the most questions
    the units can make up to ``count`` (a shortfall)."""
    order = units[:]
    rng.shuffle(order)
    if measured is not None:
        order.sort(key=lambda unit: not all(pk in measured for pk in unit))  # stable
    reach = _reachable(order, count)
    if not reach[0] >> count & 1:
        return [], reach[0].bit_length() - 1
    picked: list[Unit] = []
    left = count
    for i, unit in enumerate(order):
        if left == 0:
            break
        if len(unit) <= left and reach[i + 1] >> (left - len(unit)) & 1:
            picked.append(unit)
            left -= len(unit)
    rng.shuffle(picked)
    return picked, count


def blueprint_draw(preset: TestPreset, seed: int) -> list[tuple[int, BlueprintItem]]:
    """Draw the blueprint with ``seed``: ``[(question id, item)]`` in blueprint order (the parts'
    items first, part by part, decision 0056; then by subject), no question twice; with
    ``preset.prefer_measured``, questions with a measured facility first within each item
    (``_pick``; one more query). A question of a shared stimulus is drawn with its whole group,
    together and in order (decision 0054): the group counts as its number of questions toward the
    item that drew it and is drawn only when it fits in what the item still needs
    (``_pick_units``); an item whose pool holds no group draws exactly as before, so a seed
    reproduces earlier draws. Raises 400 ``generation_failed`` ("Failed to generate test")
    listing every short item in ``extra.shortfalls`` (``subject``, ``cluster``,
    ``complexity_level``, ``needed``, ``available`` (the most questions its pool can make up
    without splitting a group), ``missing``): the preference never changes how many questions an
    item draws."""
    rng = random.Random(seed)
    items = list(
        BlueprintItem.objects.filter(preset_subject__preset=preset)
        .select_related("preset_subject__subject", "cluster", "complexity_level", "part")
        .order_by(F("part__position").asc(nulls_last=True), "preset_subject__position", "id")
    )
    pools = [_eligible(preset, item) for item in items]
    groups = _groups_of({pk for pool in pools for pk in pool})
    part_types = {item.part.question_type for item in items if item.part is not None}
    part_groups = {type_: _groups_of({pk for pool in pools for pk in pool}, type_) for type_ in part_types}
    measured = (
        set(
            measured_facilities(
                sorted(
                    {pk for pool in pools for pk in pool} | {pk for unit in groups.values() for pk in unit}
                )
            )
        )
        if preset.prefer_measured
        else None
    )
    chosen: set[int] = set()
    drawn, shortfalls = [], []
    for item, eligible in zip(items, pools, strict=True):
        item_groups = part_groups[item.part.question_type] if item.part is not None else groups
        units = _units([pk for pk in eligible if pk not in chosen], item_groups, chosen)
        if all(len(unit) == 1 for unit in units):  # no shared stimulus: the draw of issue 5
            available = len(units)
            picked = (
                _pick(rng, [pk for (pk,) in units], item.count, measured) if available >= item.count else []
            )
        else:
            picked_units, available = _pick_units(rng, units, item.count, measured)
            picked = [pk for unit in picked_units for pk in unit]
        if available < item.count:
            shortfalls.append(
                {
                    "subject": localized(item.preset_subject.subject, "name"),
                    "cluster": item.cluster.name,
                    "complexity_level": item.complexity_level.code if item.complexity_level else "",
                    "needed": item.count,
                    "available": available,
                    "missing": item.count - available,
                }
            )
            continue
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
    measured one first when the preset prefers measured questions, decision 0019). A question of
    a shared stimulus is replaced with its whole group, by another group of as many questions
    (in the same places); a question alone by another question alone (decision 0054)."""
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
    form = list(preset.form.select_related("question").order_by("position"))
    used = {r.question_id for r in form}
    eligible = _eligible(preset, row.blueprint_item)
    part = row.blueprint_item.part
    groups = _groups_of(eligible, part.question_type if part is not None else None)
    stimulus_id = next(r.question.stimulus_id for r in form if r.pk == row.pk)
    rows = [r for r in form if r.question.stimulus_id == stimulus_id] if stimulus_id else [row]
    size = len(rows)
    pool = [
        unit for unit in _units([pk for pk in eligible if pk not in used], groups, used) if len(unit) == size
    ]
    if not pool:
        raise ApplicationError(
            Code.GENERATION_FAILED,
            _("Failed to generate test: no other question fits this part of the blueprint."),
            status=400,
        )
    if preset.prefer_measured:
        measured = set(measured_facilities([pk for unit in pool for pk in unit]))
        pool = [unit for unit in pool if all(pk in measured for pk in unit)] or pool
    replacement = random.SystemRandom().choice(pool)
    for form_row, question_id in zip(rows, replacement, strict=True):
        form_row.question_id = question_id
    PresetQuestion.objects.bulk_update(rows, ["question"])
    row.refresh_from_db()
    return row


@transaction.atomic
def preset_reorder(*, actor: Actor, preset_id: int, order: list[int]) -> None:
    """Set the order of the form: ``order`` lists every preset-question id once; in a preset with
    parts (decision 0056) each part's questions stay together, in part order (a question moves
    within its part). The questions of a shared stimulus stay together and in their order: the
    group takes the place of the first of its questions in ``order`` (decision 0054; a group is
    drawn by one blueprint item, so within one part). Anything else, or a locked preset: 400
    ``reorder_failed`` ("Failed to reorder questions")."""
    preset = preset_get(preset_id, lock=True)
    rows = {r.pk: r for r in preset.form.select_related("question", "blueprint_item__part")}
    if preset.status not in EDITABLE or sorted(order) != sorted(rows) or len(set(order)) != len(order):
        raise ApplicationError(Code.REORDER_FAILED, _("Failed to reorder questions"), status=400)
    places = [_part_place(rows[pk]) for pk in order]
    if places != sorted(places):
        raise ApplicationError(
            Code.REORDER_FAILED,
            _("Failed to reorder questions: each part's questions stay together, in the parts' order."),
            status=400,
        )
    members: dict[int, list[int]] = defaultdict(list)
    for pk in sorted(rows, key=lambda pk: (rows[pk].question.stimulus_position, pk)):
        stimulus_id = rows[pk].question.stimulus_id
        if stimulus_id is not None:
            members[stimulus_id].append(pk)
    placed: list[int] = []
    for pk in order:
        stimulus_id = rows[pk].question.stimulus_id
        if stimulus_id is None:
            placed.append(pk)
        elif members[stimulus_id][0] not in placed:
            placed += members[stimulus_id]
    for position, pk in enumerate(placed, start=1):
        rows[pk].position = position
    PresetQuestion.objects.bulk_update(rows.values(), ["position"])


def _part_place(row: PresetQuestion) -> int:
    """The place of a form row's part (-1 outside any part: a preset without parts keeps any
    order)."""
    item = row.blueprint_item
    return item.part.position if item is not None and item.part is not None else -1
