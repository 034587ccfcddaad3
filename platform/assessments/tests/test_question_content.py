"""Typed question content and answer keys (issue 17, item 5): what a client sends is read per
question type, what it gets back is exactly what is stored, and OpenAPI describes both."""

from __future__ import annotations

from typing import Any

import pytest

from assessments.schemas import QUESTION_CONTENT_MAX
from assessments.tests.test_authoring_api import make_bank, post, subject_id

pytestmark = pytest.mark.django_db

# a true/false set's statements and a numeric answer's rounding (issue 39) are empty for the others
NEW_TYPE_PARTS = {"statements": [], "rounding": {"vi": "", "en": ""}}
EMPTY_CONTENT = {
    "stem": {"vi": "Câu hỏi", "en": ""},
    "options": [],
    "explanation": {"vi": "", "en": ""},
    **NEW_TYPE_PARTS,
}
CHOICES = [
    {"id": "a", "vi": "1", "en": "one"},
    {"id": "b", "vi": "2", "en": ""},
    {"id": "c", "vi": "3", "en": ""},
]


def _draft(client, bank_id: int, qtype: str, key: Any, content: dict | None = None):
    body = {
        "bank_id": bank_id,
        "type": qtype,
        "grade": 9,
        "subject_id": subject_id(),
        "content": content or {"stem": {"vi": "Câu hỏi"}},
        "answer_key": key,
    }
    return post(client, "/api/v1/questions", body)


@pytest.mark.parametrize(
    ("qtype", "sent", "stored"),
    [
        ("single_choice", {"option": ""}, {}),
        ("single_choice", {"option": "b"}, {"option": "b"}),
        ("multiple_choice", {"options": ["c", "a", "c"]}, {"options": ["c", "a"]}),
        ("true_false", {}, {}),
        ("true_false", {"value": False}, {"value": False}),
        (
            "short_text",
            {"accepted": [" Hà Nội ", "", "Ha Noi"], "diacritic_sensitive": True},
            {"accepted": ["Hà Nội", "Ha Noi"], "case_sensitive": False, "diacritic_sensitive": True},
        ),
        ("essay", {"rubric": "<p>Nêu 2 ý</p>", "max_score": None}, {"rubric": "<p>Nêu 2 ý</p>"}),
        ("essay", {"rubric": "", "max_score": 10}, {"rubric": "", "max_score": 10.0}),
        ("numeric", {"accepted": ["0.5", "-2"]}, {"accepted": ["0,5", "-2"]}),
        ("numeric", {}, {"accepted": []}),
        # a short text key sent without its flags is read as it always was
        (
            "short_text",
            {"accepted": ["x"]},
            {"accepted": ["x"], "case_sensitive": False, "diacritic_sensitive": False},
        ),
        # a key of another type's shape: the service keeps what the question's type uses
        ("true_false", {"option": "a"}, {}),
    ],
)
def test_answer_key_comes_back_exactly_as_stored(as_educator_a, qtype, sent, stored):
    bank = make_bank(as_educator_a)
    content = {"stem": {"vi": "Câu hỏi"}, "options": CHOICES} if "choice" in qtype else None
    res = _draft(as_educator_a, bank["id"], qtype, sent, content)
    assert res.status_code == 201, res.json()
    created = res.json()["data"]
    assert created["answer_key"] == stored
    again = as_educator_a.get(f"/api/v1/questions/{created['id']}").json()["data"]
    assert again["answer_key"] == stored


def test_content_comes_back_complete_in_both_languages(as_educator_a):
    bank = make_bank(as_educator_a)
    q = _draft(as_educator_a, bank["id"], "true_false", {"value": True}).json()["data"]
    assert q["content"] == EMPTY_CONTENT
    chosen = _draft(
        as_educator_a,
        bank["id"],
        "single_choice",
        {"option": "a"},
        {"stem": {"en": "Which?"}, "options": [{"id": " a ", "vi": "x"}]},
    ).json()["data"]
    assert chosen["content"] == {
        "stem": {"vi": "", "en": "Which?"},
        "options": [{"id": "a", "vi": "x", "en": ""}],
        "explanation": {"vi": "", "en": ""},
        **NEW_TYPE_PARTS,
    }


def test_service_errors_keep_their_code_and_field(as_educator_a):
    """Values of the right JSON type that the rules refuse: 400 from the service, as before."""
    bank = make_bank(as_educator_a)
    res = _draft(
        as_educator_a,
        bank["id"],
        "single_choice",
        {"option": "z"},
        {"stem": {"vi": "?"}, "options": [{"vi": "no id"}]},
    )
    assert res.status_code == 400 and res.json()["code"] == "validation_error"
    assert set(res.json()["errors"]) == {"content.options.0.id", "answer_key.option"}
    res = _draft(as_educator_a, bank["id"], "essay", {"rubric": "", "max_score": 0})
    assert res.status_code == 400 and set(res.json()["errors"]) == {"answer_key.max_score"}


