"""Tools of one game: python tools/clash/<tool>.py."""
