"""Tournaments over the match service (issue 11): sign-up, rounds paired and their matches
started, results recorded as matches end (off the finishing move's path), the next round
paired without rematches, elimination brackets, pods, drops, deadlines, the organizer's hand,
restarts and two processes; ranked tournament matches feed the ratings."""
from __future__ import annotations

import asyncio

import pytest

from gamehost import registry
from gamehost.outcome import ServiceError
from gamehost.service import MatchService
from gamehost.tournament_service import TournamentService
from gamehost.tournaments import meetings


@pytest.fixture(autouse=True)
def party_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "party", registry.GamePlugin("party", "tests.support.party"))


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def enter(tournaments, t, users):
    for user in users:
        await tournaments.join(t.id, user, f"p{user}")


async def finish_round(service, tournaments, t_id, loser_of):
    """Every open table of the current round ends: ``loser_of(players)`` resigns."""
    t = await tournaments.load(t_id)
    assert t.open_tables(), "a running tournament always has a table to play"
    for _, table in t.open_tables():
        await service.resign(table["match_id"], loser_of(table["players"]))
    await tournaments.idle()


async def refused(code, work):
    with pytest.raises(ServiceError) as error:
        await work
    assert error.value.code == code
    return error.value


async def test_a_swiss_of_six_over_three_rounds(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=500, creator_id=1, game="race", fmt="swiss", rounds=3)
    await enter(tournaments, t, range(1, 7))
    await refused("not_organizer", tournaments.start(t.id, 2))
    t = await tournaments.start(t.id, 1)
    assert t.status == "running" and len(t.data["schedule"][0]["tables"]) == 3
    for table in t.data["schedule"][0]["tables"]:
        row = await service.load(table["match_id"])
        assert row.status == "active" and sorted(s["user_id"] for s in row.seats) == sorted(table["players"])
    await refused("tournament_started", tournaments.join(t.id, 9, "late"))
    for _ in range(3):  # the lower id wins every table
        await finish_round(service, tournaments, t.id, loser_of=max)
    t, rows = await tournaments.standings(t.id)
    assert t.status == "finished" and len(t.data["schedule"]) == 3
    assert max(meetings(t.rounds()).values()) == 1, "no rematch in six players over three rounds"
    assert rows[0].entrant == 1 and rows[0].points == 3
    assert [r.rank for r in rows] == list(range(1, 7))
    board = await service.leaderboard(1, "race")
    assert board.total == 6, "tournament matches are ranked"


async def test_a_round_robin_of_three_with_byes(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=600, creator_id=1, game="race", fmt="round_robin")
    await enter(tournaments, t, (1, 2, 3))
    t = await tournaments.start(t.id, 1)
    assert t.data["rounds"] == 3
    for _ in range(3):
        await finish_round(service, tournaments, t.id, loser_of=min)
    t, rows = await tournaments.standings(t.id)
    assert t.status == "finished"
    assert all(count == 1 for count in meetings(t.rounds()).values()) and len(meetings(t.rounds())) == 3
    assert sorted(sum(1 for r in t.rounds() if u in r.byes) for u in (1, 2, 3)) == [1, 1, 1]


