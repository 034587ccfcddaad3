"""Demo surveys for ``manage.py seed_demo`` (issue 8, item 7). In the centre's organization:
the default career-orientation survey published and listed on the marketplace (free to take,
full report 49,000 VND, with a cover); learner.both@demo.vn's centre profile has completed it,
learner@demo.vn has it in progress (so the ongoing-survey prompt shows), and a few of the
centre's grade-9 learners have completed it with different Holland codes (so the educator's
distribution has something to show). Everything goes through the services. Idempotent: what
exists is left as it is."""

from __future__ import annotations

import io
import math

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from PIL import Image, ImageDraw, ImageFont

from accounts.models import Profile
from surveys.models import Submission, Survey
from tenants.scope import organization_schema

REPORT_PRICE = 49_000  # VND
# (e-mail, organization slug or None for the public profile, Holland code or None = in progress)
TAKERS = [
    ("learner.both@demo.vn", "trung-tam", "SAE"),
    ("learner@demo.vn", None, None),
    ("hocsinh01@demo.vn", "trung-tam", "IRC"),
    ("hocsinh02@demo.vn", "trung-tam", "SAE"),
    ("hocsinh03@demo.vn", "trung-tam", "AIS"),
    ("hocsinh04@demo.vn", "trung-tam", "ECS"),
    ("hocsinh05@demo.vn", "trung-tam", "SEC"),
    ("hocsinh06@demo.vn", "trung-tam", "RIC"),
]
IN_PROGRESS_ANSWERS = 20
# Answers per group, by the group's place in the wanted code (sums 38, 32, 29; others 17, 14, 17).
PATTERNS = [
    [5, 5, 5, 4, 5, 5, 4, 5],
    [4, 4, 5, 4, 4, 3, 4, 4],
    [4, 3, 4, 4, 3, 4, 4, 3],
    [2, 3, 2, 1, 2, 3, 2, 2],
    [1, 2, 2, 3, 1, 2, 2, 1],
    [3, 2, 1, 2, 2, 2, 3, 2],
]


def cover_png() -> bytes:
    """A 1200x630 cover: the RIASEC hexagon in six colours on a deep blue background."""
    width, height = 1200, 630
    image = Image.new("RGB", (width, height), (30, 58, 138))
    draw = ImageDraw.Draw(image)
    colours = [(220, 38, 38), (37, 99, 235), (147, 51, 234), (22, 163, 74), (234, 88, 12), (8, 145, 178)]
    cx, cy, radius = 860, 315, 220
    points = [
        (cx + radius * math.cos(math.radians(90 - i * 60)), cy - radius * math.sin(math.radians(90 - i * 60)))
        for i in range(6)
    ]
    for i, colour in enumerate(colours):
        draw.polygon([(cx, cy), points[i], points[(i + 1) % 6]], fill=colour)
    font = ImageFont.load_default(size=84)
    for i, letter in enumerate("RIASEC"):
        x = cx + (radius + 0) * 0.62 * math.cos(math.radians(60 - i * 60))
        y = cy - (radius + 0) * 0.62 * math.sin(math.radians(60 - i * 60))
        draw.text((x, y), letter, font=font, fill=(255, 255, 255), anchor="mm")
    draw.text((80, 250), "RIASEC", font=ImageFont.load_default(size=110), fill=(255, 255, 255))
    draw.rectangle((80, 390, 420, 404), fill=(251, 191, 36))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _answers(survey: Survey, code: str | None) -> dict[int, int]:
    """{statement id: value} giving ``code`` as the Holland code (every group's statements in
    authored order take the pattern of the group's place)."""
    order = list(code or "") + [c for c in "RIASEC" if c not in (code or "")]
    seen: dict[str, int] = {}
    answers = {}
    for statement in survey.statements.order_by("position", "id"):
        index = seen.get(statement.group, 0)
        seen[statement.group] = index + 1
        answers[statement.pk] = PATTERNS[order.index(statement.group)][index % 8]
    return answers


def seed_demo_surveys(*, organization, stdout=None) -> int:
    """Publish and list the default survey of ``organization`` and give the demo takers their
    surveys; returns how many submissions were created (0 when all existed)."""
    from surveys import services, taking

    created = 0
    with organization_schema(organization.schema_name):
        survey = Survey.objects.filter(is_default=True).order_by("id").first()
        if survey is None:
            return 0
        admin = (
            Profile.objects.select_related("user", "organization")
            .filter(organization=organization, pandai_profile_role=Profile.Role.EDUCATOR)
            .order_by("-is_admin", "id")
            .first()
        )
        with transaction.atomic():
            if survey.status == Survey.Status.DRAFT:
                survey = services.survey_publish(survey_id=survey.pk)
            if admin is not None and services.active_listing(survey) is None:
                services.survey_market_publish(
                    actor=admin,
                    survey_id=survey.pk,
                    data={"price_survey_report": str(REPORT_PRICE)},
                    cover=SimpleUploadedFile("cover.png", cover_png(), content_type="image/png"),
                )
        for email, slug, code in TAKERS:
            profile = (
                Profile.objects.select_related("user")
                .filter(
                    user__email=email,
                    pandai_profile_role=Profile.Role.LEARNER,
                    organization=organization if slug else None,
                )
                .first()
            )
            if (
                profile is None
                or Submission.objects.filter(survey=survey, learner_profile_id=profile.pk).exists()
            ):
                continue
            with transaction.atomic():
                if not profile.has_pandai_survey_account:
                    profile.has_pandai_survey_account = True
                    profile.save(update_fields=["has_pandai_survey_account"])
                submission, _ = taking.obtain(profile=profile, survey=survey, source=Submission.Source.DEMO)
                taking.start(submission_id=submission.pk)
                submission.refresh_from_db()
                answers = _answers(survey, code)
                order = submission.order if code else submission.order[:IN_PROGRESS_ANSWERS]
                for statement_id in order:
                    taking.answer_store(
                        submission_id=submission.pk, statement_id=statement_id, value=answers[statement_id]
                    )
                if code:
                    taking.finish(submission_id=submission.pk)
                created += 1
    if stdout is not None and created:
        stdout.write(
            f"  {organization.name}: the career survey is on the marketplace; learner.both@demo.vn "
            "(centre profile) has completed it, learner@demo.vn has it in progress"
        )
    return created
