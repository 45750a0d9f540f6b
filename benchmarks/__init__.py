"""Benchmarks, run from the repository root: `python -m benchmarks.<name>`, or `make bench`
for the quick in-process ones (`benchmarks/run.py`). docs/performance.md has each one."""