async def test_swiss_of_eight_with_a_deadline_a_resignation_a_drop_and_a_restart(store, clock, service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=700, creator_id=1, game="race", fmt="swiss", rounds=3,
                                 round_hours=24, adjudicate="both_lose")
    await enter(tournaments, t, range(1, 9))
    t = await tournaments.start(t.id, 1)
    first, *others = t.data["schedule"][0]["tables"]
    for table in others:  # a resignation each; the first table never finishes
        await service.resign(table["match_id"], max(table["players"]))
    await tournaments.idle()
    clock.now += 24 * 3600 + 1
    await tournaments.tick()  # round 1's deadline: both players of the first table lose
    t = await tournaments.load(t.id)
    assert t.data["schedule"][0]["tables"][0]["note"] == "deadline"
    assert set(t.data["schedule"][0]["tables"][0]["forfeited"]) == set(first["players"])
    assert (await service.load(first["match_id"])).status == "abandoned"
    assert len(t.data["schedule"]) == 2
    dropper = t.data["schedule"][1]["tables"][0]["players"][0]
    t = await tournaments.drop(t.id, dropper)
    dropped_table = t.data["schedule"][1]["tables"][0]
    assert dropped_table["note"] == "dropped" and dropped_table["forfeited"] == [dropper]
    # a restart mid-round: a new process over the same database
    restarted = MatchService(store, clock)
    again = TournamentService(restarted)
    live = [x for x in t.data["schedule"][1]["tables"] if x["result"] is None]
    await restarted.resign(live[0]["match_id"], live[0]["players"][0])
    await again.idle()
    for table in live[1:]:
        await restarted.resign(table["match_id"], table["players"][1])
    await again.idle()
    t = await again.load(t.id)
    assert len(t.data["schedule"]) == 3
    assert all(dropper not in table["players"] for table in t.data["schedule"][2]["tables"])
    assert dropper not in t.data["schedule"][2]["byes"]
    for table in t.data["schedule"][2]["tables"]:
        await restarted.resign(table["match_id"], table["players"][0])
    await again.idle()
    t, rows = await again.standings(t.id)
    assert t.status == "finished"
    assert [r.entrant for r in rows if r.dropped] == [dropper]


async def test_a_table_that_ended_while_the_bot_was_down_is_recorded_at_start_up(store, clock, service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=710, creator_id=1, game="race", fmt="swiss", rounds=2)
    await enter(tournaments, t, (1, 2))
    t = await tournaments.start(t.id, 1)
    service.on_ended.clear()  # this process dies before it hears of the result
    await service.resign(t.data["schedule"][0]["tables"][0]["match_id"], 2)
    after = TournamentService(MatchService(store, clock))
    await after.recover()
    t = await after.load(t.id)
    assert t.data["schedule"][0]["tables"][0]["result"] == [[1], [2]] and len(t.data["schedule"]) == 2


async def test_single_elimination_of_six_gives_byes_to_the_top_seeds(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=800, creator_id=1, game="race", fmt="single_elim")
    await enter(tournaments, t, range(1, 7))
    t = await tournaments.start(t.id, 1)
    first_round = t.data["schedule"][0]["tables"]
    assert len(first_round) == 2, "6 players in 8 slots: seeds 1 and 2 have byes"
    seeds = t.data["bracket"]["seeds"]
    assert all(seeds[0] not in x["players"] and seeds[1] not in x["players"] for x in first_round)
    while t.status == "running":
        await finish_round(service, tournaments, t.id, loser_of=max)
        t = await tournaments.load(t.id)
    t, rows = await tournaments.standings(t.id)
    assert rows[0].entrant == 1 and rows[0].wins == 2
    assert sum(len(r["tables"]) for r in t.data["schedule"]) == 5, "n - 1 matches"


async def test_double_elimination_of_five_and_best_of_three(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=900, creator_id=1, game="race", fmt="double_elim")
    await enter(tournaments, t, range(1, 6))
    t = await tournaments.start(t.id, 1)
    while t.status == "running":
        await finish_round(service, tournaments, t.id, loser_of=min)  # the higher id always wins
        t = await tournaments.load(t.id)
    t, rows = await tournaments.standings(t.id)
    assert rows[0].entrant == 5
    played = sum(len(r["tables"]) for r in t.data["schedule"])
    assert played in (8, 9), "2n - 2 or 2n - 1 matches"
    bo3 = await tournaments.create(guild_id=1, channel_id=901, creator_id=1, game="race", fmt="single_elim",
                                   best_of=3)
    await enter(tournaments, bo3, (1, 2))
    bo3 = await tournaments.start(bo3.id, 1)
    await finish_round(service, tournaments, bo3.id, loser_of=min)
    await finish_round(service, tournaments, bo3.id, loser_of=max)
    bo3 = await tournaments.load(bo3.id)
    assert bo3.status == "running" and [r["tables"][0]["game_no"] for r in bo3.data["schedule"]] == [1, 2, 3]
    await finish_round(service, tournaments, bo3.id, loser_of=max)
    bo3, rows = await tournaments.standings(bo3.id)
    assert bo3.status == "finished" and rows[0].entrant == 1


