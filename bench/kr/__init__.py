"""Kingdom Rush's own bench figures (bench/kr/figures.py), found by bench.__main__ for the registered game."""
