"""Tournament scenarios played the way people play them (issue 11): slash commands and buttons
through SimCord, what members see in the hub, the tables' threads and their private replies, and
the stored tournament behind it."""
from __future__ import annotations

import pytest

from engine.clash import GAME as CLASH
from gamehost.tournament_service import standings_of
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import button_ids, last_board, moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
DAY = 24 * 3600


def add_members(world, *names):
    members = [world.guild.add_member(world.env.create_user(name)) for name in names]
    world.users.update({m.id: m for m in members})
    return members


def tournaments(world):
    return world.env.bot.tournaments   # the current bot's service (a restart replaces it)


def hub_posts(world) -> list:
    """What everyone sees in the hub channel (no private replies)."""
    return [m for m in world.channel.history() if not m.flags.ephemeral]


def hub_message(world, t):
    return next(m for m in world.channel.history() if m.id == t.data["hub_message_id"])


def thread_of(world, table):
    return next(x for x in world.channel.threads if x.id == table["channel_id"])


async def only(world):
    found = await tournaments(world).in_guild(world.guild.id)
    assert len(found) == 1
    return found[0]


async def resign(world, table, loser) -> None:
    result = await world.users[loser].slash(thread_of(world, table), "match resign")
    assert moved(result), result.response.content


async def resign_open_tables(world, loser_of=max) -> None:
    t = await only(world)
    for _, table in t.open_tables():
        await resign(world, table, loser_of(table["players"]))
    await tournaments(world).idle()


def board_version(message) -> int:
    """The match version a board message's buttons act on (the board drawn at that version)."""
    return int(next(iter(button_ids(message).values())).split(":")[2])


def mention(*user_ids) -> str:
    return " ".join(f"<@{u}>" for u in user_ids)


def texts(world) -> list[str]:
    return [m.content for m in hub_posts(world)]


async def sign_up_eight_and_start(world) -> None:
    """The eight-player Swiss, part 1: Alice creates a 3-round Swiss; eight members sign up,
    half with the hub's button, half with the command; round 1 is paired."""
    add_members(world, "dave", "erin", "frank", "grace", "heidi")
    created = await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", rounds=3,
                                      round_hours=24, name="Long Cup")
    assert created.ephemeral and "Long Cup (#1) created" in created.response.content
    t = await only(world)
    people = list(world.users.values())
    for member in people[:4]:  # half sign up with the hub's button, half with the command
        joined = await member.click(hub_message(world, t), label="Join")
        assert joined.ephemeral and "You are entered in Long Cup" in joined.response.content
    for member in people[4:]:
        assert (await member.slash(world.channel, "tournament join")).ephemeral
    assert "Entrants (8)" in hub_message(world, t).content
    started = await world.alice.slash(world.channel, "tournament start")
    assert started.ephemeral and "round 1 is paired" in started.response.content


async def play_round_one_with_a_resignation_and_a_drop(world):
    """The eight-player Swiss, part 2: in round 1 two players resign, one drops out and one
    table does not move. Returns that table, the dropper and the dropper's name."""
    t = await only(world)
    r1 = t.current_round()
    assert len(r1["tables"]) == 4 and r1["byes"] == [] and r1["deadline"] == r1["opened_at"] + DAY
    assert len(world.channel.threads) == 4
    t1, t2, t3, t4 = r1["tables"]
    await resign(world, t1, t1["players"][1])                     # R1-T1: a resignation
    dropper = t2["players"][1]                                     # R1-T2: a player drops out
    dropped = await world.users[dropper].slash(world.channel, "tournament drop")
    assert dropped.ephemeral and "You have dropped out of Long Cup" in dropped.response.content
    await resign(world, t3, t3["players"][0])                     # R1-T3: a resignation
    await tournaments(world).idle()                                # R1-T4: nobody moves

    t = await only(world)
    tables = t.current_round()["tables"]
    assert tables[0]["result"] == [[t1["players"][0]], [t1["players"][1]]] and tables[0]["note"] is None
    assert tables[1]["result"] == [[t2["players"][0]], [dropper]] and tables[1]["note"] == "dropped"
    assert (await world.service.load(t2["match_id"])).status == "abandoned", "the dropper's game is closed"
    assert tables[2]["result"] == [[t3["players"][1]], [t3["players"][0]]]
    assert tables[3]["result"] is None and len(t.data["schedule"]) == 1, "round 2 waits for the last table"
    grace = t.entrant(dropper)["name"]
    assert any(f"{grace} has dropped out" in x for x in texts(world))
    assert any("`R1-T2`" in x and "(dropped out)" in x for x in texts(world))
    # the dropper's opponent learns it where they play, not only in the hub
    assert "(dropped out)" in thread_of(world, t2).history()[-1].content
    return t4, dropper, grace