async def test_pods_of_eight_never_leave_a_bye_table(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=1000, creator_id=1, game="party", fmt="pods", rounds=2)
    await enter(tournaments, t, range(1, 9))
    t = await tournaments.start(t.id, 1)
    for _ in range(2):
        rnd = t.data["schedule"][-1]
        assert [len(x["players"]) for x in rnd["tables"]] == [4, 4] and rnd["byes"] == []
        for table in rnd["tables"]:  # the lowest ids leave first: the highest id places first
            for user in sorted(table["players"])[:3]:
                await service.resign(table["match_id"], user)
        await tournaments.idle()
        t = await tournaments.load(t.id)
    t, rows = await tournaments.standings(t.id)
    assert t.status == "finished"
    points = {r.entrant: r.points for r in rows}
    winners = {max(x["players"]) for x in t.data["schedule"][0]["tables"]}
    assert all(points[w] >= 3 for w in winners), "3 points for a first place at a table of four"
    assert sum(points.values()) == 2 * 2 * (3 + 2 + 1 + 0)


async def test_a_team_round_robin_seats_partners_on_the_game_s_team_seats(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=1100, creator_id=1, game="party", fmt="round_robin",
                                 options={"mode": "teams"}, teams=True)
    await refused("partner_needed", tournaments.join(t.id, 1, "p1"))
    for a in (1, 3, 5):
        await tournaments.join(t.id, a, f"p{a}", partner=(a + 1, f"p{a + 1}"))
    await refused("partner_entered", tournaments.join(t.id, 7, "p7", partner=(2, "p2")))
    t = await tournaments.start(t.id, 1)
    table = t.data["schedule"][0]["tables"][0]
    row = await service.load(table["match_id"])
    a, b = table["players"]
    assert [s["user_id"] for s in row.seats] == [
        t.entrant(a)["members"][0]["user_id"], t.entrant(b)["members"][0]["user_id"],
        t.entrant(a)["members"][1]["user_id"], t.entrant(b)["members"][1]["user_id"]]
    await service.resign(table["match_id"], t.entrant(b)["members"][1]["user_id"])
    await tournaments.idle()
    t = await tournaments.load(t.id)
    assert t.data["schedule"][0]["tables"][0]["result"] == [[a], [b]]


async def test_bots_fill_a_small_tournament(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=1200, creator_id=1, game="race", fmt="swiss", rounds=2)
    await tournaments.join(t.id, 1, "p1")
    await refused("not_organizer", tournaments.add_bot(t.id, 2))
    for _ in range(3):
        t = await tournaments.add_bot(t.id, 1)
    t = await tournaments.start(t.id, 1)
    await tournaments.idle()
    t = await tournaments.load(t.id)
    bot_table = next(x for x in t.data["schedule"][0]["tables"] if 1 not in x["players"])
    assert bot_table["result"] is not None, "a table of bots plays itself out"
    mine = next(x for x in t.data["schedule"][0]["tables"] if 1 in x["players"])
    await service.resign(mine["match_id"], 1)
    await tournaments.idle()
    t = await tournaments.load(t.id)
    assert len(t.data["schedule"]) == 2


