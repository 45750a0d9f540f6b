"""The exercise encyclopedia: the seed's 41 exercises with our own reasoned data.

The catalog is loaded and checked when this package is imported, so a bad data file stops the
process at start-up with the offending slug, never half-way through a chat turn.
"""

from fitcoach.catalog.models import Exercise, LoadKind, Prescription
from fitcoach.catalog.registry import Catalog, CatalogError, default_catalog, load_catalog

CATALOG: Catalog = default_catalog()

__all__ = [
    "CATALOG",
    "Catalog",
    "CatalogError",
    "Exercise",
    "LoadKind",
    "Prescription",
    "default_catalog",
    "load_catalog",
]
