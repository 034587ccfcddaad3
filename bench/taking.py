"""Benchmark of issues 7 and 23: ``BENCH_LEARNERS`` (500; issue 23: 2,000) learners of one batch
start their test within 10 s, then each saves an answer every 5 s (100 saves/s at 500, 400 at
2,000) for ``BENCH_TAKING_SECONDS`` (600 = the issue's 10 minutes), open loop on loopback against
gunicorn. Then the capacity of the save, closed loop (``BENCH_CAPACITY_CONNECTIONS`` (16)
connections, ``BENCH_CAPACITY_SECONDS`` (15) s): the product's ``PUT .../answers/{question}``
against the floor on the same server (``floor_wsgi``: the session read and one upsert, nothing
else), and their ratio. CPU of the web, the database and the generator is printed for each phase
(``cpu.CpuMeter``). Last, the database is checked to hold every acknowledged answer (for each
learner and question, the highest sequence number answered 2xx, or a later one of the same
learner). Sessions are written to the session store (see bench/README.md)."""

from __future__ import annotations

import http.client
import inspect
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checkout import CSRF  # noqa: E402
from cpu import CpuMeter  # noqa: E402
from is_authorized import (  # noqa: E402
    WEB_THREADS,
    WEB_WORKERS,
    bench_env,
    free_port,
    manage,
    open_loop,
    row,
    send,
    serve,
    settle,
)
from sitting_setup import national_answer, setup_code  # noqa: E402

LEARNERS = int(os.environ.get("BENCH_LEARNERS", "500"))
NATIONAL = os.environ.get("BENCH_FORMAT", "") == "thpt2025"
"""``BENCH_FORMAT=thpt2025``: the test is the 2025 national exam's mix (issue 39): 22 questions,
single choice, true/false sets and numeric answers, each save an answer of its question's type."""
QUESTIONS = 22 if NATIONAL else 20
START_SECONDS = 10.0
SAVE_EVERY = 5.0
SECONDS = float(os.environ.get("BENCH_TAKING_SECONDS", "600"))
CAPACITY_CONNECTIONS = int(os.environ.get("BENCH_CAPACITY_CONNECTIONS", "16"))
CAPACITY_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "15"))
# BENCH_PYSPY=<file>: py-spy (pip install py-spy) samples gunicorn during the product's capacity
# run and writes collapsed stacks there (one line per stack, with its sample count).

