"""bench/run bursts: simultaneous checkouts through ops/cluster's HAProxy (issue 38 item 4;
decision 0047).

Against the running cluster (``ops/cluster start``, same CLUSTER_PORT and CLUSTER_DATABASE_URL)
it sets up, in the demo's organization ``trung-tam``, BURSTS_ROUNDS (20) listings whose one
batch has BURSTS_SLOTS (20) seats and, per round, BURSTS_BUYERS (200) fresh adult learners who
consented to the notices in force, each with the round's listing in their cart and a session in
the session store (no logins: PBKDF2 is not what is measured). A round: every buyer opens its
own connection to the load balancer and looks at its cart (``GET /api/v1/shopping-cart``), the
buyers one after another over BURSTS_THINK (8) seconds, as people arriving on the page; then all
wait at one barrier and POST ``/api/v1/transaction/checkout`` ``{}`` (the whole cart) at the same
instant on the connection they already hold, as a browser does. So each checkout is the second
request of its connection, sent after an idle time spread over 0-8 s: the case where a balancer
may send it on a node's idle keep-alive connection.

Each answer is one of: won (200); refused because the seats are gone (409 ``checkout_failed``
with reason ``no_slot_available`` / ``no_batch_slot``: expected for all but SLOTS buyers); a
reset (the connection reset or closed with no answer: ``ConnectionResetError``,
``BrokenPipeError``, ``RemoteDisconnected``); another error (any other status, a timeout, a cart
view that failed). After each round the database says what was sold: the transaction lines of
the round's batch in a PENDING or PAID transaction, and the batch's own ``pending + taken``; more
than the seats is oversold. Prints one line per round, then the totals and p50/p95 of the
answers' latencies (from the barrier), and exits non-zero on any reset or oversold.

``BURSTS_CONNECT``: ``view`` (the default above); ``before`` opens the connections before the
barrier without a first request; ``at`` opens them at the barrier (200 handshakes at once, the
listen backlogs' case). ``BURSTS_RELOAD=<s>``: web1's gunicorn is reloaded (SIGHUP: new
workers, the old ones stop and close their idle connections 2 s later) that many seconds before
the barrier in every round, a deploy's step under the burst."""

from __future__ import annotations

import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checkout import headers  # noqa: E402  (the buyers' session cookie and CSRF pair)
from cluster import LB, PORT, cluster_env, sql  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("BURSTS_ROUNDS", "20"))
BUYERS = int(os.environ.get("BURSTS_BUYERS", "200"))
SLOTS = int(os.environ.get("BURSTS_SLOTS", "20"))
CONNECT = os.environ.get("BURSTS_CONNECT", "view")
THINK = float(os.environ.get("BURSTS_THINK", "8"))  # seconds over which the carts are viewed
PAUSE = float(os.environ.get("BURSTS_PAUSE", "3"))  # seconds between rounds
RELOAD = float(os.environ.get("BURSTS_RELOAD", "0"))  # >0: SIGHUP web1 this long before the barrier
SOLD_OUT = {"no_slot_available", "no_batch_slot"}
RESETS = (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected)

