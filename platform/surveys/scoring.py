"""Scoring a finished survey (issue 8, item 4): pure functions, no database.

- **Raw score** of a group: the sum of its answers (scale values 1..5); 8 statements -> 8..40.
- **Normalized score**: where the raw score sits between the lowest and highest possible,
  as a percentage: ``(raw - n * 1) / (n * (5 - 1)) * 100`` for ``n`` statements, rounded to one
  decimal (8 x "Not sure" = 24 -> 50.0). It makes groups with different numbers of statements
  comparable.
- **Ranking and tie rule**: groups are ordered by normalized score (exact, not rounded), then
  by the number of "Strongly agree" answers (the strongest preferences win), then by the
  RIASEC order R, I, A, S, E, C. The first three letters are the Holland code.
- **Profile indices** (for the report): differentiation = highest minus lowest normalized
  score; consistency = how close the first two letters sit on Holland's hexagon (adjacent:
  high, one apart: medium, opposite: low).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from surveys.models import RIASEC

SCALE_MIN = 1
SCALE_MAX = 5


def _normalized(raw: int, count: int) -> Fraction:
    if count == 0:
        return Fraction(0)
    return Fraction(raw - count * SCALE_MIN, count * (SCALE_MAX - SCALE_MIN)) * 100


def score(*, statements: list[tuple[int, str]], answers: dict[int, int]) -> dict[str, Any]:
    """Scores of ``answers`` ({statement id: value}) for ``statements`` ([(id, group)]).

    Returns ``{"groups": [{"code", "count", "raw", "min", "max", "normalized",
    "strongly_agree", "rank"}] (R I A S E C order), "ranking": [codes], "holland_code": str,
    "ties": [[codes with equal normalized scores, in ranked order]],
    "tie_broken": bool (the tie rule decided the order or membership of the top three),
    "differentiation": float, "consistency": "high" | "medium" | "low"}``. Unanswered
    statements count as nothing (finish refuses them anyway)."""
    rows: dict[str, dict[str, Any]] = {
        code: {"code": code, "count": 0, "raw": 0, "strongly_agree": 0} for code in RIASEC
    }
    for statement_id, group in statements:
        row = rows[group]
        row["count"] += 1
        value = answers.get(statement_id)
        if value is not None:
            row["raw"] += value
            row["strongly_agree"] += value == SCALE_MAX
    exact = {code: _normalized(row["raw"], row["count"]) for code, row in rows.items()}
    ranking = sorted(RIASEC, key=lambda c: (-exact[c], -rows[c]["strongly_agree"], RIASEC.index(c)))
    for rank, code in enumerate(ranking, start=1):
        row = rows[code]
        row["min"] = row["count"] * SCALE_MIN
        row["max"] = row["count"] * SCALE_MAX
        row["normalized"] = round(float(exact[code]), 1)
        row["rank"] = rank
    ties: list[list[str]] = []
    for code in ranking:
        same = [c for c in ranking if exact[c] == exact[code]]
        if len(same) > 1 and same not in ties:
            ties.append(same)
    top = set(ranking[:3])
    tie_broken = any(set(tie) & top for tie in ties)
    normalized = [float(exact[c]) for c in RIASEC]
    return {
        "groups": [rows[code] for code in RIASEC],
        "ranking": ranking,
        "holland_code": "".join(ranking[:3]),
        "ties": ties,
        "tie_broken": bool(tie_broken),
        "differentiation": round(max(normalized) - min(normalized), 1),
        "consistency": consistency(ranking[0], ranking[1]),
    }


def consistency(first: str, second: str) -> str:
    """Holland's consistency of two letters from their distance on the R-I-A-S-E-C hexagon."""
    distance = abs(RIASEC.index(first) - RIASEC.index(second))
    distance = min(distance, len(RIASEC) - distance)
    return {1: "high", 2: "medium"}.get(distance, "low")