async def test_organizer_commands_refuse_others_and_change_nothing(service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=1300, creator_id=1, game="race", fmt="swiss", rounds=2)
    await enter(tournaments, t, (1, 2, 3, 4))
    t = await tournaments.start(t.id, 1)
    label = "R1-T1"
    players = t.data["schedule"][0]["tables"][0]["players"]
    before = (await tournaments.load(t.id)).data
    for work in (tournaments.pause(t.id, 2), tournaments.resume(t.id, 2), tournaments.cancel(t.id, 3),
                 tournaments.end(t.id, 3), tournaments.report(t.id, 2, label, [[players[0]], [players[1]]]),
                 tournaments.disqualify(t.id, 4, 2), tournaments.set_deadline(t.id, 2, 5)):
        await refused("not_organizer", work)
    assert (await tournaments.load(t.id)).data == before
    t = await tournaments.report(t.id, 2, label, [[players[1]], [players[0]]], privileged=True, reason="no-show")
    assert t.data["schedule"][0]["tables"][0]["result"] == [[players[1]], [players[0]]]
    assert t.data["log"][-1]["reason"] == "no-show"
    await refused("report_players", tournaments.report(t.id, 1, "R1-T2", [[99], [98]]))
    await refused("no_table", tournaments.report(t.id, 1, "R9-T9", [[1], [2]]))


async def test_bad_input_is_refused_and_changes_nothing(service, tournaments):
    await refused("no_tournament", tournaments.join(404, 1, "p1"))
    await refused("deadline_past", tournaments.create(guild_id=1, channel_id=1, creator_id=1, game="race",
                                                      fmt="swiss", round_hours=0))
    await refused("bad_format", tournaments.create(guild_id=1, channel_id=1, creator_id=1, game="race", fmt="ladder"))
    await refused("format_pods", tournaments.create(guild_id=1, channel_id=1, creator_id=1, game="race", fmt="pods"))
    await refused("format_two_sided", tournaments.create(guild_id=1, channel_id=1, creator_id=1, game="party",
                                                         fmt="swiss"))
    t = await tournaments.create(guild_id=1, channel_id=1400, creator_id=1, game="race", fmt="swiss",
                                 max_players=2)
    await tournaments.join(t.id, 1, "p1")
    await refused("already_entered", tournaments.join(t.id, 1, "p1"))
    await refused("need_entrants", tournaments.start(t.id, 1))
    await tournaments.join(t.id, 2, "p2")
    await refused("tournament_full", tournaments.join(t.id, 3, "p3"))
    t = await tournaments.start(t.id, 1)
    await refused("tournament_started", tournaments.join(t.id, 3, "p3"))
    await refused("deadline_past", tournaments.set_deadline(t.id, 1, -2))
    assert (await tournaments.load(t.id)).data["schedule"][0].get("deadline") is None


async def test_check_in_window_drops_who_did_not_check_in(clock, service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=1500, creator_id=1, game="race", fmt="swiss", rounds=1,
                                 checkin_minutes=30)
    await enter(tournaments, t, (1, 2, 3, 4))
    await refused("no_checkin", tournaments.check_in(t.id, 1))
    t = await tournaments.start(t.id, 1)
    assert t.status == "checkin"
    await refused("not_entered", tournaments.check_in(t.id, 9))
    for user in (1, 2, 3):
        await tournaments.check_in(t.id, user)
    await refused("already_checked_in", tournaments.check_in(t.id, 1))
    clock.now += 30 * 60
    await tournaments.tick()
    t = await tournaments.load(t.id)
    assert t.status == "running" and [e["id"] for e in t.data["entrants"]] == [1, 2, 3]
    assert sum(len(x["players"]) for x in t.data["schedule"][0]["tables"]) + len(t.data["schedule"][0]["byes"]) == 3


async def test_pause_moves_the_deadline_and_reminders_come_once(clock, service, tournaments):
    seen = []

    async def listen(event):
        seen.append(event.kind)
    tournaments.listeners.append(listen)
    t = await tournaments.create(guild_id=1, channel_id=1600, creator_id=1, game="race", fmt="swiss", rounds=1,
                                 round_hours=8)
    await enter(tournaments, t, (1, 2))
    t = await tournaments.start(t.id, 1)
    deadline = t.data["schedule"][0]["deadline"]
    await tournaments.pause(t.id, 1)
    clock.now += 3600
    await tournaments.tick()
    t = await tournaments.resume(t.id, 1)
    assert t.data["schedule"][0]["deadline"] == deadline + 3600
    clock.now += 7 * 3600
    await tournaments.tick()
    await tournaments.tick()
    assert seen.count("reminder") == 1 and "round_started" in seen and "table_opened" in seen