SETUP = """
import json
from datetime import date, timedelta
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.utils import timezone
from django_tenants.utils import schema_context
from accounts.models import Profile, User
from assessments.models import MatrixCluster, Question, QuestionBank, Subject
from assessments.services import batches, generation, presets, review, rounds
from assessments.services.common import Actor
from consent.demo import seed_demo_consents
from marketplace.models import CartItem
from marketplace.services import listings_create
from tenants.middleware import PROFILE_SESSION_KEY
from tenants.models import Organization

TAG, ROUNDS, BUYERS, SLOTS = {tag!r}, {rounds}, {buyers}, {slots}
org = Organization.objects.get(slug="trung-tam")
educator = Profile.objects.select_related("user", "organization").get(user__email="educator.admin@demo.vn", organization=org)
actor = Actor.of(educator)
now = timezone.now()
targets = []
with schema_context(org.schema_name):
    subject = Subject.objects.get(code="toan")
    topic = MatrixCluster.objects.create(type="topic", code=f"BU{{TAG}}", description=f"Bursts {{TAG}}")
    folder = QuestionBank.objects.create(name=f"Bursts {{TAG}}", created_by_profile_id=educator.pk)
    Question.objects.bulk_create(Question(bank=folder, type="true_false", grade=9, subject=subject, difficulty="easy",
        content={{"stem": {{"vi": f"Câu {{i}}", "en": ""}}, "options": [], "explanation": {{}}}}, answer_key={{"value": True}},
        topic=topic, status="published", created_by_profile_id=educator.pk) for i in range(3))
    rnd = rounds.round_create(data={{"name": f"Bursts {{TAG}}", "starts_at": now, "expires_at": now + timedelta(days=30)}})
    for r in range(ROUNDS):
        p = presets.preset_create(actor=actor, data={{"name": f"Bursts {{TAG}} {{r}}", "grade": 9, "duration_minutes": 30,
            "starts_at": now, "ends_at": now + timedelta(days=20), "passing_score": 1, "round_id": rnd.pk,
            "subjects": [{{"subject_id": subject.pk, "items": [{{"cluster_id": topic.pk, "count": 3}}]}}]}})
        generation.preset_generate(actor=actor, preset_id=p.pk)
        start = now + timedelta(days=3)
        b = batches.batch_create(preset_id=p.pk, data={{"name": "Ca", "starts_at": start,
            "expires_at": start + timedelta(hours=2), "slots": SLOTS}})
        review.preset_approve(actor_profile=educator, preset_id=p.pk)
        (listing,) = listings_create(actor=educator, items=[{{"preset_id": p.pk, "price_test_only": 50000}}])
        targets.append((listing.pk, b.pk))
users = User.objects.bulk_create([User(email=f"buyer{{TAG}}-{{i}}@bench.vn", name=f"Buyer {{i}}", password="!",
    is_active=True, email_verified_at=now) for i in range(ROUNDS * BUYERS)])
profiles = Profile.objects.bulk_create([Profile(user=u, pandai_profile_role="LEARNER", grade=9, joined_at=now,
    date_of_birth=date(2000, 1, 1)) for u in users])
seed_demo_consents(emails=[u.email for u in users])  # adults who accepted the notices in force (issue 24)
CartItem.objects.bulk_create([CartItem(profile=p, listing_id=targets[i // BUYERS][0], addon="test_only",
    batch_id=targets[i // BUYERS][1]) for i, p in enumerate(profiles)])
Store = import_module(settings.SESSION_ENGINE).SessionStore
keys = []
for u, p in zip(users, profiles):
    s = Store()
    s[SESSION_KEY] = str(u.pk); s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s[PROFILE_SESSION_KEY] = p.pk
    s.create(); keys.append(s.session_key)
rounds_out = [{{"listing": l, "batch": b, "sessions": keys[r * BUYERS:(r + 1) * BUYERS]}} for r, (l, b) in enumerate(targets)]
print("RESULT", json.dumps({{"schema": org.schema_name, "rounds": rounds_out}}))
"""


def setup(env: dict[str, str]) -> dict:
    """The rounds of the module docstring in the cluster's database: ``{"schema", "rounds":
    [{"listing", "batch", "sessions": [session key, ...]}]}``."""
    code = SETUP.format(tag=str(int(time.time())), rounds=ROUNDS, buyers=BUYERS, slots=SLOTS)
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads([ln for ln in out.splitlines() if ln.startswith("RESULT")][-1].split(" ", 1)[1])


def burst(sessions: list[str]) -> list[tuple[str, float]]:
    """One round: every session POSTs the checkout of its cart at one barrier, each on its own
    connection to the load balancer. Returns per buyer (outcome, seconds from the barrier to the
    answer): outcome ``won``, ``sold out``, ``reset <exception>`` or ``error <status or
    exception> <code>``."""
    barrier = threading.Barrier(len(sessions))
    results: list[tuple[str, float]] = []
    lock = threading.Lock()

    def one(index: int, session: str) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        outcome = ""
        try:
            if CONNECT == "before":
                conn.connect()
            elif CONNECT == "view":
                time.sleep(THINK * index / len(sessions))
                conn.request("GET", "/api/v1/shopping-cart", headers=headers(session))
                res = conn.getresponse()
                res.read()
                if res.status != 200:
                    outcome = f"error cart {res.status}"
        except (OSError, http.client.HTTPException) as exc:
            outcome = f"error cart {type(exc).__name__}"
        barrier.wait()
        t0 = time.perf_counter()
        if not outcome:
            try:
                conn.request("POST", "/api/v1/transaction/checkout", body="{}", headers=headers(session))
                res = conn.getresponse()
                raw = res.read()
                try:
                    data = json.loads(raw or b"{}")
                except ValueError:
                    data = {}
                reason = data.get("reason") or data.get("code") or ""
                if res.status == 200:
                    outcome = "won"
                elif res.status == 409 and reason in SOLD_OUT:
                    outcome = "sold out"
                else:
                    outcome = f"error {res.status} {reason}".strip()
            except RESETS as exc:
                outcome = f"reset {type(exc).__name__}"
            except (OSError, http.client.HTTPException) as exc:
                outcome = f"error {type(exc).__name__}"
        conn.close()
        with lock:
            results.append((outcome, time.perf_counter() - t0))

    threads = [threading.Thread(target=one, args=(i, s)) for i, s in enumerate(sessions)]
    if RELOAD > 0:

        def reload() -> None:
            time.sleep(max(0.0, THINK - RELOAD))
            os.kill(int((ROOT / ".data/cluster/pids/web1").read_text()), signal.SIGHUP)

        threading.Thread(target=reload, daemon=True).start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def sold(env: dict[str, str], schema: str, listing: int, batch: int) -> tuple[int, int]:
    """What the database holds for the round's batch: (transaction lines in a PENDING or PAID
    transaction, the batch's pending + taken)."""
    lines = sql(
        env,
        "SELECT count(*) FROM marketplace_transactionitem i JOIN marketplace_transaction t ON t.id = i.transaction_id "
        "WHERE i.listing_id = %s AND i.batch_id = %s AND t.status IN ('PENDING', 'PAID')",
        (listing, batch),
    )[0][0]
    held = sql(env, f'SELECT pending + taken FROM "{schema}".assessments_batch WHERE id = %s', (batch,))[0][0]
    return lines, held


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[max(0, int(len(sorted_values) * fraction + 0.5) - 1)] if sorted_values else 0.0


