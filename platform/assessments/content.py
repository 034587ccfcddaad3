"""Shapes of a question's content and answer key (issue 17, item 5): the request parts that
``services.questions`` reads (``_normalize_content``, ``_normalize_key``) and the stored values the
API returns (``QuestionOut``, and any app that sends a key, such as grading).

Requests are as lenient as that service: any part may be missing in a draft, and the service
cleans the HTML and names what is wrong in a 400 field error (``content.options.0.id``,
``answer_key.option``, ``answer_key.max_score``). A value of the wrong JSON type is a 422 from the
schema (for a key, the field is named under its shape: ``answer_key.true_false.value``).
Responses are exactly what is stored. The answer key's shape depends on the question's ``type``,
a sibling field, so a key is a union told apart by its own fields (``answer_key_kind``); the
service checks it against the type and keeps only what the type uses.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from ninja import Schema
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Strict, Tag


class _JsonIn(BaseModel):
    """A part of a JSON body: an object, nothing else (a Ninja ``Schema`` also reads attributes,
    which would let a string through as an object with every field missing)."""


class QuestionTextIn(_JsonIn):
    """A text in both languages (an HTML subset, math as LaTeX between $...$); missing = ""."""

    vi: str | None = None
    en: str | None = None


class QuestionOptionIn(_JsonIn):
    """An option of a choice question: ``id`` unique in the question (the answer key names it;
    400 on ``content.options.N.id`` when missing or repeated), its text in both languages."""

    id: str | None = None
    vi: str | None = None
    en: str | None = None


class QuestionStatementIn(_JsonIn):
    """A statement of a true/false set (phần II, ý a), b)...): ``id`` unique in the question, at
    most ``matching.STATEMENT_ID_MAX`` characters (the key and the answers name it; 400 on
    ``content.statements.N.id`` otherwise), its text in both languages (HTML subset, math)."""

    id: str | None = None
    vi: str | None = None
    en: str | None = None


class QuestionContentIn(_JsonIn):
    """A question's content: ``stem``, ``options`` (choice types; at most
    ``services.questions.MAX_OPTIONS``, 400 on ``content.options`` beyond), ``explanation``, and
    for the national exam's types (issue 39, decision 0055) a true/false set's ``statements``
    (2 to 6; 400 on ``content.statements`` beyond 6) and a numeric answer's ``rounding``
    instruction (plain text, at most ``services.questions.ROUNDING_MAX`` characters a language).
    The service keeps ``statements`` only for a true/false set, ``rounding`` only for a numeric
    answer."""

    stem: QuestionTextIn | None = None
    options: list[QuestionOptionIn] | None = None
    explanation: QuestionTextIn | None = None
    statements: list[QuestionStatementIn] | None = None
    rounding: QuestionTextIn | None = None


class StimulusContentIn(_JsonIn):
    """A shared stimulus' content (decision 0054): its ``title`` and ``body`` (the passage, table
    or figure) in both languages; ``services.stimuli`` cleans the HTML and caps each text (400 on
    ``content.title.vi``...)."""

    title: QuestionTextIn | None = None
    body: QuestionTextIn | None = None


ANSWER_KEY_FIELDS = {
    "option": "single_choice",
    "options": "multiple_choice",
    "value": "true_false",
    "accepted": "short_text",
    "case_sensitive": "short_text",
    "diacritic_sensitive": "short_text",
    "rubric": "essay",
    "max_score": "essay",
    "statements": "true_false_set",
    "scoring_table": "true_false_set",
}
"""Which question type's answer key a field belongs to (``Question.Type`` values). A key of
``accepted`` alone is a numeric answer's (``answer_key_kind``)."""
SHORT_TEXT_FLAGS = ("case_sensitive", "diacritic_sensitive")


def answer_key_kind(value: Any) -> str | None:
    """The tag of an answer key's shape: the question type of its first field named in
    ``ANSWER_KEY_FIELDS``, ``"none"`` for a key without any (a draft's ``{}``), ``None`` (422)
    for a value that is not an object. A typed key answers its own ``kind``."""
    if isinstance(value, BaseModel):
        return value.kind
    if not isinstance(value, dict):
        return None
    kind = next((ANSWER_KEY_FIELDS[k] for k in value if k in ANSWER_KEY_FIELDS), "none")
    if kind == "short_text" and not any(flag in value for flag in SHORT_TEXT_FLAGS):
        return "numeric"  # {"accepted": [...]} without a short text's comparison flags
    return kind


