"""bench/run cluster: the rehearsal on ops/cluster (issue 21 item 4; decision 0025).

Against the running cluster (``ops/cluster start``; CLUSTER_PORT, default 8080) it checks and
prints:
  1. round-robin: which node answered each of 10 requests through the load balancer;
  2. logout on one node refused on the other: log in through node 1, log out through it, the same
     session cookie sent to node 2 directly answers 401;
  3. rate limits counted across nodes: failed logins for one account alternate between the nodes;
     the limit (LOGIN_RATE_PER_ACCOUNT, 5 per 5 min) answers 429 on the 6th whichever node gets it;
  4. a web node killed with SIGKILL under load: CLUSTER_CLIENTS logged-in clients (default 50)
     call GET /api/v1/auth/is-authorized through the load balancer every CLUSTER_INTERVAL seconds
     (default 1, open loop: a request starts on time whatever the previous one does) for
     CLUSTER_SECONDS (default 60); at a third of it ``ops/cluster kill web1``, at two thirds
     ``ops/cluster restart web1``. Prints requests, errors, the window in which clients saw errors,
     and p50/p95 latency;
  5. a sitting under failure: BENCH_CLUSTER_LEARNERS learners (300) of one batch (10 single-choice
     questions; ``bench/sitting_setup.py``, sessions written to the store) start through the load
     balancer within 10 s, then each saves a choice every 5 s (open loop, increasing seq, the
     option varying) until the deadline, CLUSTER_SITTING_SECONDS (120) after the setup; a save
     not acknowledged (2xx) is sent again on the next tick, as the SPA does. CLUSTER_EXPORTS (6)
     learners ask for a copy of their data (``POST /api/v1/data-requests/export``, a huey task)
     a second before web1 and worker1 are SIGKILLed, 15 s before the deadline; web1 is restarted
     20 s later, worker1 once the deadline's auto-submit has had its chance on worker2. Nobody
     submits. Prints saves sent/acknowledged, acknowledged vs stored answers (the stored one
     must be the highest acknowledged seq's choice), the errors clients saw with their times
     from the kill, the exports' states and which consumer began/finished their runs, and the
     attempts the auto-submit submitted; exits non-zero when an acknowledged answer is lost or
     stale, an attempt is not submitted at the deadline or an export is not ready.
  6. clients apart behind the balancer (issue 38 item 1; decision 0043): clients on distinct
     loopback addresses (127.x.y.2 and .3, chosen at random so that a run within the limits'
     windows starts afresh; Linux routes all of 127/8 to lo), so HAProxy sees two clients and
     appends each one's address to X-Forwarded-For. A guesser spends the per-address login limit
     (LOGIN_RATE_PER_IP, 100 failed logins in 5 min, each for another unknown e-mail so the
     per-account limit stays out of it) and is refused the next; another client's right password
     still logs in; the guesser naming another address, or the other client's, in its own
     X-Forwarded-For is still refused, and the other client is still served. The same for
     forgot-password (PUBLIC_RATE_PER_IP, 60 in 10 min). Exits non-zero when a check fails.
``CLUSTER_PHASES`` (default ``1,2,3,4,5,6``) picks phases; ``bench/run bursts`` (bench/bursts.py)
is the checkout bursts through the same balancer (issue 38 item 4)."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import statistics
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checkout import CSRF  # noqa: E402
from sitting_setup import CHOICES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("CLUSTER_PORT", "8080"))
LB = f"http://127.0.0.1:{PORT}"
NODE = {1: f"http://127.0.0.1:{PORT + 1}", 2: f"http://127.0.0.1:{PORT + 2}"}
PASSWORD = "Demo@12345"


def login(base: str, email: str) -> requests.Session:
    session = requests.Session()
    res = session.post(
        f"{base}/public/api/auth/login", json={"email": email, "password": PASSWORD}, timeout=20
    )
    res.raise_for_status()
    return session


def csrf(session: requests.Session) -> dict:
    return {"X-CSRFToken": session.cookies.get("csrftoken", ""), "Referer": LB + "/"}


def round_robin() -> None:
    served = [
        requests.get(f"{LB}/health/?format=json", timeout=20).headers.get("X-Served-By") for _ in range(10)
    ]
    print(f"1. round-robin, 10 requests through the load balancer: {' '.join(served)}")


def logout_everywhere() -> None:
    session = login(NODE[1], "learner@demo.vn")
    cookie = session.cookies.get("sessionid")
    before = requests.get(f"{NODE[2]}/api/v1/auth/is-authorized", cookies={"sessionid": cookie}, timeout=20)
    out = session.post(f"{NODE[1]}/api/v1/auth/logout", headers=csrf(session), timeout=20)
    after = requests.get(f"{NODE[2]}/api/v1/auth/is-authorized", cookies={"sessionid": cookie}, timeout=20)
    print(
        f"2. session from node 1 on node 2: {before.status_code}; logout on node 1: {out.status_code}; "
        f"the same cookie on node 2 afterwards: {after.status_code} (401 expected)"
    )


def rate_limit_across_nodes() -> None:
    email = f"ghost-{int(time.time())}@demo.vn"
    codes = []
    for i in range(7):
        res = requests.post(
            f"{NODE[1 + i % 2]}/public/api/auth/login", json={"email": email, "password": "wrong"}, timeout=20
        )
        codes.append(f"node{1 + i % 2}:{res.status_code}")
    print(
        f"3. failed logins for one account, alternating nodes: {' '.join(codes)} (429 from the 6th expected)"
    )


def kill_under_load() -> None:
    clients = int(os.environ.get("CLUSTER_CLIENTS", "50"))
    seconds = float(os.environ.get("CLUSTER_SECONDS", "60"))
    interval = float(os.environ.get("CLUSTER_INTERVAL", "1"))
    sessions = [login(LB, f"hocsinh{1 + i % 18:02d}@demo.vn") for i in range(clients)]
    results: list[tuple[float, float, int]] = []  # (start offset, latency, status or 0)
    lock = threading.Lock()
    start = time.monotonic()

    def one(session: requests.Session, at: float) -> None:
        t0 = time.monotonic()
        try:
            status = session.get(f"{LB}/api/v1/auth/is-authorized", timeout=15).status_code
        except requests.RequestException:
            status = 0
        with lock:
            results.append((at, time.monotonic() - t0, status))

    def killer() -> None:
        time.sleep(seconds / 3)
        subprocess.run([str(ROOT / "ops/cluster"), "kill", "web1"], check=False, capture_output=True)
        killed_at.append(time.monotonic() - start)
        time.sleep(seconds / 3)
        subprocess.run([str(ROOT / "ops/cluster"), "restart", "web1"], check=False, capture_output=True)
        restarted_at.append(time.monotonic() - start)

    killed_at: list[float] = []
    restarted_at: list[float] = []
    threading.Thread(target=killer, daemon=True).start()
    threads = []
    tick = 0
    while time.monotonic() - start < seconds:
        for i, session in enumerate(sessions):  # spread each client's call over the interval
            at = tick * interval + i * interval / clients
            delay = at - (time.monotonic() - start)
            if delay > 0:
                time.sleep(delay)
            thread = threading.Thread(target=one, args=(session, at), daemon=True)
            thread.start()
            threads.append(thread)
        tick += 1
    for thread in threads:
        thread.join(timeout=20)
    errors = [r for r in results if r[2] != 200]
    latencies = sorted(r[1] for r in results if r[2] == 200)
    window = f"{min(e[0] for e in errors):.1f}-{max(e[0] for e in errors):.1f} s" if errors else "none"
    p95 = latencies[int(len(latencies) * 0.95) - 1] if latencies else 0
    print(
        f"4. {clients} clients, one call each per {interval:g} s for {seconds:g} s through the load balancer; "
        f"web1 SIGKILLed at {killed_at[0] if killed_at else float('nan'):.1f} s, restarted (healthy) at "
        f"{restarted_at[0] if restarted_at else float('nan'):.1f} s"
    )
    print(
        f"   requests {len(results)}, errors {len(errors)} (statuses {sorted({e[2] for e in errors})}), "
        f"clients saw errors during {window}; p50 {statistics.median(latencies) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms"
    )


# --- 5. the sitting ----------------------------------------------------------------------------

LEARNERS = int(os.environ.get("BENCH_CLUSTER_LEARNERS", "300"))
QUESTIONS = 10
SITTING = int(os.environ.get("CLUSTER_SITTING_SECONDS", "120"))  # first start to the deadline
KILL_BEFORE_DEADLINE = 15.0  # seconds: the kill falls this long before the deadline
WEB_DOWN = 20.0  # seconds web1 stays down
EXPORTS = int(os.environ.get("CLUSTER_EXPORTS", "6"))  # copies of personal data queued before the kill
SAVE_EVERY = 5.0
START_SECONDS = 10.0
SENDERS = 48
GRACE = float(os.environ.get("ANSWER_GRACE_SECONDS", "20"))  # the nodes' (config.settings)
# Seconds worker1 stays down: past the deadline, the grace and the next minute's sweep, so the
# auto-submit runs on the surviving consumer.
WORKER_DOWN = KILL_BEFORE_DEADLINE + GRACE + 65


def cluster_env() -> dict[str, str]:
    """The environment of the nodes (``ops/cluster env``) over this one's, for manage.py."""
    out = subprocess.run(
        [str(ROOT / "ops/cluster"), "env"], check=True, capture_output=True, text=True
    ).stdout
    env = dict(os.environ)
    for line in out.splitlines():
        key, _, value = line.removeprefix("export ").partition("=")
        env[key] = value
    return env


