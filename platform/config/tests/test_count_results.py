"""ops/count_results.py: the last line of ./ops/test and the durations table printed above it (issue 35, item 7)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("count_results", ROOT / "ops" / "count_results.py")
assert _spec and _spec.loader
count_results = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(count_results)


def _folder(tmp_path: Path) -> Path:
    (tmp_path / "durations.tsv").write_text("ruff\t1.234\tpass\npytest\t725.0\tfail\ntotal\t1500\t-\n")
    (tmp_path / "ruff.step").write_text("pass\n")
    (tmp_path / "playwright.xml").write_text(
        '<testsuites><testsuite name="a11y.spec.ts" time="120.5"><testcase name="x"/></testsuite>'
        '<testsuite name="shop.spec.ts" time="300.25"><testcase name="y"><failure/></testcase>'
        "</testsuite></testsuites>"
    )
    return tmp_path


def test_durations_table_then_the_count_as_the_last_line(tmp_path, capsys):
    assert count_results.main(_folder(tmp_path), show_durations=True) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "durations:",
        "  ruff                         1.2s  pass",
        "  pytest                     12m05s  fail",
        "  total                      25m00s  -",
        "playwright, per spec file:",
        "  shop.spec.ts                        5m00s",
        "  a11y.spec.ts                        2m00s",
        "2 passed, 1 failed",
    ]


def test_without_the_flag_only_the_count(tmp_path, capsys):
    assert count_results.main(_folder(tmp_path)) == 1
    assert capsys.readouterr().out == "2 passed, 1 failed\n"


def test_minutes():
    assert [count_results.minutes(s) for s in (0.04, 59.94, 60, 725.4)] == [
        "0.0s",
        "59.9s",
        "1m00s",
        "12m05s",
    ]
