"""The item analysis statistics (``item_analysis.stats``; issue 19, section 2): a small example
computed by hand with exact values, an independent computation on random data (scipy's
``pointbiserialr``, a textbook alpha and KR-20, Moodle's discriminative efficiency written out),
every flag, the histogram, and the reliability of per-learner forms."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from item_analysis import stats as item_stats
from item_analysis.stats import Item, analyse, option_flags, question_flags


def hand_example() -> dict:
    """The hand-computed example (learners A..E, questions Q1 single choice key a with options
    a/b/c, Q2 true/false key true, Q3 essay of 2 points; E left Q3 empty).

    Scores       Q1 Q2 Q3  total  rest(Q1) rest(Q2) rest(Q3)
      A           1  1  2     4       3        3        2
      B           1  0  2     3       2        3        1
      C (chose b) 0  1  1     2       2        1        1
      D           1  0  0     1       0        1        1
      E (chose c) 0  0  0     0       0        0        0

    Test: n = 5; mean = 10 / 5 = 2; median = 2; squared deviations 4, 1, 0, 1, 4 sum to 10, so
    sd = sqrt(10 / 4) = 1.5811 and the skewness is 0 (the totals are symmetric).
    Item variances (n - 1): Q1 mean 0.6, squares 3 x 0.16 + 2 x 0.36 = 1.2 -> 0.3; Q2 likewise
    0.3; Q3 mean 1, squares 1 + 1 + 0 + 1 + 1 = 4 -> 1.0; sum 1.6. Total variance 2.5.
    alpha = 3 / 2 x (1 - 1.6 / 2.5) = 1.5 x 0.36 = 0.54 (Q3 scored 1 of 2 once: "alpha", not
    KR-20); SEM = 1.5811 x sqrt(1 - 0.54) = sqrt(2.5 x 0.46) = sqrt(1.15) = 1.0724.
    Facility: Q1 3 / 5 = 0.6; Q2 2 / 5 = 0.4; Q3 (5 / 5) / 2 = 0.5.
    Item-rest r: Q1 deviations (0.4, 0.4, -0.6, 0.4, -0.6) x rest deviations from 1.4
    (1.6, 0.6, 0.6, -1.4, -1.4): cross sum 0.64 + 0.24 - 0.36 - 0.56 + 0.84 = 0.8; squares 1.2 and
    2.56 + 0.36 + 0.36 + 1.96 + 1.96 = 7.2; r = 0.8 / sqrt(8.64) = 0.2722. Q2 (rest mean 1.6):
    cross 0.84 - 0.56 - 0.36 + 0.24 + 0.64 = 0.8, squares 1.2 and 7.2: r = 0.2722. Q3 (rest mean
    1): item deviations (1, 1, 0, -1, -1), rest (1, 0, 0, 0, -1): cross 2, squares 4 and 2:
    r = 2 / sqrt(8) = 0.7071.
    Discriminative efficiency (Moodle): the same cross sum over the largest one, both columns
    sorted. Q1 sorted (0, 0, 1, 1, 1) and (0, 0, 2, 2, 3): 2 x 0.84 + 2 x 0.24 + 0.64 = 2.8 ->
    0.8 / 2.8 = 0.2857; Q2 sorted (0, 0, 0, 1, 1) and (0, 1, 1, 3, 3): 0.64 + 0.24 + 0.24 + 0.84 +
    0.84 = 2.8 -> 0.2857; Q3 sorted (0, 0, 1, 2, 2) and (0, 1, 1, 1, 2): 2 -> 1.0.
    Groups: round(0.27 x 5) = 1 attempt each: upper A (4), lower E (0). Upper-lower: Q1
    (1 - 0) / 1 = 1, Q2 1, Q3 (2 - 0) / 2 = 1. Omit rate: Q3 1 / 5 = 0.2, the others 0.
    Options of Q1: a 3 (0.6; upper 1, lower 0), b 1 (0.2; 0, 0), c 1 (0.2; upper 0, lower 1).
    Q2: true 2 (0.4; 1, 0), false 3 (0.6; 0, 1). No flag: facilities within 0.2-0.9, every r
    at least 0.2, every wrong option chosen, none more by the upper group.
    Histogram (maximum 4): one bin per score 0..4, one attempt each."""
    items = [
        Item(1, "single_choice", 1, ["a", "b", "c"], {"a"}),
        Item(2, "true_false", 1, ["true", "false"], {"true"}),
        Item(3, "essay", 2),
    ]
    scores = np.array([[1, 1, 2], [1, 0, 2], [0, 1, 1], [1, 0, 0], [0, 0, 0]], dtype=float)
    omitted = np.zeros(scores.shape, dtype=bool)
    omitted[4, 2] = True
    q1 = np.array([[1, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]], dtype=bool)
    q2 = np.array([[1, 0], [0, 1], [1, 0], [0, 1], [0, 1]], dtype=bool)
    return analyse(items=items, scores=scores, omitted=omitted, choices={0: q1, 1: q2}, max_total=4)


HAND_SUMMARY = {
    "n": 5,
    "question_count": 3,
    "form_length": None,
    "max_score": 4.0,
    "mean": 2.0,
    "median": 2.0,
    "sd": 1.5811,
    "skewness": 0.0,
    "histogram": [{"lower": float(s), "upper": float(s + 1), "count": 1} for s in range(5)],
    "alpha": 0.54,
    "coefficient": "alpha",
    "reliability_basis": "questions",
    "sem": 1.0724,
    "group_size": 1,
}
HAND_QUESTIONS = [
    # (facility, discrimination, efficiency, upper_lower, omit_rate)
    (0.6, 0.2722, 0.2857, 1.0, 0.0),
    (0.4, 0.2722, 0.2857, 1.0, 0.0),
    (0.5, 0.7071, 1.0, 1.0, 0.2),
]


def test_hand_computed_example_exact():
    result = hand_example()
    assert result["summary"] == HAND_SUMMARY
    for row, (facility, r, eff, ul, omit) in zip(result["questions"], HAND_QUESTIONS, strict=True):
        assert (
            row["facility"],
            row["discrimination"],
            row["efficiency"],
            row["upper_lower"],
            row["omit_rate"],
        ) == (
            facility,
            r,
            eff,
            ul,
            omit,
        )
        assert row["n"] == 5 and row["flags"] == []
    q1, q2, q3 = result["questions"]
    assert [
        (o["option_id"], o["count"], o["share"], o["upper_share"], o["lower_share"]) for o in q1["options"]
    ] == [
        ("a", 3, 0.6, 1.0, 0.0),
        ("b", 1, 0.2, 0.0, 0.0),
        ("c", 1, 0.2, 0.0, 1.0),
    ]
    assert [(o["option_id"], o["correct"], o["count"]) for o in q2["options"]] == [
        ("true", True, 2),
        ("false", False, 3),
    ]
    assert q3["options"] == []


# --- an independent computation on random data ---------------------------------------------------


def textbook_alpha(x: np.ndarray) -> float:
    """Cronbach (1951) from the covariance matrix C: k / (k - 1) x (1 - trace(C) / sum(C))."""
    c = np.cov(x, rowvar=False)
    k = x.shape[1]
    return k / (k - 1) * (1 - np.trace(c) / c.sum())


def textbook_kr20(x: np.ndarray) -> float:
    """Kuder-Richardson 20 with population variances: k / (k - 1) x (1 - sum p q / var(X))."""
    k = x.shape[1]
    p = x.mean(axis=0)
    return k / (k - 1) * (1 - (p * (1 - p)).sum() / x.sum(axis=1).var())


def moodle_efficiency(item: list[float], rest: list[float]) -> float:
    """Moodle's question statistics calculator, written out: covariance sums, then the same sum
    over the two sorted columns."""
    mi, mr = sum(item) / len(item), sum(rest) / len(rest)
    cov = sum((a - mi) * (b - mr) for a, b in zip(item, rest, strict=True))
    cov_max = sum((a - mi) * (b - mr) for a, b in zip(sorted(item), sorted(rest), strict=True))
    return cov / cov_max


def random_test(seed: int, n: int = 300, k: int = 12) -> tuple[np.ndarray, list[Item]]:
    """0/1 answers from a one-parameter logistic model (ability - difficulty), so the items
    correlate as real items do."""
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(n, 1))
    difficulty = rng.normal(size=(1, k))
    x = (rng.random((n, k)) < 1 / (1 + np.exp(-(ability - difficulty)))).astype(float)
    return x, [Item(j + 1, "true_false", 1) for j in range(k)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_data_against_an_independent_computation(seed):
    x, items = random_test(seed)
    n, k = x.shape
    result = analyse(items=items, scores=x, omitted=np.zeros(x.shape, bool), choices={}, max_total=k)
    s = result["summary"]
    totals = x.sum(axis=1)
    assert s["coefficient"] == "kr20"
    assert s["alpha"] == pytest.approx(textbook_alpha(x), abs=1e-4)
    assert s["alpha"] == pytest.approx(textbook_kr20(x), abs=1e-4)
    assert s["mean"] == pytest.approx(totals.mean(), abs=1e-4)
    assert s["sd"] == pytest.approx(math.sqrt(((totals - totals.mean()) ** 2).sum() / (n - 1)), abs=1e-4)
    m2, m3 = ((totals - totals.mean()) ** 2).mean(), ((totals - totals.mean()) ** 3).mean()
    g1 = m3 / m2**1.5 * math.sqrt(n * (n - 1)) / (n - 2)  # adjusted Fisher-Pearson
    assert s["skewness"] == pytest.approx(g1, abs=1e-4)
    assert s["sem"] == pytest.approx(s["sd"] * math.sqrt(1 - textbook_alpha(x)), abs=1e-3)
    assert sum(b["count"] for b in s["histogram"]) == n
    size = round(0.27 * n)
    order = sorted(range(n), key=lambda i: (totals[i], i))
    lower, upper = order[:size], order[-size:]
    for j, row in enumerate(result["questions"]):
        rest = totals - x[:, j]
        assert row["facility"] == pytest.approx(x[:, j].mean(), abs=1e-4)
        assert row["discrimination"] == pytest.approx(stats.pointbiserialr(x[:, j], rest).statistic, abs=1e-4)
        assert row["efficiency"] == pytest.approx(moodle_efficiency(list(x[:, j]), list(rest)), abs=1e-4)
        assert row["upper_lower"] == pytest.approx(x[upper, j].mean() - x[lower, j].mean(), abs=1e-4)


def test_polytomous_items_use_alpha_and_pearson():
    rng = np.random.default_rng(7)
    x = rng.integers(0, 4, size=(80, 6)).astype(float) + rng.integers(0, 2, size=(80, 1))
    items = [Item(j, "essay", 4) for j in range(6)]
    result = analyse(items=items, scores=x, omitted=np.zeros(x.shape, bool), choices={}, max_total=24)
    assert result["summary"]["coefficient"] == "alpha"
    assert result["summary"]["alpha"] == pytest.approx(textbook_alpha(x), abs=1e-4)
    totals = x.sum(axis=1)
    for j, row in enumerate(result["questions"]):
        assert row["discrimination"] == pytest.approx(np.corrcoef(x[:, j], totals - x[:, j])[0, 1], abs=1e-4)
        assert row["facility"] == pytest.approx(x[:, j].mean() / 4, abs=1e-4)


# --- per-learner forms -----------------------------------------------------------------------------


def test_per_learner_forms_take_alpha_over_positions():
    """Each learner answers 2 of 4 questions (a different draw): alpha over questions is
    undefined, so the positions are the items (as Moodle's random slots); facility and
    discrimination use the attempts that had each question."""
    nan = np.nan
    scores = np.array(
        [
            [1, nan, 1, nan],
            [nan, 1, nan, 1],
            [0, 0, nan, nan],
            [nan, nan, 0, 1],
            [1, nan, nan, 1],
            [nan, 0, 0, nan],
        ]
    )
    slots = np.array([[1, 1], [1, 1], [0, 0], [0, 1], [1, 1], [0, 0]], dtype=float)
    items = [Item(j, "true_false", 1) for j in range(4)]
    result = analyse(
        items=items,
        scores=scores,
        omitted=np.zeros(scores.shape, bool),
        choices={},
        max_total=2,
        slot_scores=slots,
    )
    s = result["summary"]
    assert s["reliability_basis"] == "positions" and s["form_length"] == 2
    assert s["alpha"] == pytest.approx(textbook_alpha(slots), abs=1e-4)
    assert [q["n"] for q in result["questions"]] == [3, 3, 3, 3]
    assert result["questions"][0]["facility"] == pytest.approx(2 / 3, abs=1e-4)
    unknown = analyse(
        items=items, scores=scores, omitted=np.zeros(scores.shape, bool), choices={}, max_total=2
    )
    assert unknown["summary"]["alpha"] is None and unknown["summary"]["sem"] is None
    assert unknown["summary"]["reliability_basis"] is None


def test_negative_alpha_has_no_sem():
    """Q1 and Q2 always disagree (one right, the other wrong), so the items covary negatively:
    alpha is negative and reported; its SEM is not (sd x sqrt(1 - alpha) would exceed the sd)."""
    x = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 1], [0, 1, 0], [1, 0, 0], [0, 1, 1]], dtype=float)
    result = analyse(
        items=[Item(j, "true_false", 1) for j in range(3)],
        scores=x,
        omitted=np.zeros(x.shape, bool),
        choices={},
        max_total=3,
    )
    assert result["summary"]["alpha"] == pytest.approx(textbook_alpha(x), abs=1e-4) and textbook_alpha(x) < 0
    assert result["summary"]["sem"] is None and result["summary"]["sd"] is not None


def test_histogram_bins():
    """One bin per whole score up to 20 points (9 and 10 of 10 apart); ten bins otherwise."""
    whole = item_stats.histogram(np.array([0, 9, 10, 10]), 10)
    assert (
        len(whole) == 11
        and whole[9]["count"] == 1
        and whole[10] == {"lower": 10.0, "upper": 11.0, "count": 2}
    )
    halves = item_stats.histogram(np.array([0.5, 4.5, 10.0]), 10)
    assert len(halves) == 10 and [b["count"] for b in halves][0] == 1 and halves[-1]["count"] == 1
    large = item_stats.histogram(np.array([0, 25, 50]), 50)
    assert len(large) == 10 and large[0]["upper"] == 5.0 and large[-1]["count"] == 1


def test_too_few_attempts_leave_figures_undefined():
    x = np.array([[1.0, 0.0]])
    result = analyse(
        items=[Item(1, "true_false", 1), Item(2, "true_false", 1)],
        scores=x,
        omitted=np.zeros(x.shape, bool),
        choices={},
        max_total=2,
    )
    s = result["summary"]
    assert (s["n"], s["sd"], s["skewness"], s["alpha"], s["sem"], s["group_size"]) == (
        1,
        None,
        None,
        None,
        None,
        0,
    )
    assert [q["discrimination"] for q in result["questions"]] == [None, None]
    assert [q["upper_lower"] for q in result["questions"]] == [None, None]


# --- flags ---------------------------------------------------------------------------------------


def flags_example() -> dict:
    """Ten learners, sorted from the strongest (row 0) to the weakest (row 9) by four "anchor"
    questions that discriminate well (Q5-Q8), and four questions under test:

    - Q1 (single choice, key a): everyone right: facility 1.0 -> too_easy; b and c chosen by
      nobody -> unused_distractor.
    - Q2 (true/false): only row 0 right: facility 0.1 -> too_hard.
    - Q3 (single choice a/b, key a): the weak are right, the strong choose b: a negative item-rest
      correlation -> negative_discrimination; b is chosen by the upper group and not the lower
      -> likely_key_error.
    - Q4 (true/false): right for rows 0, 2, 5, 7, 8: barely related to the rest ->
      low_discrimination (0 <= r < 0.2).
    """
    strong = np.array([4, 4, 3, 3, 2, 2, 1, 1, 0, 0])
    anchors = np.array([[1 if s > t else 0 for t in range(4)] for s in strong], dtype=float)
    q1 = np.ones(10)
    q2 = np.array([1, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=float)
    q3 = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1, 1], dtype=float)
    q4 = np.array([1, 0, 1, 0, 0, 1, 0, 1, 1, 0], dtype=float)
    scores = np.column_stack([q1, q2, q3, q4, anchors])
    items = [
        Item(1, "single_choice", 1, ["a", "b", "c"], {"a"}),
        Item(2, "true_false", 1, ["true", "false"], {"true"}),
        Item(3, "single_choice", 1, ["a", "b"], {"a"}),
        Item(4, "true_false", 1, ["true", "false"], {"true"}),
        *(Item(5 + j, "true_false", 1, ["true", "false"], {"true"}) for j in range(4)),
    ]
    choices = {
        0: np.column_stack([np.ones(10, bool), np.zeros(10, bool), np.zeros(10, bool)]),
        1: np.column_stack([q2 == 1, q2 == 0]),
        2: np.column_stack([q3 == 1, q3 == 0]),
        3: np.column_stack([q4 == 1, q4 == 0]),
    }
    for j in range(4):
        choices[4 + j] = np.column_stack([anchors[:, j] == 1, anchors[:, j] == 0])
    return analyse(
        items=items, scores=scores, omitted=np.zeros(scores.shape, bool), choices=choices, max_total=8
    )


def test_every_flag():
    rows = {q["question_id"]: q for q in flags_example()["questions"]}
    assert rows[1]["flags"] == ["too_easy", "unused_distractor"]
    assert rows[2]["flags"] == ["too_hard"]
    assert rows[3]["flags"] == ["negative_discrimination", "likely_key_error"]
    assert rows[3]["discrimination"] < 0
    assert rows[4]["flags"] == ["low_discrimination"] and 0 <= rows[4]["discrimination"] < 0.2
    assert all(rows[j]["flags"] == [] for j in (5, 6, 7)), [rows[j] for j in (5, 6, 7)]
    assert set(item_stats.FLAGS) == {f for q in rows.values() for f in q["flags"]}


@pytest.mark.parametrize(
    ("facility", "discrimination", "expected"),
    [
        (0.19, 0.3, ["too_hard"]),
        (0.2, 0.3, []),
        (0.9, 0.3, []),
        (0.91, 0.3, ["too_easy"]),
        (0.5, 0.2, []),
        (0.5, 0.1999, ["low_discrimination"]),
        (0.5, 0.0, ["low_discrimination"]),
        (0.5, -0.01, ["negative_discrimination"]),
        (0.5, None, []),
        (None, None, []),
    ],
)
def test_flag_thresholds(facility, discrimination, expected):
    assert question_flags(n=10, facility=facility, discrimination=discrimination, options=[]) == expected


def test_distractor_flags_need_answers_and_a_wrong_option():
    unused = {
        "option_id": "b",
        "correct": False,
        "count": 0,
        "share": 0.0,
        "upper_share": 0.0,
        "lower_share": 0.0,
    }
    keyed = {
        "option_id": "a",
        "correct": True,
        "count": 5,
        "share": 1.0,
        "upper_share": 1.0,
        "lower_share": 0.5,
    }
    assert question_flags(n=0, facility=None, discrimination=None, options=[unused]) == []
    assert question_flags(n=5, facility=None, discrimination=None, options=[unused]) == ["unused_distractor"]
    # the keyed option chosen more by the upper group is what a good question does
    assert question_flags(n=5, facility=None, discrimination=None, options=[keyed]) == []
    tied = {**unused, "count": 2, "upper_share": 0.5, "lower_share": 0.5}
    assert question_flags(n=5, facility=None, discrimination=None, options=[tied]) == []


def test_option_flags_name_the_option():
    """The question's distractor flags come from its options (``option_flags``), so the page can
    mark which option: Q1's b and c nobody chose; Q3's wrong b is preferred by the upper group."""
    rows = {q["question_id"]: q for q in flags_example()["questions"]}
    assert [option_flags(o, n=10) for o in rows[1]["options"]] == [
        [],
        ["unused_distractor"],
        ["unused_distractor"],
    ]
    assert [option_flags(o, n=10) for o in rows[3]["options"]] == [[], ["likely_key_error"]]
    nobody_keyed = {"correct": True, "count": 0, "upper_share": 0.0, "lower_share": 0.0}
    assert option_flags(nobody_keyed, n=10) == []  # the key is never a distractor
    both = {"correct": False, "count": 0, "upper_share": 0.5, "lower_share": 0.0}
    assert option_flags(both, n=10) == ["unused_distractor", "likely_key_error"]
    assert option_flags(both, n=0) == ["likely_key_error"]
