"""Demo tests for ``manage.py seed_demo`` (issue 5, item 8): in the centre's organization, two
rounds (round 1 open, round 2 upcoming and requiring round 1), three published test presets for
grades 9 and 12 with batches, listed on the marketplace with prices in VND, and a roster of demo
learners assigned directly so that one batch is nearly full (the BatchLowSlot notification
fires) and one is full with two learners on its waiting list; and the demo learner's purchases
(issue 6, item 7): one completed, one pending. Idempotent: no test is created when round 1 exists,
and the purchases are only topped up. Everything goes through the services, so slot figures add
up. Issue 39, item 5: the THPT 2025 mock exam in Mathematics, sat by 42 grade-12 learners
(``seed_demo_mock_exam``; decision 0060)."""

from __future__ import annotations

import math
import random
from contextlib import suppress
from datetime import date, timedelta
from typing import NamedTuple

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, User
from tenants.scope import organization_schema

ROUND_1 = "Vòng 1 - Sơ loại"
PRACTICE = "Luyện tập Toán 9 - Căn thức"
# The demo learner's unpaid order: a subject and grade (Toán 12) apart from the practice test,
# so that it blocks nothing the e2e buyers need; Toán 9 when the bank has no grade-12 questions.
PENDING_CHOICES = [
    ("Đánh giá năng lực Toán 12", "Ca 1"),
    ("Đánh giá năng lực Toán 9", "Ca 2 (chiều thứ Bảy)"),
]
ROSTER = [
    (f"hocsinh{i:02d}@demo.vn", name)
    for i, name in enumerate(
        [
            "Nguyễn Gia Bảo",
            "Trần Khánh Linh",
            "Lê Đức Anh",
            "Phạm Minh Thư",
            "Hoàng Quốc Huy",
            "Vũ Ngọc Hân",
            "Đỗ Thành Đạt",
            "Bùi Phương Vy",
            "Ngô Tuấn Kiệt",
            "Dương Bảo Ngọc",
            "Lý Hải Đăng",
            "Mai Thanh Trúc",
            "Trịnh Nhật Minh",
            "Đinh Thảo My",
            "Phan Anh Khoa",
            "Hồ Gia Hân",
            "Tạ Minh Quân",
            "Lâm Khánh Vy",
        ],
        start=1,
    )
]


def _roster(organization, password: str) -> list[Profile]:
    """Grade-9 learners of ``organization`` (created once), in roster order."""
    return _learners(organization, password, ROSTER, grade=9, school="THCS Lê Lợi")


def _learners(
    organization,
    password: str,
    rows: list[tuple[str, str]],
    *,
    grade: int,
    school: str,
    born: int | None = None,
) -> list[Profile]:
    """The learners ``rows`` (email, name) of ``organization`` at ``grade`` (created once, each
    account verified, active, with ``password``: hashed once for all, argon2 costing some 50 ms a
    hash), in classes "<grade>A1" to "<grade>A3" in turn, in the order given. ``born``: the year of
    birth of every one (a day of that year by their place), else none (the consent demo gives the
    grade-9 roster one of a pupil of 14 or 15)."""
    profiles: list[Profile] = []
    hashed = ""
    for index, (email, name) in enumerate(rows):
        user, created = User.objects.get_or_create(email=email, defaults={"name": name})
        if created:
            hashed = hashed or make_password(password)
            user.email_verified_at = timezone.now()
            user.is_active = True  # accounts start inactive until verified; these are verified
            user.password = hashed
            user.save()
        profile, _ = Profile.objects.get_or_create(
            user=user,
            pandai_profile_role=Profile.Role.LEARNER,
            organization=organization,
            defaults={
                "status": Profile.Status.ACTIVE,
                "joined_at": timezone.now(),
                "grade": grade,
                "class_name": f"{grade}A{index % 3 + 1}",
                "school_name": school,
                "province_code": "79",
                "date_of_birth": date(born, index % 12 + 1, index % 27 + 1) if born else None,
            },
        )
        profiles.append(profile)
    return profiles


def _blueprint(subject_code: str, rows: list[tuple[str, str, int]]) -> dict:
    """A preset subject's blueprint from rows of (topic or subtopic code, complexity code or "",
    count)."""
    from assessments.models import MatrixCluster, Subject

    subject = Subject.objects.get(code=subject_code)
    clusters = {(c.type, c.code): c.pk for c in MatrixCluster.objects.all()}
    return {
        "subject_id": subject.pk,
        "items": [
            {
                "cluster_id": clusters.get(("topic", code)) or clusters[("subtopic", code)],
                "complexity_level_id": clusters[("complexity_level", level)] if level else None,
                "count": count,
            }
            for code, level, count in rows
        ],
    }