async def time_out_round_one(world, t4):
    """The eight-player Swiss, part 3: the reminder and the round deadline on the table that did
    not move. Returns the tournament as it stands in round 2."""
    # A quarter of the round left: the hub reminds the two players still to play.
    await world.env.advance_time(18 * 3600 + 60)
    assert any(x.startswith("Round 1 ends") and mention(*t4["players"]) in x for x in texts(world))
    # The deadline. The table opened with the round, so the match's own decision deadline
    # (ASYNC_DECISION_HOURS=24) falls on the same second as the round's (round_hours=24). The
    # match's "auto" timeout policy only takes the game's safe default (it picks a deck, ends a
    # turn) and never ends the game, so whichever timer runs first the round deadline finds the
    # match still going: the table is adjudicated by the tournament's rule (default: a draw, no
    # forfeit) and its match is closed.
    await world.env.advance_time(6 * 3600)
    await tournaments(world).idle()
    t = await only(world)
    timed_out = t.data["schedule"][0]["tables"][3]
    assert timed_out["result"] == [list(t4["players"])] and timed_out["note"] == "deadline"
    assert timed_out["forfeited"] == []
    row = await world.service.load(t4["match_id"])
    log = await world.service.log(row.id)
    assert row.status == "abandoned" and row.result is None and log[-1].kind == "abandon"
    assert not any(e.kind == "concede" for e in log)
    assert any("`R1-T4`" in x and "draw (round deadline)" in x for x in texts(world))
    assert "draw (round deadline)" in thread_of(world, t4).history()[-1].content, "the table's thread is told"
    return t


async def play_rounds_two_and_three_across_a_restart(world, db_url, t):
    """The eight-player Swiss, part 4: round 2 (seven players: three tables and a bye), a
    restart of the bot in the middle of it, and round 3 to the end. Returns the tournament."""
    # Round 2: seven players left, so three tables and a bye; the dropper is not paired.
    r2 = t.current_round()
    assert r2["number"] == 2 and len(r2["tables"]) == 3 and len(r2["byes"]) == 1
    assert any(x.startswith("**Long Cup: round 2**") and "Bye (counts as a win)" in x for x in texts(world))
    await resign(world, r2["tables"][0], r2["tables"][0]["players"][0])
    await tournaments(world).idle()
    old_hub = hub_message(world, t)
    await world.env.restart_bot(make_bot(db_url))
    try:
        t = await only(world)
        assert t.current_round()["number"] == 2 and t.current_round()["tables"][0]["result"] is not None
        shown = await world.carol.click(old_hub, label="Standings")   # the hub's buttons survive a restart
        assert shown.ephemeral and any(a.filename == "standings.png" for a in shown.response.attachments)
        await resign_open_tables(world)                            # recorded by the restarted bot
        t = await only(world)
        assert len(t.data["schedule"]) == 3 and all(x["result"] for x in t.data["schedule"][1]["tables"])
        assert any(x.startswith("**Long Cup: round 3**") for x in texts(world))
        await resign_open_tables(world)
        t = await only(world)
    finally:
        await close_bot(world.env.bot)
    return t


