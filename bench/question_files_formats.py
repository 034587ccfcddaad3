"""Benchmark of reading question files (issue 36, item 2): how long and how much memory the
Moodle XML, GIFT and QTI readers take on large files, as the import job's preview does.

The files are written first, into a temporary folder, by this project's own writers (a Moodle
XML file and a QTI package of generated questions, each with a formula, both languages and a
picture of about 10 KB) or as GIFT text. Each case is then read in a fresh Python process
(Django set up, no database): the file's bytes are loaded, the peak RSS noted (``ru_maxrss``),
the reader run and timed, and the peak RSS noted again. Target (issue 36, "Performance"): a
5,000-question Moodle XML previewed within 30 s and under 500 MB; the 10,000-question Moodle XML
and GIFT files of "What bad input gets" read within the same bounds.

    python bench/question_files_formats.py            # every case
    python bench/question_files_formats.py moodle_5000
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
CASES = {
    "moodle_5000": ("moodle_xml", 5_000),
    "moodle_10000": ("moodle_xml", 10_000),
    "gift_10000": ("gift", 10_000),
    "qti_5000": ("qti", 5_000),
}


def _setup() -> None:
    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _pictures(count: int) -> list[bytes]:
    from PIL import Image

    rng = random.Random(36)
    pictures = []
    for _ in range(count):
        image = Image.new("RGB", (60, 60))
        image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(3600)])
        out = io.BytesIO()
        image.save(out, format="PNG")
        pictures.append(out.getvalue())
    return pictures


def _questions(count: int, pictures: list[bytes]):
    for n in range(count):
        yield SimpleNamespace(
            pk=n + 1,
            root_id=None,
            bank_id=1 + n % 5,
            type="single_choice",
            score_weight=1,
            content={
                "stem": {
                    "vi": f'<p>Câu {n}: tính $\\frac{{{n}}}{{2}} + x^2$</p><p><img src="/media/question-images/b/{n}.png"></p>',
                    "en": f"<p>Question {n}: compute $\\frac{{{n}}}{{2}} + x^2$</p>",
                },
                "options": [{"id": c, "vi": f"${c}+{n}$", "en": ""} for c in "abcd"],
                "explanation": {"vi": "<p>Quy tắc lũy thừa.</p>", "en": "<p>Power rule.</p>"},
            },
            answer_key={"option": "b"},
        )


def _write(kind: str, count: int, path: Path) -> None:
    _setup()
    pictures = _pictures(50)

    def load_image(src: str):
        name = src.rsplit("/", 1)[-1]
        return name, pictures[int(name.split(".")[0]) % len(pictures)]

    folders = {k: ("Toán 9", f"Chủ đề {k}") for k in range(1, 6)}
    if kind == "gift":
        lines = []
        for n in range(count):
            if n % 2000 == 0:
                lines.append(f"$CATEGORY: Toán 9/Chủ đề {n // 2000}\n")
            lines.append(
                f"::Câu {n}::[html]<p>Tính \\\\frac\\{{{n}\\}}\\{{2\\}} = ?</p>{{=${n}/2$ ~$2$ ~$3$ ~$4$ ####Vì vậy.}}\n"
            )
        path.write_text("\n".join(lines), encoding="utf-8")
        return
    from question_formats.writers import moodle_xml, qti

    writer = moodle_xml if kind == "moodle_xml" else qti
    with path.open("wb") as out:
        writer.write_to(out, _questions(count, pictures), folders, load_image=load_image)


def _peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _read(kind: str, path: str) -> None:
    _setup()
    import importlib

    from django.utils import translation

    reader = importlib.import_module(f"question_formats.readers.{kind}")
    data = Path(path).read_bytes()
    before = _peak_mb()
    started = time.perf_counter()
    with translation.override("vi"):
        found = reader.read(data)
    elapsed = time.perf_counter() - started
    after = _peak_mb()
    blocked = sum(1 for c in found if c.blocked)
    images = sum(len(c.images) for c in found)
    print(
        f"{kind:11s} {len(found):6d} questions ({blocked} blocked, {images} images) from "
        f"{len(data) / MB:6.1f} MB: {elapsed:6.2f} s, peak RSS {after:6.0f} MB "
        f"({before:4.0f} MB before reading)"
    )


def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for name in names or list(CASES):
            kind, count = CASES[name]
            path = Path(folder) / name
            subprocess.run([sys.executable, __file__, "--write", kind, str(count), str(path)], check=True)
            print(f"{name}: ", end="", flush=True)
            subprocess.run([sys.executable, __file__, "--read", kind, str(path)], check=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        _write(sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]))
    elif sys.argv[1:2] == ["--read"]:
        _read(sys.argv[2], sys.argv[3])
    else:
        main(sys.argv[1:])