def seed_demo_tests(
    *,
    organization,
    author: Profile,
    admin: Profile,
    learners_to_queue: list[Profile],
    password: str,
    buyer: Profile | None = None,
) -> int:
    """Create the demo rounds, presets, batches, listings and assignments in ``organization``,
    with a practice test open now that ``buyer`` (a public learner) has bought and paid, and a
    second test ``buyer`` has checked out without paying (``seed_demo_purchases``); returns how
    many presets are listed (0 when they existed already)."""
    listed = _seed_tests(
        organization=organization,
        author=author,
        admin=admin,
        learners_to_queue=learners_to_queue,
        password=password,
    )
    if buyer is not None:
        seed_demo_purchases(organization=organization, buyer=buyer)
    return listed


def _seed_tests(
    *, organization, author: Profile, admin: Profile, learners_to_queue: list[Profile], password: str
) -> int:
    """The demo tests themselves (once: 0 when round 1 exists); see ``seed_demo_tests``."""
    from assessments.models import Question, Round
    from assessments.services import batches, generation, presets, review, rounds
    from assessments.services.common import Actor
    from assessments.services.waiting_list import waiting_list_join
    from assignments.models import Assignment
    from assignments.services import assignments_assign_direct
    from marketplace.services import listings_create

    now = timezone.now().replace(second=0, microsecond=0)
    with organization_schema(organization.schema_name), transaction.atomic():
        if Round.objects.filter(name=ROUND_1).exists():
            return 0
        roster = _roster(organization, password)
        r1 = rounds.round_create(
            data={
                "name": ROUND_1,
                "starts_at": now - timedelta(days=7),
                "expires_at": now + timedelta(days=60),
                "passed_message_vi": "Chúc mừng! Em đã vượt qua vòng sơ loại và được vào vòng chung kết.",
                "passed_message_en": "Congratulations! You passed round 1 and go on to the final round.",
                "failed_message_vi": "Em chưa đạt vòng sơ loại lần này. Hãy ôn tập và thử lại ở đợt sau.",
                "failed_message_en": "You did not pass round 1 this time. Keep practising and try again next term.",
            }
        )
        r2 = rounds.round_create(
            data={
                "name": "Vòng 2 - Chung kết",
                "starts_at": now + timedelta(days=61),
                "expires_at": now + timedelta(days=90),
                "required_round_id": r1.pk,
                "passed_message_vi": "Chúc mừng! Em được mời phỏng vấn xét học bổng.",
                "passed_message_en": "Congratulations! You are invited to the scholarship interview.",
                "failed_message_vi": "Cảm ơn em đã tham gia vòng chung kết.",
                "failed_message_en": "Thank you for taking part in the final round.",
            }
        )
        actor = Actor.of(author)
        has_grade_12 = Question.objects.filter(grade=12, status="published").exists()
        plans = [
            {
                "name": "Đánh giá năng lực Toán 9",
                "description": "Bài đánh giá 45 phút theo chương trình Toán 9: căn thức, hàm số và hình học.",
                "grade": 9,
                "subjects": [
                    _blueprint(
                        "toan",
                        [("T9-DS", "NB", 3), ("T9-DS", "TH", 2), ("T9-HS", "TH", 3), ("T9-HH", "VD", 2)],
                    )
                ],
                "prices": (120_000, 200_000),
                "batches": [("Ca 1 (sáng thứ Bảy)", 8, 12, 10), ("Ca 2 (chiều thứ Bảy)", 9, 30, 0)],
            },
            {
                "name": "Tiếng Anh 9 - Kiểm tra giữa kỳ",
                "description": "Ngữ pháp, từ vựng và đọc hiểu tiếng Anh lớp 9, 30 phút.",
                "grade": 9,
                "subjects": [
                    _blueprint("tieng-anh", [("E9-GR", "TH", 4), ("E9-VO", "NB", 3), ("E9-RD", None, 3)])
                ],
                "prices": (80_000, None),
                "batches": [("Ca 1 (sáng Chủ nhật)", 10, 5, 5)],
            },
        ]
        if has_grade_12:
            plans.append(
                {
                    "name": "Đánh giá năng lực Toán 12",
                    "description": "Ứng dụng đạo hàm, nguyên hàm và tích phân: bài 60 phút chuẩn bị thi tốt nghiệp THPT.",
                    "grade": 12,
                    "subjects": [
                        _blueprint(
                            "toan",
                            [
                                ("T12-DH", "NB", 3),
                                ("T12-DH", "TH", 2),
                                ("T12-TP", "NB", 3),
                                ("T12-TP", "TH", 2),
                            ],
                        )
                    ],
                    "prices": (150_000, 250_000),
                    "batches": [("Ca 1", 14, 40, 0)],
                }
            )
        listed = []
        queue = []
        offset = 0
        for plan in plans:
            preset = presets.preset_create(
                actor=actor,
                data={
                    "name": plan["name"],
                    "description": plan["description"],
                    "grade": plan["grade"],
                    "duration_minutes": 45 if plan["grade"] == 9 else 60,
                    "starts_at": now,
                    "ends_at": now + timedelta(days=45),
                    "passing_score": 5,
                    "auto_release_result": True,
                    "camera_proctoring": True,
                    "allow_no_camera": plan["grade"] == 9,
                    "round_id": r1.pk,
                    "subjects": plan["subjects"],
                    "attribute_requirements": [{"key": "province", "value": "79"}],
                    "attribute_outcomes": [{"key": "round2", "value": "yes"}],
                },
            )
            generation.preset_generate(actor=actor, preset_id=preset.pk, seed=2026 + preset.pk)
            sittings = []
            for name, days, slot_count, _ in plan["batches"]:
                start = (now + timedelta(days=days)).replace(hour=1, minute=0)  # 08:00 in Vietnam
                sittings.append(
                    batches.batch_create(
                        preset_id=preset.pk,
                        data={
                            "name": name,
                            "starts_at": start,
                            "expires_at": start + timedelta(hours=2),
                            "slots": slot_count,
                        },
                    )
                )
            review.preset_approve(actor_profile=admin, preset_id=preset.pk, comment="Đề đạt yêu cầu.")
            listed += listings_create(
                actor=admin,
                items=[
                    {
                        "preset_id": preset.pk,
                        "price_test_only": plan["prices"][0],
                        "price_test_advanced": plan["prices"][1],
                    }
                ],
            )
            for batch, (_, _, _, assign) in zip(sittings, plan["batches"], strict=True):
                if assign:
                    assignments_assign_direct(
                        actor=admin,
                        data={
                            "preset_id": preset.pk,
                            "batch_id": batch.pk,
                            "learner_profile_ids": [p.pk for p in roster[offset : offset + assign]],
                        },
                    )
                    offset += assign
                    if assign == batch.slots:
                        queue.append(preset.pk)
        for preset_id in queue:
            for learner in learners_to_queue:
                waiting_list_join(preset_id=preset_id, profile=learner)
        assert Assignment.objects.count() == offset
        listed.append(_practice_test(actor, admin, r1, roster[offset : offset + 3], now))
        del r2
    return len(listed)