class SingleChoiceAnswerKeyIn(_JsonIn):
    """single_choice: the correct option's ``id`` ("" or missing: not chosen yet)."""

    kind: ClassVar[str] = "single_choice"
    option: str | None


class MultipleChoiceAnswerKeyIn(_JsonIn):
    """multiple_choice: the ids of every correct option."""

    kind: ClassVar[str] = "multiple_choice"
    options: list[str] | None


class TrueFalseAnswerKeyIn(_JsonIn):
    """true_false: whether the statement is true (missing: not chosen yet)."""

    kind: ClassVar[str] = "true_false"
    value: bool | None


class ShortTextAnswerKeyIn(_JsonIn):
    """short_text: the accepted answers (blank ones dropped) and how they are compared
    (``assessments.matching.short_text_matches``)."""

    kind: ClassVar[str] = "short_text"
    accepted: list[str] | None = None
    case_sensitive: bool | None = None
    diacritic_sensitive: bool | None = None


class EssayAnswerKeyIn(_JsonIn):
    """essay: the grading rubric (HTML subset) and the maximum score (above 0, at most 1000;
    400 on ``answer_key.max_score`` otherwise)."""

    kind: ClassVar[str] = "essay"
    rubric: str | None = None
    max_score: float | None = None


KEY_STATEMENTS_MAX = 50
"""Judged statements a request's key may name (the service allows ``STATEMENTS_MAX``)."""
SCORING_TABLE_MAX = 50
"""Fractions a request's scoring table may hold (the service wants one per count, at most 7)."""
ACCEPTED_MAX = 100
"""Accepted values a request's numeric key may hold (the service keeps ``NUMERIC_ACCEPTED_MAX``)."""


class TrueFalseSetAnswerKeyIn(_JsonIn):
    """true_false_set (phần II): each statement's id with whether it is true (Đúng) or false
    (Sai); ``scoring_table`` the fraction of the points for 0, 1, ... statements judged right
    (decimals as strings or numbers: "0.25"; non-decreasing, from 0 to 1, ending at 1; 400 on
    ``answer_key.scoring_table`` otherwise, ``matching.scoring_table_error``). Missing: the
    default for the count (``matching.default_scoring_table``, the Ministry's for four)."""

    kind: ClassVar[str] = "true_false_set"
    statements: (
        Annotated[dict[str, Annotated[bool, Strict()]], Field(max_length=KEY_STATEMENTS_MAX)] | None
    ) = None
    scoring_table: Annotated[list[str | float], Field(max_length=SCORING_TABLE_MAX)] | None = None


class NumericAnswerKeyIn(_JsonIn):
    """numeric (phần III): the accepted values as the answer sheet writes them ("0,5", "-2";
    "0.5" and the Unicode minus are read too, ``matching.sheet_number``; 400 on
    ``answer_key.accepted.N`` for a value the four cells cannot hold). Blank ones dropped."""

    kind: ClassVar[str] = "numeric"
    accepted: Annotated[list[str], Field(max_length=ACCEPTED_MAX)] | None = None


class EmptyAnswerKeyIn(_JsonIn):
    """``{}``: no answer yet (a draft). Closed: a key whose fields belong to no question type is
    refused (422 naming the field), not silently emptied."""

    model_config = ConfigDict(extra="forbid")

    kind: ClassVar[str] = "none"


AnswerKeyIn = Annotated[
    Annotated[SingleChoiceAnswerKeyIn, Tag("single_choice")]
    | Annotated[MultipleChoiceAnswerKeyIn, Tag("multiple_choice")]
    | Annotated[TrueFalseAnswerKeyIn, Tag("true_false")]
    | Annotated[ShortTextAnswerKeyIn, Tag("short_text")]
    | Annotated[EssayAnswerKeyIn, Tag("essay")]
    | Annotated[TrueFalseSetAnswerKeyIn, Tag("true_false_set")]
    | Annotated[NumericAnswerKeyIn, Tag("numeric")]
    | Annotated[EmptyAnswerKeyIn, Tag("none")],
    Discriminator(answer_key_kind),
]
"""A request's answer key, one shape per question type (see ``answer_key_kind``)."""

