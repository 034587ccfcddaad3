"""bench/run cluster: a short rehearsal on ops/cluster (issue 21 item 4, in part; decision 0025).

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
     and p50/p95 latency.
Not done here (left for the issue): the 300-learner sitting with answer saves, the consumer
killed during an export and the auto-submit at the deadline.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import threading
import time
from pathlib import Path

import requests

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


def main() -> None:
    try:
        requests.get(f"{LB}/health/?format=json", timeout=10).raise_for_status()
    except requests.RequestException as exc:
        raise SystemExit(f"no cluster on {LB} ({exc}): start it with ops/cluster start") from exc
    round_robin()
    logout_everywhere()
    rate_limit_across_nodes()
    kill_under_load()


if __name__ == "__main__":
    main()