def _practice_test(actor, admin, rnd, takers: list[Profile], now):
    """A practice test open now (no camera allowed) on the marketplace, with a question of every
    type (the last two a true/false and an essay), and three learners who took it in a morning
    batch, answering 4, 5 and 6 of its first questions right (the essay left blank, so nothing waits
    for an educator): graded, released results, one with an advanced report (the batch is closed
    afterwards so the report is available). The true/false is answered right by the weakest and
    wrong by the two others: its discrimination is negative (issue 19, item analysis)."""
    from accounts.models import Enrollment
    from assessments.models import Batch, Question
    from assessments.services import batches, generation, presets, review
    from assignments.models import Assignment
    from assignments.reports import report_generate
    from assignments.services import assignments_assign_direct
    from marketplace.services import listings_create
    from sitting import attempts, services

    preset = presets.preset_create(
        actor=actor,
        data={
            "name": "Luyện tập Toán 9 - Căn thức",
            "description": "Bài luyện tập 20 phút, làm được ngay, có thể làm không cần camera.",
            "grade": 9,
            "duration_minutes": 20,
            "starts_at": now - timedelta(days=1),
            "ends_at": now + timedelta(days=60),
            "passing_score": 3,
            "auto_release_result": True,
            "camera_proctoring": True,
            "allow_no_camera": True,
            "round_id": rnd.pk,
            # Every question type (the keyboard-only e2e test answers each): with this seed the
            # first two rows draw single and multiple choice and a short answer, the cube-root
            # row's one question left is a true/false and the last row's only one an essay. Rows
            # added at the end leave the earlier rows' draw as it was.
            "subjects": [
                _blueprint(
                    "toan",
                    [("T9-DS", "NB", 3), ("T9-DS", "TH", 3), ("T9-DS3", "NB", 1), ("T9-DS", "VD", 1)],
                )
            ],
        },
    )
    generation.preset_generate(actor=actor, preset_id=preset.pk, seed=909)
    morning = batches.batch_create(
        preset_id=preset.pk,
        data={
            "name": "Ca sáng nay",
            "starts_at": now - timedelta(hours=3),
            "expires_at": now + timedelta(hours=1),
            "slots": 10,
        },
    )
    batches.batch_create(
        preset_id=preset.pk,
        data={
            "name": "Ca mở (luyện tập)",
            "starts_at": now - timedelta(hours=1),
            "expires_at": now + timedelta(days=30),
            "slots": 100,
        },
    )
    review.preset_approve(actor_profile=admin, preset_id=preset.pk, comment="Đề luyện tập.")
    (listing,) = listings_create(
        actor=admin,
        items=[{"preset_id": preset.pk, "price_test_only": 50_000, "price_test_advanced": 90_000}],
    )
    rows = assignments_assign_direct(
        actor=admin,
        data={"preset_id": preset.pk, "batch_id": morning.pk, "learner_profile_ids": [p.pk for p in takers]},
    )
    Assignment.objects.filter(pk__in=[a.pk for a in rows]).update(advanced_report=True)
    for index, assignment in enumerate(sorted(rows, key=lambda a: a.pk)):
        # The learner's real path (decision 0039): the start lock and start, the saves and the
        # submit the API's services run, by the learner's enrollment (the consent gate aside: the
        # roster's consents are seeded after the tests).
        learner = Profile.objects.select_related("user").get(pk=assignment.learner_profile_id)
        enrollment_id = Enrollment.objects.get(
            profile=learner, kind=Enrollment.Kind.TEST, object_id=assignment.pk
        ).pk
        _schema, locked = attempts.assignment_owned_locked(
            profile_id=learner.pk, enrollment_id=enrollment_id, not_found_message="-"
        )
        attempt, token = attempts.attempt_start(assignment=locked, no_camera=True)
        # Right answers to the first 4, 5 and 6 questions: three different scores (4, 5, 6).
        right = {position: True for position in range(index + 4)}
        # Issue 19: the true/false (second to last) discriminates negatively in the item analysis:
        # the weakest learner gets it right (and the fourth question wrong instead, keeping the
        # score), the two strongest get it wrong.
        right[len(attempt.question_ids) - 2] = index == 0
        if index == 0:
            right[3] = False
        questions = Question.objects.in_bulk(attempt.question_ids)
        for position, qid in enumerate(attempt.question_ids):
            if position in right:
                services.answer_save(
                    profile=learner,
                    enrollment_id=enrollment_id,
                    device_token=token,
                    question_id=qid,
                    answer=_demo_answer(questions[qid], right=right[position]),
                    flagged=False,
                    seq=1,
                )
        services.attempt_submit(profile=learner, enrollment_id=enrollment_id, device_token=token)
    Batch.objects.filter(pk=morning.pk).update(
        expires_at=now - timedelta(minutes=1)
    )  # the morning batch is over
    best = max(rows, key=lambda a: a.pk)
    best = Assignment.objects.select_related("preset", "batch").get(pk=best.pk)
    report_generate(assignment=best, attempt=best.attempts.get(), learner_name=best.learner_name)
    return listing


