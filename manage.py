#!/usr/bin/env python
"""Django's command-line utility. platform/ is a source root (never a package)."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def main() -> None:
    for entry in (str(ROOT), str(ROOT / "platform")):
        if entry not in sys.path:
            sys.path.insert(0, entry)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
