"""A sitting's setup, shared by bench/taking.py (issue 7) and bench/cluster.py (issue 21, item 4):
learners created in one organization, assigned one generated test in one batch, each with a
session in the session store (so a client needs no login), printed as JSON after ``RESULT``."""

from __future__ import annotations

CHOICES = ["a", "b", "c", "d"]
STATEMENTS = ["a", "b", "c", "d"]
NATIONAL_MIX = ["single_choice"] * 12 + ["true_false_set"] * 4 + ["numeric"] * 6
"""The 2025 national exam's Mathematics paper: phần I, II and III (issue 39)."""
NATIONAL_KEYS = {
    "single_choice": {"option": "a"},
    "true_false_set": {"statements": {"a": True, "b": False, "c": True, "d": False}},
    "numeric": {"accepted": ["0,5"]},
}


def national_answer(kind: str, nth: int) -> dict:
    """The ``nth`` answer a learner saves to a question of ``kind`` (a varying one, as a learner
    changing their mind would send)."""
    if kind == "single_choice":
        return {"option": CHOICES[nth % 4]}
    if kind == "true_false_set":
        return {"statements": {s: (nth + k) % 2 == 0 for k, s in enumerate(STATEMENTS)}}
    return {"text": f"{nth % 10},5"}


def setup_code(
    *,
    learners: int,
    questions: int,
    org_slug: str = "bench-0",
    educator_email: str = "bench@bench.vn",
    tag: str = "",
    closes_in_seconds: int = 3 * 3600,
    choice: bool = False,
    national_format: bool = False,
) -> str:
    """Python for ``manage.py shell -c``: ``learners`` learners (taker{tag}{i}@bench.vn, grade 9,
    adults who consented to the notices in force, issue 24) of organization ``org_slug``, ``questions`` published questions (short text, or single choice
    with options ``CHOICES`` when ``choice``) in a preset of the educator ``educator_email`` (who
    approves it; 120 minutes), one batch of them all (assigned ``MAX_LEARNERS`` at a time, as an
    educator's calls must be) whose window closes ``closes_in_seconds``
    from now (an attempt's deadline is then at the latest that: ``sitting.attempts.attempt_start``), and a
    stored session per learner. ``tag`` keeps names apart when run again on one database.
    ``national_format``: the 2025 national exam's mix instead (issue 39), question ``i`` by
    ``NATIONAL_MIX``: single choice (phần I), true/false sets of four statements (phần II) and
    numeric answers (phần III), 12 + 4 + 6 in every 22; ``national_answer`` gives a save's answer.
    Prints ``RESULT {"learners": [[session key, enrollment id], ...], "questions": [question
    ids in form order], "schema": ..., "batch_id": ...}``."""
    if national_format:
        content = (
            '{"stem": {"vi": f"Câu {i}", "en": ""}, "options": [{"id": o, "vi": o, "en": o} for o in '
            f"{CHOICES!r}] if {NATIONAL_MIX!r}[i % 22] == 'single_choice' else [], "
            '"statements": [{"id": s, "vi": f"Ý {s}", "en": ""} for s in '
            f"{STATEMENTS!r}] if {NATIONAL_MIX!r}[i % 22] == 'true_false_set' else [], "
            '"explanation": {}}'
        )
        kind = f"{NATIONAL_MIX!r}[i % 22]"
        key = f"{NATIONAL_KEYS!r}[{NATIONAL_MIX!r}[i % 22]]"
        return _setup(
            learners,
            questions,
            org_slug,
            educator_email,
            tag,
            closes_in_seconds,
            content,
            kind,
            key,
            blueprint=_national_blueprint(questions),
        )
    if choice:
        content = (
            '{"stem": {"vi": f"Câu {i}", "en": ""}, "options": [{"id": o, "vi": o, "en": o} for o in '
            f"{CHOICES!r}], " + '"explanation": {}}'
        )
        kind, key = "single_choice", '{"option": "a"}'
    else:
        content = '{"stem": {"vi": f"Câu {i}", "en": ""}, "options": [], "explanation": {}}'
        kind, key = "short_text", '{"accepted": ["x"]}'
    return _setup(
        learners, questions, org_slug, educator_email, tag, closes_in_seconds, content, repr(kind), key
    )


NATIONAL_POINTS = {"single_choice": "0.25", "true_false_set": "1", "numeric": "0.5"}
"""Points per question of the Mathematics paper's parts (decision 0056)."""