def _demo_answer(question, *, right: bool) -> dict | None:
    """A demo taker's answer to ``question``: its key, or when not ``right`` a wrong choice (the
    first option that is not the key, the other truth value); a wrong text is left unanswered, so
    that nothing waits for an educator's score."""
    key = question.answer_key or {}
    if "accepted" in key:
        return {"text": key["accepted"][0]} if right else None
    answer = {k: v for k, v in key.items() if k in ("option", "options", "value")}
    if right or not answer:
        return answer or None
    if "value" in answer:
        return {"value": not answer["value"]}
    keyed = {answer["option"]} if "option" in answer else set(answer["options"])
    wrong = next(o["id"] for o in question.content.get("options", []) if o["id"] not in keyed)
    return {"option": wrong} if "option" in answer else {"options": [wrong]}


def seed_demo_purchases(*, organization, buyer: Profile) -> None:
    """The demo learner's purchases (issue 6, item 7), through the purchase services of
    ``marketplace.purchases``: the practice test bought in its open batch and paid (an assignment
    ready to take), and a second test checked out without paying: one PENDING transaction holding
    a slot, which expires after ``PENDING_TRANSACTION_MINUTES`` like any other. Idempotent: the
    practice test is bought once; overdue pending transactions are expired first (as the periodic
    task does), and a new order is placed only when the buyer has no pending one left."""
    from config.errors import ApplicationError
    from marketplace.models import Listing, Transaction
    from marketplace.purchases import checkout, expire_due, pay

    status = Transaction.Status
    listings = {
        lst.name: lst
        for lst in Listing.objects.filter(organization=organization, status=Listing.Status.ACTIVE)
    }
    practice = listings.get(PRACTICE)
    if (
        practice is not None
        and not Transaction.objects.filter(
            profile=buyer, status=status.COMPLETED, items__listing=practice
        ).exists()
    ):
        # (Refused only on a late re-seed, once the open batch has ended.)
        with suppress(ApplicationError):
            tx = checkout(profile=buyer, items=[_item(practice, "Ca mở", "test_only")])
            pay(profile=buyer, transaction_id=tx.pk, idempotency_key=f"demo-{tx.pk}")
    expire_due()
    if Transaction.objects.filter(profile=buyer, status=status.PENDING).exists():
        return
    name, batch = next(((n, b) for n, b in PENDING_CHOICES if n in listings), (None, None))
    if name is None:
        return
    # A later re-seed, once that batch has ended or filled, places no new order.
    with suppress(ApplicationError):
        checkout(profile=buyer, items=[_item(listings[name], batch, "test_advanced")])