async def test_an_eight_player_swiss_with_a_timeout_a_resignation_a_drop_and_a_restart(world, db_url):
    await sign_up_eight_and_start(world)
    t4, dropper, grace = await play_round_one_with_a_resignation_and_a_drop(world)
    t = await time_out_round_one(world, t4)
    t = await play_rounds_two_and_three_across_a_restart(world, db_url, t)

    assert t.status == "finished" and len(t.data["schedule"]) == 3
    for rnd in t.data["schedule"][1:]:
        assert dropper not in rnd["byes"] and not any(dropper in x["players"] for x in rnd["tables"])
    rows = standings_of(t)
    assert rows[-1].entrant == dropper and rows[-1].dropped
    over = [x for x in texts(world) if "Long Cup is over. Winner:" in x]
    assert over and mention(rows[0].entrant) in over[-1]
    final = hub_posts(world)[-1]
    assert final.content.startswith("**Long Cup: standings**") and f"{grace}: score 0 (W-D-L 0-0-1) (dropped)" in final.content
    assert [a.filename for a in final.attachments] == ["standings.png"]
    assert "Finished" in hub_message(world, t).content


async def create_and_fill(world, count: int, **options):
    """Alice creates a tournament in the hub; the first ``count`` members join it."""
    names = ("dave", "erin", "frank", "grace", "heidi")[:max(0, count - 3)]
    add_members(world, *names)
    created = await world.alice.slash(world.channel, "tournament create", **options)
    assert created.ephemeral and "created" in created.response.content, created.response.content
    for member in list(world.users.values())[:count]:
        assert (await member.slash(world.channel, "tournament join")).ephemeral
    started = await world.alice.slash(world.channel, "tournament start")
    assert started.ephemeral and "has started" in started.response.content, started.response.content
    return await only(world)


def seed_loser(t):
    """The worse seed of a bracket table loses (resigns)."""
    seeds = t.data["bracket"]["seeds"]
    return lambda players: max(players, key=seeds.index)


async def test_a_six_player_single_elimination_gives_the_top_two_seeds_byes(world):
    t = await create_and_fill(world, 6, game="clash", format="single_elim", name="Knockout")
    seeds = t.data["bracket"]["seeds"]
    assert seeds[:2] == [world.alice.id, world.bob.id], "equal ratings: seeded by entrant id"
    opened = [table for _, table in t.open_tables()]
    assert sorted(x["bracket_match"] for x in opened) == ["W1-2", "W1-4"] and len(world.channel.threads) == 2
    seated = {p for x in opened for p in x["players"]}
    assert seated == set(seeds[2:]), "seeds 1 and 2 sit out round 1 (byes); 3-6 play"
    shown = await world.carol.slash(world.channel, "tournament bracket")
    assert shown.ephemeral and "Knockout" in shown.response.content
    assert [a.filename for a in shown.response.attachments] == ["bracket.png"]
    for _ in range(3):                      # round 1, the semi-finals, the final
        await resign_open_tables(world, seed_loser(t))
    t = await only(world)
    played = [x["bracket_match"] for rnd in t.data["schedule"] for x in rnd["tables"]]
    assert t.status == "finished" and sorted(played) == ["W1-2", "W1-4", "W2-1", "W2-2", "W3-1"]
    assert any(f"Knockout is over. Winner: {mention(world.alice.id)}" in x for x in texts(world))
    rows = standings_of(t)
    assert [r.entrant for r in rows[:2]] == [world.alice.id, world.bob.id]
    refused = await world.carol.slash(world.channel, "tournament bracket", tournament=t.id)
    assert [a.filename for a in refused.response.attachments] == ["bracket.png"], "the final bracket stays readable"


async def test_a_five_player_double_elimination_played_to_the_end(world):
    t = await create_and_fill(world, 5, game="clash", format="double_elim", name="Second Chance")
    seeds = t.data["bracket"]["seeds"]
    upset = {"done": False}

    def loser_of(players):  # seed 2 loses its first match, then the better seed always wins
        if seeds[1] in players and not upset["done"]:
            upset["done"] = True
            return seeds[1]
        return max(players, key=seeds.index)
    for _ in range(12):
        t = await only(world)
        if t.status != "running":
            break
        await resign_open_tables(world, loser_of)
    t = await only(world)
    assert t.status == "finished", t.data["bracket"]
    played = [x for rnd in t.data["schedule"] for x in rnd["tables"]]
    assert len(played) in (2 * 5 - 2, 2 * 5 - 1), "a double elimination of n plays 2n-2 or 2n-1 matches"
    assert any(x["bracket_match"].startswith("L") and seeds[1] in x["players"] for x in played), \
        "seed 2 went on in the losers bracket after its first loss"
    assert any(x["bracket_match"] == "GF" for x in played)
    over = [x for x in texts(world) if "Second Chance is over. Winner:" in x]
    assert over and mention(seeds[0]) in over[-1]
    assert standings_of(t)[0].entrant == seeds[0]
    assert any(a.filename == "standings.png" for a in hub_posts(world)[-1].attachments)


