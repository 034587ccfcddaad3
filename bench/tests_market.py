"""Benchmark of issue 5: drawing a 50-question test from a 10,000-question bank
(``preset_generate``: blueprint draw, delete the old form, insert the new one), timed in one
process; and the marketplace list with 1,000 listings from 100 organizations, paged, searched and
filtered at a steady 50 requests/s (the open-loop generator of is_authorized.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from is_authorized import bench_env, free_port, login_cookie, manage, open_loop, row, serve, settle  # noqa: E402

QUESTIONS = int(os.environ.get("BENCH_QUESTIONS", "10000"))
LISTINGS = int(os.environ.get("BENCH_LISTINGS", "1000"))
ORGS = int(os.environ.get("BENCH_ORGS", "100"))
RATE = float(os.environ.get("BENCH_RATE", "50"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))
DRAWS = int(os.environ.get("BENCH_DRAWS", "30"))

GENERATE = f"""
import random, statistics, time
from datetime import timedelta
from django.utils import timezone
from django_tenants.utils import schema_context
from accounts.models import Profile
from assessments.models import MatrixCluster, Question, QuestionBank, Round, Subject
from assessments.services import generation, presets
from assessments.services.common import Actor
from tenants.models import Organization
org = Organization.objects.get(slug="bench-0")
actor = Actor.of(Profile.objects.select_related("user").get(user__email="bench@bench.vn"))
rng = random.Random(5)
with schema_context(org.schema_name):
    subject = Subject.objects.get(code="toan")
    levels = list(MatrixCluster.objects.filter(type="complexity_level").order_by("position", "id"))
    domain = MatrixCluster.objects.filter(type="cognitive_domain").first()
    topics = [MatrixCluster.objects.create(type="topic", code=f"G{{i}}", description=f"Gen topic {{i}}", subject=subject) for i in range(10)]
    bank = QuestionBank.objects.create(name="Generation bench", created_by_profile_id=1)
    rows = []
    for i in range({QUESTIONS}):
        rows.append(Question(bank=bank, type="true_false", grade=9, subject=subject, difficulty="easy",
            content={{"stem": {{"vi": f"Câu {{i}}", "en": ""}}, "options": [], "explanation": {{}}}}, answer_key={{"value": True}},
            search_text=f"câu {{i}}", topic=topics[i % 10], complexity_level=levels[(i // 10) % len(levels)], cognitive_domain=domain,
            status="published", created_by_profile_id=1))
    Question.objects.bulk_create(rows, batch_size=2000)
    now = timezone.now()
    rnd = Round.objects.create(name="Bench round", starts_at=now, expires_at=now + timedelta(days=30))
    items = [{{"cluster_id": t.pk, "complexity_level_id": levels[j].pk, "count": 5 if j == 0 else 0}} for t in topics for j in range(1)]
    preset = presets.preset_create(actor=actor, data={{"name": "Bench 50", "grade": 9, "duration_minutes": 45, "starts_at": now,
        "ends_at": now + timedelta(days=10), "passing_score": 5, "round_id": rnd.pk,
        "subjects": [{{"subject_id": subject.pk, "items": items}}]}})
    generation.preset_generate(actor=actor, preset_id=preset.pk)  # warm up
    times = []
    for _ in range({DRAWS}):
        t = time.perf_counter()
        generation.preset_generate(actor=actor, preset_id=preset.pk)
        times.append((time.perf_counter() - t) * 1000)
    assert preset.form.count() == 50
    times.sort()
    print("RESULT", statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1])
"""

LISTINGS_FILL = f"""
import random
from datetime import timedelta
from django.utils import timezone
from marketplace.models import Listing
from tenants.models import Organization
rng = random.Random(7)
orgs = [Organization.objects.get(slug="bench-0")]
orgs += Organization.objects.bulk_create([Organization(name=f"Trường bench {{i}}", slug=f"market-{{i}}", schema_name=f"market_{{i}}",
    provisioning_status="ready") for i in range(1, {ORGS})])
words = "toán tiếng anh ngữ văn vật lí hoá học sinh học lịch sử địa lí đánh giá năng lực kiểm tra giữa kỳ cuối kỳ".split()
subjects = [("toan", "Toán", "Mathematics"), ("tieng-anh", "Tiếng Anh", "English"), ("van", "Ngữ văn", "Literature")]
now = timezone.now()
rows = []
for i in range({LISTINGS}):
    org = orgs[i % len(orgs)]
    name = " ".join(rng.choice(words) for _ in range(4)).capitalize() + f" {{i}}"
    code, vi, en = rng.choice(subjects)
    start = now + timedelta(days=rng.randint(1, 60))
    batches = [{{"id": b, "name": f"Ca {{b}}", "starts_at": (start + timedelta(days=b)).isoformat(),
        "expires_at": (start + timedelta(days=b, hours=2)).isoformat(), "slots": 30, "available": rng.randint(0, 30)}} for b in range(3)]
    rows.append(Listing(organization=org, preset_id=i + 1, name=name, description="Mô tả " + name, grade=rng.randint(6, 12),
        subjects=[{{"code": code, "name_vi": vi, "name_en": en}}], duration_minutes=45, starts_at=start, ends_at=start + timedelta(days=30),
        batches=batches, price_test_only=rng.choice([0, 50_000, 100_000, 150_000, 200_000]), price_test_advanced=250_000,
        search_text=(name + " " + vi + " " + en).lower()))
Listing.objects.bulk_create(rows, batch_size=500)
print("RESULT", Listing.objects.count(), Organization.objects.count())
"""


def result(output: str) -> list[str]:
    return [ln for ln in output.splitlines() if ln.startswith("RESULT")][-1].split()[1:]


def main() -> None:
    env = bench_env()
    manage(env, "migrate_schemas", "--shared", "-v", "0")
    from is_authorized import setup_people

    setup_people(env)
    p50, p95, worst = (float(x) for x in result(manage(env, "shell", "-c", GENERATE)))
    listings, orgs = result(manage(env, "shell", "-c", LISTINGS_FILL))
    settle(env)
    base = "/api/v1/marketplace?limit=12"
    paths = (
        f"{base}&page=1",
        f"{base}&page=40",
        f"{base}&search=to%C3%A1n",
        f"{base}&minprice=50000&maxprice=150000",
        f"{base}&grade=9&order_by=price",
        f"{base}&subject=tieng-anh&order_by=-starts_at",
        f"{base}&mylistings=true",
    )
    port = free_port()
    proc = serve(env, port)
    try:
        cookie = login_cookie(port)
        open_loop(port, cookie, 10, 2, paths)
        stats = open_loop(port, cookie, RATE, SECONDS, paths)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(
        "\n| listings / organizations | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(row(f"{listings} / {orgs}", stats))
    print("\n| figure | value | target |")
    print("|---|---|---|")
    print(
        f"| generate 50 questions from {QUESTIONS} ({DRAWS} draws) | p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms | < 200 ms |"
    )
    print(f"| marketplace list p95 at {RATE:.0f} rps | {stats['p95_ms']:.1f} ms | < 50 ms |")


if __name__ == "__main__":
    main()
