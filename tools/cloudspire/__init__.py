"""Tools of one game: python tools/cloudspire/<tool>.py."""
