"""The match service: lifecycle, storage and timers. Knows nothing about Discord."""