def _item(listing, batch_name: str, addon: str) -> dict:
    """A checkout item for ``listing`` in its batch whose name starts with ``batch_name``."""
    batch = next(b for b in listing.batches if b["name"].startswith(batch_name))
    return {"listing_id": listing.pk, "addon": addon, "batch_id": batch["id"]}


def _demo_video() -> bytes:
    """A 30-second 160x120 WebM (VP8, 2 frames a second, a slow colour sweep): what a learner's
    surroundings video is made of, small enough for the demo."""
    import io
    from fractions import Fraction

    import av

    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format="webm") as out:
        stream = out.add_stream("libvpx", rate=2)
        stream.width, stream.height, stream.pix_fmt = 160, 120, "yuv420p"
        for i in range(60):
            frame = av.VideoFrame(160, 120, "yuv420p")
            for plane, value in zip(frame.planes, (60 + i * 2, 128 - i, 128 + i), strict=True):
                plane.update(bytes([value % 256]) * plane.buffer_size)
            frame.pts, frame.time_base = i, Fraction(1, 2)
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    return buffer.getvalue()


def seed_demo_proctoring(*, organization, admin: Profile, educator: Profile) -> bool:
    """Proctoring videos after the test (issue 24, items 3 and 4) on the practice test's released
    results: hocsinh16's surroundings video deleted under the retention policy (its attempt's page
    says so, with a deletion record), hocsinh17's stored and viewed by ``educator`` two days ago
    and ``admin`` yesterday (the access log, and "who viewed my video" on hocsinh17's result),
    and ``admin``'s download of the practice test's gradebook. Once: returns False when hocsinh17
    already has a video."""
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from assignments.access_log import attempt_video_subject, preset_subject
    from assignments.models import Assignment, Attempt
    from config.media import private_name
    from privacy.access import profile_actor
    from privacy.models import AccessLogEntry, DeletionRecord
    from privacy.services import access_record
    from sitting.proctoring import attempt_video_delete

    now = timezone.now().replace(second=0, microsecond=0)
    with organization_schema(organization.schema_name):
        attempts = {
            t.assignment.learner_email: t
            for t in Attempt.objects.select_related("assignment__preset").filter(
                assignment__preset__name=PRACTICE, released_at__isnull=False
            )
        }
        deleted, viewed = attempts.get("hocsinh16@demo.vn"), attempts.get("hocsinh17@demo.vn")
        if deleted is None or viewed is None or viewed.video:
            return False
        video = _demo_video()
        for attempt in (deleted, viewed):
            name = default_storage.save(
                private_name(kind="prep-videos", extension="webm", schema_name=organization.schema_name),
                ContentFile(video),
            )
            Attempt.objects.filter(pk=attempt.pk).update(video=name, camera_mode="camera")
            Assignment.objects.filter(pk=attempt.assignment_id).update(prep_video=name)
            attempt.video, attempt.camera_mode = name, "camera"
        attempt_video_delete(
            attempt=deleted,
            reason=DeletionRecord.Reason.RETENTION,
            organization_id=organization.pk,
            now=now - timedelta(hours=5),
        )
        for who, ago in ((educator, timedelta(days=2, hours=3)), (admin, timedelta(days=1, hours=1))):
            access_record(
                actor=profile_actor(who),
                kind=AccessLogEntry.Kind.PROCTORING_VIDEO,
                subject=attempt_video_subject(viewed.pk),
                ip="192.0.2.10",
                user_agent="Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36",
                now=now - ago,
            )
        access_record(
            actor=profile_actor(admin),
            kind=AccessLogEntry.Kind.GRADEBOOK_EXPORT,
            subject=preset_subject(viewed.assignment.preset_id),
            ip="192.0.2.10",
            user_agent="Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36",
            now=now - timedelta(hours=20),
        )
    return True


