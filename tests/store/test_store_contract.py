"""The store's contract, the same on SQLite and PostgreSQL (``store`` runs on each): every
method of ``Store`` and of its helpers (tournament tables, turn posts), the version check,
concurrent commits of one match (exactly one wins), Discord ids past 32 bits."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from gamehost.db import IntegrityError
from gamehost.store import LoggedAction, MatchRow, PendingWrite, Store, VersionConflict
from gamehost.table_store import (LostClaim, claim_table, count_open_tournaments, insert_table_match,
                                  release_table, set_table_channel, table_links)
from gamehost.turn_store import (TurnPost, private_digest, save_turn_post, set_board_mode, set_private_digest,
                                 turn_post)

BIG = 1_234_567_890_123_456_789  # a Discord snowflake: past 32 bits
GUILD = 987_654_321_987_654_321


@pytest.fixture
async def store(store_url):
    s = Store(store_url)
    await s.open()
    yield s
    await s.close()


def lobby(channel: int, *, guild: int | None = GUILD, creator: int = BIG, seats=None, status="lobby") -> MatchRow:
    return MatchRow(
        id=0, guild_id=guild, channel_id=channel, game="race", status=status, creator_id=creator,
        options={"target": 10}, seats=seats or [{"user_id": creator, "name": "a", "bot": False}],
        seed=2**62 + 7, state=None, version=0, pace="live", timeout_policy="auto", decision_seconds=600,
        deadline_at=None, reminded=False, board_message_id=None, locale="en", result=None,
        created_at=1_000.5, updated_at=1_000.5)


def started(row: MatchRow, version: int = 1, total: int = 0) -> MatchRow:
    return replace(row, status="active", state={"total": total, "ünï": "cödé"}, version=version,
                   deadline_at=2_000.25, updated_at=1_001.0)


def action(seq: int, user: int = BIG) -> LoggedAction:
    return LoggedAction(seq=seq, seat=0, user_id=user, kind="action", action=f"add {seq}", at=1_000.0 + seq)


async def test_ping_and_schema(store):
    await store.ping()
    assert await store.schema_version() >= 9
    assert store.dialect in ("sqlite", "postgresql")


async def test_a_match_round_trips_with_big_ids(store):
    row = lobby(BIG)
    row.id = await store.insert_match(row)
    got = await store.match(row.id)
    assert got == row
    assert await store.open_match_in_channel(BIG) == row
    assert await store.latest_match_in_channel(BIG) == row
    assert await store.match(row.id + 1000) is None
    assert await store.open_match_in_channel(5) is None


async def test_one_open_match_per_channel(store):
    await store.insert_match(lobby(10))
    with pytest.raises(IntegrityError):
        await store.insert_match(lobby(10))
    first = await store.open_match_in_channel(10)
    await store.save_match(replace(first, status="finished", version=1), 0)
    await store.insert_match(lobby(10))  # the channel is free again
    assert len(await store.finished_matches(GUILD)) == 1


async def test_save_match_is_version_checked_and_logs_with_the_state(store):
    row = lobby(11)
    row.id = await store.insert_match(row)
    one = started(row)
    await store.save_match(one, 0, PendingWrite([action(1), action(2)]), snapshot=True)
    assert (await store.match(row.id)).state == one.state
    with pytest.raises(VersionConflict):
        await store.save_match(started(row, version=2), 0, PendingWrite([action(3)]))
    assert [a.seq for a in await store.action_log(row.id)] == [1, 2]  # nothing of the refused write
    assert await store.last_seq(row.id) == 2
    assert await store.action_log(row.id) == [action(1), action(2)]
    await store.save_match(started(row, version=2, total=3), 1, PendingWrite([action(3)]), snapshot=True)
    await store.save_match(started(row, version=3, total=4), 2, None, snapshot=True)  # seq 0 snapshot
    await store.save_match(started(row, version=4, total=5), 3, None, snapshot=True)  # replaces it
    assert [(seq, state["total"]) for seq, state in await store.snapshots(row.id)] == [(0, 5), (2, 0), (3, 3)]


async def test_a_failed_log_insert_rolls_the_state_back(store):
    row = lobby(12)
    row.id = await store.insert_match(row)
    await store.save_match(started(row), 0, PendingWrite([action(1)]))
    with pytest.raises(IntegrityError):
        await store.save_match(started(row, version=2, total=9), 1, PendingWrite([action(1)]))
    stored = await store.match(row.id)
    assert (stored.version, stored.state["total"]) == (1, 0)


async def test_concurrent_commits_of_one_match_exactly_one_wins(store):
    row = lobby(13)
    row.id = await store.insert_match(row)
    await store.save_match(started(row), 0)
    contenders = [store.save_match(started(row, version=2, total=n), 1, PendingWrite([action(1, user=n)]))
                  for n in range(8)]
    results = await asyncio.gather(*contenders, return_exceptions=True)
    winners = [n for n, r in enumerate(results) if r is None]
    assert len(winners) == 1 and all(isinstance(r, VersionConflict) for r in results if r is not None)
    stored = await store.match(row.id)
    assert stored.version == 2 and stored.state["total"] == winners[0]
    assert [a.user_id for a in await store.action_log(row.id)] == winners


async def test_concurrent_commits_from_two_stores_exactly_one_wins(store):
    other = Store(store.url)
    await other.open()
    try:
        row = lobby(14)
        row.id = await store.insert_match(row)
        await store.save_match(started(row), 0)
        results = await asyncio.gather(*(s.save_match(started(row, version=2, total=n), 1, PendingWrite([action(1)]))
                                         for n, s in enumerate([store, other] * 4)), return_exceptions=True)
        assert sum(r is None for r in results) == 1
        assert all(isinstance(r, VersionConflict) for r in results if r is not None)
    finally:
        await other.close()


async def test_board_message_reminders_and_deadlines(store):
    row = lobby(15)
    row.id = await store.insert_match(row)
    await store.save_match(started(row), 0)
    await store.set_board_message(row.id, BIG)
    await store.mark_reminded(row.id, 0)  # an old version: nothing
    assert not (await store.match(row.id)).reminded
    await store.mark_reminded(row.id, 1)
    got = await store.match(row.id)
    assert got.board_message_id == BIG and got.reminded
    assert await store.armed_deadlines() == [(row.id, 1, 2_000.25, True, 600)]


async def test_user_queries_and_limit_counts(store):
    person, friend = BIG, BIG + 1
    bots = [{"user_id": None, "name": "Bot", "bot": True}] * 2
    a = lobby(20, seats=[{"user_id": person, "name": "p", "bot": False}, {"user_id": friend, "name": "f", "bot": False}])
    b = lobby(21, creator=friend, seats=[{"user_id": friend, "name": "f", "bot": False}])
    c = lobby(22, seats=bots)
    d = lobby(23, guild=None)
    for row in (a, b, c, d):
        row.id = await store.insert_match(row)
    await store.save_match(started(c), 0)
    assert [r.id for r in await store.open_matches_for_user(GUILD, friend)] == [a.id, b.id]
    assert [r.id for r in await store.open_matches_for_user(None, person)] == [d.id]
    assert await store.count_open_lobbies_created_by(GUILD, person) == 1
    assert await store.count_open_lobbies_created_by(None, person) == 1
    assert await store.count_matches_seating(GUILD, friend) == 2
    assert await store.count_matches_seating(GUILD, person) == 1
    assert await store.count_matches_seating(GUILD, person, ("active",)) == 0
    assert await store.count_matches_seating(GUILD, 7) == 0
    assert await store.count_open_matches(GUILD) == 3 and await store.count_open_matches(None) == 1
    assert await store.count_bot_only_matches(GUILD) == 1
    assert await store.count_bot_only_matches(None) == 0
    assert await store.open_match_counts() == {"race": 4}


async def test_followers_ranked_and_user_settings(store):
    row = lobby(30)
    row.id = await store.insert_match(row)
    await store.set_following(row.id, BIG, True)
    await store.set_following(row.id, BIG, True)  # twice: once
    await store.set_following(row.id, 5, True)
    assert await store.followers(row.id) == [5, BIG]
    await store.set_following(row.id, 5, False)
    assert await store.followers(row.id) == [BIG]
    assert not await store.is_ranked(row.id)
    await store.mark_ranked(row.id)
    await store.mark_ranked(row.id)
    assert await store.is_ranked(row.id) and await store.ranked_ids() == {row.id}
    assert await store.locale(BIG) is None and not await store.dms_closed(BIG)
    await store.set_dms_closed(BIG, True)
    await store.set_locale(BIG, "de")
    assert store.note_locale(BIG, "de") is False and store.note_locale(BIG, "fr") is True
    fresh = Store(store.url)  # another process: read from the database
    await fresh.open()
    assert await fresh.locale(BIG) == "de" and await fresh.dms_closed(BIG)
    await fresh.close()
    assert await store.organizer_role(GUILD) is None
    await store.set_organizer_role(GUILD, BIG)
    await store.set_organizer_role(GUILD, BIG + 2)
    assert await store.organizer_role(GUILD) == BIG + 2


async def test_tournaments_are_version_checked(store):
    tid = await store.insert_tournament(GUILD, BIG, BIG, "signup", {"name": "cup"}, 1.0)
    assert await store.tournament(tid) == (GUILD, BIG, BIG, "signup", {"name": "cup"}, 0)
    row = lobby(40)
    row.id = await store.insert_match(row)
    await store.save_tournament(tid, "running", {"name": "cup", "r": 1}, 2.0, 0, new_matches=(row.id, row.id))
    with pytest.raises(VersionConflict):
        await store.save_tournament(tid, "finished", {}, 3.0, 0)
    assert (await store.tournament(tid))[3:] == ("running", {"name": "cup", "r": 1}, 1)
    assert await store.tournament_of_match(row.id) == tid and await store.tournament_of_match(999) is None
    other = await store.insert_tournament(None, 1, 2, "signup", {}, 1.0)
    assert await store.tournament_ids() == [other, tid]
    assert await store.tournament_ids(GUILD) == [tid]
    assert await store.tournament_ids(statuses=("signup",)) == [other]
    assert await count_open_tournaments(store, GUILD) == 1
    assert await count_open_tournaments(store, GUILD, BIG) == 1 and await count_open_tournaments(store, GUILD, 3) == 0
    assert await store.tournament(12345) is None


async def test_tournament_table_claims(store):
    tid = await store.insert_tournament(GUILD, BIG, BIG, "running", {}, 1.0)
    mine = await claim_table(store, tid, "1-1", "me", now=10.0, lease=30.0)
    assert (mine.owner, mine.claimed_until) == ("me", 40.0)
    theirs = await claim_table(store, tid, "1-1", "them", now=20.0, lease=30.0)
    assert theirs.owner == "me"  # my claim still runs
    await set_table_channel(store, tid, "1-1", "me", BIG)
    row = started(lobby(BIG))
    with pytest.raises(LostClaim):
        await insert_table_match(store, row, PendingWrite([action(1)]), ranked=True, tournament_id=tid, key="1-1",
                                 owner="them")
    match_id = await insert_table_match(store, row, PendingWrite([action(1)]), ranked=True, tournament_id=tid,
                                        key="1-1", owner="me")
    links = await table_links(store, tid)
    assert links["1-1"].match_id == match_id and links["1-1"].channel_id == BIG
    assert await store.is_ranked(match_id) and await store.tournament_of_match(match_id) == tid
    assert [seq for seq, _ in await store.snapshots(match_id)] == [1]
    assert (await claim_table(store, tid, "1-1", "them", now=100.0, lease=30.0)).match_id == match_id
    await claim_table(store, tid, "1-2", "me", now=10.0, lease=30.0)
    await release_table(store, tid, "1-2", "me")
    assert (await claim_table(store, tid, "1-2", "them", now=11.0, lease=30.0)).owner == "them"


async def test_concurrent_claims_of_one_table_one_owner(store):
    tid = await store.insert_tournament(GUILD, BIG, BIG, "running", {}, 1.0)
    others = [Store(store.url) for _ in range(3)]
    for s in others:
        await s.open()
    try:
        results = await asyncio.gather(*(claim_table(s, tid, "1-1", f"p{n}", now=10.0, lease=30.0)
                                         for n, s in enumerate([store, *others] * 2)))
        owners = {r.owner for r in results}
        assert len(owners) == 1 and (await table_links(store, tid))["1-1"].owner in owners
    finally:
        for s in others:
            await s.close()


async def test_campaigns_read_change_write(store):
    assert await store.campaign(None, BIG, "kr") is None
    assert await store.update_campaign(None, BIG, "kr", lambda p: {"n": 1}, 1.0) == {"n": 1}
    assert await store.update_campaign(None, BIG, "kr", lambda p: None, 2.0) == {"n": 1}
    assert await store.campaign(0, BIG, "kr") == {"n": 1}  # outside a server: guild 0
    others = [Store(store.url) for _ in range(2)]
    for s in others:
        await s.open()
    try:
        await asyncio.gather(*(s.update_campaign(GUILD, 1, "kr", lambda p, n=n: {"seen": [*(p or {}).get("seen", []), n]},
                                                 float(n)) for n, s in enumerate([store, *others] * 4)))
        assert sorted((await store.campaign(GUILD, 1, "kr"))["seen"]) == list(range(12))
    finally:
        for s in others:
            await s.close()
    row = started(lobby(50))
    row.id = await store.insert_match(row)
    await store.save_match(replace(row, status="finished", result={"placements": [[0]]}, version=2), 1)
    finished = await store.finished_in_channel(50, "race")
    assert [(r.id, r.state, r.result) for r in finished] == [(row.id, None, {"placements": [[0]]})]


async def test_turn_posts_and_private_digests(store):
    row = lobby(60)
    row.id = await store.insert_match(row)
    assert await turn_post(store, row.id) == TurnPost(row.id)
    post = TurnPost(row.id, "turn", BIG, (0, 1), ["ünïcode line"], 2, 5.5)
    await save_turn_post(store, post)
    assert await turn_post(store, row.id) == post
    await set_board_mode(store, row.id, "move")
    assert (await turn_post(store, row.id)).mode == "move"
    assert await private_digest(store, row.id, 0) is None
    await set_private_digest(store, row.id, 0, "abc")
    await set_private_digest(store, row.id, 0, "def")
    assert await private_digest(store, row.id, 0) == "def"


async def test_notices_reach_listeners(store):
    heard: list[str] = []
    got = asyncio.Event()

    def callback(payload: str) -> None:
        heard.append(payload)
        got.set()

    stop = await store.database.listen("gamehost_test", callback)
    await store.database.notify("gamehost_test", "match 5")
    await asyncio.wait_for(got.wait(), 10)
    await stop()
    assert heard == ["match 5"]


async def test_writes_cancelled_at_any_point_leave_the_store_working(store):
    """A task cancelled in the middle of a write (a shutdown, a timeout) never leaves a
    transaction open for the next one (SQLite shares one connection between tasks)."""
    for delay in (0, 0, 0.0005, 0.001, 0.002, 0.005):
        tasks = [asyncio.ensure_future(store.insert_match(lobby(10_000 + i))) for i in range(6)]
        await (asyncio.sleep(delay) if delay else asyncio.sleep(0))
        for task in tasks[::2]:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        row = lobby(BIG - 1)
        row.id = await store.insert_match(row)
        assert await store.match(row.id) == row
        for i, task in enumerate(tasks):
            found = await store.open_match_in_channel(10_000 + i)
            if not task.cancelled():
                assert found is not None and found.id == task.result()
        for i in range(6):
            found = await store.open_match_in_channel(10_000 + i)
            if found is not None:
                await store.database.execute("DELETE FROM matches WHERE id = ?", (found.id,))
        await store.database.execute("DELETE FROM matches WHERE id = ?", (row.id,))
