"""The retention periods' defaults and bounds (issue 24, item 3; decision 0020): the one home of
these numbers. The API sends them with the policy, so the SPA never writes them again.

- Proctoring videos (the 30-second surroundings video, kept once as the assignment's
  ``prep_video`` and the attempt's ``video``) are kept ``video_keep_days`` after the result is
  released (``Attempt.released_at``). At least ``VIDEO_KEEP_DAYS_MIN`` days: the appeal window
  (a learner contests a voided or a graded result; the educator reviews the video). The spec sets
  no appeal window, so decision 0020 sets it at 30 days.
- Exports (the analytics' background files) and imports (the upload and the job's report) are
  kept ``file_keep_hours`` after they were made: 24 hours by default, as before issue 24.
"""

from __future__ import annotations

APPEAL_WINDOW_DAYS = 30
"""How long after release a learner may contest a result (decision 0020): the videos' minimum."""

VIDEO_KEEP_DAYS_DEFAULT = 90
VIDEO_KEEP_DAYS_MIN = APPEAL_WINDOW_DAYS
VIDEO_KEEP_DAYS_MAX = 1825
"""Five years: longer keeping of a minor's video has no purpose the product knows."""

FILE_KEEP_HOURS_DEFAULT = 24
FILE_KEEP_HOURS_MIN = 1
FILE_KEEP_HOURS_MAX = 720
"""Thirty days: an export or an import report is a working file, not an archive."""

SWEEP_BATCH = 100
"""Files deleted per batch (one transaction of marks and records per batch)."""

SWEEP_MAX_PER_RUN = 2000
"""Files deleted per organization and kind in one run of a sweep; the next run goes on."""

VIDEO_VIEW_DEDUP_SECONDS = 300
"""Repeated requests for the same video by the same person within five minutes are one view
(a browser's player may ask for the file more than once while it plays)."""

USER_AGENT_MAX = 200
"""The user agent is kept truncated to this many characters."""