# --- the THPT 2025 mock exam (issue 39, item 5) --------------------------------------------------

MOCK_EXAM = "Thi thử tốt nghiệp THPT 2025 – Toán"
MOCK_ROUND = "Thi thử tốt nghiệp THPT 2025"
MOCK_BATCH = "Ca thi thử 1"
MOCK_NEXT_BATCH = "Ca thi thử 2"
MOCK_ROSTER = [
    (f"hocsinh{i:02d}@demo.vn", name)
    for i, name in enumerate(
        [
            "Nguyễn Minh Anh",
            "Trần Quang Huy",
            "Lê Thị Thu Hà",
            "Phạm Đức Trung",
            "Hoàng Ngọc Mai",
            "Vũ Thành Nam",
            "Đặng Khánh Ly",
            "Bùi Tiến Dũng",
            "Đỗ Phương Anh",
            "Ngô Quốc Bảo",
            "Dương Thùy Linh",
            "Lý Minh Khôi",
            "Trịnh Hải Yến",
            "Đinh Công Phúc",
            "Phan Thanh Tâm",
            "Hồ Bảo Trâm",
            "Tạ Quang Vinh",
            "Lâm Gia Huy",
            "Cao Ngọc Diệp",
            "Chu Văn Hùng",
            "Kiều Thảo Nguyên",
            "Mạc Đăng Khánh",
            "Tô Thị Hồng Nhung",
            "Vương Minh Tuấn",
            "La Thu Trang",
            "Quách Tuấn Anh",
            "Hà Mỹ Duyên",
            "Thái Hoàng Long",
            "Lương Ngọc Ánh",
            "Tăng Minh Đức",
            "Âu Thanh Hương",
            "Triệu Quốc Việt",
            "Đàm Bích Ngọc",
            "Khổng Văn Toàn",
            "Nghiêm Thu Thảo",
            "Lục Đức Thắng",
            "Giang Kim Oanh",
            "Mai Xuân Trường",
            "Phùng Thị Lan Anh",
            "Ninh Hữu Nghĩa",
            "Văn Thị Hoa",
            "Bạch Nhật Quang",
            "Tống Khánh Huyền",
        ],
        start=19,
    )
]
"""The centre's grade-12 learners hocsinh19..61@demo.vn."""
MOCK_AGE = 17
"""Born this many years before the seed (16 or 17 years old then): adults for consent (16 and
over, decision 0048), who need no parent's consent to take a test."""
MOCK_TAKERS = 42
"""The first 42 of ``MOCK_ROSTER`` (hocsinh19..60) sat the mock exam; hocsinh61 has no
assignment, free to be given the test in a new batch (an e2e test's learner)."""
MOCK_FORM_SEED = 2025
"""The seed of the shared form's draw (``generation.preset_generate``)."""
MOCK_SIMULATION_SEED = 39
"""The seed of the simulated takers' abilities and answers."""
LEVEL_DIFFICULTY = {"NB": -1.4, "TH": -0.5, "VD": 0.4, "VDC": 1.2}
"""A question's difficulty on the takers' ability scale by its complexity level (nhận biết to
vận dụng cao), before a small spread of its own."""
STATEMENT_STEP = (-0.9, -0.3, 0.3, 0.9)
"""A true/false set's statements from a) to d) run from easy to hard around the set's difficulty,
as the Ministry's sets do: weaker takers get a) and b) right, some c) and d) (partial credit)."""


class MockExam(NamedTuple):
    """What ``seed_demo_mock_exam`` made: the preset, its batch that sat, and the two item
    analyses (the batch's, the preset's) queued before the first submission, for the caller to run
    once the results are released."""

    preset_id: int
    batch_id: int
    analysis_ids: tuple[int, int]


