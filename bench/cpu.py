"""CPU time of the parts of a benchmark on this machine (issue 23): the web server (a gunicorn
master and every process under it), the database (every ``postgres`` process), Redis and the
generator (this process), read from ``/proc`` (Linux), so that a saturated generator or database
can be told apart from a slow web process. Figures are in % of one core over the measured
window (the machine has 2 cores: 200 % is all of it)."""

from __future__ import annotations

import os
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[int, tuple[str, int, float]]:
    """{pid: (command name, parent pid, CPU seconds user + system)} of every live process."""
    out: dict[int, tuple[str, int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue  # it exited meanwhile
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        # fields[0] is the state (stat's 3rd field): ppid is the 4th, utime/stime the 14th/15th
        out[int(entry.name)] = (name, int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS)
    return out


def _sample(web_pid: int | None) -> dict[str, float]:
    procs = _processes()
    children: dict[int, list[int]] = {}
    for pid, (_name, ppid, _cpu) in procs.items():
        children.setdefault(ppid, []).append(pid)
    web: set[int] = set()
    stack = [web_pid] if web_pid in procs else []
    while stack:
        pid = stack.pop()
        web.add(pid)
        stack.extend(children.get(pid, []))
    parts = {"web": 0.0, "database": 0.0, "redis": 0.0, "generator": 0.0}
    me = os.getpid()
    for pid, (name, _ppid, cpu) in procs.items():
        if pid in web:
            parts["web"] += cpu
        elif name.startswith("postgres"):
            parts["database"] += cpu
        elif name.startswith("redis-server"):
            parts["redis"] += cpu
        elif pid == me:
            parts["generator"] += cpu
    return parts


class CpuMeter:
    """``with CpuMeter(gunicorn_pid) as cpu: ...`` then ``cpu.percent``: {"web", "database",
    "redis", "generator", "idle"} in % of one core over the block (idle: what was left of all
    cores, ``os.cpu_count()``, according to ``/proc/stat``). A process that exits inside the block
    takes its time with it (the pool keeps the database's connections open, so it rarely does)."""

    def __init__(self, web_pid: int | None) -> None:
        self.web_pid = web_pid
        self.percent: dict[str, float] = {}

    @staticmethod
    def _idle() -> float:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
        return (int(fields[3]) + int(fields[4])) / TICKS  # idle + iowait, all cores

    def __enter__(self) -> CpuMeter:
        self._t = time.perf_counter()
        self._before = _sample(self.web_pid)
        self._idle_before = self._idle()
        return self

    def __exit__(self, *exc) -> None:
        elapsed = time.perf_counter() - self._t
        after = _sample(self.web_pid)
        self.percent = {k: 100 * max(0.0, after[k] - self._before[k]) / elapsed for k in after}
        self.percent["idle"] = 100 * (self._idle() - self._idle_before) / elapsed

    def cells(self) -> str:
        """``web / database / generator / idle`` (and Redis when it worked), for a table."""
        p = self.percent
        redis = f" / Redis {p['redis']:.0f} %" if p.get("redis", 0) >= 0.5 else ""
        return (
            f"web {p['web']:.0f} % / db {p['database']:.0f} % / gen {p['generator']:.0f} %{redis} / "
            f"idle {p['idle']:.0f} %"
        )
