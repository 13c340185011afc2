"""Tools run from the command line: shared ones here, each game's in tools/<id>/."""