def _national_blueprint(questions: int) -> str:
    """The preset's blueprint as the THPT 2025 Mathematics template makes it (decision 0056): the
    three parts (phần I, II, III) with their points, each drawing its type from the bench's
    topic, and the score out of 10. ``questions`` a multiple of 22."""
    per = questions // len(NATIONAL_MIX)
    parts = ", ".join(
        f'{{"question_type": {kind!r}, "points_per_question": {NATIONAL_POINTS[kind]!r}, '
        f'"items": [{{"cluster_id": topic.pk, "count": {NATIONAL_MIX.count(kind) * per}}}]}}'
        for kind in dict.fromkeys(NATIONAL_MIX)
    )
    return (
        f'"subjects": [{{"subject_id": subject.pk, "items": []}}], "parts": [{parts}], "score_scale": "ten"'
    )


def _setup(
    learners: int,
    questions: int,
    org_slug: str,
    educator_email: str,
    tag: str,
    closes_in_seconds: int,
    content: str,
    kind: str,
    key: str,
    *,
    blueprint: str = "",
) -> str:
    """The shell code of ``setup_code``; ``content``, ``kind`` and ``key`` are Python expressions
    of ``i``, the question's number; ``blueprint`` the preset's blueprint fields (one subject
    drawing every question from the bench's topic when empty)."""
    blueprint = blueprint or (
        f'"subjects": [{{"subject_id": subject.pk, "items": [{{"cluster_id": topic.pk, "count": {questions}}}]}}]'
    )
    return f"""
import json
from datetime import date, timedelta
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.utils import timezone
from django_tenants.utils import schema_context
from accounts.models import Enrollment, Profile, User
from assessments.models import MatrixCluster, Question, QuestionBank, Subject
from assessments.services import batches, generation, presets, review, rounds
from assessments.services.common import Actor
from assignments.services import MAX_LEARNERS, assignments_assign_direct
from consent.demo import seed_demo_consents
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.models import Organization
org = Organization.objects.get(slug={org_slug!r})
educator = Profile.objects.select_related("user", "organization").get(user__email={educator_email!r}, organization=org)
actor = Actor.of(educator)
now = timezone.now()
users = User.objects.bulk_create([User(email=f"taker{tag}{{i}}@bench.vn", name=f"Taker {{i}}", password="!",
    is_active=True, email_verified_at=now) for i in range({learners})])
profiles = Profile.objects.bulk_create([Profile(user=u, pandai_profile_role="LEARNER", organization=org, grade=9,
    joined_at=now, date_of_birth=date(2000, 1, 1)) for u in users])
seed_demo_consents(emails=[u.email for u in users])  # adults who accepted the notices in force (issue 24)
with schema_context(org.schema_name):
    subject = Subject.objects.get(code="toan")
    topic = MatrixCluster.objects.create(type="topic", code="TK{tag}", description="Taking bench {tag}")
    folder = QuestionBank.objects.create(name="Taking bench {tag}", created_by_profile_id=educator.pk)
    Question.objects.bulk_create(Question(bank=folder, type={kind}, grade=9, subject=subject, difficulty="easy",
        content={content}, answer_key={key},
        topic=topic, status="published", created_by_profile_id=educator.pk) for i in range({questions}))
    rnd = rounds.round_create(data={{"name": "Bench {tag}", "starts_at": now, "expires_at": now + timedelta(days=30)}})
    p = presets.preset_create(actor=actor, data={{"name": "Taking bench {tag}", "grade": 9, "duration_minutes": 120,
        "starts_at": now - timedelta(hours=1), "ends_at": now + timedelta(days=20), "passing_score": 1, "round_id": rnd.pk,
        "camera_proctoring": False, {blueprint}}})
    generation.preset_generate(actor=actor, preset_id=p.pk)
    b = batches.batch_create(preset_id=p.pk, data={{"name": "Ca {tag}", "starts_at": now - timedelta(minutes=5),
        "expires_at": now + timedelta(seconds={closes_in_seconds}), "slots": {learners}}})
    review.preset_approve(actor_profile=educator, preset_id=p.pk)
    for at in range(0, len(profiles), MAX_LEARNERS):  # the service takes MAX_LEARNERS a call (issue 23)
        assignments_assign_direct(actor=educator, data={{"preset_id": p.pk, "batch_id": b.pk,
            "learner_profile_ids": [x.pk for x in profiles[at:at + MAX_LEARNERS]]}})
    questions = list(p.form.order_by("position").values_list("question_id", flat=True))
    kinds = {{str(pk): t for pk, t in Question.objects.filter(pk__in=questions).values_list("pk", "type")}}
enrollments = dict(Enrollment.objects.filter(profile__in=profiles).values_list("profile_id", "pk"))
Store = import_module(settings.SESSION_ENGINE).SessionStore
out = []
for u, pr in zip(users, profiles):
    s = Store()
    s[SESSION_KEY] = str(u.pk); s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s[PROFILE_SESSION_KEY] = pr.pk
    s.create(); out.append([s.session_key, enrollments[pr.pk]])
print("RESULT", json.dumps({{"learners": out, "questions": questions, "kinds": kinds, "schema": org.schema_name, "batch_id": b.pk}}))
"""