def seed_demo_mock_exam(*, organization, author: Profile, admin: Profile, password: str) -> MockExam | None:
    """The THPT 2025 mock exam (issue 39, item 5) in ``organization``, once (None when it exists):

    - the grade-12 roster ``MOCK_ROSTER`` (verified accounts with ``password``);
    - the round ``MOCK_ROUND`` and the preset ``MOCK_EXAM`` made from the THPT 2025 template for
      Mathematics (``national_format.template_fill``: Phần I 12 single choice x 0.25, Phần II 4
      true/false sets x 1, Phần III 6 numeric answers x 0.5, 90 minutes, out of 10) by ``author``,
      its shared form drawn (``MOCK_FORM_SEED``), approved by ``admin`` and on the marketplace at
      150,000 / 250,000 VND; results released by an educator (not automatically);
    - the batch ``MOCK_BATCH`` (60 slots) given directly to the first ``MOCK_TAKERS`` learners,
      who each start, answer and submit through the sitting's services (the learner's path,
      decision 0039; the consent gate aside, as for the practice test) with answers drawn from a
      seeded model (``_mock_answer``), so the sitting scores them; the batch is then over. A
      later batch ``MOCK_NEXT_BATCH`` (in 14 days, 60 slots) is on sale.

    The batch's and the preset's item analyses are queued before the first submission, so the 42
    submissions fold into them (``item_analysis.services.item_analysis_request`` queues nothing
    while a run waits) instead of one computation each: the caller (``people.demo_mock_exam``,
    above grading and item analysis) releases the batch and runs them once."""
    from accounts.models import Enrollment
    from assessments import national_format
    from assessments.demo import demo_wrong_answers
    from assessments.models import Batch, Question, Subject, TestPreset
    from assessments.services import batches, generation, presets, review, rounds
    from assessments.services.common import Actor
    from assignments.models import ItemAnalysis
    from assignments.services import assignments_assign_direct
    from marketplace.services import listings_create
    from sitting import attempts, services

    now = timezone.now().replace(second=0, microsecond=0)
    with organization_schema(organization.schema_name), transaction.atomic():
        if TestPreset.objects.filter(name=MOCK_EXAM).exists():
            return None
        learners = _learners(
            organization, password, MOCK_ROSTER, grade=12, school="THPT Lê Lợi", born=now.year - MOCK_AGE
        )
        actor = Actor.of(author)
        rnd = rounds.round_create(
            data={
                "name": MOCK_ROUND,
                "starts_at": now - timedelta(days=7),
                "expires_at": now + timedelta(days=60),
                "passed_message_vi": "Em đạt từ 5 điểm trở lên ở bài thi thử. Giữ vững phong độ cho kỳ thi thật!",
                "passed_message_en": "You scored 5 or more in the mock exam. Keep it up for the real one!",
                "failed_message_vi": "Em chưa đạt 5 điểm ở bài thi thử. Xem lại lời giải và ôn tập thêm nhé.",
                "failed_message_en": "You scored under 5 in the mock exam. Read the solutions and keep practising.",
            }
        )
        fill = national_format.template_fill(
            subject_id=Subject.objects.get(code="toan").pk, grade=national_format.GRADE
        )
        preset = presets.preset_create(
            actor=actor,
            data={
                "name": MOCK_EXAM,
                "description": "Đề thi thử theo định dạng thi tốt nghiệp THPT từ năm 2025: ba phần, 22 câu, "
                "90 phút, thang điểm 10.",
                "grade": fill["grade"],
                "duration_minutes": fill["duration_minutes"],
                "starts_at": now - timedelta(days=1),
                "ends_at": now + timedelta(days=60),
                "passing_score": 5,
                "auto_release_result": False,
                "camera_proctoring": False,
                "round_id": rnd.pk,
                "score_scale": fill["score_scale"],
                "subjects": fill["subjects"],
                "parts": fill["parts"],
            },
        )
        generation.preset_generate(actor=actor, preset_id=preset.pk, seed=MOCK_FORM_SEED)
        sitting = batches.batch_create(
            preset_id=preset.pk,
            data={
                "name": MOCK_BATCH,
                "starts_at": now - timedelta(hours=2),
                "expires_at": now + timedelta(hours=1),
                "slots": 60,
            },
        )
        later = (now + timedelta(days=14)).replace(hour=1, minute=0)  # 08:00 in Vietnam
        batches.batch_create(
            preset_id=preset.pk,
            data={
                "name": MOCK_NEXT_BATCH,
                "starts_at": later,
                "expires_at": later + timedelta(hours=2),
                "slots": 60,
            },
        )
        review.preset_approve(
            actor_profile=admin, preset_id=preset.pk, comment="Đề đúng định dạng THPT 2025."
        )
        listings_create(
            actor=admin,
            items=[{"preset_id": preset.pk, "price_test_only": 150_000, "price_test_advanced": 250_000}],
        )
        takers = learners[:MOCK_TAKERS]
        rows = assignments_assign_direct(
            actor=admin,
            data={
                "preset_id": preset.pk,
                "batch_id": sitting.pk,
                "learner_profile_ids": [p.pk for p in takers],
            },
        )
        analyses = [
            ItemAnalysis.objects.create(
                preset=preset,
                batch_id=batch_id,
                status=ItemAnalysis.Status.QUEUED,
                requested_at=timezone.now(),
            )
            for batch_id in (sitting.pk, None)
        ]
        by_learner = {a.learner_profile_id: a for a in rows}
        rng = random.Random(MOCK_SIMULATION_SEED)
        abilities = [rng.gauss(0.2, 1.0) for _ in takers]
        form = list(preset.form.order_by("position").values_list("question_id", flat=True))
        questions = Question.objects.select_related("complexity_level").in_bulk(form)
        difficulty = {
            qid: LEVEL_DIFFICULTY[questions[qid].complexity_level.code] + rng.uniform(-0.3, 0.3)
            for qid in form
        }
        wrong = demo_wrong_answers()
        for learner, ability in zip(takers, abilities, strict=True):
            enrollment_id = Enrollment.objects.get(
                profile=learner, kind=Enrollment.Kind.TEST, object_id=by_learner[learner.pk].pk
            ).pk
            _schema, locked = attempts.assignment_owned_locked(
                profile_id=learner.pk, enrollment_id=enrollment_id, not_found_message="-"
            )
            attempt, token = attempts.attempt_start(assignment=locked)
            for qid in attempt.question_ids:
                answer = _mock_answer(rng, questions[qid], ability - difficulty[qid], wrong)
                if answer is not None:
                    services.answer_save(
                        profile=learner,
                        enrollment_id=enrollment_id,
                        device_token=token,
                        question_id=qid,
                        answer=answer,
                        flagged=False,
                        seq=1,
                    )
            services.attempt_submit(profile=learner, enrollment_id=enrollment_id, device_token=token)
        Batch.objects.filter(pk=sitting.pk).update(
            expires_at=now - timedelta(minutes=1)
        )  # the sitting is over
    return MockExam(preset.pk, sitting.pk, (analyses[0].pk, analyses[1].pk))


