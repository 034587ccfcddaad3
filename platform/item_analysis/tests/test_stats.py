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


# --- partial credit (issue 39, item 3; decision 0059) -------------------------------------------


def test_partial_credit_hand_computed():
    """A true/false set scored by the Ministry's table (phần II: 4, 3, 2, 1 statements right give
    1, 0.5, 0.25, 0.1 of its point), a single choice and a numeric answer, five learners:

    Scores      Q1 (set)  Q2  Q3  total  rest(Q1)
      A           1        1   1   3        2
      B           0.5      1   0   1.5      1
      C           0.25     0   1   1.25     1
      D           0.1      1   0   1.1      1
      E           0        0   0   0        0

    Facility Q1 = (1 + 0.5 + 0.25 + 0.1 + 0) / 5 / 1 = 0.37 (mean score over points).
    Item-rest r of Q1: item deviations from 0.37 are 0.63, 0.13, -0.12, -0.27, -0.37 (squares
    sum 0.3969 + 0.0169 + 0.0144 + 0.0729 + 0.1369 = 0.638); rest deviations from 1 are 1, 0,
    0, 0, -1 (squares 2); cross sum 0.63 + 0.37 = 1; r = 1 / sqrt(0.638 x 2) = 0.8853.
    Alpha: item variances (n - 1) 0.638 / 4 = 0.1595, Q2 (mean 0.6) 1.2 / 4 = 0.3, Q3 (mean
    0.4) 1.2 / 4 = 0.3, sum 0.7595; totals' mean 1.37, deviations 1.63, 0.13, -0.12, -0.27,
    -1.37, squares sum 2.6569 + 0.0169 + 0.0144 + 0.0729 + 1.8769 = 4.638, variance 1.1595;
    alpha = 3 / 2 x (1 - 0.7595 / 1.1595) = 1.5 x 0.4 / 1.1595 = 0.5175 (Cronbach's: Q1 is not
    scored 0 or full, so not KR-20)."""
    scores = np.array([[1, 1, 1], [0.5, 1, 0], [0.25, 0, 1], [0.1, 1, 0], [0, 0, 0]])
    items = [Item(1, "true_false_set", 1), Item(2, "single_choice", 1), Item(3, "numeric", 1)]
    result = analyse(
        items=items, scores=scores, omitted=np.zeros(scores.shape, bool), choices={}, max_total=3
    )
    q1 = result["questions"][0]
    assert (q1["facility"], q1["discrimination"]) == (0.37, 0.8853)
    assert (result["summary"]["alpha"], result["summary"]["coefficient"]) == (0.5175, "alpha")
    assert result["summary"]["alpha"] == pytest.approx(textbook_alpha(scores), abs=1e-4)


def test_right_or_wrong_items_keep_todays_figures():
    """For items scored 0 or full, facility is the proportion right (a 2-point item scored 0 or
    2 too) and alpha is KR-20. Four learners, three items:

        1 1 1   (total 3)
        1 1 0   (2)
        1 0 0   (1)
        0 0 0   (0)

    p = 0.75, 0.5, 0.25; sum p q = 0.1875 + 0.25 + 0.1875 = 0.625; the totals' population
    variance (0 1 2 3) is 1.25; KR-20 = 3 / 2 x (1 - 0.625 / 1.25) = 0.75."""
    x = np.array([[1, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 0]], dtype=float)
    result = analyse(
        items=[Item(j, "single_choice", 1) for j in range(3)],
        scores=x,
        omitted=np.zeros(x.shape, bool),
        choices={},
        max_total=3,
    )
    assert (result["summary"]["alpha"], result["summary"]["coefficient"]) == (0.75, "kr20")
    assert textbook_kr20(x) == pytest.approx(0.75) and textbook_alpha(x) == pytest.approx(0.75)
    assert [q["facility"] for q in result["questions"]] == [0.75, 0.5, 0.25]
    doubled = analyse(
        items=[Item(j, "essay", 2) for j in range(3)],
        scores=x * 2,
        omitted=np.zeros(x.shape, bool),
        choices={},
        max_total=6,
    )
    proportion_right = [float((x[:, j] * 2 == 2).mean()) for j in range(3)]
    assert [q["facility"] for q in doubled["questions"]] == proportion_right == [0.75, 0.5, 0.25]
    assert [q["discrimination"] for q in doubled["questions"]] == [
        q["discrimination"] for q in result["questions"]
    ]
    assert (doubled["summary"]["alpha"], doubled["summary"]["coefficient"]) == (0.75, "kr20")


STRENGTH = [4, 4, 3, 3, 2, 2, 1, 1, 0, 0]
"""Ten learners' right answers among four anchor questions (the first ``strength`` of them)."""


