"""Where the service's own log lines go: stderr, as text or as one JSON object per line.

uvicorn configures its own loggers only, so without this the `fitcoach.*` INFO lines (one per
LLM model call with its token counts, DESIGN D12) went nowhere. The service configures the
`fitcoach` logger once per process, and only when nothing (a host application, a test
harness, a `logging.config` of the operator's) has given it a handler already.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

ROOT = "fitcoach"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
# Structured fields a log call may attach with `extra=` (the LLM call line does).
STRUCTURED = ("llm_call",)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any structured fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in STRUCTURED:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_logging(level: str = "INFO", *, as_json: bool = False) -> bool:
    """Give the `fitcoach` logger a stderr handler unless it has one; True when it did."""
    logger = logging.getLogger(ROOT)
    if logger.hasHandlers():  # its own, or the root logger's: someone configured logging
        return False
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if as_json else logging.Formatter(TEXT_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level)
    return True
