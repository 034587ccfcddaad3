"""A generated test with formulas and a picture, for the paper export's tests and the demo look."""

from __future__ import annotations

import io
from datetime import timedelta

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import MatrixCluster, Question, QuestionBank, Subject

SINGLE = [
    ("Tính đạo hàm của hàm số $y = x^2 + 3x$.", ["$2x + 3$", "$x + 3$", "$2x$", "$x^2 + 3$"], "a"),
    (
        "Giá trị của $\\frac{1}{2} + \\frac{1}{3}$ là",
        ["$\\frac{5}{6}$", "$\\frac{2}{5}$", "$1$", "$\\frac{1}{6}$"],
        "a",
    ),
    ("Nghiệm của phương trình $\\sqrt{x - 1} = 2$ là", ["$x = 3$", "$x = 5$", "$x = 4$", "$x = 1$"], "b"),
    (
        "Trong mặt phẳng, cho $\\overrightarrow{AB} = (1; 2)$. Độ dài vectơ đó bằng",
        ["$\\sqrt{5}$", "$2\\sqrt{5}$", "$3$", "$\\sqrt{2}$"],
        "a",
    ),
]


def png_bytes() -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (240, 120), "white")
    ImageDraw.Draw(image).polygon([(20, 100), (120, 10), (220, 100)], outline="black", width=3)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def paper_preset(
    org, educator, *, code: str = "PT", with_picture: bool = True, name: str = "Kiểm tra Toán 12"
):
    """A draft, generated grade-12 maths test in ``org``: four single-choice questions with
    formulas (keys above, option ids a-d), one multiple-choice question (key a, c), one
    true/false (key False) and one short answer ("42"); the first question carries a picture.
    Returns the preset."""
    from assessments.services import generation, presets, rounds
    from assessments.services.common import Actor
    from assessments.services.questions import question_image_save

    now = timezone.now()
    with schema_context(org.schema_name):
        subject = Subject.objects.get(code="toan")
        topic = MatrixCluster.objects.create(type="topic", code=code, description=code)
        folder = QuestionBank.objects.create(name=code, created_by_profile_id=educator.pk)
        picture = ""
        if with_picture:
            saved = question_image_save(
                SimpleUploadedFile("tam-giac.png", png_bytes(), content_type="image/png")
            )
            picture = f'<p><img src="{saved["url"]}" alt="tam giác"></p>'

        def make(qtype, stem, options, key):
            Question.objects.create(
                bank=folder,
                type=qtype,
                grade=12,
                subject=subject,
                difficulty="easy",
                content={
                    "stem": {"vi": stem, "en": ""},
                    "options": [{"id": oid, "vi": text, "en": ""} for oid, text in options],
                    "explanation": {"vi": "", "en": ""},
                },
                answer_key=key,
                topic=topic,
                status="published",
                created_by_profile_id=educator.pk,
            )

        for index, (stem, options, key) in enumerate(SINGLE):
            html = f"<p>{stem}</p>" + (picture if index == 0 else "")
            make("single_choice", html, list(zip("abcd", options, strict=True)), {"option": key})
        make(
            "multiple_choice",
            "<p>Những số nào sau đây là số nguyên tố?</p>",
            list(zip("abcd", ["$2$", "$4$", "$7$", "$9$"], strict=True)),
            {"options": ["a", "c"]},
        )
        make("true_false", "<p>Hàm số $y = -x^3$ đồng biến trên $\\mathbb{R}$.</p>", [], {"value": False})
        make(
            "short_text",
            "<p>Tính $6 \\times 7$.</p>",
            [],
            {"accepted": ["42"], "case_sensitive": False, "diacritic_sensitive": False},
        )
        rnd = rounds.round_create(data={"name": "R", "starts_at": now, "expires_at": now + timedelta(days=9)})
        actor = Actor.of(educator)
        created = presets.preset_create(
            actor=actor,
            data={
                "name": name,
                "grade": 12,
                "duration_minutes": 45,
                "starts_at": now,
                "ends_at": now + timedelta(days=9),
                "passing_score": 1,
                "round_id": rnd.pk,
                "subjects": [{"subject_id": subject.pk, "items": [{"cluster_id": topic.pk, "count": 7}]}],
            },
        )
        generation.preset_generate(actor=actor, preset_id=created.pk, seed=7)
    return created
