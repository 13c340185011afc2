"""Schema of the living board messages (migration 9; gamehost/turn_store.py reads and writes it).

``turn_posts``: per match, how its board is posted (``mode``: ``turn``, one message per
turn edited as the turn goes on, or ``move``, a new message per move) and the current turn
message: its id, the seats it was posted for, the narration told in it so far (and how many
earlier lines no longer fit) and when it was posted (Discord caps edits of messages older
than an hour). ``private_sent``: a digest of the last private view DMed to each seat, so an
unchanged one is not sent again (also after a restart)."""

TURN_POSTS_MIGRATION = """
CREATE TABLE turn_posts (
    match_id   INTEGER PRIMARY KEY REFERENCES matches(id),
    mode       TEXT NOT NULL DEFAULT 'turn',
    message_id INTEGER,
    owners     TEXT NOT NULL DEFAULT '[]',
    narration  TEXT NOT NULL DEFAULT '[]',
    dropped    INTEGER NOT NULL DEFAULT 0,
    posted_at  REAL
);
CREATE TABLE private_sent (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat     INTEGER NOT NULL,
    digest   TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
"""
