"""Tools of one game: python tools/kr/<tool>.py."""
