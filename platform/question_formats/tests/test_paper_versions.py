"""Shuffled versions of a paper test (issue 36, item 3): exact keys, seeds, parts and groups."""

from __future__ import annotations

from question_formats.paper.versions import PaperQuestion, Part, paper_version, paper_versions, remapped_key


def single(pk: int, key: str = "c", group: str = "") -> PaperQuestion:
    options = tuple((oid, f"<p>{oid.upper()}{pk}</p>") for oid in "abcd")
    return PaperQuestion(
        id=pk, type="single_choice", stem=f"Q{pk}", options=options, answer_key={"option": key}, group=group
    )


def test_the_key_follows_its_option_in_every_version():
    question = single(1, key="c")
    for version in paper_versions([Part("", (question,))], count=10, seed=2026):
        printed = version.questions[0]
        letter = printed.key
        assert printed.options["ABCD".index(letter)][0] == "c"
    drawn = paper_versions([Part("", (question,))], count=4, seed=2026)
    assert [v.questions[0].key for v in drawn] == ["B", "B", "A", "A"]  # pinned: seed 2026 in any process
    assert [oid for oid, _html in drawn[0].questions[0].options] == ["b", "c", "a", "d"]


def test_multiple_choice_true_false_short_text_and_essay_keys():
    multiple = PaperQuestion(
        2, "multiple_choice", "M", tuple((o, o) for o in "abcd"), {"options": ["d", "a"]}
    )
    assert remapped_key(multiple, [("d", ""), ("b", ""), ("a", ""), ("c", "")]) == "A, C"
    assert remapped_key(PaperQuestion(3, "true_false", "T", (), {"value": False}), []) is False
    short = PaperQuestion(4, "short_text", "S", (), {"accepted": ["42", "bốn hai"]})
    assert remapped_key(short, []) == "42"
    assert remapped_key(PaperQuestion(5, "essay", "E", (), {"rubric": "x"}), []) is None
    assert remapped_key(single(6, key=""), list(single(6).options)) is None


def test_the_same_seed_gives_the_same_versions_and_another_seed_others():
    parts = [Part("", tuple(single(pk) for pk in range(1, 9)))]
    first = paper_versions(parts, count=3, seed=11)
    assert first == paper_versions(parts, count=3, seed=11)
    assert [v.code for v in first] == [101, 102, 103]
    assert [q.question.id for q in first[0].questions] == [
        q.question.id for q in paper_version(parts, seed=11, code=101).questions
    ]
    other = paper_versions(parts, count=3, seed=12)
    assert [[q.question.id for q in v.questions] for v in other] != [
        [q.question.id for q in v.questions] for v in first
    ]
    # Version 102 is the same whether 2 or 5 versions are asked for.
    assert paper_versions(parts, count=2, seed=11)[1] == paper_versions(parts, count=5, seed=11)[1]


def test_questions_stay_in_their_part_and_numbers_run_across_parts():
    algebra = Part("PHẦN I. Toán", tuple(single(pk) for pk in range(1, 6)))
    physics = Part("PHẦN II. Vật lí", tuple(single(pk) for pk in range(6, 10)))
    for version in paper_versions([algebra, physics], count=6, seed=3):
        (t1, first), (t2, second) = version.parts
        assert (t1, t2) == ("PHẦN I. Toán", "PHẦN II. Vật lí")
        assert sorted(q.question.id for q in first) == [1, 2, 3, 4, 5]
        assert sorted(q.question.id for q in second) == [6, 7, 8, 9]
        assert [q.number for q in version.questions] == list(range(1, 10))
    orders = {
        tuple(q.question.id for q in v.questions) for v in paper_versions([algebra, physics], count=6, seed=3)
    }
    assert len(orders) > 1


def test_a_shared_stimulus_keeps_its_questions_together_in_their_order():
    questions = (
        single(1),
        single(2, group="doc-1"),
        single(3, group="doc-1"),
        single(4),
        single(5, group="doc-1"),
        single(6),
    )
    seen_positions = set()
    for version in paper_versions([Part("", questions)], count=10, seed=99):
        ids = [q.question.id for q in version.questions]
        start = ids.index(2)
        assert ids[start : start + 3] == [2, 3, 5]
        seen_positions.add(start)
    assert len(seen_positions) > 1  # the group itself moves


def test_a_formula_mathtext_cannot_read_is_printed_as_its_source(tmp_path):
    from reportlab.lib.styles import ParagraphStyle

    from question_formats.paper.formulas import FormulaRenderer
    from question_formats.paper.markup import PdfContext, Pictures, pdf_flowables

    formulas = FormulaRenderer(tmp_path, size=11)
    half = formulas.render(r"\tfrac{1}{2}")
    assert half is not None and half.path.read_bytes()[:4] == b"\x89PNG" and half.depth > 0
    assert formulas.render(r"\begin{cases}x\\y\end{cases}") is None
    for short in (r"x \ge 0", r"x \le 3", r"a \lt b \gt c", r"p \implies q \iff r \land s \lor \lnot t"):
        assert formulas.render(short) is not None, short
    assert formulas.render(r"\left( x \right)") is not None  # \left is not \le
    ctx = PdfContext(ParagraphStyle("p"), 400, formulas, Pictures(tmp_path))
    [paragraph] = pdf_flowables(
        r"Hệ $\begin{cases}x\\y\end{cases}$ và $\tfrac{1}{2}$", ctx, lead="<b>Câu 1.</b>"
    )
    assert paragraph.text.startswith(r"<b>Câu 1.</b> Hệ $\begin{cases}x\\y\end{cases}$ và <img src=")


def test_a_true_false_set_keeps_its_statements_in_order_and_a_numeric_answer_its_value():
    """Issue 39: a set's statements print as its options, never shuffled, labelled a) to d); its
    key lists each statement's Đ/S; a numeric answer's key is its first accepted value."""
    from django.utils import translation

    from question_formats.paper.pdf import answer_lines, key_text
    from question_formats.paper.versions import option_label

    statements = tuple((s, f"<p>{s}</p>") for s in "abcd")
    tfs = PaperQuestion(
        7, "true_false_set", "S", statements, {"statements": {"a": True, "b": False, "c": True, "d": False}}
    )
    numeric = PaperQuestion(8, "numeric", "N", (), {"accepted": ["-1,5", "1,5"]})
    for version in paper_versions([Part("", (tfs, numeric))], count=6, seed=5):
        printed = {q.question.id: q for q in version.questions}
        assert printed[7].options == statements and printed[7].key == "TFTF"
        assert printed[8].key == "-1,5"
    assert [option_label("true_false_set", i) for i in range(2)] == ["a)", "b)"]
    assert option_label("single_choice", 1) == "B."
    with translation.override("vi"):
        assert key_text(printed[7]) == "a) Đ, b) S, c) Đ, d) S"
        assert key_text(printed[8]) == "-1,5" and len(answer_lines(printed[8])) == 1
    with translation.override("en"):
        assert key_text(printed[7]) == "a) T, b) F, c) T, d) F"