ANSWER_KEY_IN_BY_TYPE: dict[str, type[_JsonIn]] = {
    "single_choice": SingleChoiceAnswerKeyIn,
    "multiple_choice": MultipleChoiceAnswerKeyIn,
    "true_false": TrueFalseAnswerKeyIn,
    "short_text": ShortTextAnswerKeyIn,
    "essay": EssayAnswerKeyIn,
    "true_false_set": TrueFalseSetAnswerKeyIn,
    "numeric": NumericAnswerKeyIn,
}
"""The request shape of a key when the question's type is known already (a key correction after the
exam, decision 0058: the type of a version never changes), so no tag is read from the key."""


class _Complete(Schema):
    """A response part whose fields with defaults are always sent (required in OpenAPI)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class QuestionTextOut(_Complete):
    """A text in both languages as stored (sanitized HTML); "" when not written."""

    vi: str = ""
    en: str = ""


class QuestionOptionOut(_Complete):
    id: str
    vi: str = ""
    en: str = ""


class QuestionStatementOut(_Complete):
    """A statement of a true/false set, in its shown order (a), b)...: never shuffled)."""

    id: str
    vi: str = ""
    en: str = ""


class QuestionContentOut(_Complete):
    """A question's content as stored (``services.questions._normalize_content``); a true/false
    set's ``statements`` and a numeric answer's ``rounding`` instruction (plain text) are empty
    for the other types (issue 39)."""

    stem: QuestionTextOut = QuestionTextOut()
    options: list[QuestionOptionOut] = []
    explanation: QuestionTextOut = QuestionTextOut()
    statements: list[QuestionStatementOut] = []
    rounding: QuestionTextOut = QuestionTextOut()


class StimulusContentOut(_Complete):
    """A shared stimulus' content as stored (``services.stimuli``)."""

    title: QuestionTextOut = QuestionTextOut()
    body: QuestionTextOut = QuestionTextOut()


class SingleChoiceAnswerKeyOut(Schema):
    kind: ClassVar[str] = "single_choice"
    option: str


class MultipleChoiceAnswerKeyOut(Schema):
    kind: ClassVar[str] = "multiple_choice"
    options: list[str]


class TrueFalseAnswerKeyOut(Schema):
    kind: ClassVar[str] = "true_false"
    value: bool


class ShortTextAnswerKeyOut(_Complete):
    kind: ClassVar[str] = "short_text"
    accepted: list[str] = []
    case_sensitive: bool = False
    diacritic_sensitive: bool = False


def _absent(value: Any) -> bool:
    return value is None


class EssayAnswerKeyOut(Schema):
    """essay: ``max_score`` is left out (not null) until the author gives one."""

    kind: ClassVar[str] = "essay"
    rubric: str
    max_score: float = Field(default=None, exclude_if=_absent)


class TrueFalseSetAnswerKeyOut(Schema):
    """true_false_set: ``{statement id: true/false}`` (a draft may judge only some) and the
    scoring table as decimal strings, one per count of statements right (decision 0055)."""

    kind: ClassVar[str] = "true_false_set"
    statements: dict[str, bool]
    scoring_table: list[str]


class NumericAnswerKeyOut(Schema):
    """numeric: the accepted values as the sheet writes them ("0,5", "-2")."""

    kind: ClassVar[str] = "numeric"
    accepted: list[str]


class EmptyAnswerKeyOut(Schema):
    """``{}``: a draft without an answer yet (closed, so that it is the one shape ``{}`` fits)."""

    model_config = ConfigDict(extra="forbid")
    kind: ClassVar[str] = "none"


AnswerKeyOut = Annotated[
    Annotated[SingleChoiceAnswerKeyOut, Tag("single_choice")]
    | Annotated[MultipleChoiceAnswerKeyOut, Tag("multiple_choice")]
    | Annotated[TrueFalseAnswerKeyOut, Tag("true_false")]
    | Annotated[ShortTextAnswerKeyOut, Tag("short_text")]
    | Annotated[EssayAnswerKeyOut, Tag("essay")]
    | Annotated[TrueFalseSetAnswerKeyOut, Tag("true_false_set")]
    | Annotated[NumericAnswerKeyOut, Tag("numeric")]
    | Annotated[EmptyAnswerKeyOut, Tag("none")],
    Discriminator(answer_key_kind),
]
"""A stored answer key, one shape per question type (the question's ``type`` says which; also
for other apps that send a key, such as grading)."""
