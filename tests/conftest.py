"""Suite-wide setup for pytest-xdist workers (`make test` runs the suite with `-n auto`).

A worker process starts with COLUMNS=80 and LINES=24 in its environment although the shell
that ran pytest set neither. Rich fixes a console's width from COLUMNS when the console is
built, and `fitcoach.cli_chat` builds its console at import, during collection: every CLI
table would then be cut at 80 columns whatever width a test asks for (tests/cli pass
COLUMNS to CliRunner per call). Dropping them here, before any test module is imported,
gives the workers the environment a serial run has.

Hypothesis runs without its per-example deadline (200 ms by default). A deadline is a timed
assertion: on a loaded CI machine an example that takes 5 ms alone can take longer, and one
that pays a one-off cost (a first import, a cache filled) fails as "flaky" when its rerun is
fast. What a property checks is its outcome; how long code may take is measured in
benchmarks/ and docs/performance.md, not asserted here. A test may still set a deadline of
its own with @settings.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fitcoach", deadline=None)
settings.load_profile("fitcoach")

if "PYTEST_XDIST_WORKER" in os.environ:
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
