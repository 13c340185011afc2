"""The pure rating core: OpenSkill Plackett-Luce per (guild, game), display, records, rebuild."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from gamehost import ratings as R
from gamehost.ratings import DEFAULT, FinishedMatch, Ledger, Rating, rate_match, rebuild


def people(*ids):
    return [{"user_id": i, "name": f"P{i}", "bot": False} for i in ids]


def bot(level=None):
    seat = {"user_id": None, "name": "Bot", "bot": True}
    if level is not None:
        seat["level"] = level
    return seat


def res(*groups, **extra):
    return {"winners": list(groups[0]), "placements": [list(g) for g in groups], "reason": "x", **extra}


def test_two_player_win_moves_ratings_the_right_way():
    rated = rate_match(people(1, 2), res([1], [0]), {})
    new = rated.ratings
    assert new["user:2"].mu > DEFAULT.mu > new["user:1"].mu
    assert new["user:2"].display > DEFAULT.display > new["user:1"].display
    by = {e.identity: e for e in rated.entries}
    assert (by["user:2"].outcome, by["user:1"].outcome) == ("W", "L")
    assert by["user:2"].form == "W" and by["user:2"].place == 1 and by["user:1"].place == 2


def test_upset_moves_more_than_expected_win():
    strong, weak = Rating(35, 3), Rating(20, 3)
    expected = rate_match(people(1, 2), res([0], [1]), {"user:1": strong, "user:2": weak}).ratings
    upset = rate_match(people(1, 2), res([1], [0]), {"user:1": strong, "user:2": weak}).ratings
    assert upset["user:2"].mu - weak.mu > expected["user:1"].mu - strong.mu > 0


def test_four_player_placements_order_the_changes():
    rated = rate_match(people(1, 2, 3, 4), res([2], [0], [3], [1]), {})
    delta = {e.identity: e.after.mu - e.before.mu for e in rated.entries}
    assert delta["user:3"] > delta["user:1"] > delta["user:4"] > delta["user:2"]
    assert delta["user:3"] > 0 > delta["user:2"]
    forms = {e.identity: e.form for e in rated.entries}
    assert forms == {"user:3": "1", "user:1": "2", "user:4": "3", "user:2": "4"}


def test_three_player_game():
    rated = rate_match(people(1, 2, 3), res([0], [1], [2]), {})
    mu = {e.identity: e.after.mu for e in rated.entries}
    assert mu["user:1"] > mu["user:2"] > mu["user:3"]


def test_ties_share():
    rated = rate_match(people(1, 2, 3, 4), res([0], [1, 2], [3]), {})
    by = {e.identity: e for e in rated.entries}
    assert by["user:2"].after == by["user:3"].after
    assert by["user:2"].place == by["user:3"].place == 2
    assert by["user:2"].form == "2=" and by["user:4"].place == 4
    assert by["user:1"].after.mu > by["user:2"].after.mu > by["user:4"].after.mu


def test_two_player_draw_between_equals_keeps_mu_and_shrinks_sigma():
    rated = rate_match(people(1, 2), res([0, 1]), {})
    for e in rated.entries:
        assert e.outcome == "D" and e.form == "D"
        assert e.after.mu == pytest.approx(DEFAULT.mu)
        assert e.after.sigma < DEFAULT.sigma
    drawn = rate_match(people(1, 2), res([0, 1]), {"user:1": Rating(30, 3), "user:2": Rating(20, 3)})
    new = drawn.ratings
    assert new["user:1"].mu < 30 and new["user:2"].mu > 20


def test_two_vs_two_teams():
    seats = people(1, 2, 3, 4)
    # Cloudspire team mode: seats 0 and 2 against 1 and 3; the result places whole teams
    rated = rate_match(seats, res([0, 2], [1, 3]), {}, teams=[[0, 2], [1, 3]])
    by = {e.identity: e for e in rated.entries}
    assert all(by[i].outcome == "W" and by[i].after.mu > DEFAULT.mu for i in ("user:1", "user:3"))
    assert all(by[i].outcome == "L" and by[i].after.mu < DEFAULT.mu for i in ("user:2", "user:4"))
    assert by["user:1"].form == "W" and by["user:1"].sides == 2
    # the same placements without teams would be a 4-way shared finish: different numbers
    ffa = rate_match(seats, res([0, 2], [1, 3]), {}).ratings
    assert ffa["user:1"] != by["user:1"].after
    # a stronger partner: the weaker one gains more from the team's win? both gain; draws share
    draw = rate_match(seats, res([0, 1, 2, 3]), {}, teams=[[0, 2], [1, 3]])
    assert {e.outcome for e in draw.entries} == {"D"}


def test_teams_from_result_and_split_team_rejected():
    seats = people(1, 2, 3, 4)
    a = rate_match(seats, res([0, 2], [1, 3], teams=[[0, 2], [1, 3]]), {}).ratings
    b = rate_match(seats, res([0, 2], [1, 3]), {}, teams=[[0, 2], [1, 3]]).ratings
    assert a == b
    with pytest.raises(ValueError):
        rate_match(seats, res([0, 1], [2, 3]), {}, teams=[[0, 2], [1, 3]])
    with pytest.raises(ValueError):
        rate_match(seats, res([0], [1]), {})  # seats 2 and 3 not placed


def test_bots_rated_per_level_and_people_still_rated():
    seats = [people(1)[0], bot("easy"), bot("hard"), bot()]
    rated = rate_match(seats, res([0], [1], [2], [3]), {})
    new = rated.ratings
    assert set(new) == {"user:1", "bot:easy", "bot:hard", "bot:default"}
    assert new["user:1"].mu > DEFAULT.mu
    # one person against two bots of one level: one shared identity, moved by the mean change
    rated = rate_match([bot("easy"), people(7)[0], bot("easy")], res([1], [0], [2]), {})
    new = rated.ratings
    assert set(new) == {"user:7", "bot:easy"}
    assert new["user:7"].mu > DEFAULT.mu > new["bot:easy"].mu
    easy = [e for e in rated.entries if e.identity == "bot:easy"]
    assert len(easy) == 1 and easy[0].seats == (0, 2) and easy[0].place == 2


def test_bot_only_match_is_not_rated():
    assert rate_match([bot("easy"), bot("hard")], res([0], [1]), {}) is None


def test_bot_levels_kept_apart_in_a_ledger():
    ledger = Ledger()
    for i in range(6):
        ledger.apply(FinishedMatch(i, 1, "clash", (people(1)[0], bot("easy")), res([0], [1]), float(i)))
        ledger.apply(FinishedMatch(100 + i, 1, "clash", (people(1)[0], bot("hard")), res([1], [0]), 100.0 + i))
    rs = ledger.ratings(1, "clash")
    assert rs["bot:hard"].ordinal > rs["bot:easy"].ordinal
    assert ledger.record(1, "clash", "bot:easy").games == 6
    assert ledger.record(1, "clash", "user:1").games == 12
    # bots are left off the leaderboard unless asked for
    assert [r.identity for r in ledger.leaderboard(1, "clash")] == ["user:1"]
    assert "bot:hard" in [r.identity for r in ledger.leaderboard(1, "clash", people_only=False)]


def test_solo_game_rates_the_rulebook_ai():
    # Clash of Decks solo: one seat; the AI is seat 1, not a seated player
    seats = people(5)
    rated = rate_match(seats, res([0], [1]), {}, game="clash", options={"mode": "solo", "solo_game": "quick"})
    assert set(rated.ratings) == {"user:5", "ai:clash:default"}
    assert rated.ratings["user:5"].mu > DEFAULT.mu
    ai = next(e for e in rated.entries if e.identity.startswith("ai:"))
    assert ai.seats == () and ai.outcome == "L"
    leveled = rate_match(seats, res([1], [0]), {}, game="clash", options={"solo_game": "custom", "level": 7})
    assert set(leveled.ratings) == {"user:5", "ai:clash:7"}
    assert R.ai_identity("clash", {}) == "ai:clash:default"


def test_pools_are_per_guild_and_game():
    ledger = Ledger()
    ledger.apply(FinishedMatch(1, 10, "clash", tuple(people(1, 2)), res([0], [1]), 1.0))
    ledger.apply(FinishedMatch(2, 20, "clash", tuple(people(1, 2)), res([1], [0]), 2.0))
    ledger.apply(FinishedMatch(3, 10, "cloudspire", tuple(people(1, 2)), res([1], [0]), 3.0))
    assert ledger.ratings(10, "clash")["user:1"].mu > DEFAULT.mu
    assert ledger.ratings(20, "clash")["user:1"].mu < DEFAULT.mu
    assert ledger.ratings(10, "cloudspire")["user:1"].mu < DEFAULT.mu
    assert ledger.ratings(30, "clash") == {}


def test_match_applied_once():
    ledger = Ledger()
    m = FinishedMatch(1, 1, "clash", tuple(people(1, 2)), res([0], [1]), 1.0)
    assert ledger.apply(m) is not None
    assert ledger.apply(m) is None
    assert ledger.record(1, "clash", "user:1").games == 1


def test_records_games_wins_form_history():
    ledger = Ledger()
    outcomes = [res([0], [1]), res([1], [0]), res([0, 1]), res([0], [1]), res([0], [1]), res([1], [0])]
    for i, r in enumerate(outcomes):
        ledger.apply(FinishedMatch(i + 1, 1, "clash", tuple(people(1, 2)), r, 10.0 * i))
    rec = ledger.record(1, "clash", "user:1")
    assert (rec.games, rec.wins, rec.draws, rec.losses) == (6, 3, 1, 2)
    assert rec.form == ["L", "D", "W", "W", "L"]  # last five, oldest first
    assert [p.match_id for p in rec.history] == [1, 2, 3, 4, 5, 6]
    assert rec.history[-1].display == rec.display
    chart = rec.chart_points()
    assert chart[0] == (0.0, DEFAULT.display) and len(chart) == 7
    assert R.Record("user:9").chart_points() == []
    four = Ledger()
    four.apply(FinishedMatch(1, 1, "cloudspire", tuple(people(1, 2, 3, 4)), res([3], [0, 1], [2]), 1.0))
    assert four.record(1, "cloudspire", "user:1").form == ["2="]
    assert four.record(1, "cloudspire", "user:4").wins == 1


def _random_matches(seed: int, n: int = 40) -> list[FinishedMatch]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        size = rng.choice([2, 3, 4])
        ids = rng.sample(range(1, 9), size)
        seats = [people(u)[0] if rng.random() > 0.15 else bot(rng.choice(["easy", "hard"])) for u in ids]
        if all(s.get("bot") for s in seats):
            seats[0] = people(ids[0])[0]
        order = list(range(size))
        rng.shuffle(order)
        groups: list[list[int]] = []
        for s in order:
            if groups and rng.random() < 0.2:
                groups[-1].append(s)
            else:
                groups.append([s])
        out.append(FinishedMatch(1000 + i, rng.choice([1, 2]), rng.choice(["clash", "cloudspire"]),
                                 tuple(seats), res(*groups), float(rng.randint(0, 30))))  # time ties
    return out


def _snapshot(ledger: Ledger):
    return {key: {k: (r.rating, r.games, r.wins, r.draws, r.losses, tuple(r.recent), tuple(r.history))
                  for k, r in sorted(pool.items())}
            for key, pool in sorted(ledger.pools.items(), key=lambda kv: (kv[0][0] or 0, kv[0][1]))}


def test_rebuild_equals_incremental():
    matches = _random_matches(1)
    incremental = Ledger()
    for m in sorted(matches, key=lambda m: (m.ended_at, m.match_id)):
        incremental.apply(m)
    assert _snapshot(rebuild(matches)) == _snapshot(incremental)


def test_rebuild_is_deterministic_whatever_the_input_order():
    matches = _random_matches(2)
    first = _snapshot(rebuild(matches))
    for seed in range(3):
        shuffled = list(matches)
        random.Random(seed).shuffle(shuffled)
        # seat dicts with their keys in another order change nothing either
        shuffled = [FinishedMatch(m.match_id, m.guild_id, m.game,
                                  tuple(dict(reversed(list(s.items()))) for s in m.seats),
                                  m.result, m.ended_at) for m in shuffled]
        assert _snapshot(rebuild(shuffled)) == first


def test_rating_a_match_does_not_change_the_input():
    current = {"user:1": Rating(30, 4)}
    before = dict(current)
    rate_match(people(1, 2), res([1], [0]), current)
    assert current == before


def test_display_monotone_in_ordinal():
    assert DEFAULT.display == 1000
    ordinals = [x / 7 for x in range(-100, 400)]
    shown = [R.display_rating(o) for o in ordinals]
    assert shown == sorted(shown)
    assert R.display_rating(25) == 2000
    assert Rating(30, 2).display > Rating(30, 3).display > Rating(28, 3).display


def test_leaderboard_min_games_and_paging():
    ledger = Ledger()
    t = 0.0
    for u in range(2, 8):
        for _ in range(u - 1):  # user u wins u-1 games against user 1
            t += 1
            ledger.apply(FinishedMatch(int(t), 1, "clash", tuple(people(u, 1)), res([0], [1]), t))
    everyone = ledger.leaderboard(1, "clash", per_page=100)
    ords = [r.rating.ordinal for r in everyone]
    assert ords == sorted(ords, reverse=True) and len(everyone) == 7
    assert everyone[-1].identity == "user:1"  # lost every game
    eligible = [r.identity for r in everyone if r.games >= 3]
    assert len(eligible) == 5  # users 4..7 and user 1; user 2 (1 game) and 3 (2) left off
    pages = [[r.identity for r in ledger.leaderboard(1, "clash", min_games=3, per_page=2, page=p)]
             for p in range(4)]
    assert pages[0] + pages[1] + pages[2] == eligible and pages[3] == []
    assert [len(p) for p in pages] == [2, 2, 1, 0]
    assert "user:2" not in eligible and "user:3" not in eligible


def test_from_row_reads_teams_from_state():
    row = SimpleNamespace(id=5, guild_id=1, game="cloudspire", seats=people(1, 2, 3, 4),
                          result=res([1, 3], [0, 2]), updated_at=9.0, options={"mode": "teams"},
                          state={"teams": [0, 1, 0, 1]})
    m = FinishedMatch.from_row(row)
    assert m.teams == ((0, 2), (1, 3)) and m.ended_at == 9.0
    ledger = Ledger()
    rated = ledger.apply(m)
    assert {e.identity: e.outcome for e in rated.entries} == {
        "user:1": "L", "user:2": "W", "user:3": "L", "user:4": "W"}
    plain = FinishedMatch.from_row(SimpleNamespace(id=6, guild_id=1, game="clash", seats=people(1, 2),
                                                   result=res([0], [1]), updated_at=1.0, options={},
                                                   state=None))
    assert plain.teams is None
