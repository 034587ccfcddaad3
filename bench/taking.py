"""Benchmark of issue 7: 500 learners of one batch start their test within 10 s, then each saves
an answer every 5 s (about 100 saves/s) for BENCH_TAKING_SECONDS (600 = the issue's 10 minutes),
open loop on loopback against gunicorn; then the database is checked to hold every answer sent
(the last one of each learner and question). Sessions are written to the session store."""

from __future__ import annotations

import http.client
import json
import os
import queue
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checkout import CSRF  # noqa: E402
from is_authorized import bench_env, free_port, manage, open_loop, row, serve, settle  # noqa: E402

LEARNERS = int(os.environ.get("BENCH_LEARNERS", "500"))
QUESTIONS = 20
START_SECONDS = 10.0
SAVE_EVERY = 5.0
SECONDS = float(os.environ.get("BENCH_TAKING_SECONDS", "600"))

SETUP = f"""
import json
from datetime import timedelta
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.utils import timezone
from django_tenants.utils import schema_context
from accounts.models import Enrollment, Profile, User
from assessments.models import MatrixCluster, Question, QuestionBank, Subject
from assessments.services import batches, generation, presets, review, rounds
from assessments.services.common import Actor
from assignments.services import assignments_assign_direct
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.models import Organization
org = Organization.objects.get(slug="bench-0")
educator = Profile.objects.select_related("user", "organization").get(user__email="bench@bench.vn")
actor = Actor.of(educator)
now = timezone.now()
users = User.objects.bulk_create([User(email=f"taker{{i}}@bench.vn", name=f"Taker {{i}}", password="!", is_active=True,
    email_verified_at=now) for i in range({LEARNERS})])
profiles = Profile.objects.bulk_create([Profile(user=u, pandai_profile_role="LEARNER", organization=org, grade=9,
    joined_at=now) for u in users])
with schema_context(org.schema_name):
    subject = Subject.objects.get(code="toan")
    topic = MatrixCluster.objects.create(type="topic", code="TK", description="Taking bench")
    folder = QuestionBank.objects.create(name="Taking bench", created_by_profile_id=educator.pk)
    Question.objects.bulk_create(Question(bank=folder, type="short_text", grade=9, subject=subject, difficulty="easy",
        content={{"stem": {{"vi": f"Câu {{i}}", "en": ""}}, "options": [], "explanation": {{}}}}, answer_key={{"accepted": ["x"]}},
        topic=topic, status="published", created_by_profile_id=1) for i in range({QUESTIONS}))
    rnd = rounds.round_create(data={{"name": "Bench", "starts_at": now, "expires_at": now + timedelta(days=30)}})
    p = presets.preset_create(actor=actor, data={{"name": "Taking bench", "grade": 9, "duration_minutes": 120,
        "starts_at": now - timedelta(hours=1), "ends_at": now + timedelta(days=20), "passing_score": 1, "round_id": rnd.pk,
        "camera_proctoring": False, "subjects": [{{"subject_id": subject.pk, "items": [{{"cluster_id": topic.pk, "count": {QUESTIONS}}}]}}]}})
    generation.preset_generate(actor=actor, preset_id=p.pk)
    b = batches.batch_create(preset_id=p.pk, data={{"name": "Ca", "starts_at": now - timedelta(minutes=5),
        "expires_at": now + timedelta(hours=3), "slots": {LEARNERS}}})
    review.preset_approve(actor_profile=educator, preset_id=p.pk)
    assignments_assign_direct(actor=educator, data={{"preset_id": p.pk, "batch_id": b.pk,
        "learner_profile_ids": [x.pk for x in profiles]}})
    questions = list(p.form.order_by("position").values_list("question_id", flat=True))
enrollments = dict(Enrollment.objects.filter(profile__in=profiles).values_list("profile_id", "pk"))
Store = import_module(settings.SESSION_ENGINE).SessionStore
out = []
for u, pr in zip(users, profiles):
    s = Store()
    s[SESSION_KEY] = str(u.pk); s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s[PROFILE_SESSION_KEY] = pr.pk
    s.create(); out.append([s.session_key, enrollments[pr.pk]])
print("RESULT", json.dumps({{"learners": out, "questions": questions, "schema": org.schema_name}}))
"""

VERIFY = """
import json
from django_tenants.utils import schema_context
from accounts.models import Enrollment
from assignments.models import AttemptAnswer
expected = json.load(open(PATH))
assignment_of = dict(Enrollment.objects.filter(pk__in=[int(e) for e in expected["seqs"]]).values_list("pk", "object_id"))
with schema_context(expected["schema"]):
    stored = {(a["attempt__assignment_id"], a["question_id"]): (a["seq"], a["answer"]) for a in
        AttemptAnswer.objects.values("attempt__assignment_id", "question_id", "seq", "answer")}
missing = 0
for eid, per_question in expected["seqs"].items():
    for qid, seq in per_question.items():
        got = stored.get((assignment_of[int(eid)], int(qid)))
        if got is None or got[0] != seq or got[1] != {"text": f"trả lời {seq - 1}"}:
            missing += 1
print("RESULT", len(stored), missing)
"""


