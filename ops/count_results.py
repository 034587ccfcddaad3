"""Add up the results of every check under test-results/ and print "N passed, N failed".

Counts JUnit XML files (pytest, vitest, Playwright) test case by test case and each ``*.step``
file (lint, type checks, build) as one test. Exits 1 when anything failed or nothing ran.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def main(folder: Path) -> int:
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
    tail = f", {skipped} skipped" if skipped else ""
    print(f"{passed} passed, {failed} failed{tail}")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "test-results")))