def main() -> None:
    try:
        http_get = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
        http_get.request("GET", "/health/?format=json")
        if http_get.getresponse().status != 200:
            raise OSError("health check failed")
    except OSError as exc:
        raise SystemExit(f"no cluster on {LB} ({exc}): start it with ops/cluster start") from exc
    env = cluster_env()
    t = time.monotonic()
    data = setup(env)
    print(
        f"bursts through {LB}: {ROUNDS} rounds of {BUYERS} buyers (each its own cart and connection; "
        f"BURSTS_CONNECT={CONNECT}, BURSTS_THINK={THINK:g}, BURSTS_RELOAD={RELOAD:g}) for {SLOTS} seats; "
        f"set up in {time.monotonic() - t:.0f} s",
        flush=True,
    )
    totals = {"requests": 0, "won": 0, "sold out": 0, "resets": 0, "errors": 0, "oversold": 0}
    kinds: dict[str, int] = {}
    latencies: list[float] = []
    print("| round | won | sold out | resets | other errors | sold (lines / batch) | p95 |")
    print("|---|---|---|---|---|---|---|")
    for number, round_ in enumerate(data["rounds"], start=1):
        results = burst(round_["sessions"])
        lines, held = sold(env, data["schema"], round_["listing"], round_["batch"])
        won = sum(1 for outcome, _ in results if outcome == "won")
        out = sum(1 for outcome, _ in results if outcome == "sold out")
        resets = [outcome for outcome, _ in results if outcome.startswith("reset")]
        errors = [outcome for outcome, _ in results if outcome.startswith("error")]
        for outcome in resets + errors:
            kinds[outcome] = kinds.get(outcome, 0) + 1
        oversold = max(0, lines - SLOTS, held - SLOTS, won - SLOTS)
        answered = sorted(s for outcome, s in results if not outcome.startswith(("reset", "error")))
        latencies += answered
        totals["requests"] += len(results)
        totals["won"] += won
        totals["sold out"] += out
        totals["resets"] += len(resets)
        totals["errors"] += len(errors)
        totals["oversold"] += oversold
        print(
            f"| {number} | {won} | {out} | {len(resets)} | {len(errors)} | {lines} / {held} of {SLOTS} | "
            f"{percentile(answered, 0.95) * 1000:.0f} ms |",
            flush=True,
        )
        time.sleep(PAUSE)
    latencies.sort()
    print(
        f"\nbursts {ROUNDS}, requests {totals['requests']}, won {totals['won']} (seats {ROUNDS * SLOTS}), "
        f"sold out {totals['sold out']}, resets {totals['resets']}, other errors {totals['errors']}, "
        f"oversold {totals['oversold']}; answers p50 {statistics.median(latencies) * 1000 if latencies else 0:.0f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms"
    )
    if kinds:
        print("resets and errors by kind: " + ", ".join(f"{k} x{n}" for k, n in sorted(kinds.items())))
    if totals["resets"] or totals["oversold"]:
        raise SystemExit(f"FAILED: {totals['resets']} resets, {totals['oversold']} oversold")


if __name__ == "__main__":
    main()