def test_wrong_json_types_are_422_naming_the_field(as_educator_a):
    bank = make_bank(as_educator_a)
    res = _draft(as_educator_a, bank["id"], "true_false", {"value": "maybe"})
    assert res.status_code == 422 and res.json()["code"] == "validation_error"
    assert list(res.json()["errors"]) == ["answer_key.true_false.value"]
    res = _draft(as_educator_a, bank["id"], "true_false", {}, {"stem": "not an object"})
    assert res.status_code == 422 and list(res.json()["errors"]) == ["content.stem"]
    res = _draft(as_educator_a, bank["id"], "true_false", ["not", "an", "object"])
    assert res.status_code == 422 and list(res.json()["errors"]) == ["answer_key"]
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 0


def test_content_cap_counts_what_the_schema_ignores(as_educator_a):
    """The JSON cap is on the value as sent: unknown fields cannot carry a payload past it."""
    bank = make_bank(as_educator_a)
    content = {"stem": {"vi": "Câu hỏi"}, "padding": "a" * QUESTION_CONTENT_MAX}
    res = _draft(as_educator_a, bank["id"], "true_false", {}, content)
    assert res.status_code == 422 and list(res.json()["errors"]) == ["content"]
    assert res.json()["errors"]["content"] == ["Giá trị quá dài."]


def _walk(doc: dict, schema: dict, seen: set[str]):
    """Every schema reachable from ``schema`` (``$ref`` followed once)."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return
        seen.add(name)
        schema = doc["components"]["schemas"][name]
    yield schema
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            yield from _walk(doc, option, seen)
    for sub in schema.get("properties", {}).values():
        yield from _walk(doc, sub, seen)
    if isinstance(schema.get("items"), dict):
        yield from _walk(doc, schema["items"], seen)


def test_openapi_types_questions_and_presets_fully():
    from config.api import api

    doc = api.get_openapi_schema()
    schemas = doc["components"]["schemas"]
    key = schemas["QuestionOut"]["properties"]["answer_key"]
    assert {o["$ref"].rsplit("/", 1)[-1] for o in key["oneOf"]} == {
        "SingleChoiceAnswerKeyOut",
        "MultipleChoiceAnswerKeyOut",
        "TrueFalseAnswerKeyOut",
        "ShortTextAnswerKeyOut",
        "EssayAnswerKeyOut",
        "TrueFalseSetAnswerKeyOut",
        "NumericAnswerKeyOut",
        "EmptyAnswerKeyOut",
    }
    assert schemas["QuestionOut"]["properties"]["content"] == {
        "$ref": "#/components/schemas/QuestionContentOut"
    }
    assert schemas["FormQuestionOut"]["properties"]["question"] == {
        "$ref": "#/components/schemas/QuestionOut"
    }
    untyped = []
    for path, item in doc["paths"].items():
        if not path.startswith(("/api/v1/question", "/api/v1/test-", "/api/v1/rounds", "/api/v1/subjects")):
            continue
        for method, op in item.items():
            for status, response in op.get("responses", {}).items():
                for media in response.get("content", {}).values():
                    for part in _walk(doc, media["schema"], set()):
                        # a map is typed when its values are (a true/false set's {id: bool})
                        values = part.get("additionalProperties")
                        typed_map = isinstance(values, dict) and ("type" in values or "$ref" in values)
                        free = values not in (None, False) and not typed_map
                        shapeless = not part or (
                            part.get("type") == "object" and "properties" not in part and not typed_map
                        )
                        if free or shapeless:
                            untyped.append(f"{method.upper()} {path} {status}: {part}")
    assert untyped == []


def test_assessments_schema_names_are_not_taken_by_another_app():
    """OpenAPI components are keyed by class name: a model of another app with the name of one
    of ours would silently replace ours in the document (and in the SPA's generated types)."""
    import sys

    from pydantic import BaseModel

    import config.api  # noqa: F401 - every router, so every schema module, is imported

    def every(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from every(sub)

    ours = {
        name: obj
        for module in ("assessments.content", "assessments.schemas")
        for name, obj in vars(sys.modules[module]).items()
        if isinstance(obj, type) and issubclass(obj, BaseModel) and obj.__module__ == module
    }
    clashes = sorted(
        f"{cls.__module__}.{cls.__name__}"
        for cls in set(every(BaseModel))
        if cls.__name__ in ours
        and cls is not ours[cls.__name__]
        and not cls.__module__.startswith(("assessments.tests", "pydantic", "ninja"))
        and "[" not in cls.__name__
    )
    assert clashes == []