def sitting_setup(env: dict[str, str]) -> dict:
    """The learners, test and batch of ``bench/sitting_setup.setup_code`` in the demo's trung-tam,
    single-choice questions, the batch closing SITTING + 15 s from now (so every attempt's
    deadline is that moment)."""
    from sitting_setup import setup_code

    code = setup_code(
        learners=LEARNERS,
        questions=QUESTIONS,
        org_slug="trung-tam",
        educator_email="educator.admin@demo.vn",
        tag=f"c{int(time.time())}",
        closes_in_seconds=SITTING + 15,
        choice=True,
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads([ln for ln in out.splitlines() if ln.startswith("RESULT")][-1].split(" ", 1)[1])


class Learner:
    """One client of the sitting: its session, enrollment, attempt and device token, the
    saves it has not seen acknowledged (question id -> (seq, option)), and its last seq."""

    def __init__(self, session: str, enrollment_id: int) -> None:
        self.session, self.enrollment_id = session, enrollment_id
        self.attempt_id, self.token, self.seq = 0, "", 0
        self.pending: dict[int, tuple[int, str]] = {}
        self.deadline = ""  # ISO 8601, from start

    def headers(self) -> dict[str, str]:
        return {
            "Cookie": f"sessionid={self.session}; csrftoken={CSRF}",
            "X-CSRFToken": CSRF,
            "Content-Type": "application/json",
            "X-Device-Token": self.token,
        }


class Record:
    """What clients saw, shared by the sender threads: every save sent ((attempt, question,
    seq) -> option), the highest acknowledged per (attempt, question) -> (seq, option), errors
    as (monotonic time, status or exception name), and the number of saves sent/acknowledged."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[tuple[int, int, int], str] = {}
        self.acked: dict[tuple[int, int], tuple[int, str]] = {}
        self.errors: list[tuple[float, str]] = []
        self.saves = self.ok = 0


def call(conn_box: list, method: str, path: str, body: str, headers: dict) -> tuple[int | str, dict]:
    """One request through the load balancer on the thread's keep-alive connection (a new one
    after a failure); returns (status or the exception's name, parsed body or {})."""
    conn = conn_box[0]
    try:
        conn.request(method, path, body=body, headers=headers)
        res = conn.getresponse()
        raw = res.read()
        try:
            return res.status, json.loads(raw) if raw else {}
        except ValueError:
            return res.status, {}
    except (OSError, http.client.HTTPException) as exc:
        conn.close()
        conn_box[0] = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        return type(exc).__name__, {}


def save_tick(conn_box: list, learner: Learner, question_ids: list[int], tick: int, rec: Record) -> None:
    """The learner's saves due at ``tick``: the ones not yet acknowledged again (as the SPA
    retries them), then a new choice for question ``tick`` mod the questions with the next seq;
    an option that varies with the learner and the tick."""
    qid = question_ids[tick % len(question_ids)]
    with rec.lock:
        learner.seq += 1
        learner.pending[qid] = (learner.seq, CHOICES[(learner.enrollment_id + tick) % len(CHOICES)])
        todo = sorted(learner.pending.items(), key=lambda item: item[1][0])
    for question, (seq, option) in todo:
        body = json.dumps({"answer": {"option": option}, "seq": seq, "flagged": False})
        with rec.lock:
            rec.sent[(learner.attempt_id, question, seq)] = option
            rec.saves += 1
        status, _ = call(
            conn_box,
            "PUT",
            f"/api/v1/take-test/{learner.enrollment_id}/answers/{question}",
            body,
            learner.headers(),
        )
        with rec.lock:
            if status == 200:
                rec.ok += 1
                key = (learner.attempt_id, question)
                if rec.acked.get(key, (0, ""))[0] < seq:
                    rec.acked[key] = (seq, option)
                if learner.pending.get(question, (0, ""))[0] == seq:
                    del learner.pending[question]
            else:
                rec.errors.append((time.monotonic(), f"save {status}"))


def sql(env: dict[str, str], query: str, params: tuple = ()) -> list[tuple]:
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as conn:
        return conn.execute(query, params).fetchall()


def consumer_log_offsets() -> dict[str, int]:
    logs = ROOT / ".data/cluster/logs"
    return {name: (logs / f"{name}.log").stat().st_size for name in ("worker1", "worker2")}


def consumer_runs(offsets: dict[str, int], task: str, down: tuple[float, float]) -> dict[str, str]:
    """Per consumer, its runs of huey task ``task`` since ``offsets`` (its log's size then),
    from huey's "Executing <task>" and "<task>: <id> executed" lines: "begun/finished", and how
    many finished while worker1 was down (``down``: wall-clock seconds from, to)."""
    out = {}
    for name, offset in offsets.items():
        with open(ROOT / f".data/cluster/logs/{name}.log", "rb") as handle:
            handle.seek(offset)
            lines = handle.read().decode("utf-8", "replace").splitlines()
        begun = finished = meanwhile = 0
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            event = str(entry.get("event", ""))
            if event.startswith(f"Executing {task}:"):
                begun += 1
            elif re.match(re.escape(task) + r": \S+ executed", event):
                finished += 1
                at = datetime.fromisoformat(entry["timestamp"].replace("Z", "+00:00")).timestamp()
                meanwhile += down[0] <= at <= down[1]
        out[name] = f"{begun}/{finished} ({meanwhile} while worker1 was down)"
    return out


def consumer_submitted(offsets: dict[str, int]) -> dict[str, int]:
    """Per consumer, the attempts its sweeps submitted at their deadline since ``offsets``: the
    sum of ``sitting.tasks.attempts_sweep``'s "attempts: N submitted at their deadline"."""
    out = {}
    for name, offset in offsets.items():
        with open(ROOT / f".data/cluster/logs/{name}.log", "rb") as handle:
            handle.seek(offset)
            text = handle.read().decode("utf-8", "replace")
        out[name] = sum(int(n) for n in re.findall(r"attempts: (\d+) submitted at their deadline", text))
    return out


def sitting_under_failure() -> bool:
    """Phase 5 (issue 21, item 4): LEARNERS learners sit one test through the load balancer,
    each saving a choice every 5 s (open loop) from its start to the deadline; EXPORTS copies of
    personal data are queued just before web1 and worker1 are SIGKILLed (KILL_BEFORE_DEADLINE s
    before the deadline); web1 is restarted WEB_DOWN s later, worker1 WORKER_DOWN s later, and
    nobody submits: the auto-submit at the deadline must. Prints and checks (returns False when
    an acknowledged answer is not the stored one, an attempt is not submitted or an export not
    ready)."""
    env = cluster_env()
    t_setup = time.monotonic()
    data = sitting_setup(env)
    learners = [Learner(s, e) for s, e in data["learners"]]
    questions, schema = data["questions"], data["schema"]
    print(
        f"5. sitting: {len(learners)} learners, {len(questions)} questions, set up in "
        f"{time.monotonic() - t_setup:.0f} s; every learner starts, then saves a choice every "
        f"{SAVE_EVERY:g} s (open loop) through the load balancer",
        flush=True,
    )
    rec = Record()
    offsets = consumer_log_offsets()
    work: queue.Queue = queue.Queue()

    def sender() -> None:
        conn_box = [http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)]
        while (item := work.get()) is not None:
            at, fn = item
            time.sleep(max(0.0, at - time.monotonic()))
            fn(conn_box)

    threads = [threading.Thread(target=sender, daemon=True) for _ in range(SENDERS)]
    for thread in threads:
        thread.start()

    starts_done: list[Learner] = []

    def start(conn_box: list, learner: Learner) -> None:
        for _ in range(5):
            status, body = call(
                conn_box, "POST", f"/api/v1/take-test/{learner.enrollment_id}/start", "{}", learner.headers()
            )
            if status == 200:
                learner.attempt_id = body["data"]["attempt_id"]
                learner.token = body["data"]["device_token"]
                learner.deadline = body["data"]["deadline_at"]
                break
            with rec.lock:
                rec.errors.append((time.monotonic(), f"start {status} {body.get('code', '')}".strip()))
            time.sleep(1)
        with rec.lock:
            starts_done.append(learner)

    t0 = time.monotonic() + 0.5
    for i, learner in enumerate(learners):
        work.put((t0 + i * START_SECONDS / len(learners), lambda c, lr=learner: start(c, lr)))
    while len(starts_done) < len(learners) and time.monotonic() < t0 + START_SECONDS + 60:
        time.sleep(0.5)
    started = [lr for lr in learners if lr.attempt_id]
    if not started:
        raise SystemExit(f"5. no attempt started: {sorted({kind for _, kind in rec.errors})}")
    deadline_wall = datetime.fromisoformat(started[0].deadline.replace("Z", "+00:00")).timestamp()
    deadline = time.monotonic() + (deadline_wall - time.time())  # on the monotonic clock
    kill_at = deadline - KILL_BEFORE_DEADLINE
    print(
        f"   started {len(started)} / {len(learners)} attempts; deadline in {deadline - time.monotonic():.0f} s; "
        f"kill at deadline - {KILL_BEFORE_DEADLINE:g} s",
        flush=True,
    )
    events: dict[str, float] = {}
    export_ids: list[str] = []

    def failures() -> None:
        time.sleep(max(0.0, kill_at - 1 - time.monotonic()))
        for learner in learners[:EXPORTS]:  # the learner's "Download my data"
            status, body = call(
                [http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)],
                "POST",
                "/api/v1/data-requests/export",
                "{}",
                learner.headers(),
            )
            if status == 202:
                export_ids.append(body["data"]["id"])
        events["exports"] = time.monotonic()
        time.sleep(max(0.0, kill_at - time.monotonic()))
        subprocess.run([str(ROOT / "ops/cluster"), "kill", "web1"], check=False, capture_output=True)
        subprocess.run([str(ROOT / "ops/cluster"), "kill", "worker1"], check=False, capture_output=True)
        events["kill"] = time.monotonic()
        time.sleep(WEB_DOWN)
        subprocess.run([str(ROOT / "ops/cluster"), "restart", "web1"], check=False, capture_output=True)
        events["web1 back"] = time.monotonic()
        time.sleep(max(0.0, events["kill"] + WORKER_DOWN - time.monotonic()))
        subprocess.run([str(ROOT / "ops/cluster"), "restart", "worker1"], check=False, capture_output=True)
        events["worker1 back"] = time.monotonic()

    killer = threading.Thread(target=failures, daemon=True)
    killer.start()
    first = time.monotonic() + 1.0
    tick = 0
    while first + tick * SAVE_EVERY < deadline - 1:  # the SPA stops saving at its deadline
        base = first + tick * SAVE_EVERY
        for i, learner in enumerate(started):  # each learner's save at its own offset of the interval
            at = base + i * SAVE_EVERY / len(started)
            if at < deadline - 1:
                work.put((at, lambda c, lr=learner, k=tick: save_tick(c, lr, questions, k, rec)))
        tick += 1
        time.sleep(max(0.0, base - time.monotonic()))
    for _ in threads:
        work.put(None)
    for thread in threads:
        thread.join(timeout=60)
    ids = [lr.attempt_id for lr in started]
    print("   answering ended at the deadline; waiting for the auto-submit and the exports", flush=True)
    limit = deadline + 300
    while time.monotonic() < limit:
        open_attempts = sql(
            env,
            f'SELECT count(*) FROM "{schema}".assignments_attempt WHERE id = ANY(%s) AND status <> %s',
            (ids, "submitted"),
        )[0][0]
        open_exports = sql(
            env,
            "SELECT count(*) FROM data_requests_datarequest WHERE id::text = ANY(%s) AND status IN ('queued', 'running')",
            (export_ids,),
        )[0][0]
        if not open_attempts and not open_exports and "worker1 back" in events:
            break
        time.sleep(5)
    killer.join(timeout=120)
    submitted = dict(
        ((status, reason), n)
        for status, reason, n in sql(
            env,
            f'SELECT status, submit_reason, count(*) FROM "{schema}".assignments_attempt WHERE id = ANY(%s) GROUP BY 1, 2',
            (ids,),
        )
    )
    last_submit = sql(
        env, f'SELECT max(submitted_at) FROM "{schema}".assignments_attempt WHERE id = ANY(%s)', (ids,)
    )[0][0]
    stored = {
        (attempt, question): (seq, answer)
        for attempt, question, seq, answer in sql(
            env,
            f'SELECT attempt_id, question_id, seq, answer FROM "{schema}".assignments_attemptanswer WHERE attempt_id = ANY(%s)',
            (ids,),
        )
    }
    equal = later = lost = 0
    for key, (seq, option) in rec.acked.items():
        got = stored.get(key)
        if got is not None and got[0] == seq and got[1] == {"option": option}:
            equal += 1
        elif got is not None and got[0] > seq and rec.sent.get((*key, got[0])) == got[1].get("option"):
            later += 1  # a later save stored whose acknowledgment the client never saw: not a loss
        else:
            lost += 1
    unacked_stored = sum(1 for key in stored if key not in rec.acked)
    exports = sql(
        env,
        "SELECT status, started_at, finished_at FROM data_requests_datarequest WHERE id::text = ANY(%s)",
        (export_ids,),
    )
    kill = events.get("kill", float("nan"))
    errors = sorted(rec.errors)
    by_kind: dict[str, list[float]] = {}  # "start <status>" or "save <status>" -> times from the kill
    for at, kind in errors:
        by_kind.setdefault(kind, []).append(at - kill)
    seen = (
        ", ".join(f"{kind} x{len(t)} ({t[0]:+.1f} to {t[-1]:+.1f} s)" for kind, t in sorted(by_kind.items()))
        or "none"
    )
    print(
        f"   exports queued at kill {events.get('exports', kill) - kill:+.1f} s; web1 and worker1 SIGKILLed at the "
        f"deadline - {deadline - kill:.0f} s; web1 restarted (healthy) at kill {events.get('web1 back', kill) - kill:+.0f} s, "
        f"worker1 at kill {events.get('worker1 back', kill) - kill:+.0f} s"
    )
    print(
        f"   saves sent {rec.saves}, acknowledged {rec.ok}; (attempt, question) answers acknowledged {len(rec.acked)}"
    )
    print(
        f"   acknowledged vs stored: {len(rec.acked)} acknowledged, {len(stored)} stored; "
        f"stored = highest acknowledged {equal}, stored a later save whose "
        f"acknowledgment the client never saw {later}, lost or stale {lost} (0 expected); stored without any "
        f"acknowledgment {unacked_stored}"
    )
    print(f"   errors clients saw ({len(errors)}; times from the kill): {seen}")
    wall = time.time() - time.monotonic()  # monotonic -> wall clock
    down = (kill + wall, events.get("worker1 back", kill) + wall)
    runs = consumer_runs(offsets, "data_requests.tasks.export_run", down)
    sweeps = consumer_runs(offsets, "sitting.tasks.attempts_sweep", down)
    by_consumer = consumer_submitted(offsets)
    recovered = 0
    for name, offset in offsets.items():
        with open(ROOT / f".data/cluster/logs/{name}.log", "rb") as handle:
            handle.seek(offset)
            recovered += handle.read().decode("utf-8", "replace").count("lost by its consumer")
    statuses: dict[str, int] = {}
    for status, _s, _f in exports:
        statuses[status] = statuses.get(status, 0) + 1
    print(
        f"   exports: {dict(sorted(statuses.items()))} of {len(export_ids)}; export_run begun/finished per consumer "
        f"{runs}; a run begun on worker1 and never finished died with it (queued again by exports_recover: "
        f"{recovered} in the consumers' logs)"
    )
    total = len(ids)
    by_deadline = submitted.get(("submitted", "deadline"), 0)
    after = (last_submit.timestamp() - deadline_wall) if last_submit else float("nan")
    print(
        f"   attempts submitted at the deadline by the auto-submit: {by_deadline} / {total} "
        f"({dict((f'{s}/{r}', n) for (s, r), n in submitted.items())}); the last {after:.0f} s after the deadline "
        f"(grace {GRACE:g} s + the minute sweep); submitted per consumer {by_consumer}; attempts_sweep "
        f"begun/finished per consumer {sweeps}"
    )
    return lost == 0 and by_deadline == total and statuses.get("ready", 0) == len(export_ids) == EXPORTS