def headers(session: str, token: str = "") -> dict[str, str]:
    h = {
        "Cookie": f"sessionid={session}; csrftoken={CSRF}",
        "X-CSRFToken": CSRF,
        "Content-Type": "application/json",
    }
    if token:
        h["X-Device-Token"] = token
    return h


def starts(port: int, learners: list[list]) -> tuple[list[float], list[str], int]:
    """Start every attempt on a fixed schedule over START_SECONDS; returns latencies (from the
    due time), device tokens and errors."""
    due: queue.Queue = queue.Queue()
    tokens = [""] * len(learners)
    lat: list[float] = []
    errors = [0]
    lock = threading.Lock()
    t0 = time.perf_counter() + 0.2

    def sender() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while (item := due.get()) is not None:
            i, at = item
            time.sleep(max(0.0, at - time.perf_counter()))
            session, eid = learners[i]
            try:
                conn.request("POST", f"/api/v1/take-test/{eid}/start", body="{}", headers=headers(session))
                res = conn.getresponse()
                body = json.loads(res.read())
                ok = res.status == 200
            except (OSError, http.client.HTTPException, ValueError):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                ok, body = False, {}
            with lock:
                if ok:
                    lat.append(time.perf_counter() - at)
                    tokens[i] = body["data"]["device_token"]
                else:
                    errors[0] += 1

    threads = [threading.Thread(target=sender, daemon=True) for _ in range(32)]
    for th in threads:
        th.start()
    for i in range(len(learners)):
        due.put((i, t0 + i * START_SECONDS / len(learners)))
    for _ in threads:
        due.put(None)
    for th in threads:
        th.join()
    return sorted(lat), tokens, errors[0]


def main() -> None:
    env = bench_env()
    manage(env, "migrate_schemas", "--shared", "-v", "0")
    from is_authorized import setup_people

    setup_people(env)
    out = manage(env, "shell", "-c", SETUP)
    data = json.loads([ln for ln in out.splitlines() if ln.startswith("RESULT")][-1].split(" ", 1)[1])
    learners, questions = data["learners"], data["questions"]
    settle(env)
    port = free_port()
    proc = serve(env, port)
    try:
        start_lat, tokens, start_errors = starts(port, learners)
        rate = len(learners) / SAVE_EVERY
        sent: dict[tuple[int, int], int] = {}

        def make(i: int):
            who = i % len(learners)
            nth = i // len(learners)
            qid = questions[nth % len(questions)]
            session, eid = learners[who]
            sent[(eid, qid)] = nth + 1
            body = json.dumps({"answer": {"text": f"trả lời {nth}"}, "seq": nth + 1, "flagged": False})
            return "PUT", f"/api/v1/take-test/{eid}/answers/{qid}", headers(session, tokens[who]), body

        stats = open_loop(port, "", rate, SECONDS, make=make)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    check = Path(env.get("TMPDIR", "/tmp")) / "bench-taking-expected.json"
    seqs: dict[str, dict[str, int]] = {}
    for (eid, qid), seq in sent.items():
        seqs.setdefault(str(eid), {})[str(qid)] = seq
    check.write_text(json.dumps({"schema": data["schema"], "seqs": seqs}))
    verify = manage(env, "shell", "-c", VERIFY.replace("PATH", repr(str(check))))
    result = [ln for ln in verify.splitlines() if ln.startswith("RESULT")][-1].split()[1:]
    stored, wrong = int(result[0]), int(result[1])
    p95_start = start_lat[int(0.95 * len(start_lat)) - 1] * 1000 if start_lat else float("nan")
    print(
        "\n| answer saves | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(row(f"{len(learners)} learners, {SECONDS:.0f} s", stats))
    print("\n| figure | value | target |")
    print("|---|---|---|")
    print(
        f"| starts of {len(learners)} learners over {START_SECONDS:.0f} s, p95 | {p95_start:.1f} ms ({start_errors} errors) | < 300 ms |"
    )
    print(f"| answer saves p95 at {rate:.0f}/s | {stats['p95_ms']:.1f} ms | < 50 ms |")
    print(f"| errors / late | {stats['errors']} / {stats['late']} | 0 |")
    print(
        f"| (learner, question) answers stored / sent; missing or stale | {stored} / {len(sent)}; {wrong} | equal; 0 |"
    )


if __name__ == "__main__":
    main()
