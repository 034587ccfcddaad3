"""Scoring on hand-computed answer sets (issue 8, item 4), including ties."""

from __future__ import annotations

from surveys import scoring


def _sheet(values: dict[str, list[int]]):
    """Statements numbered per group (R1..R8 -> ids 1..8, I -> 11..18, ...) and their answers."""
    statements, answers = [], {}
    for g_index, (group, row) in enumerate(values.items()):
        for i, value in enumerate(row):
            sid = g_index * 10 + i + 1
            statements.append((sid, group))
            answers[sid] = value
    return statements, answers


def _by_code(result):
    return {g["code"]: g for g in result["groups"]}


def test_raw_and_normalized_scores_and_code():
    statements, answers = _sheet(
        {
            "R": [1] * 8,  # 8 -> 0
            "I": [2] * 8,  # 16 -> 25
            "A": [3] * 8,  # 24 -> 50
            "S": [5] * 8,  # 40 -> 100
            "E": [4] * 8,  # 32 -> 75
            "C": [1, 2, 3, 4, 5, 1, 2, 3],  # 21 -> (21 - 8) / 32 = 40.625
        }
    )
    result = scoring.score(statements=statements, answers=answers)
    groups = _by_code(result)
    assert [(c, groups[c]["raw"], groups[c]["normalized"]) for c in "RIASEC"] == [
        ("R", 8, 0.0),
        ("I", 16, 25.0),
        ("A", 24, 50.0),
        ("S", 40, 100.0),
        ("E", 32, 75.0),
        ("C", 21, 40.6),
    ]
    assert groups["S"]["min"] == 8 and groups["S"]["max"] == 40 and groups["S"]["strongly_agree"] == 8
    assert result["ranking"] == ["S", "E", "A", "C", "I", "R"]
    assert result["holland_code"] == "SEA"
    assert [groups[c]["rank"] for c in "SEACIR"] == [1, 2, 3, 4, 5, 6]
    assert result["ties"] == [] and result["tie_broken"] is False
    assert result["differentiation"] == 100.0
    assert result["consistency"] == "high"  # S and E are neighbours on the hexagon


def test_tie_broken_by_strongly_agree_answers():
    statements, answers = _sheet(
        {
            "R": [5, 5, 1, 1, 3, 3, 3, 3],  # 24 -> 50, two "strongly agree"
            "I": [3] * 8,  # 24 -> 50, none
            "A": [5, 5, 5, 1, 1, 1, 3, 3],  # 24 -> 50, three
            "S": [2] * 8,  # 16 -> 25
            "E": [5, 4, 4, 4, 4, 4, 4, 4],  # 33 -> 78.125
            "C": [1] * 8,  # 0
        }
    )
    result = scoring.score(statements=statements, answers=answers)
    assert _by_code(result)["E"]["normalized"] == 78.1
    assert result["ranking"] == ["E", "A", "R", "I", "S", "C"]
    assert result["holland_code"] == "EAR"  # I is left out by the tie rule
    assert result["ties"] == [["A", "R", "I"]]
    assert result["tie_broken"] is True


def test_full_tie_falls_back_to_riasec_order():
    statements, answers = _sheet({code: [3] * 8 for code in "RIASEC"})
    result = scoring.score(statements=statements, answers=answers)
    assert result["holland_code"] == "RIA"
    assert result["ties"] == [list("RIASEC")] and result["tie_broken"] is True
    assert result["differentiation"] == 0.0


def test_equal_scores_and_equal_strong_answers_use_the_riasec_order():
    statements, answers = _sheet(
        {"R": [3] * 8, "I": [4] * 8, "A": [3] * 8, "S": [3] * 8, "E": [3] * 8, "C": [4] * 8}
    )
    result = scoring.score(statements=statements, answers=answers)
    assert result["holland_code"] == "ICR"
    assert result["ties"] == [["I", "C"], ["R", "A", "S", "E"]]
    assert result["consistency"] == "medium"  # I and C are two steps apart


def test_normalization_compares_groups_of_different_sizes():
    statements = [(1, "R"), (2, "R"), (3, "I"), (4, "I"), (5, "I"), (6, "I")]
    answers = {1: 5, 2: 4, 3: 4, 4: 4, 5: 4, 6: 5}  # R 9 of 2..10 -> 87.5; I 17 of 4..20 -> 81.25
    result = scoring.score(statements=statements, answers=answers)
    groups = _by_code(result)
    assert (groups["R"]["normalized"], groups["I"]["normalized"]) == (87.5, 81.2)
    assert result["ranking"][:2] == ["R", "I"]
    assert groups["A"]["count"] == 0 and groups["A"]["normalized"] == 0.0


def test_consistency_on_the_hexagon():
    assert scoring.consistency("R", "I") == "high"
    assert scoring.consistency("R", "C") == "high"
    assert scoring.consistency("R", "A") == "medium"
    assert scoring.consistency("R", "S") == "low"
    assert scoring.consistency("A", "C") == "low"
