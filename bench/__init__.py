"""Benchmarks: ``python -m bench`` prints one ``name value`` figure per line."""