def anchored(item: Item, column: np.ndarray, **inputs) -> dict:
    """``analyse`` of four anchor questions (``STRENGTH``) and ``item`` (scores ``column``),
    the item last; ``inputs`` (judgements, typed) are keyed by the item's column 4."""
    anchors = np.array([[1.0 if s > t else 0.0 for t in range(4)] for s in STRENGTH])
    scores = np.column_stack([anchors, column])
    omitted = np.zeros(scores.shape, bool)
    omitted[:, 4] = [all(v is None for v in row) for row in inputs.pop("blank_rows")]
    items = [Item(10 + t, "true_false", 1) for t in range(4)] + [item]
    return analyse(items=items, scores=scores, omitted=omitted, choices={}, max_total=5, **inputs)


T, F, B = 1, 0, -1  # judged Đúng, judged Sai, left unanswered
JUDGED = np.array(
    [
        [T, F, T, F],  # row 0: 4 right -> 1
        [T, F, T, T],  # 3 -> 0.5
        [T, F, F, F],  # 3
        [T, T, T, F],  # 3
        [T, F, B, F],  # 3 (c unanswered)
        [F, F, T, F],  # 3
        [T, T, F, T],  # 1 -> 0.1
        [F, T, F, F],  # 1
        [B, B, B, B],  # 0, left empty
        [F, T, F, T],  # 0
    ]
)
SET_SCORES = np.array([1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.1, 0.1, 0, 0])


def set_example(key: list[bool]) -> dict:
    item = Item(5, "true_false_set", 1, statement_ids=["a", "b", "c", "d"], statement_key=key)
    blank = [[None] * 4 if all(v == B for v in row) else list(row) for row in JUDGED]
    return anchored(item, SET_SCORES, judgements={4: JUDGED.astype(np.int8)}, blank_rows=blank)


def test_true_false_set_statements():
    """Key a) Đúng, b) Sai, c) Đúng, d) Sai (rows in ``JUDGED``). Totals (anchors + the set's
    score): 5, 4.5, 3.5, 3.5, 2.5, 2.5, 1.1, 1.1, 0, 0; groups of round(0.27 x 10) = 3 by a
    stable sort: lower rows 8, 9, 6, upper rows 3, 1, 0.

    a) right in rows 0, 1, 2, 3, 4, 6 (6 of 10: 0.6), Sai in 5, 7, 9 (3), unanswered in 8;
       upper 3 of 3 right (1.0), lower row 6 (0.3333); the other judgement: upper 0, lower 1.
    b) right (Sai) in 0, 1, 2, 4, 5 (0.5), Đúng in 3, 6, 7, 9 (4), unanswered 8; upper rows 0, 1
       (0.6667), lower none (0.0); other judgement upper 1 (row 3), lower 2 (rows 6, 9).
    c) right in 0, 1, 3, 5 (0.4), Sai in 2, 6, 7, 9, unanswered 4 and 8 (an unanswered statement
       is not right); upper 1.0, lower 0.0; other judgement upper 0, lower 2.
    d) right in 0, 2, 3, 4, 5, 7 (0.6), Đúng in 1, 6, 9, unanswered 8; upper rows 0, 3
       (0.6667), lower 0.0; other judgement upper 1, lower 2.
    Statements right per attempt: 4, 3, 3, 3, 3, 3, 1, 1, 0, 0 -> [2, 2, 0, 5, 1] for 0..4.
    The set's facility is its mean score: 3.7 / 10 = 0.37. No statement is a likely key error."""
    q = set_example([True, False, True, False])["questions"][4]
    assert q["facility"] == 0.37 and q["right_counts"] == [2, 2, 0, 5, 1]
    assert [
        (
            s["statement_id"],
            s["key"],
            s["right"],
            s["wrong"],
            s["blank"],
            s["facility"],
            s["upper_facility"],
            s["lower_facility"],
            s["upper_wrong"],
            s["lower_wrong"],
            s["flags"],
        )
        for s in q["statements"]
    ] == [
        ("a", True, 6, 3, 1, 0.6, 1.0, 0.3333, 0, 1, []),
        ("b", False, 5, 4, 1, 0.5, 0.6667, 0.0, 1, 2, []),
        ("c", True, 4, 4, 2, 0.4, 1.0, 0.0, 0, 2, []),
        ("d", False, 6, 3, 1, 0.6, 0.6667, 0.0, 1, 2, []),
    ]
    assert q["flags"] == [] and q["options"] == [] and q["wrong_answers"] == []