async def test_a_four_player_round_robin_meets_everyone_once(world):
    t = await create_and_fill(world, 4, game="clash", format="round_robin", name="Everyone")
    assert t.data["rounds"] == 3
    for number in (1, 2, 3):
        t = await only(world)
        assert t.current_round()["number"] == number and len(t.current_round()["tables"]) == 2
        await resign_open_tables(world, loser_of=max)
    t = await only(world)
    assert t.status == "finished"
    pairs = [frozenset(x["players"]) for rnd in t.data["schedule"] for x in rnd["tables"]]
    assert len(pairs) == 6 and len(set(pairs)) == 6, "each of the six pairs meets exactly once"
    rows = standings_of(t)
    ids = sorted(world.users)  # the lower id always won: 3, 2, 1 and 0 wins
    assert [(r.entrant, r.wins) for r in rows] == [(ids[0], 3), (ids[1], 2), (ids[2], 1), (ids[3], 0)]
    assert any(f"Everyone is over. Winner: {mention(ids[0])}" in x for x in texts(world))


async def last_one_standing(world, table, winner) -> None:
    """Everyone else at a Cloudspire table resigns in its thread, in seat-list order. A 3-4
    player game goes on while two or more seats remain (a resigned seat's fortress is broken and
    the timeout defaults play it out); the last one standing wins, and who resigned first places
    last."""
    for loser in table["players"]:
        if loser != winner:
            await resign(world, table, loser)


async def test_cloudspire_pods_score_by_placement(world):
    t = await create_and_fill(world, 8, game="cloudspire", format="pods", rounds=2, name="Sky Pods")
    r1 = t.current_round()
    assert [len(x["players"]) for x in r1["tables"]] == [4, 4] and r1["byes"] == []
    assert len(world.channel.threads) == 2
    winners = [table["players"][-1] for table in r1["tables"]]
    for table, winner in zip(r1["tables"], winners):
        await last_one_standing(world, table, winner)
    await tournaments(world).idle()
    t = await only(world)
    for table, winner in zip(t.data["schedule"][0]["tables"], winners):
        row = await world.service.load(table["match_id"])
        assert row.status == "finished" and row.result["reason"] == "conceded"
        resigned = [p for p in table["players"] if p != winner]
        assert table["result"] == [[winner]] + [[p] for p in reversed(resigned)]
    # Places score 3/2/1/0: the last one standing 3, then the last to resign 2, ... the first 0.
    shown = await world.carol.slash(world.channel, "tournament standings")
    text = shown.response.content
    assert shown.ephemeral and "3/2/1/0" in text
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    names = t.names()
    assert sorted(lines[:2]) == sorted(f"{k}. {names[w]}: score 3 (W-D-L 1-0-0)" for k, w in zip((1, 2), winners))
    scores = [line.split(": score ")[1].split(" ")[0] for line in lines]
    assert scores == ["3", "3", "2", "2", "1", "1", "0", "0"] and len(lines) == 8
    rating = await world.users[winners[0]].slash(world.channel, "rating", game="cloudspire")
    assert "Cloudspire: **" in rating.response.content and "ranked games: 1 (1 won" in rating.response.content

    r2 = t.current_round()
    assert r2["number"] == 2 and set(winners) <= set(r2["tables"][0]["players"]), "pods pair by score"
    # Table 1: one player drops out of the tournament mid-game: the service resigns their seat and
    # the game goes on for the other three, who see the new board in their thread.
    first, second = r2["tables"]
    quitter = first["players"][3]
    thread = thread_of(world, first)
    shown_before = board_version(last_board(thread))
    assert (await world.users[quitter].slash(world.channel, "tournament drop")).ephemeral
    await tournaments(world).idle()
    row = await world.service.load(first["match_id"])
    assert row.status == "active" and row.state["conceded"] == [row.seats.index(
        next(s for s in row.seats if s["user_id"] == quitter))]
    # The same player is still to act, so the turn's living message is edited in place (a new
    # post comes only when the decision passes on): the thread's board is the one after it.
    board = last_board(thread)
    assert board_version(board) == row.version > shown_before and any(
        a.filename == "board.png" for a in board.attachments), \
        "the board after the dropper's resignation is shown in the table's thread"
    for loser in first["players"][1:3]:
        await resign(world, first, loser)
    # Table 2: two resign, then the third drops out: that ends the game, and its thread says so.
    for loser in second["players"][1:3]:
        await resign(world, second, loser)
    assert (await world.users[second["players"][3]].slash(world.channel, "tournament drop")).ephemeral
    await tournaments(world).idle()
    assert (await world.service.load(second["match_id"])).status == "finished"
    assert any("Game over" in m.content for m in thread_of(world, second).history()[-3:])
    t = await only(world)
    assert t.status == "finished"
    champion = standings_of(t)[0]
    assert champion.entrant == r2["tables"][0]["players"][0] in winners and champion.points == 6
    assert any(f"Sky Pods is over. Winner: {mention(champion.entrant)}" in x for x in texts(world))


