"""Benchmark of the upload-bomb refusals (issue 16, item 8): how long and how much memory it
takes to refuse the 13,000 x 13,000 PNG (pixel flood) and the .xlsx of 20,000,000 empty rows,
through the shared checks every upload endpoint calls (``config.images.reencode_image``,
``config.spreadsheets.open_sheet`` with the question and learner imports' caps).

Each case runs in a fresh Python process (Django set up, no database needed): the refusal is
timed once without tracing, with the process's peak RSS before and after (``ru_maxrss``), then
again under ``tracemalloc`` for the Python-level peak. The bombs are built in memory by
``platform/config/tests/bombs.py`` (the same files the tests post). Targets: each refusal
under 1 s and 100 MB.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def _bomb(case: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from config.tests.bombs import pixel_flood_png, xlsx_bytes

    if case == "pixel_flood":
        return pixel_flood_png(13_000, 13_000)
    if case.startswith("rows_20m"):
        return SimpleUploadedFile("bomb.xlsx", xlsx_bytes(header=("email",), empty_rows=20_000_000))
    if case == "rows_streamed":
        return SimpleUploadedFile("rows.xlsx", xlsx_bytes(header=("email",), empty_rows=1_000_000))
    if case == "dimension":
        return SimpleUploadedFile("dim.xlsx", xlsx_bytes(header=("email",), dimension="A1:XFD1048576"))
    if case == "entities":
        laughs = xlsx_bytes(
            header=("email",),
            prolog='<!DOCTYPE worksheet [<!ENTITY e "<row/><row/><row/><row/><row/><row/><row/><row/>">]>',
            trailing="&e;" * 1_000_000,
        )
        return SimpleUploadedFile("laughs.xlsx", laughs)
    if case == "at_cap":  # 20,000 rows of the product's own template, as its export writes them
        from assessments.services.spreadsheets import EXAMPLES, _workbook_bytes

        return SimpleUploadedFile("full.xlsx", _workbook_bytes(EXAMPLES[n % 2] for n in range(20_000)))
    raise SystemExit(f"unknown case {case}")


def _refuse(case: str, bomb) -> str:
    from assessments.services.spreadsheets import QUESTION_SHEET
    from config.errors import ApplicationError
    from config.images import reencode_image
    from config.spreadsheets import open_sheet
    from people.services import LEARNER_SHEET

    count = 0
    try:
        if case == "pixel_flood":
            reencode_image(bomb, max_side=512, unsupported_code="unsupported_image")
        else:
            bomb.seek(0)
            limits = LEARNER_SHEET if case.endswith("learners") else QUESTION_SHEET
            with open_sheet(
                bomb, limits=limits, unsupported_code="unsupported_file", allow_csv=True
            ) as sheet:
                for _row in sheet.rows():
                    count += 1
    except ApplicationError as exc:
        return f"{exc.status} {exc.code}: {exc.message}"
    return f"read, {count:,} rows"


def child(build: str, caps: str) -> None:
    """Build the ``build`` bomb, refuse it under the ``caps`` case, print one RESULT line."""
    import resource
    import tracemalloc

    import django
    from django.utils import translation

    django.setup()
    translation.activate("en")
    bomb = _bomb(build)
    _refuse("dimension_learners", _bomb("dimension"))  # imports and translations loaded first
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    outcome = _refuse(caps, bomb)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    _refuse(caps, bomb)
    traced = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    size = len(bomb) if isinstance(bomb, bytes) else bomb.size
    print("RESULT", size, seconds, (after - before) / 1024, after / 1024, traced / MB, outcome, sep="\t")


CASES = [
    ("pixel_flood", "PNG 13,000 x 13,000 (any image upload)"),
    ("rows_20m_questions", ".xlsx, 20,000,000 empty rows (question import)"),
    ("rows_20m_learners", ".xlsx, 20,000,000 empty rows (learner import)"),
    ("rows_streamed_questions", ".xlsx, 1,000,000 empty rows, no dimension (question import)"),
    ("dimension_learners", ".xlsx declaring A1:XFD1048576 (learner import)"),
    ("entities_learners", ".xlsx whose DTD entity expands to 8,000,000 rows (learner import)"),
    ("at_cap_questions", "20,000 template rows as the bank export writes them (question import)"),
]


def main() -> None:
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", "postgresql://bench@127.0.0.1:1/unused")  # never connected
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "platform"), str(ROOT)])
    print("| upload | file | refusal time | RSS growth (peak RSS) | Python peak (tracemalloc) | answer |")
    print("|---|---|---|---|---|---|")
    for case, label in CASES:
        name = case.removesuffix("_questions").removesuffix("_learners")
        name = "rows_20m" if name.startswith("rows_20m") else name
        out = subprocess.run(
            [sys.executable, __file__, "--child", name, case],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        line = next(x for x in out.splitlines() if x.startswith("RESULT"))
        _, size, seconds, growth, peak, traced, outcome = line.split("\t")
        print(
            f"| {label} | {int(size) / 1024:.0f} KB | {float(seconds) * 1000:.1f} ms "
            f"| {float(growth):.1f} MB ({float(peak):.0f} MB) | {float(traced):.2f} MB | {outcome} |"
        )
    print("Targets: each refusal under 1 s and 100 MB (the last row is a file that is read, for scale).")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
        child(sys.argv[2], sys.argv[3])
    else:
        main()