async def test_two_processes_record_one_result_once(store, clock, service, tournaments):
    other = TournamentService(MatchService(store, clock))
    t = await tournaments.create(guild_id=1, channel_id=1700, creator_id=1, game="race", fmt="swiss", rounds=2)
    await enter(tournaments, t, (1, 2, 3, 4))
    t = await tournaments.start(t.id, 1)
    tables = t.data["schedule"][0]["tables"]
    service.on_ended.clear()
    for table in tables:
        await service.resign(table["match_id"], table["players"][1])
    await asyncio.gather(*(svc.record(x["match_id"]) for x in tables for svc in (tournaments, other)))
    t = await tournaments.load(t.id)
    assert len(t.data["schedule"]) == 2, "round 2 paired once"
    assert all(x["result"] for x in t.data["schedule"][0]["tables"])


async def test_a_table_discord_refused_is_opened_again_later(clock, service):
    failures = {"left": 1}

    async def open_table(t, rnd, table):
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("Discord said 503")
        return 5_000 + table["no"]
    tournaments = TournamentService(service, open_table=open_table)
    t = await tournaments.create(guild_id=1, channel_id=1800, creator_id=1, game="race", fmt="swiss", rounds=1)
    await enter(tournaments, t, (1, 2, 3, 4))
    t = await tournaments.start(t.id, 1)
    waiting = [x for x in t.data["schedule"][0]["tables"] if x["match_id"] is None]
    assert len(waiting) == 1, "the pairing is kept; only the refused table waits"
    assert tournaments.next_due(t) == clock.now + 60
    clock.now += 60
    await tournaments.tick()
    t = await tournaments.load(t.id)
    assert all(x["match_id"] is not None for x in t.data["schedule"][0]["tables"])
    assert len(t.data["schedule"]) == 1, "no second pairing"


async def test_every_table_ending_at_once_pairs_the_next_round_once(service):
    """Sixteen players' eight tables end in the same instant, in two tournaments of one server
    at once: each tournament's next round is paired exactly once, with no table lost."""
    tournaments = TournamentService(service)
    ids = []
    for offset in (0, 100):
        t = await tournaments.create(guild_id=1, channel_id=1900 + offset, creator_id=1 + offset, game="race",
                                     fmt="swiss", rounds=2)
        await enter(tournaments, t, range(1 + offset, 17 + offset))
        ids.append((await tournaments.start(t.id, 1 + offset)).id)
    tables = [x for tid in ids for x in (await tournaments.load(tid)).data["schedule"][0]["tables"]]
    await asyncio.gather(*(service.resign(x["match_id"], x["players"][1]) for x in tables))
    await tournaments.idle()
    for tid in ids:
        t = await tournaments.load(tid)
        assert len(t.data["schedule"]) == 2 and all(x["result"] for x in t.data["schedule"][0]["tables"])
        second = t.data["schedule"][1]["tables"]
        assert len(second) == 8 and all(x["match_id"] is not None for x in second)
        assert len({x["match_id"] for x in second}) == 8


async def test_the_organizer_adds_a_member_during_check_in(clock, service, tournaments):
    t = await tournaments.create(guild_id=1, channel_id=2000, creator_id=1, game="race", fmt="swiss", rounds=1,
                                 checkin_minutes=10)
    await enter(tournaments, t, (1, 2))
    await tournaments.start(t.id, 1)
    await refused("not_organizer", tournaments.add_member(t.id, 2, 3, "p3"))
    t = await tournaments.add_member(t.id, 1, 3, "p3")
    assert t.entrant(3)["checked_in"], "entered during check-in by the organizer: present"
    await tournaments.check_in(t.id, 1)
    clock.now += 600
    await tournaments.tick()
    t = await tournaments.load(t.id)
    assert t.status == "running" and sorted(e["id"] for e in t.data["entrants"]) == [1, 3]
