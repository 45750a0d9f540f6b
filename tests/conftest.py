"""Suite-wide setup for pytest-xdist workers (`make test` runs the suite with `-n auto`).

A worker process starts with COLUMNS=80 and LINES=24 in its environment although the shell
that ran pytest set neither. Rich fixes a console's width from COLUMNS when the console is
built, and `fitcoach.cli_chat` builds its console at import, during collection: every CLI
table would then be cut at 80 columns whatever width a test asks for (tests/cli pass
COLUMNS to CliRunner per call). Dropping them here, before any test module is imported,
gives the workers the environment a serial run has.
"""

from __future__ import annotations

import os

if "PYTEST_XDIST_WORKER" in os.environ:
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
