"""Stored questions as the writers read them (``assessments.models.Question``'s fields), one of
every type, with both languages, math, an image and folders: the writers' tests and the bench."""

from __future__ import annotations

import base64
from decimal import Decimal
from types import SimpleNamespace

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkaPjPwMDAxMDAwMDAAAARHwGDXcgNqQAAAABJRU5ErkJggg=="
)
IMAGE_URL = "/media/question-images/org_a/5f0c.png"
FOLDERS = {10: ("Toán 9",), 11: ("Toán 9", "Hình/Khối")}


def load_image(src: str):
    """The writers' image loader over the one stored image."""
    return ("5f0c.png", PNG) if src == IMAGE_URL else None


def text(vi: str, en: str = "") -> dict[str, str]:
    return {"vi": vi, "en": en}


def questions() -> list[SimpleNamespace]:
    return [
        SimpleNamespace(
            pk=1,
            root_id=None,
            bank_id=10,
            type="single_choice",
            score_weight=Decimal("2.00"),
            content={
                "stem": text(
                    f'<p>Tính $\\frac{{1}}{{2}} + x^2$ <img src="{IMAGE_URL}" alt="hình"></p>',
                    "<p>Compute $\\frac{1}{2} + x^2$</p>",
                ),
                "options": [
                    {"id": "a", "vi": "$x$", "en": ""},
                    {"id": "b", "vi": "<b>hai</b> <u>gạch</u> <s>bỏ</s>", "en": "<b>two</b>"},
                ],
                "explanation": text("<p>Vì $a&lt;b$</p>", "<p>Because</p>"),
            },
            answer_key={"option": "b"},
        ),
        SimpleNamespace(
            pk=2,
            root_id=None,
            bank_id=10,
            type="multiple_choice",
            score_weight=Decimal("1.00"),
            content={
                "stem": text("<p>Số nguyên tố?</p>"),
                "options": [
                    {"id": c, "vi": v, "en": ""} for c, v in zip("abc", ("2", "4", "5"), strict=True)
                ],
                "explanation": text(""),
            },
            answer_key={"options": ["a", "c"]},
        ),
        SimpleNamespace(
            pk=3,
            root_id=None,
            bank_id=11,
            type="true_false",
            score_weight=Decimal("1.00"),
            content={"stem": text("<p>Đúng?</p>", "<p>True?</p>"), "options": [], "explanation": text("")},
            answer_key={"value": False},
        ),
        SimpleNamespace(
            pk=4,
            root_id=None,
            bank_id=11,
            type="short_text",
            score_weight=Decimal("1.50"),
            content={"stem": text("<p>Thủ đô?</p>"), "options": [], "explanation": text("")},
            answer_key={
                "accepted": ["Hà Nội", "a<b & c"],
                "case_sensitive": True,
                "diacritic_sensitive": True,
            },
        ),
        SimpleNamespace(
            pk=7,
            root_id=5,
            bank_id=11,
            type="essay",
            score_weight=Decimal("1.00"),
            content={"stem": text("", "<p>Only English</p>"), "options": [], "explanation": text("")},
            answer_key={"rubric": "<p>3 ý, $x$</p>", "max_score": 5.0},
        ),
    ]