def _right(rng: random.Random, margin: float) -> bool:
    """Whether a taker whose ability exceeds the item's difficulty by ``margin`` gets it right: a
    logistic model (probability 1 / (1 + e^(-1.7 margin)))."""
    return rng.random() < 1 / (1 + math.exp(-1.7 * margin))


def _mock_answer(rng: random.Random, question, margin: float, wrong: dict[str, list[str]]) -> dict | None:
    """A simulated taker's answer to ``question`` of the mock exam (``margin``: ability minus the
    question's difficulty), or None when left blank:

    - single choice: the key when right; else mostly one of the other options, the first written
      the likeliest (a plausible distractor), sometimes blank;
    - true/false set: each statement judged right or wrong on its own, a) easiest to d) hardest
      (``STATEMENT_STEP``), so partial credit by the Ministry's table is common;
    - numeric: the first accepted value when right; else blank, or the question's most frequent
      wrong answer (``demo_wrong``, e.g. 3 for -3 in the graph's question), or another of them."""
    key = question.answer_key
    if question.type == "true_false_set":
        return {
            "statements": {
                sid: truth if _right(rng, margin - step) else not truth
                for (sid, truth), step in zip(key["statements"].items(), STATEMENT_STEP, strict=True)
            }
        }
    if _right(rng, margin):
        return {"option": key["option"]} if question.type == "single_choice" else {"text": key["accepted"][0]}
    draw = rng.random()
    if question.type == "single_choice":
        if draw < 0.08:
            return None
        others = [o["id"] for o in question.content["options"] if o["id"] != key["option"]]
        return {"option": rng.choices(others, weights=[3, 2, 1][: len(others)])[0]}
    common = wrong.get(question.content["stem"]["vi"], [])
    if draw < 0.25 or not common:
        return None
    if draw < 0.75 or len(common) == 1:
        return {"text": common[0]}
    return {"text": rng.choice(common[1:])}
