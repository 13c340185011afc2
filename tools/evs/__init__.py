"""Tools of one game: python tools/evs/<tool>.py."""
