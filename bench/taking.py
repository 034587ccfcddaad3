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
from sitting import setup_code  # noqa: E402

LEARNERS = int(os.environ.get("BENCH_LEARNERS", "500"))
QUESTIONS = 20
START_SECONDS = 10.0
SAVE_EVERY = 5.0
SECONDS = float(os.environ.get("BENCH_TAKING_SECONDS", "600"))

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
    out = manage(env, "shell", "-c", setup_code(learners=LEARNERS, questions=QUESTIONS))
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