# --- 6. clients apart behind the balancer --------------------------------------------------------


def from_address(source: str, path: str, body: dict, headers: dict[str, str] | None = None) -> int:
    """POST ``body`` as JSON to the load balancer from the loopback address ``source`` (the
    client socket bound to it, so HAProxy sees that client); returns the status."""
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60, source_address=(source, 0))
    try:
        conn.request(
            "POST",
            path,
            body=json.dumps(body),
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        res = conn.getresponse()
        res.read()
        return res.status
    finally:
        conn.close()


def fresh_pair(rates: list[str], seconds: int) -> tuple[str, str]:
    """Two loopback addresses 127.x.y.2 and 127.x.y.3 (x, y random) whose django-ratelimit
    windows for each rate of ``rates`` (``"N/period"``; the key is the address) still run
    ``seconds`` or more: a window that ends during the phase would start the count again at 0."""
    import random

    from django_ratelimit.core import _get_window, _split_rate

    while True:
        x, y = random.randint(1, 254), random.randint(1, 254)
        pair = (f"127.{x}.{y}.2", f"127.{x}.{y}.3")
        if all(
            _get_window(address, _split_rate(rate)[1]) - time.time() >= seconds
            for rate in rates
            for address in pair
        ):
            return pair


def spend(source: str, path: str, bodies: list[dict]) -> list[int]:
    """Every body POSTed from ``source``, 8 at a time (a failed login costs a password hash)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(lambda body: from_address(source, path, body), bodies))


def clients_apart() -> bool:
    """Phase 6: see the module docstring. Prints each check with the statuses seen."""
    login_rate = os.environ.get("LOGIN_RATE_PER_IP", "100/5m")
    public_rate = os.environ.get("PUBLIC_RATE_PER_IP", "60/10m")
    login_limit, public_limit = int(login_rate.split("/")[0]), int(public_rate.split("/")[0])
    guesser, other = fresh_pair([login_rate, public_rate], 200)
    tag = f"{int(time.time())}"
    login, forgot = "/public/api/auth/login", "/public/api/users/forgot-password"

    def wrong(i: int) -> dict:
        return {"email": f"nobody{tag}-{i}@example.vn", "password": "x-password"}

    right = {"email": "learner@demo.vn", "password": PASSWORD}
    guesses = spend(guesser, login, [wrong(i) for i in range(login_limit)])
    checks = {
        f"guesser's {login_limit} failed logins all 400": guesses == [400] * login_limit,
        "guesser's next login 429": from_address(guesser, login, wrong(login_limit)) == 429,
        "another client's right password 200": from_address(other, login, right) == 200,
        "guesser naming 198.51.100.77 in its own X-Forwarded-For 429": from_address(
            guesser, login, wrong(login_limit + 1), {"X-Forwarded-For": "198.51.100.77"}
        )
        == 429,
        "guesser naming the other client in its own X-Forwarded-For 429": from_address(
            guesser, login, wrong(login_limit + 2), {"X-Forwarded-For": other}
        )
        == 429,
        "the other client's right password afterwards 200": from_address(other, login, right) == 200,
    }
    mails = spend(guesser, forgot, [{"email": f"nobody{tag}-{i}@example.vn"} for i in range(public_limit)])
    checks[f"guesser's {public_limit} forgot-password calls all 200"] = mails == [200] * public_limit
    checks["guesser's next forgot-password 429"] = (
        from_address(guesser, forgot, {"email": f"nobody{tag}-x@example.vn"}) == 429
    )
    checks["guesser's forgot-password with its own X-Forwarded-For 429"] = (
        from_address(
            guesser, forgot, {"email": f"nobody{tag}-y@example.vn"}, {"X-Forwarded-For": "198.51.100.78"}
        )
        == 429
    )
    checks["another client's forgot-password 200"] = (
        from_address(other, forgot, {"email": f"nobody{tag}-z@example.vn"}) == 200
    )
    print(f"6. clients apart through the load balancer: guesser {guesser}, another client {other}")
    for name, passed in checks.items():
        print(f"   {'ok  ' if passed else 'FAIL'} {name}")
    return all(checks.values())


def main() -> None:
    try:
        requests.get(f"{LB}/health/?format=json", timeout=10).raise_for_status()
    except requests.RequestException as exc:
        raise SystemExit(f"no cluster on {LB} ({exc}): start it with ops/cluster start") from exc
    phases = os.environ.get("CLUSTER_PHASES", "1,2,3,4,5,6").split(",")
    for number, phase in enumerate(
        [round_robin, logout_everywhere, rate_limit_across_nodes, kill_under_load], start=1
    ):
        if str(number) in phases:
            phase()
    if "5" in phases and not sitting_under_failure():
        raise SystemExit(
            "5. FAILED: an acknowledged answer not stored, an attempt not submitted or an export not ready"
        )
    if "6" in phases and not clients_apart():
        raise SystemExit("6. FAILED: one client's limit refused another, or a client's own header helped it")


if __name__ == "__main__":
    main()
