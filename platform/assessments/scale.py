"""The reporting scale of a preset's scores (issue 39 item 2; decision 0056): the one conversion of
a raw score (points) to the scale every screen shows it on.

A preset reports out of 10 (``ten``, the default of new presets, as Vietnamese schools mark), in
raw points (``raw``, presets made before decision 0056), or out of another maximum (``custom``,
``scale_max`` from 1 to 1000, e.g. 150 for a competence test). A score on the scale is

    scaled = raw x scale maximum / maximum raw points, two decimals, half up

(``to_scale``); raw points are only rounded to two decimals. The result, the learner's list, the
gradebook and its export, the advanced report and its PDF and the item analysis all call
``to_scale`` (through ``score_shown`` where an API row carries a score) and nothing else; the text
"8,75/10" is ``config.i18n.format_score``, and the SPA's one helper (``src/lib/score.ts``) formats
the ``scale_score`` and ``scale_max`` the API sends without converting anything itself.

The pass mark (``TestPreset.passing_score``) is on the scale: ``passes`` compares it with the
score as it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, TypedDict

TEN = Decimal(10)
SCALE_MAX_MIN, SCALE_MAX_MAX = 1, 1000
"""Bounds of a custom scale's maximum (whole points)."""
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Scale:
    """A reporting scale: ``kind`` (``ten``, ``raw``, ``custom``) and its ``maximum`` (None for raw
    points, whose maximum is each attempt's own)."""

    kind: str
    maximum: Decimal | None

    @classmethod
    def of(cls, preset: Any) -> Scale:
        """The scale of a ``TestPreset`` (or of any object with ``score_scale`` and ``scale_max``)."""
        return cls.from_values(preset.score_scale, preset.scale_max)

    @classmethod
    def from_values(cls, kind: str | None, scale_max: int | Decimal | None) -> Scale:
        """The scale of stored values; a custom scale without a maximum (never saved by the
        service) and an unknown kind read as raw points."""
        if kind == "ten":
            return cls("ten", TEN)
        if kind == "custom" and scale_max:
            return cls("custom", Decimal(scale_max))
        return cls("raw", None)

    def top(self, max_raw: Decimal | float | int | str) -> Decimal:
        """The maximum a score is shown out of: the scale's, or ``max_raw`` for raw points."""
        return self.maximum if self.maximum is not None else Decimal(str(max_raw)).quantize(CENT)


def to_scale(raw: Decimal | float | int | str, max_raw: Decimal | float | int | str, scale: Scale) -> Decimal:
    """THE conversion: ``raw`` points of ``max_raw`` on ``scale``, two decimals half up (raw points
    are only rounded). ``max_raw`` 0 (an empty form) gives 0. ``to_scale(7, 8, Scale.of(ten))``
    is ``Decimal("8.75")``."""
    value = Decimal(str(raw))
    if scale.maximum is None:
        return value.quantize(CENT, ROUND_HALF_UP)
    most = Decimal(str(max_raw))
    if not most:
        return Decimal(0).quantize(CENT)
    return (value * scale.maximum / most).quantize(CENT, ROUND_HALF_UP)


class ScoreShown(TypedDict):
    """A score as the API sends it to be shown (``scale_score`` of ``scale_max``; the score is
    None while withheld or not yet decided)."""

    scale_score: float | None
    scale_max: float | None


def score_shown(raw: Decimal | float | None, max_raw: Decimal | float | None, scale: Scale) -> ScoreShown:
    """``{"scale_score", "scale_max"}`` of a raw score of ``max_raw`` points: both None without a
    maximum (no attempt yet), the score None while it is None (withheld, pending)."""
    if max_raw is None:
        return {"scale_score": None, "scale_max": None}
    return {
        "scale_score": float(to_scale(raw, max_raw, scale)) if raw is not None else None,
        "scale_max": float(scale.top(max_raw)),
    }


def passes(raw: Decimal, max_raw: Decimal, *, passing_score: Decimal | None, scale: Scale) -> bool:
    """Whether ``raw`` of ``max_raw`` reaches the pass mark, which is on the scale (decision 0056):
    the score as shown (``to_scale``) is compared with ``passing_score`` (none: every score passes)."""
    return to_scale(raw, max_raw, scale) >= (passing_score or Decimal(0))
