"""Ratings in SQLite and PostgreSQL: record, leaderboard, member record, rebuild equals incremental."""
from __future__ import annotations

import pytest

from gamehost import rating_store as RS
from gamehost.ratings import DEFAULT, FinishedMatch, rebuild
from gamehost.store import MatchRow, Store

from .test_ratings import _random_matches, people, res


@pytest.fixture
async def store(store_url):
    s = Store(store_url)
    await s.open()
    yield s
    await s.close()


async def test_record_and_member_record(store):
    m1 = FinishedMatch(1, 7, "clash", tuple(people(1, 2)), res([0], [1]), 10.0)
    m2 = FinishedMatch(2, 7, "clash", tuple(people(1, 2)), res([0, 1]), 20.0)
    assert await RS.record_match(store, m1) is not None
    assert await RS.record_match(store, m1) is None  # never twice
    await RS.record_match(store, m2)
    rec = await RS.member_record(store, 7, "clash", "user:1")
    assert (rec.games, rec.wins, rec.draws, rec.losses) == (2, 1, 1, 0)
    assert rec.form == ["W", "D"] and [p.match_id for p in rec.history] == [1, 2]
    assert rec.display > DEFAULT.display
    assert rec.history[-1].display == rec.display
    none = await RS.member_record(store, 7, "clash", "user:99")
    assert none.games == 0 and none.rating == DEFAULT
    assert await RS.member_games(store, "user:1") == [(7, "clash", 2)]


async def test_stored_equals_ledger_and_rebuild(store):
    matches = _random_matches(3, 30)
    for m in sorted(matches, key=lambda m: m.order_key):
        await RS.record_match(store, m)
    ledger = rebuild(matches)

    async def dump():
        return await store._all("SELECT guild_id, game, identity, mu, sigma, games, wins, draws, losses "
                                "FROM ratings ORDER BY guild_id, game, identity")
    incremental = await dump()
    expected = sorted((g or 0, game, ident, r.rating.mu, r.rating.sigma, r.games, r.wins, r.draws, r.losses)
                      for (g, game), pool in ledger.pools.items() for ident, r in pool.items())
    assert incremental == expected
    hist_before = await store._all("SELECT * FROM rating_history ORDER BY match_id, identity")
    n = await RS.rebuild_all(store, list(reversed(matches)))
    assert n == len(ledger.entries)
    assert await dump() == incremental
    assert await store._all("SELECT * FROM rating_history ORDER BY match_id, identity") == hist_before


async def test_leaderboard_pages_and_filter(store):
    t = 0
    for u in range(2, 8):
        for _ in range(u - 1):
            t += 1
            await RS.record_match(store, FinishedMatch(t, 1, "clash", tuple(people(u, 1)), res([0], [1]), float(t)))
    await RS.record_match(store, FinishedMatch(100, 1, "clash", (people(2)[0], {"user_id": None, "name": "B",
                                                                                  "bot": True, "level": "easy"}),
                                               res([1], [0]), 100.0))
    full = await RS.leaderboard(store, 1, "clash", per_page=100)
    assert all(r.identity.startswith("user:") for _, r in full.rows) and full.total == 7
    ords = [r.rating.ordinal for _, r in full.rows]
    assert ords == sorted(ords, reverse=True)
    eligible = [r.identity for _, r in full.rows if r.games >= 3]
    seen, ranks = [], []
    for p in range(3):
        page = await RS.leaderboard(store, 1, "clash", min_games=3, page=p, per_page=2)
        assert page.total == len(eligible) and page.pages == 3 and page.page == p
        seen += [r.identity for _, r in page.rows]
        ranks += [k for k, _ in page.rows]
    assert seen == eligible and ranks == list(range(1, len(eligible) + 1))
    past = await RS.leaderboard(store, 1, "clash", min_games=3, page=9, per_page=2)
    assert past.page == 2  # clamped to the last page
    with_bots = await RS.leaderboard(store, 1, "clash", per_page=100, people_only=False)
    assert "bot:easy" in [r.identity for _, r in with_bots.rows]
    empty = await RS.leaderboard(store, 2, "clash")
    assert empty.rows == [] and empty.total == 0 and empty.pages == 1


async def test_finished_matches_from_the_match_table(store):
    def row(status, result, when, options=None):
        return MatchRow(id=0, guild_id=5, channel_id=int(when), game="clash", status=status, creator_id=1,
                        options=options or {}, seats=people(1, 2), seed=1, state=None, version=0,
                        pace="live", timeout_policy="auto", decision_seconds=60, deadline_at=None,
                        reminded=False, board_message_id=None, locale="en", result=None,
                        created_at=when, updated_at=when)
    ids = []
    for when, status, result, opts in [(1, "finished", res([0], [1]), {"ranked": True}),
                                       (2, "active", None, {}),
                                       (3, "finished", res([1], [0]), {}),
                                       (4, "finished", res([1], [0]), {"ranked": True})]:
        r = row(status, result, when, opts)
        r.id = await store.insert_match(r)
        r.result = result
        r.status = status
        await store.save_match(r, 0)
        ids.append(r.id)
    all_done = await RS.finished_matches(store)
    assert [m.match_id for m in all_done] == [ids[0], ids[2], ids[3]]
    ranked = await RS.finished_matches(store, lambda r: bool(r.options.get("ranked")))
    assert [m.match_id for m in ranked] == [ids[0], ids[3]]
    assert await RS.rebuild_all(store, ranked) == 2
    rec = await RS.member_record(store, 5, "clash", "user:1")
    assert rec.form == ["W", "L"]
