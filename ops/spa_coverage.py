"""Print the SPA's line coverage and fail under its floor (issue 22).

Usage: python ops/spa_coverage.py <coverage-summary.json> <vite.config.ts>
Reads vitest's json-summary (written by `vitest run --coverage`) and the floor from
`thresholds: { lines: N }` in the Vite config, so the number lives in one place. Prints
"81.3% of lines (floor 80%)"; exits 1 under the floor or when the summary is missing.
"""

import json
import re
import sys
from pathlib import Path


def main(summary_path: str, config_path: str) -> int:
    match = re.search(r"thresholds:\s*\{\s*lines:\s*(\d+(?:\.\d+)?)", Path(config_path).read_text())
    floor = float(match.group(1)) if match else 0.0
    try:
        total = json.loads(Path(summary_path).read_text())["total"]["lines"]["pct"]
    except (OSError, ValueError, KeyError) as exc:
        print(f"no coverage summary ({exc})")
        return 1
    print(f"{total:.1f}% of lines (floor {floor:g}%)")
    return 0 if total >= floor else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