VERIFY = """
import json
from django_tenants.utils import schema_context
from accounts.models import Enrollment
from assignments.models import AttemptAnswer
expected = json.load(open(PATH))
CHOICES = STATEMENTS = ["a", "b", "c", "d"]
NATIONAL_ANSWER


def expected_answer(kind, nth):
    return national_answer(kind, nth) if kind else {"text": f"trả lời {nth}"}


assignment_of = dict(Enrollment.objects.filter(pk__in=[int(e) for e in expected["seqs"]]).values_list("pk", "object_id"))
with schema_context(expected["schema"]):
    stored = {(a["attempt__assignment_id"], a["question_id"]): (a["seq"], a["answer"]) for a in
        AttemptAnswer.objects.values("attempt__assignment_id", "question_id", "seq", "answer")}
missing = 0
for eid, per_question in expected["seqs"].items():
    for qid, seq in per_question.items():
        got = stored.get((assignment_of[int(eid)], int(qid)))
        # the acknowledged answer, or a later one of the same learner (sent, its answer lost on the way)
        if got is None or got[0] < seq or got[1] != expected_answer(expected["kinds"].get(qid), got[0] - 1):
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


def starts(port: int, learners: list[list]) -> tuple[list[float], list[str], list[int], int]:
    """Start every attempt on a fixed schedule over START_SECONDS; returns latencies (from the
    due time), device tokens, attempt ids and errors."""
    due: queue.Queue = queue.Queue()
    tokens = [""] * len(learners)
    attempts = [0] * len(learners)
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
                    attempts[i] = body["data"]["attempt_id"]
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
    return sorted(lat), tokens, attempts, errors[0]


def closed_loop(port: int, connections: int, seconds: float, make, on_ok=None) -> dict[str, float]:
    """``connections`` keep-alive connections each sending request ``make(i)`` -> (method, path,
    headers, body) as soon as the previous one answered, for ``seconds``: the throughput the
    server can give (requests/s answered 2xx), the latencies (ms) and the errors. ``on_ok(i)``
    is called for each 2xx answer."""
    counter = iter(range(10**9))
    lock = threading.Lock()
    latencies: list[float] = []
    errors = [0]
    stop = time.perf_counter() + seconds

    def sender() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            with lock:
                i = next(counter)
                method, path, hdrs, body = make(i)
            t = time.perf_counter()
            conn, ok = send(conn, port, method, path, body, hdrs, timeout=30)
            with lock:
                if ok:
                    latencies.append(time.perf_counter() - t)
                    if on_ok is not None:
                        on_ok(i)
                else:
                    errors[0] += 1

    t0 = time.perf_counter()
    threads = [threading.Thread(target=sender, daemon=True) for _ in range(connections)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    elapsed = time.perf_counter() - t0
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {"rps": len(lat) / elapsed, "p50_ms": pct(0.5), "p95_ms": pct(0.95), "errors": errors[0]}


def main() -> None:
    env = bench_env()
    manage(env, "migrate_schemas", "--shared", "-v", "0")
    manage(env, "migrate_tenants", "-v", "0")  # the template schema, as ./ops does
    from is_authorized import setup_people

    setup_people(env)
    t = time.perf_counter()
    out = manage(
        env, "shell", "-c", setup_code(learners=LEARNERS, questions=QUESTIONS, national_format=NATIONAL)
    )
    print(f"set-up of {LEARNERS} learners: {time.perf_counter() - t:.0f} s")
    data = json.loads([ln for ln in out.splitlines() if ln.startswith("RESULT")][-1].split(" ", 1)[1])
    learners, questions, schema = data["learners"], data["questions"], data["schema"]
    kinds = data["kinds"]
    settle(env)
    port = free_port()
    proc = serve(env, port, app="floor_wsgi:application")
    acknowledged: dict[tuple[int, int], int] = {}  # (enrollment, question): highest seq answered 2xx
    try:
        with CpuMeter(proc.pid) as start_cpu:
            start_lat, tokens, attempts, start_errors = starts(port, learners)
        rate = len(learners) / SAVE_EVERY

        def key(i: int) -> tuple[int, int, int]:
            """(enrollment, question, seq) of the i-th save: learner i mod L, its (i div L)-th
            answer, to question (i div L) mod the test's length."""
            nth = i // len(learners)
            return learners[i % len(learners)][1], questions[nth % len(questions)], nth + 1

        def ack(i: int) -> None:
            eid, qid, seq = key(i)
            acknowledged[(eid, qid)] = max(seq, acknowledged.get((eid, qid), 0))

        def save(i: int, floor: bool = False):
            who = i % len(learners)
            eid, qid, seq = key(i)
            nth = seq - 1
            session = learners[who][0]
            answer = national_answer(kinds[str(qid)], nth) if NATIONAL else {"text": f"trả lời {nth}"}
            body = json.dumps({"answer": answer, "seq": nth + 1, "flagged": False})
            if floor:
                return "PUT", f"/bench-floor/{schema}/{attempts[who]}/{qid}", headers(session), body
            return "PUT", f"/api/v1/take-test/{eid}/answers/{qid}", headers(session, tokens[who]), body

        acked: list[int] = []
        with CpuMeter(proc.pid) as saves_cpu:
            stats = open_loop(port, "", rate, SECONDS, make=save, acked=acked)
        for i in acked:
            ack(i)
        # the capacity of one save: the product, then the floor, numbered after the open loop's
        offset = (int(rate * SECONDS) // len(learners) + 1) * len(learners)
        spy = None
        if os.environ.get("BENCH_PYSPY"):  # sample the web processes during the product's capacity run
            spy = subprocess.Popen(
                [
                    str(Path(sys.executable).parent / "py-spy"),
                    "record",
                    "--pid",
                    str(proc.pid),
                    "--subprocesses",
                    "--format",
                    "raw",
                    "--rate",
                    "200",
                    "--duration",
                    str(int(CAPACITY_SECONDS)),
                    "--output",
                    os.environ["BENCH_PYSPY"],
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        with CpuMeter(proc.pid) as product_cpu:
            product = closed_loop(
                port,
                CAPACITY_CONNECTIONS,
                CAPACITY_SECONDS,
                lambda i: save(offset + i),
                lambda i: ack(offset + i),
            )
        if spy is not None:
            spy.wait(timeout=60)
        offset += (int(product["rps"] * CAPACITY_SECONDS * 2) // len(learners) + 1) * len(learners)
        with CpuMeter(proc.pid) as floor_cpu:
            floor = closed_loop(
                port,
                CAPACITY_CONNECTIONS,
                CAPACITY_SECONDS,
                lambda i, base=offset: save(base + i, floor=True),
                lambda i, base=offset: ack(base + i),
            )
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    check = Path(env.get("TMPDIR", "/tmp")) / "bench-taking-expected.json"
    seqs: dict[str, dict[str, int]] = {}
    for (eid, qid), seq in acknowledged.items():
        seqs.setdefault(str(eid), {})[str(qid)] = seq
    check.write_text(json.dumps({"schema": schema, "seqs": seqs, "kinds": kinds if NATIONAL else {}}))
    code = VERIFY.replace("PATH", repr(str(check))).replace(
        "NATIONAL_ANSWER", inspect.getsource(national_answer)
    )
    verify = manage(env, "shell", "-c", code)
    result = [ln for ln in verify.splitlines() if ln.startswith("RESULT")][-1].split()[1:]
    wrong = int(result[1])
    p95_start = start_lat[int(0.95 * len(start_lat)) - 1] * 1000 if start_lat else float("nan")
    print(f"\ngunicorn: {WEB_WORKERS} workers x {WEB_THREADS} threads; {os.cpu_count()} cores")
    print(
        "\n| answer saves | target rps | achieved rps | p50 ms | p95 ms | p99 ms | errors/late | generator CPU |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(row(f"{len(learners)} learners, {SECONDS:.0f} s", stats))
    print("\n| figure | value | target |")
    print("|---|---|---|")
    print(
        f"| starts of {len(learners)} learners over {START_SECONDS:.0f} s, p95 | {p95_start:.1f} ms ({start_errors} errors) | < 500 ms |"
    )
    print(f"| answer saves p95 at {rate:.0f}/s | {stats['p95_ms']:.1f} ms | < 50 ms |")
    print(f"| answer saves achieved | {stats['achieved_rps']:.0f}/s of {rate:.0f}/s | all |")
    print(f"| errors / late | {stats['errors']} / {stats['late']} | 0 |")
    print(
        f"| (learner, question) answers acknowledged; stored older than acknowledged or missing | {len(acknowledged)}; {wrong} | 0 missing |"
    )
    print(
        f"| capacity, closed loop ({CAPACITY_CONNECTIONS} connections, {CAPACITY_SECONDS:.0f} s): product saves/s | "
        f"{product['rps']:.0f} (p50 {product['p50_ms']:.1f} ms, p95 {product['p95_ms']:.1f} ms, {product['errors']} errors) | |"
    )
    print(
        f"| capacity: floor (session read + one upsert) saves/s | {floor['rps']:.0f} (p50 {floor['p50_ms']:.1f} ms, "
        f"p95 {floor['p95_ms']:.1f} ms, {floor['errors']} errors) | |"
    )
    print(f"| product / floor | {100 * product['rps'] / floor['rps']:.0f} % | at least 60 % |")
    print("\n| phase | CPU, % of one core (2 cores = 200 %) |")
    print("|---|---|")
    for label, meter in (
        ("starts", start_cpu),
        (f"saves, open loop at {rate:.0f}/s", saves_cpu),
        ("capacity: product", product_cpu),
        ("capacity: floor", floor_cpu),
    ):
        print(f"| {label} | {meter.cells()} |")


if __name__ == "__main__":
    main()
