"""Benchmark of the authoring lists (issue 4): a bank of 10,000 questions listed, searched and
filtered at a steady 50 requests/s (open loop, see is_authorized.py), and the import of a
5,000-row spreadsheet (time and peak memory of the importing process)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from is_authorized import bench_env, free_port, login_cookie, manage, open_loop, row, serve, settle  # noqa: E402

QUESTIONS = int(os.environ.get("BENCH_QUESTIONS", "10000"))
IMPORT_ROWS = int(os.environ.get("BENCH_IMPORT_ROWS", "5000"))
RATE = float(os.environ.get("BENCH_RATE", "50"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "20"))

FILL = f"""
import random
from django_tenants.utils import schema_context
from assessments.models import MatrixCluster, Question, QuestionBank, Subject
from tenants.models import Organization
org = Organization.objects.get(slug="bench-0")
rng = random.Random(1)
with schema_context(org.schema_name):
    topic = MatrixCluster.objects.create(type="topic", code="BT", description="Bench topic")
    sub = MatrixCluster.objects.create(type="subtopic", code="BT1", description="Bench subtopic", parent=topic)
    levels = list(MatrixCluster.objects.filter(type="complexity_level"))
    domain = MatrixCluster.objects.filter(type="cognitive_domain").first()
    subjects = list(Subject.objects.all())
    bank = QuestionBank.objects.create(name="Bench bank", created_by_profile_id=1)
    words = "phương trình hàm số đường tròn tam giác căn bậc hai passive voice conditional reading vocabulary".split()
    rows = []
    for i in range({QUESTIONS}):
        stem = " ".join(rng.choice(words) for _ in range(8)) + f" #{{i}}"
        rows.append(Question(bank=bank, type=rng.choice(["single_choice", "true_false", "short_text"]), grade=rng.randint(6, 12),
            subject=rng.choice(subjects), difficulty=rng.choice(["easy", "medium", "hard"]),
            content={{"stem": {{"vi": stem, "en": ""}}, "options": [], "explanation": {{}}}}, answer_key={{"value": True}},
            search_text=stem.lower(), topic=topic, subtopic=sub, complexity_level=rng.choice(levels), cognitive_domain=domain,
            status=rng.choice(["draft", "submitted", "approved", "published"]), created_by_profile_id=1))
    Question.objects.bulk_create(rows, batch_size=2000)
    print("RESULT", bank.pk, subjects[0].pk, topic.pk)
"""

IMPORT = f"""
import io, resource, time
from openpyxl import Workbook
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tenants.utils import schema_context
from accounts.models import Profile
from assessments.models import QuestionBank
from assessments.services.common import Actor
from assessments.services.spreadsheets import COLUMNS, questions_import_run
from tenants.models import Organization
org = Organization.objects.get(slug="bench-0")
wb = Workbook(write_only=True); ws = wb.create_sheet()
ws.append(COLUMNS)
for i in range({IMPORT_ROWS}):
    row = dict(type="single_choice", grade=9, subject_code="toan", difficulty="easy", stem_vi=f"Câu hỏi số {{i}}: $x+{{i}}=0$",
               option_a_vi=str(-i), option_b_vi=str(i), option_c_vi="0", correct="a", topic_code="BT", subtopic_code="BT1",
               complexity_code="NB", cognitive_code="REM")
    ws.append([row.get(c, "") for c in COLUMNS])
buf = io.BytesIO(); wb.save(buf)
actor = Actor.of(Profile.objects.select_related("user").get(user__email="bench@bench.vn"))
with schema_context(org.schema_name):
    bank = QuestionBank.objects.create(name="Import bench", created_by_profile_id=actor.profile_id)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    report = questions_import_run(actor=actor, bank_id=bank.pk, upload=SimpleUploadedFile("q.xlsx", buf.getvalue()), dry_run=False)
    seconds = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("RESULT", report["imported"], seconds, peak / 1024, before / 1024)
"""


def result(output: str) -> list[str]:
    return [ln for ln in output.splitlines() if ln.startswith("RESULT")][-1].split()[1:]


def main() -> None:
    env = bench_env()
    manage(env, "migrate_schemas", "--shared", "-v", "0")
    from is_authorized import setup_people

    setup_people(env)
    bank_id, subject_id, topic_id = result(manage(env, "shell", "-c", FILL))
    imported, seconds, peak_mb, base_mb = result(manage(env, "shell", "-c", IMPORT))
    settle(env)
    base = "/api/v1/questions?limit=20"
    paths = (
        f"{base}&bank_id={bank_id}&page=1",
        f"{base}&bank_id={bank_id}&page=137",
        f"{base}&bank_id={bank_id}&search=tam%20gi%C3%A1c",
        f"{base}&bank_id={bank_id}&status=published&grade=9",
        f"{base}&bank_id={bank_id}&type=true_false&difficulty=hard&subject_id={subject_id}",
        f"{base}&bank_id={bank_id}&cluster_id={topic_id}&order_by=-updated_at",
        "/api/v1/question-banks?limit=20",
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
        "\n| questions | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(row(str(QUESTIONS), stats))
    print("\n| figure | value | target |")
    print("|---|---|---|")
    print(
        f"| list/search/filter p95 at {RATE:.0f} rps, {QUESTIONS} questions | {stats['p95_ms']:.1f} ms | < 50 ms |"
    )
    print(f"| import {imported} rows | {float(seconds):.1f} s | < 20 s |")
    print(
        f"| peak memory of the importing process | {float(peak_mb):.0f} MB (before: {float(base_mb):.0f} MB) | < 300 MB |"
    )


if __name__ == "__main__":
    main()
