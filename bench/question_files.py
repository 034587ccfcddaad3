"""Benchmark of reading a Word question file (issue 36, "Performance"): a generated 20 MB .docx
of 500 single-choice questions, each with three equations in its stem and explanation, one in
each option (3,500 OMML equations in all) and a picture of about 42 KB (noise, so that the file
does not compress), read by ``question_formats.readers.docx.read`` as the preview's read job
does (one pandoc run for every equation), with the checks the pipeline runs on each candidate.

The file is built first (``tests/fixtures/make_fixtures.generate_exam``); then a fresh Python
process (Django set up, no database needed) reads it and prints the task time (wall and CPU)
and its peak RSS (``ru_maxrss``), the pandoc child included (``RUSAGE_CHILDREN``). Targets:
30 s of task time and 500 MB.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
QUESTIONS = int(os.environ.get("BENCH_QUESTION_FILE_QUESTIONS", "500"))
PICTURE_BYTES = int(os.environ.get("BENCH_QUESTION_FILE_PICTURE_BYTES", "42000"))


def _setup() -> None:
    sys.path.insert(0, str(ROOT / "platform"))
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _read(path: str) -> None:
    import resource

    _setup()
    from question_formats.checks import candidate_check
    from question_formats.readers import docx as reader

    data = Path(path).read_bytes()
    started, cpu = time.perf_counter(), time.process_time()
    candidates = reader.read(data)
    for candidate in candidates:
        candidate_check(candidate)
    wall = time.perf_counter() - started
    used = time.process_time() - cpu
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    equations = sum(c.content["stem"]["vi"].count("$") // 2 for c in candidates)
    keyed = sum(1 for c in candidates if c.answer_key)
    print(
        f"question_files: {len(data) / MB:.1f} MB, {len(candidates)} questions ({keyed} keyed,"
        f" {equations} stem equations, {sum(len(c.images) for c in candidates)} pictures) read in"
        f" {wall:.1f} s (CPU {used + children.ru_utime + children.ru_stime:.1f} s with pandoc);"
        f" peak RSS {own:.0f} MB (pandoc {children.ru_maxrss / 1024:.0f} MB)"
    )


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--read":
        _read(sys.argv[2])
        return
    sys.path.insert(0, str(ROOT / "platform"))
    from question_formats.tests.fixtures.make_fixtures import generate_exam

    started = time.perf_counter()
    data = generate_exam(QUESTIONS, picture_bytes=PICTURE_BYTES)
    print(
        f"question_files: built a {len(data) / MB:.1f} MB .docx of {QUESTIONS} questions in {time.perf_counter() - started:.1f} s"
    )
    with tempfile.NamedTemporaryFile(suffix=".docx") as handle:
        handle.write(data)
        handle.flush()
        subprocess.run([sys.executable, __file__, "--read", handle.name], check=True)


if __name__ == "__main__":
    main()
