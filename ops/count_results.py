"""Add up the results of every check under test-results/ and print "N passed, N failed".

Counts JUnit XML files (pytest, vitest, Playwright) test case by test case and each ``*.step``
file (lint, type checks, build) as one test. Exits 1 when anything failed or nothing ran.

With ``--durations``, first prints the table of how long each step took (``durations.tsv``, written
by ops/test: name, seconds, pass or fail) and the seconds of each Playwright spec file (its JUnit
test suites), slowest first; "N passed, N failed" stays the last line.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def minutes(seconds: float) -> str:
    """``12m05s`` for 725.0; ``8.2s`` under a minute."""
    if seconds < 60:
        return f"{seconds:.1f}s"
    whole = round(seconds)
    return f"{whole // 60}m{whole % 60:02d}s"


def durations(folder: Path) -> list[str]:
    """The lines of the durations table: every step of durations.tsv in the order run, then the
    Playwright spec files (from playwright.xml) slowest first. Empty when neither exists."""
    lines: list[str] = []
    table = folder / "durations.tsv"
    if table.exists():
        lines.append("durations:")
        for row in table.read_text().splitlines():
            name, seconds, status = (row.split("\t") + ["", ""])[:3]
            lines.append(f"  {name:<24} {minutes(float(seconds)):>8}  {status}")
    playwright = folder / "playwright.xml"
    if playwright.exists():
        try:
            suites = ET.parse(playwright).getroot().iter("testsuite")
            specs = sorted(
                ((s.get("name", ""), float(s.get("time") or 0)) for s in suites), key=lambda p: -p[1]
            )
        except ET.ParseError:
            specs = []
        if specs:
            lines.append("playwright, per spec file:")
            lines += [f"  {name:<32} {minutes(seconds):>8}" for name, seconds in specs]
    return lines


def main(folder: Path, show_durations: bool = False) -> int:
    passed = failed = skipped = 0
    for xml in sorted(folder.glob("*.xml")):
        try:
            root = ET.parse(xml).getroot()
        except ET.ParseError:
            print(f"{xml.name}: unreadable results", file=sys.stderr)
            failed += 1
            continue
        for case in root.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
                print(
                    f"FAILED {xml.stem}: {case.get('classname', '')}::{case.get('name', '')}", file=sys.stderr
                )
            elif case.find("skipped") is not None:
                skipped += 1
            else:
                passed += 1
    for step in sorted(folder.glob("*.step")):
        if step.read_text().strip() == "pass":
            passed += 1
        else:
            failed += 1
            print(f"FAILED step: {step.stem}", file=sys.stderr)
    if show_durations:
        print("\n".join(durations(folder)))
    tail = f", {skipped} skipped" if skipped else ""
    print(f"{passed} passed, {failed} failed{tail}")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--durations"]
    sys.exit(main(Path(args[0] if args else "test-results"), "--durations" in sys.argv[1:]))
