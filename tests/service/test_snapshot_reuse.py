"""``gamehost.snapshot.snapshot`` reuses the snapshot it made last for the very same row (the
next command in a match reads the row the last publish showed: its seats' views and legal
moves are not computed again), and makes a new one whenever anything it shows may differ."""
from __future__ import annotations

import dataclasses
import threading

from gamehost.snapshot import snapshot
from tests.support.narration import steps


def a_row():
    return next(s for s in steps("clash") if s.state is not None).row()


def test_the_same_row_gives_the_same_snapshot_and_its_computed_moves():
    row = a_row()
    first = snapshot(row)
    legal = first.for_seat(0).legal
    again = snapshot(row)
    assert again is first and again.for_seat(0).legal is legal


def test_a_changed_row_gives_a_new_snapshot():
    row = a_row()
    first = snapshot(row)
    assert snapshot(dataclasses.replace(row)) is not first  # another row object, same values
    row.deadline_at = 123.0  # changed in place without a new version
    assert snapshot(row) is not first
    second = snapshot(row)
    row.state = dict(row.state)  # a new state object
    assert snapshot(row) is not second
    snapshot(row)
    row.seats[0]["name"] = "Renamed"  # a seat's record is shown as it is now
    assert snapshot(row).names[0] == "Renamed"
    row.version += 1
    assert snapshot(row).version == row.version


def test_snapshots_made_in_threads_at_once_stay_consistent():
    rows = [dataclasses.replace(a_row(), id=1000 + i) for i in range(100)]
    made: list = []

    def make() -> None:
        made.extend(snapshot(row) for row in rows)

    threads = [threading.Thread(target=make) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 400 and all(snap._row is rows[snap.match_id - 1000] for snap in made)