def test_a_statement_keyed_the_other_way_is_a_likely_key_error():
    """The same judgements with b) keyed Đúng: its other judgement (Sai) is given by rows 0 and 1
    of the upper group (2 of 3) and by none of the lower: the statement and the set carry
    ``likely_key_error``; b)'s facility is now 4 / 10, upper 1 / 3, lower 2 / 3."""
    q = set_example([True, True, True, False])["questions"][4]
    b = q["statements"][1]
    assert (b["facility"], b["upper_facility"], b["lower_facility"]) == (0.4, 0.3333, 0.6667)
    assert (b["upper_wrong"], b["lower_wrong"], b["flags"]) == (2, 0, ["likely_key_error"])
    assert [s["flags"] for s in q["statements"]] == [[], ["likely_key_error"], [], []]
    assert "likely_key_error" in q["flags"]


TYPED = np.array(["0,25", "0,25", "0.25", "0,5", "1/4", " 1/4", "0,5", "2", "2", None], dtype=object)


def numeric_example() -> dict:
    item = Item(5, "numeric", 1, accepted=["0,5"])
    right = np.array([1.0 if t == "0,5" else 0.0 for t in TYPED])
    return anchored(item, right, typed={4: TYPED.copy()}, blank_rows=[[t] for t in TYPED])


def test_numeric_wrong_answers_grouped_and_flagged():
    """Key 0,5; answers in ``TYPED``. Totals (anchors + the numeric score): 4, 4, 3, 4, 2, 2, 2,
    1, 0, 0; stable sort: lower rows 8, 9, 7, upper rows 0, 1, 3.

    - "0,25" (rows 0 and 1) and "0.25" (row 2) are one answer "0,25": 3 (0.3), upper 2 of 3
      (0.6667), lower 0: more by the upper group, by two of it: likely key error;
    - "1/4" (row 4) and " 1/4" (row 5) are not sheet numbers: grouped as typed, blanks dropped:
      "1/4", 2 (0.2), in neither group;
    - "2" (rows 7 and 8): 2, upper 0, lower 2 of 3 (0.6667);
    - "0,5" is right (rows 3 and 6); row 9 left it empty (omitted, not a wrong answer).
    "1/4" and "2" are tied on count and upper count: by the answer, "1/4" first."""
    q = numeric_example()["questions"][4]
    assert q["accepted"] == ["0,5"] and q["other_wrong"] == 0
    assert q["wrong_answers"] == [
        {
            "answer": "0,25",
            "valid": True,
            "count": 3,
            "share": 0.3,
            "upper_count": 2,
            "lower_count": 0,
            "upper_share": 0.6667,
            "lower_share": 0.0,
            "flags": ["likely_key_error"],
        },
        {
            "answer": "1/4",
            "valid": False,
            "count": 2,
            "share": 0.2,
            "upper_count": 0,
            "lower_count": 0,
            "upper_share": 0.0,
            "lower_share": 0.0,
            "flags": [],
        },
        {
            "answer": "2",
            "valid": True,
            "count": 2,
            "share": 0.2,
            "upper_count": 0,
            "lower_count": 2,
            "upper_share": 0.0,
            "lower_share": 0.6667,
            "flags": [],
        },
    ]
    assert "likely_key_error" in q["flags"] and q["omit_rate"] == 0.1 and q["facility"] == 0.2


def test_only_the_most_frequent_wrong_answers_are_listed(monkeypatch):
    monkeypatch.setattr(item_stats, "WRONG_ANSWERS_SHOWN", 1)
    q = numeric_example()["questions"][4]
    assert [w["answer"] for w in q["wrong_answers"]] == ["0,25"] and q["other_wrong"] == 4


@pytest.mark.parametrize(
    ("text", "group"),
    [("0.5", ("0,5", True)), (",5", ("0,5", True)), ("0,50", ("0,5", True)), ("\u22122", ("-2", True))],
)
def test_numeric_group_reads_as_the_sheet(text, group):
    assert item_stats.numeric_group(text) == group
    assert item_stats.numeric_group(" 1/4 ") == ("1/4", False)


@pytest.mark.parametrize(
    ("upper_share", "lower_share", "upper_count", "suspected"),
    [
        (0.6667, 0.0, 2, True),
        (0.3333, 0.0, 1, False),  # one strong learner's slip
        (0.5, 0.5, 4, False),  # as many in each group
        (0.2, 0.4, 3, False),
        (0.5, 0.0, None, True),  # figures stored before issue 39: no count
        (None, 0.0, 3, False),
    ],
)
def test_key_error_rule(upper_share, lower_share, upper_count, suspected):
    assert (
        item_stats.key_error_suspected(
            upper_share=upper_share, lower_share=lower_share, upper_count=upper_count
        )
        is suspected
    )


def test_too_few_attempts_below_thirty():
    assert item_stats.MIN_ATTEMPTS == 30
    assert [item_stats.too_few(n) for n in (0, 3, 29, 30, 31)] == [True, True, True, False, False]