async def test_bots_fill_a_swiss_and_play_their_own_tables(world):
    await world.alice.slash(world.channel, "tournament create", game="clash", format="swiss", name="Bot Cup")
    assert (await world.alice.slash(world.channel, "tournament join")).ephemeral
    for number in (1, 2, 3):
        added = await world.alice.slash(world.channel, "tournament add", bot=True)
        assert added.ephemeral and f"Bot {number} is entered in Bot Cup" in added.response.content
    t = await only(world)
    assert [e["id"] for e in t.data["entrants"]] == [world.alice.id, "bot-1", "bot-2", "bot-3"]
    started = await world.alice.slash(world.channel, "tournament start")
    assert "round 1 is paired" in started.response.content
    await tournaments(world).idle()
    for number in (1, 2):  # four entrants: two rounds
        t = await only(world)
        rnd = t.current_round()
        assert rnd["number"] == number and len(rnd["tables"]) == 2
        mine = next(x for x in rnd["tables"] if world.alice.id in x["players"])
        bots = next(x for x in rnd["tables"] if x is not mine)
        # bot against bot: played out as the table opened, its result already recorded
        assert (await world.service.load(bots["match_id"])).status == "finished" and len(bots["result"]) == 2
        assert any(f"`R{number}-T{bots['no']}` Bot" in x and "Result:" in x for x in texts(world))
        # its thread says in words who plays there: no empty list of people to mention
        opened = [m.content for m in thread_of(world, bots).history() if "has started here" in m.content]
        assert opened == [f"**Bot Cup**, table R{number}-T{bots['no']}: a match between bots has started here."]
        mine_opened = [m.content for m in thread_of(world, mine).history() if "has started here" in m.content]
        assert len(mine_opened) == 1 and world.alice.mention in mine_opened[0] and ": ," not in mine_opened[0]
        # Alice's table waits for her alone: her bot opponent answered whatever it was asked
        row = await world.service.load(mine["match_id"])
        alice_seat = next(i for i, seat in enumerate(row.seats) if seat["user_id"] == world.alice.id)
        assert row.status == "active" and {p.seat for p in CLASH.prompts(row.state)} == {alice_seat}
        await resign(world, mine, world.alice.id)
        await tournaments(world).idle()
    t = await only(world)
    assert t.status == "finished" and t.data["rounds"] == 2
    rows = standings_of(t)
    assert rows[-1].entrant == world.alice.id and rows[-1].losses == 2
    assert any("Bot Cup is over. Winner: Bot" in x for x in texts(world)), "a bot's name, no mention"
