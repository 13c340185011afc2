"""Kingdom Rush through SimCord, the cases test_kr_play.py leaves out: a bot team-mate in a
four-player game, solo play (the colour excluded each round, a bench hero entering), the
deadlines of phase 2 ("done") and phase 6 (a purchase proposal applied by default, or
withdrawn by an objection), and a restart of the bot in the middle of phase 2.

Every move is made as a user makes it: a /kr command whose values are among the command's own
autocomplete suggestions (``by_command``), or the board's buttons and the Act menu. Time is
SimCord's: a deadline passes with ``advance_time``, never by sleeping. The game is registered
for the run by test_kr_play.py's fixtures. (Acting after "done" is covered there:
test_bad_input_is_answered_privately_and_changes_nothing.)"""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from cogs.kr.words import Board
from cogs.move_args import token
from engine.kr import buying
from engine.kr.game import GAME
from tests.games.cloudspire.behaviour.driver import button_labels, components_of, select_options
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import last_board, moved
from tests.games.kr.behaviour.test_play import (by_command, channel_text, create, kr_registered, legal, offered,
                                          play_step, reply_text, simcord_bot)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FIXTURES = (kr_registered, simcord_bot)  # test_kr_play.py's fixtures, used here by name


# -- helpers --------------------------------------------------------------------------------

def frozen(row) -> tuple[int, str]:
    return row.version, json.dumps(row.state, sort_keys=True)


def seat_of(row, member) -> int:
    return next(i for i, s in enumerate(row.seats) if s["user_id"] == member.id)


def waiting(row) -> list[int]:
    return [p.seat for p in GAME.prompts(row.state)]


async def refused(world, member, command: str, expect: str, **options) -> str:
    """Answered only to ``member`` with a ⚠️ reason containing ``expect``; nothing changes and
    nothing is posted in the channel."""
    before, messages = frozen(await world.match()), len(world.channel.history())
    result = await member.slash(world.channel, command, **options)
    assert result.ephemeral, (command, options)
    text = result.response.content or ""
    assert text.startswith("⚠️") and expect in text, (command, options, text)
    assert frozen(await world.match()) == before
    assert len(world.channel.history()) == messages
    return text


