"""``manage.py orphan_files [--dry-run] [--grace-hours N]``: list the stored files that no row
points to (issue 37, item 4; decision 0049) and, without ``--dry-run``, delete them with a
deletion record each, as the daily huey task ``privacy.tasks.orphan_files_sweep`` does."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from privacy.orphans import grace_hours, orphans_sweep


class Command(BaseCommand):
    help = "List (and delete, unless --dry-run) the stored files no database row points to."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="List the orphans; delete nothing.")
        parser.add_argument(
            "--grace-hours",
            type=int,
            default=None,
            help="Leave files modified within this many hours (default ORPHAN_FILE_GRACE_HOURS, 24).",
        )

    def handle(self, *args, **options) -> None:
        grace = options["grace_hours"]
        if grace is not None and not 0 <= grace <= 24 * 365:
            self.stderr.write("--grace-hours must be between 0 and 8760.")
            raise SystemExit(2)
        dry_run = options["dry_run"]
        result = orphans_sweep(delete=not dry_run, grace=grace)
        for name in result.orphans:
            self.stdout.write(name)
        verb = "would be deleted" if dry_run else "deleted"
        self.stdout.write(
            f"{result.listed} files stored, {result.recent} within the grace period "
            f"({grace_hours() if grace is None else grace} h), {len(result.orphans)} pointed to by no row, "
            f"{len(result.orphans) if dry_run else result.deleted} {verb}, {result.failed} failed."
        )
