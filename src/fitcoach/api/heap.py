"""The server process's garbage collector: what it keeps scanning, and how often.

A serving process holds a large heap that lives as long as it does: the catalog, the
embedded brain's lexicons and models, SQLAlchemy's mappers and compiled statements, the
application's routes. CPython's cyclic collector walks all of it on every full (oldest
generation) collection, and a chat turn allocates enough short-lived objects (Pydantic
models, rows, plans) to trigger one every few seconds: measured under `load_mix`, a tenth
of a worker's CPU went to the collector, most of it in full collections of ~100 ms each
(docs/performance.md).

`freeze_startup_heap` runs once the app has started: what exists then is moved to the
collector's permanent generation (`gc.freeze`), which it never scans again; it is never
garbage (it is referenced until the process ends). Objects made later are collected as
before. The youngest generation's threshold is raised (CPython's default is 700 objects)
so that fewer of a turn's short-lived objects are still alive at a collection and get
promoted to the older generations, whose growth is what triggers the full collections;
objects are freed by reference counting either way, the collector only finds cycles.

Only the server calls it (`app.app_from_environment`): a test process that starts many
apps must not make every earlier app's objects permanent.
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 10, 10)


def freeze_startup_heap() -> None:
    """Collect once, then stop scanning what survived start-up; collect less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