def board_text(message) -> str:
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or "", (e.footer.text if e.footer else "") or ""]
        parts += [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(parts)


def texts_since(world, start: int) -> str:
    return "\n".join(board_text(m) for m in world.channel.history()[start:])


async def pass_deadline(world) -> None:
    """SimCord's clock just past the match's current deadline (the timer fires in between)."""
    row = await world.match()
    assert row.deadline_at is not None
    await world.env.advance_time(max(0.0, row.deadline_at - world.service.clock()) + 1)


async def through_phase_6(world):
    """Deadlines pass until phase 6 is over (at most four); the match row after."""
    for _ in range(4):
        await pass_deadline(world)
        row = await world.match()
        if row.state["phase"] != 6:
            break
    return row


async def timeouts(world, row) -> list:
    return [e for e in await world.service.log(row.id) if e.kind == "timeout"]


async def both_done(world):
    """Alice says done with /kr done, Bob with the board's Done button: phase 6 begins."""
    assert moved(await world.alice.slash(world.channel, "kr done"))
    assert moved(await world.bob.click(last_board(world.channel), label="Done"))
    row = await world.match()
    assert row.state["phase"] == 6 and sorted(waiting(row)) == [0, 1]
    return row


# -- a bot team-mate ------------------------------------------------------------------------

async def test_three_members_and_a_bot_team_mate_play_two_rounds(world):
    """KR-ACT-2..5, KR-BUY-2 with a bot seat: Alice opens a lobby, Bob and Carol join, Alice
    adds a bot (the lobby's **Add bot**); the bot takes the fourth seat and plays its own
    phase-2 actions and phase-6 decisions in the same step as the members' moves, so the game
    never waits for it; every one of its moves is logged as the bot's and narrated on the
    board by its name. The members play two whole rounds through /kr commands."""
    result = await world.alice.slash(world.channel, "kr new", pace="live")
    assert moved(result)
    for member in (world.bob, world.carol):
        assert (await member.click(world.channel.last_message, label="Join")).acknowledged
    assert (await world.alice.click(world.channel.last_message, label="Add bot")).acknowledged
    lobby = world.channel.last_message
    assert "🤖 Bot 4" in board_text(lobby)
    assert (await world.alice.click(lobby, label="Start")).acknowledged
    row = await world.match()
    assert row.status == "active" and len(row.seats) == 4
    assert row.seats[3]["bot"] and row.seats[3]["user_id"] is None
    assert [s["user_id"] for s in row.seats[:3]] == [world.alice.id, world.bob.id, world.carol.id]
    # the bot answered its phase-2 decision with the start: it is done, the members are asked
    assert row.state["phase"] == 2 and waiting(row) == [0, 1, 2]
    assert row.state["seats"][3]["done"]
    first = channel_text(world.channel)
    assert "Bot 4 is done with phase 2" in first
    board = last_board(world.channel)
    assert "Bot 4" not in board.embeds[0].footer.text.split("still to act:")[1]

    for _ in range(200):
        row = await world.match()
        if row.status != "active" or row.state["round"] > 2:
            break
        await play_step(world)
        row = await world.match()
        assert 3 not in waiting(row), "the game waited for the bot"
    row = await world.match()
    assert row.status != "active" or row.state["round"] == 3, "two whole rounds were not played"

    log = await world.service.log(row.id)
    assert {e.kind for e in log} == {"action", "bot"}
    assert all(e.seat == 3 and e.user_id is None for e in log if e.kind == "bot")
    assert all(e.seat in (0, 1, 2) for e in log if e.kind == "action")
    bot_moves = [e.action for e in log if e.kind == "bot"]
    assert bot_moves.count("done") >= 4, bot_moves                    # phases 2 and 6, two rounds
    text = channel_text(world.channel)
    said = {"build": "Bot 4 builds", "hero": "Bot 4 activates", "propose": "Bot 4 proposes to buy",
            "done": "Bot 4 is done with phase", "pass": "Bot 4 passes", "spell": "Bot 4 casts",
            "approve": "Bot 4 approves"}
    for move in bot_moves:                                           # each kind of bot move is narrated
        assert said[move.split()[0]] in text, move
    assert {m.split()[0] for m in bot_moves} - {"done"}, "the bot only ever said done"
    assert "Bot 4 is done with phase 6" in text and "Round 3 begins" in text
    assert "🤖 Bot 4 to act" not in text


# -- solo -----------------------------------------------------------------------------------

def build_on_colour(row, colour: str) -> str | None:
    """A build the solo player could make on a ``colour`` site were another colour excluded."""
    board = Board(GAME.view(row.state, None), [])
    trial = copy.deepcopy(row.state)
    trial["solo"]["excluded"] = next(c for c in trial["seats"][0]["colours"] if c != colour)
    for action in GAME.legal_actions(trial, 0):
        move = GAME.format_action(action)
        if move.startswith("build ") and board.site_colour(move.split()[2]) == colour:
            return move
    return None


async def test_solo_excludes_a_colour_each_round_and_a_bench_hero_enters(world):
    """KR-SOLO-2..8: Alice plays alone with Malik and Ignus on the bench. Each round she first
    chooses the colour to leave out (/kr exclude, a value from its autocomplete; not last
    round's colour); a build on a site of that colour is refused privately with nothing
    changed; Ignus enters from the bench for one round (a /kr hero action for the bench
    figure) and leaves at its end, never offered again."""
    row = await create(world, [world.alice], hero1="malik", bench="ignus")
    assert row.state["options"].get("solo") and row.state["solo"]["bench"] == ["ignus"]
    assert row.state["seats"][0]["hero"] == "malik"
    colours = row.state["seats"][0]["colours"]
    assert len(colours) == 3                                         # KR-SOLO-2
    board = last_board(world.channel)
    assert world.alice.mention in (board.content or "")

    # before the exclusion nothing else may be done (KR-SOLO-3)
    assert sorted(await offered(world.alice, world.channel, "kr exclude", "colour")) == sorted(colours)
    excluded, target = next((c, m) for c in colours if (m := build_on_colour(row, c)))
    card, site, facing = target.split()[1:4]
    await refused(world, world.alice, "kr build", "First choose the colour to exclude",
                  card=card, site=site, facing=facing)

    # round 1: exclude the colour of that site, through the autocomplete's value
    assert moved(await by_command(world, world.alice, f"exclude {excluded}"))
    row = await world.match()
    assert row.state["solo"]["excluded"] == excluded and row.state["phase"] == 2
    assert f"alice leaves the {excluded} sites out of round 1" in channel_text(world.channel)
    sites = await offered(world.alice, world.channel, "kr build", "site", card=card)
    assert site not in sites
    text = await refused(world, world.alice, "kr build", "sites are excluded this round",
                         card=card, site=site, facing=facing)
    assert excluded in text

    # the bench hero enters: a hero action for Ignus, among the /kr hero suggestions
    assert "ignus" in await offered(world.alice, world.channel, "kr hero", "figure")
    bench_move = next(m for m in legal(row, 0) if m.startswith("hero ignus "))
    assert moved(await by_command(world, world.alice, bench_move))
    row = await world.match()
    assert row.state["solo"]["bench"] == []
    assert {"kind": "bench", "figure": "ignus"} in row.state["effects"]
    assert row.state["heroes"]["ignus"]["cell"] == bench_move.split()[3]   # placed on its one square
    assert "alice activates Ignus" in board_text(last_board(world.channel))
    figures = await offered(world.alice, world.channel, "kr hero", "figure")
    assert "ignus" not in figures                                    # one round, once a game
    await refused(world, world.alice, "kr hero", "not an unused bench hero", figure="ignus",
                  action=" ".join(bench_move.split()[2:]))

    # play the rest of round 1: the bench hero leaves at its end (KR-SOLO-8)
    for _ in range(60):
        row = await world.match()
        if row.status != "active" or row.state["round"] > 1:
            break
        await play_step(world)
    row = await world.match()
    assert row.status == "active" and row.state["round"] == 2
    assert row.state["heroes"]["ignus"].get("out") and row.state["solo"]["last_excluded"] == excluded
    text = channel_text(world.channel)
    assert "The bench hero Ignus leaves the map at the end of the round" in text

    # round 2: the exclusion is asked first again, and last round's colour is not allowed
    assert row.state["solo"]["excluded"] is None and waiting(row) == [0]
    allowed = await offered(world.alice, world.channel, "kr exclude", "colour")
    assert sorted(allowed) == sorted(c for c in colours if c != excluded)
    await refused(world, world.alice, "kr exclude", "was excluded last round", colour=excluded)
    assert moved(await by_command(world, world.alice, f"exclude {allowed[0]}"))
    row = await world.match()
    assert row.state["solo"]["excluded"] == allowed[0] and row.state["phase"] == 2
    assert f"alice leaves the {allowed[0]} sites out of round 2" in channel_text(world.channel)
    assert "ignus" not in await offered(world.alice, world.channel, "kr hero", "figure")
    assert not [m for m in legal(row, 0) if m.startswith("hero ignus")]


# -- the phase-2 deadline -------------------------------------------------------------------

@pytest.mark.parametrize("policy", ["bot", "auto"])
async def test_the_phase_2_deadline_ends_the_phase_for_an_idle_player(world, policy):
    """KR-ACT-5 and the decision table's main stall: Alice is done, Bob does nothing. The
    reminder comes, then the deadline passes: with the timeout policy ``bot`` the engine
    bot plays Bob's phase-2 actions (its own choices, ending with done), with ``auto`` Bob is
    treated as done and nothing is played for him. Phase 2 ends; the channel says Bob ran out
    of time and what was done for him."""
    row = await create(world, [world.alice, world.bob], minutes=5, timeout=policy)
    assert row.timeout_policy == policy
    alice, bob = seat_of(row, world.alice), seat_of(row, world.bob)
    assert moved(await world.alice.slash(world.channel, "kr done"))
    row = await world.match()
    assert row.state["seats"][alice]["done"] and waiting(row) == [bob]
    expected = GAME.format_action(GAME.bot_action(row.state, bob))
    hand = list(row.state["seats"][bob]["hand"])
    start = len(world.channel.history())

    await pass_deadline(world)
    row = await world.match()
    assert row.status == "active" and (row.state["phase"] == 6 or row.state["round"] > 1)
    late = await timeouts(world, row)
    assert late and all(e.seat == bob and e.user_id is None for e in late)
    phase2 = [e.action for e in late][:[e.action for e in late].index("done") + 1]
    if policy == "bot":
        assert phase2[0] == expected                                 # the engine bot's choice
        assert all(GAME.parse_action(m)["type"] in ("build", "pass", "hero", "spell") for m in phase2[:-1])
    else:
        assert phase2 == ["done"]                                    # done: takes no further action
    text = texts_since(world, start)
    assert f"{world.bob.mention}: your decision is due" in text     # the reminder came first
    policy_words = {"bot": "on timeout a bot plays the decision",
                    "auto": "on timeout the game's safe default is taken"}[policy]
    assert f"{world.bob.mention} ran out of time — {policy_words}" in text
    assert "bob is done with phase 2" in text and "Round 1: phase 2 is over" in text
    if policy == "bot" and expected.startswith("build "):
        assert "bob builds" in text
    if policy == "auto":
        assert "bob builds" not in text and "bob activates" not in text
        assert Counter(row.state["seats"][bob]["hand"]) >= Counter(hand)  # nothing of his was played


async def test_the_phase_2_deadline_leaves_the_purchase_to_the_idle_player(world):
    """After Bob's phase-2 deadline, phase 6 starts and Bob is asked about the purchase with a
    deadline of his own: the timeout played nothing for him in phase 6."""
    await create(world, [world.alice, world.bob], minutes=5, timeout="auto")
    assert moved(await world.alice.slash(world.channel, "kr done"))
    await pass_deadline(world)
    row = await world.match()
    assert row.state["phase"] == 6
    assert [e.action for e in await timeouts(world, row)] == ["done"]
    assert 1 in waiting(row) and not row.state["seats"][1]["done"]


async def test_a_phase_6_deadline_leaves_the_next_round_to_the_idle_player(world):
    """Nobody answers in phase 6: at the deadlines Alice, then Bob, are treated as done and
    the crystals are saved; round 2 starts with both asked for their phase-2 actions."""
    await create(world, [world.alice, world.bob], minutes=5, timeout="auto")
    await both_done(world)
    for _ in range(2):
        await pass_deadline(world)
    row = await world.match()
    assert row.state["round"] == 2 and row.state["phase"] == 2
    assert [(e.seat, e.action) for e in await timeouts(world, row)] == [(0, "done"), (1, "done")]
    assert waiting(row) == [0, 1]


# -- phase 6: a proposal at the deadline, a proposal withdrawn ---------------------------------

async def test_a_proposal_nobody_answers_is_bought_at_the_deadline(world):
    """KR-BUY-2 (decision table: "applied ... at the deadline if nobody objects"), KR-BUY-3..5:
    in phase 6 Alice proposes a purchase with /kr propose (the value from its autocomplete);
    nobody approves or objects; each deadline passes, the idle seats are done (which
    approves) and the towers are bought: the crystals go down by their cost, the cards reach
    the chosen players' hands and the supply, and the narration says so."""
    row = await create(world, [world.alice, world.bob], minutes=5, timeout="auto")
    row = await both_done(world)
    alice = seat_of(row, world.alice)
    proposals = [m for m in legal(row, alice) if m.startswith("propose ")]
    assert proposals, "nothing to buy after round 1"
    move = proposals[0]
    buys = GAME.parse_action(move)["buys"]
    crystals = row.state["crystals"]
    hands = [list(s["hand"]) for s in row.state["seats"]]
    supply = dict(row.state["supply"])
    assert moved(await by_command(world, world.alice, move))
    row = await world.match()
    assert row.state["proposals"][0]["approved"] == [alice]
    assert "alice proposes to buy" in channel_text(world.channel)
    footer = last_board(world.channel).embeds[0].footer.text
    assert "Proposal: " in footer and "still to act: alice, bob" in footer
    start = len(world.channel.history())

    row = await through_phase_6(world)
    assert row.status == "active" and row.state["round"] == 2
    late = await timeouts(world, row)
    assert {e.seat for e in late} == {0, 1} and all(e.action == "done" for e in late)
    cost = sum(buying.cost(b["card"]) for b in buys)
    assert row.state["crystals"] == crystals - cost
    for seat in (0, 1):
        got = Counter(b["card"] for b in buys if b["to"] == seat)
        assert Counter(row.state["seats"][seat]["hand"]) - Counter(hands[seat]) == got
    for card, n in Counter(b["card"] for b in buys).items():
        assert row.state["supply"][card] == supply[card] - n
    text = texts_since(world, start)
    assert "ran out of time" in text and "The team buys" in text and "keeps" not in text
    for b in buys:
        assert f"for {row.seats[b['to']]['name']} ({buying.cost(b['card'])} crystals)" in text


async def test_an_approved_then_objected_proposal_buys_nothing(world):
    """KR-BUY-2: Bob proposes, Alice approves it with /kr approve, then changes her mind and
    objects with /kr object: the proposal is withdrawn and Bob may not make another (one
    proposal per player and round, refused privately); at the deadline nothing is bought and
    the crystals are kept."""
    row = await create(world, [world.alice, world.bob], minutes=5, timeout="auto")
    row = await both_done(world)
    bob = seat_of(row, world.bob)
    move = next(m for m in legal(row, bob) if m.startswith("propose "))
    crystals, hands = row.state["crystals"], [list(s["hand"]) for s in row.state["seats"]]
    assert moved(await by_command(world, world.bob, move))
    assert moved(await world.alice.slash(world.channel, "kr approve"))
    row = await world.match()
    assert row.state["proposals"][0]["approved"] == [0, 1]
    assert "alice approves the proposal" in channel_text(world.channel)
    await refused(world, world.alice, "kr approve", "already approve")

    assert moved(await world.alice.slash(world.channel, "kr object"))
    row = await world.match()
    assert row.state["proposals"] == [] and row.state["phase"] == 6
    assert "alice objects: the proposal is withdrawn" in channel_text(world.channel)
    assert not [m for m in legal(row, bob) if m.startswith("propose ")]
    await refused(world, world.bob, "kr propose", "already made your proposal", buys=move.split()[1])

    start = len(world.channel.history())
    row = await through_phase_6(world)
    assert row.state["round"] == 2 and row.state["crystals"] == crystals
    assert [s["hand"] for s in row.state["seats"]] == hands
    text = texts_since(world, start)
    kept = f"{crystals} crystal" if crystals == 1 else f"{crystals} crystals"
    assert f"The team keeps {kept} for later" in text and "The team buys" not in text


# -- a restart in the middle of phase 2 ---------------------------------------------------------

async def test_a_restart_mid_phase_2_keeps_who_is_done(world, db_url):
    """Alice is done, Bob is not; the bot restarts on the same database. The board posted
    before the restart still works: Alice's Act click is answered privately (nothing for her
    to decide, waiting for Bob) and changes nothing; Bob's Act menu makes a move; Alice is
    still done (the new board says so), and Bob's Done button ends phase 2."""
    await create(world, [world.alice, world.bob])
    assert moved(await world.alice.slash(world.channel, "kr done"))
    before = await world.match()
    board = last_board(world.channel)
    assert "still to act: bob" in board.embeds[0].footer.text

    await world.env.restart_bot(make_bot(db_url))
    try:
        row = await world.match()
        assert frozen(row) == frozen(before)
        assert row.state["seats"][0]["done"] and waiting(row) == [1]

        late = await world.alice.click(board, label="Act")
        assert late.ephemeral and "waiting for: bob" in reply_text(late)
        assert frozen(await world.match()) == frozen(before)

        menu = await world.bob.click(board, label="Act")
        assert menu.ephemeral
        options = select_options(menu.response)
        build = next((v for _l, v in options if v.startswith("h") and "build" in v), None)
        if build is None:  # a move made at once
            pick = next(v for _l, v in options if v.startswith("=") and v != "=done")
            select = components_of(menu.response)[0]
            made = await world.bob.select(menu.response, [pick], custom_id=select["custom_id"])
        else:
            select = components_of(menu.response)[0]
            deeper = await world.bob.select(menu.response, [build], custom_id=select["custom_id"])
            pick = next(v for _l, v in select_options(deeper.response) if v.startswith("="))
            made = await world.bob.select(deeper.response, [pick],
                                          custom_id=components_of(deeper.response)[0]["custom_id"])
        assert moved(made), reply_text(made)
        row = await world.match()
        last = (await world.service.log(row.id))[-1]
        assert (last.seat, last.user_id, last.kind) == (1, world.bob.id, "action") and last.action != "done"
        assert pick[1:] in (last.action, token(last.action))
        assert row.version == before.version + 1 and row.state["phase"] == 2
        assert row.state["seats"][0]["done"] and waiting(row) == [1]
        new_board = last_board(world.channel)
        assert new_board.id == board.id, "Bob's move in the phase edits its message, after the restart too"
        titles = [f.name for f in new_board.embeds[0].fields]
        assert any(n.startswith("alice") and n.endswith("✅") for n in titles), titles
        assert not any(n.startswith("bob") and n.endswith("✅") for n in titles), titles
        assert {"Act", "Done", "My view"} <= set(button_labels(new_board))

        # Done is judged against the game as it is now (simultaneous play): the board from
        # before the restart still ends Bob's phase, and with it phase 2
        assert moved(await world.bob.click(board, label="Done"))
        row = await world.match()
        assert row.state["phase"] == 6 and sorted(waiting(row)) == [0, 1]
        assert "Round 1: phase 2 is over" in channel_text(world.channel)
    finally:
        await close_bot(world.env.bot)



async def test_a_standing_displacement_preference_is_set_privately_at_any_time(world):
    """/kr policy (engine/kr/standing.py): answered only to the sender, kept in the match,
    no board posted; allowed after the member is done with the phase (off-turn)."""
    row = await create(world, [world.alice, world.bob])
    a_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    assert moved(await world.alice.slash(world.channel, "kr done"))
    messages = len(world.channel.history())
    result = await world.alice.slash(world.channel, "kr policy", displace="away")
    assert result.ephemeral and "farthest from the exit" in (result.response.content or "")
    row = await world.match()
    assert row.state["seats"][a_seat]["displace"] == "away"
    assert len(world.channel.history()) == messages
    refused = await world.carol.slash(world.channel, "kr policy", displace="site")
    assert refused.ephemeral and (refused.response.content or "").startswith("⚠️")


async def test_an_illegal_placement_and_a_tray_out_of_range_are_refused_privately(world):
    """KR-DMG-7 (a tile must take an allowed shape), KR-TWR-7 (only trays in range): typed
    with /kr build, answered only to the sender with the reason, nothing changed."""
    row = await create(world, [world.alice, world.bob])
    a_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.alice.id)
    build = next(m for m in legal(row, a_seat) if m.startswith("build ") and len(m.split()) > 4)
    _verb, card, site, facing, placement = build.split()[:5]
    tray = placement.split(":")[0]
    reachable = {m.split()[3] for m in legal(row, a_seat) if m.startswith(f"build {card} {site} ")}
    before = (row.version, json.dumps(row.state, sort_keys=True))
    messages = len(world.channel.history())

    async def refused(expect, **options):
        result = await world.alice.slash(world.channel, "kr build", card=card, site=site, **options)
        text = result.response.content or ""
        assert result.ephemeral and text.startswith("⚠️") and expect in text, (options, text)

    await refused("shape", facing=facing, placements=f"{tray}:a1+e4")
    away = next((f for f in "NESW" if f not in reachable), None)
    assert away is not None, "every facing of this site reaches a tray"
    await refused("out of range", facing=away, placements=placement)
    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    assert len(world.channel.history()) == messages
