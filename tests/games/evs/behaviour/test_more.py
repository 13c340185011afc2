"""Empire vs Steppe through SimCord, the cases test_evs_play.py leaves out: a player whose DMs
are closed, a bot in the second seat, the Morale expansion's token choice (``/evs expansion
token``) and Rally (``/evs expansion rally``), each with one bad input answered privately and
changing nothing.

The moves that matter are made as a user makes them: slash commands whose every value is
among the command's own autocomplete suggestions, and buttons. To reach a rare position
(a token choice, a Rally worth making) the game is first moved on through the match service
with the engine bot's moves (``drive``), which is quicker than Discord and changes nothing
about what is tested afterwards. The game is registered, and the renderer stubbed when
missing, by test_evs_play.py's fixtures."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.evs import GAME
from engine.evs import morale_rules
from engine.evs.content import COMMANDS, pool
from tests.games.cloudspire.behaviour.driver import button_labels
from tests.behaviour.helpers import last_board, moved, private_replies
from tests.games.evs.behaviour.test_play import (bot_move, by_command, channel_text, create, dm_text,  # noqa: F401
                                           evs_registered, legal, name_en, offered, play_until, prompted,
                                           simcord_bot)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# -- helpers --------------------------------------------------------------------------------

async def create_in(world, channel, members, **options):
    """``create`` (test_evs_play.py) in any channel: /evs new, Join, Start."""
    result = await members[0].slash(channel, "evs new", pace="live", **options)
    assert moved(result), result
    for member in members[1:]:
        await member.click(channel.last_message, label="Join")
    assert (await members[0].click(channel.last_message, label="Start")).acknowledged
    row = await world.match(channel)
    assert row.status == "active" and row.game == "evs"
    return row


async def drive(world, channel, done, *, max_steps: int = 600):
    """Move the game on through the service (no Discord) with the engine bot's moves until
    ``done(row)`` or the game ends; the position reached is then played through Discord.
    (Called from the test, not from the bot, these commits read the wall clock rather than
    SimCord's: their deadlines are far ahead, which is harmless as no test here moves time.)"""
    match_id = (await world.match(channel)).id
    for _ in range(max_steps):
        row = await world.service.load(match_id)
        if row.status != "active" or done(row):
            return row
        seat = GAME.prompts(row.state)[0].seat
        await world.service.act(row.id, row.seats[seat]["user_id"], bot_move(row, seat))
    raise AssertionError("the game did not end")


async def reach(world, done, *, tries: int = 8, **options):
    """A channel whose match (Alice and Bob, ``options``) is at a position where ``done``
    holds. Such a position is rare, so when a game ends without it another match is played
    in a new channel (with the next seed)."""
    channel = world.channel
    for i in range(tries):
        if i:
            channel = world.guild.create_text_channel(f"games-{i + 1}")
        await create_in(world, channel, [world.alice, world.bob], **options)
        row = await drive(world, channel, done)
        if row.status == "active":
            return channel
    raise AssertionError(f"{tries} games never reached {done.__name__}")


def names(name: str, text: str) -> bool:
    """``text`` names the card ``name`` (a whole word: "Advance" is not in "Advanced rule")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def frozen(row) -> tuple[int, str]:
    return row.version, json.dumps(row.state, sort_keys=True)


async def refused(member, channel, command: str, expect: str, **options) -> str:
    """The command is answered only to ``member``, with a ⚠️ reason containing ``expect``."""
    result = await member.slash(channel, command, **options)
    assert result.ephemeral, command
    text = result.response.content or ""
    assert text.startswith("⚠️") and expect in text, (command, options, text)
    return text


def embed_text(message) -> str:
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or ""] + [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(parts)


def seat_field(board, name: str) -> str:
    """The board embed's field of the seat named ``name`` (its public side)."""
    return next(f.value for f in board.embeds[0].fields if f.name.startswith(name))


# -- closed DMs -----------------------------------------------------------------------------

async def test_closed_dms_fall_back_to_private_replies_and_nothing_leaks(world):
    """ES-SET-2 (a hand is kept from the opponent): Bob's DMs are closed (Discord answers 403,
    code 50007, every time). When the game waits for him the channel says so, mentioning him
    and naming the board's **My view** button; that button and /evs view show his hand in
    replies only he sees; his hand never appears in the channel nor in Alice's DMs. Bad
    input: with DMs closed, an illegal move and an outsider's click are still answered
    privately, and nothing changes."""
    bob_dm = world.bob.user.dm_channel
    world.env.inject_error("POST", f"/channels/{bob_dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    await create(world, [world.alice, world.bob])

    def bob_waits(row):
        return any(row.seats[p.seat]["user_id"] == world.bob.id for p in GAME.prompts(row.state))

    def noted() -> list:
        return [m for m in world.channel.history() if "DMs are closed" in (m.content or "")]

    # play until the game waits for Bob (the bot then tried to DM him)
    row = await world.match()
    for _ in range(20):
        if noted() and bob_waits(row):
            break
        await one_move(world)
        row = await world.match()
    assert noted() and bob_waits(row), "the game never waited for Bob"
    note = noted()[-1]
    assert world.bob.mention in note.content and world.alice.mention not in note.content
    assert "My view" in note.content and "My view" in button_labels(last_board(world.channel))
    assert bob_dm.history() == [], "nothing reached Bob's closed DMs"
    assert await world.service.store.dms_closed(world.bob.id)
    assert not await world.service.store.dms_closed(world.alice.id)

    bob_seat = next(s for s in (0, 1) if row.seats[s]["user_id"] == world.bob.id)
    secret = await secret_names(world, row, bob_seat)
    assert secret

    looked = await world.bob.click(last_board(world.channel), label="My view")
    assert looked.ephemeral and looked.response.embeds
    shown = embed_text(looked.response)
    assert "your private view" in shown and "Command cards in hand" in shown
    assert all(name in shown for name in secret), secret - {n for n in secret if n in shown}
    viewed = await world.bob.slash(world.channel, "evs view")
    assert viewed.ephemeral and all(name in embed_text(viewed.response) for name in secret)

    # Bad input with DMs closed: still private, nothing changes, no new note
    before, messages, notes = frozen(await world.match()), len(world.channel.history()), len(noted())
    row, seat, actor = await prompted(world)
    assert actor is world.bob
    await refused(world.bob, world.channel, "evs declare", "not possible", first="deploy", second="deploy")
    outsider = await world.carol.click(last_board(world.channel), label="My view")
    assert outsider.ephemeral and "not seated" in outsider.response.content
    assert not any(name in embed_text(outsider.response) for name in secret)
    assert frozen(await world.match()) == before and len(world.channel.history()) == messages
    assert len(noted()) == notes

    # Bob plays on: when he keeps the decision after his own move, his updated private view
    # comes in a reply only he sees; nothing ever reaches his DMs
    updates = 0
    for _ in range(80):
        row, seat, actor = await prompted(world)
        result = await one_move(world)
        assert moved(result)
        if actor is world.bob and bob_waits(await world.match()):
            private = [m for m in private_replies(result) if m.embeds]
            assert private and "your private view" in private[-1].embeds[0].title
            updates += 1
            if updates >= 2:
                break
    assert updates >= 2
    assert bob_dm.history() == []
    assert "your private view" in dm_text(world.alice), "Alice's DMs work as before"
    text = channel_text(world.channel)
    assert "— your private view" not in text and "Command cards in hand" not in text
    still_secret = await secret_names(world, await world.match(), bob_seat)
    assert still_secret
    assert not [name for name in still_secret if names(name, text)]
    assert not [name for name in still_secret if names(name, dm_text(world.alice))]


async def secret_names(world, row, seat) -> set[str]:
    """Names of the cards in ``seat``'s hand that nothing public has named: not named by one
    of its logged moves (a card paid is not named: it goes face-down), and not a name the
    opponent's faction shares."""
    named = set()
    for entry in await world.service.log(row.id):
        if entry.seat == seat:
            words = entry.action.split()
            named |= set(words[:words.index("pay")] if "pay" in words else words)
    units, commands = pool(row.state["factions"][1 - seat])
    theirs = {name_en(c) for c in units + commands}
    return {name_en(c) for c in row.state["players"][seat]["hand"] if c not in named} - theirs


async def one_move(world):
    """The prompted player makes the engine bot's move with its /evs command."""
    row, seat, actor = await prompted(world)
    return await by_command(world, actor, bot_move(row, seat))


# -- a bot seat -----------------------------------------------------------------------------

@pytest.mark.slow
async def test_a_bot_in_the_second_seat_plays_its_turns_and_defences(world):
    """ES-TURN-3, ES-DEF-2, ES-END: Alice fills the second seat with the lobby's **Add bot**
    and plays a whole game against it. The bot declares and plays its own turns and decides
    its defences in the same step as Alice's move, so only Alice is ever asked; every board
    is posted and the log marks the bot's moves. Bad input: a move Alice cannot make now is
    refused privately and the bot does not move either."""
    result = await world.alice.slash(world.channel, "evs new", pace="live")
    assert moved(result)
    await world.alice.click(world.channel.last_message, label="Add bot")
    lobby = world.channel.last_message
    assert "🤖 Bot 2" in embed_text(lobby)
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    row = await world.match()
    assert row.status == "active" and row.seats[1]["bot"] and row.seats[1]["user_id"] is None
    assert [p.seat for p in GAME.prompts(row.state)] == [0], "the bot answered its first decisions"

    # Bad input: no defence window is open, so /evs defend none:true is refused; the bot stays put
    before, messages = frozen(row), len(world.channel.history())
    logged = len(await world.service.log(row.id))
    await refused(world.alice, world.channel, "evs defend", "not possible", none=True)
    assert frozen(await world.match()) == before and len(world.channel.history()) == messages
    assert len(await world.service.log(row.id)) == logged

    boards = len([m for m in world.channel.history() if any(a.filename == "board.png" for a in m.attachments)])
    row = await play_until(world, lambda r: False, max_steps=400, menu_every=5)
    assert row.status == "finished" and row.result["winners"]
    log = await world.service.log(row.id)
    assert {entry.kind for entry in log} == {"action", "bot"}
    assert all(entry.seat == 1 for entry in log if entry.kind == "bot")
    assert all(entry.seat == 0 and entry.user_id == world.alice.id for entry in log if entry.kind == "action")
    bot_verbs = {entry.action.split()[0] for entry in log if entry.kind == "bot"}
    assert {"vanguard", "declare", "done"} <= bot_verbs, bot_verbs          # its own turns
    assert bot_verbs & {"defend", "nodefend"}, bot_verbs                    # its defence decisions
    assert any(entry.kind == "bot" and entry.action.startswith("attack ") for entry in log)

    text = channel_text(world.channel)
    assert "Bot 2 declares" in text
    assert "Bot 2 defends" in text or "Bot 2 does not defend" in text
    assert "🤖 Bot 2 to act" not in text, "the game never waited for the bot"
    winner = row.seats[row.result["winners"][0]]
    shown = ("🤖 " + winner["name"]) if winner["bot"] else world.alice.mention
    assert f"Game over — winner: {shown}" in last_board(world.channel).content
    after = len([m for m in world.channel.history() if any(a.filename == "board.png" for a in m.attachments)])
    # one living message per turn: Alice's moves edit it; a new board is posted when the bot
    # answered her move (the decision went round) and when the game ended
    handed = sum(entry.kind == "action" and (i + 1 == len(log) or log[i + 1].kind == "bot")
                 for i, entry in enumerate(log))
    assert after - boards == handed, "a new board each time the bot moved, none per move within a turn"


# -- the Morale expansion: a token choice ---------------------------------------------------

def gains_tokens(row) -> str | None:
    """The move ``morale CARD`` open to the prompted seat whose tokens effect asks that seat to
    choose among several command-zone cards, if there is one."""
    st = row.state
    if st["phase"] != "turn":
        return None
    seat = GAME.prompts(st)[0].seat
    for move in legal(row, seat):
        if move.startswith("morale "):
            after, _ = GAME.apply(st, seat, move)
            pending = after["pending"]
            if pending and pending["kind"] == "tokens" and pending["seat"] == seat and len(pending["slots"]) > 1:
                return move
    return None


async def test_a_morale_card_puts_tokens_on_the_chosen_zone_card(world):
    """ES-MX-8 (b), ES-MX-10, ES-MX-1: in their turn with Action declared, a player plays a
    morale card whose effect changes a command-zone card's tokens (/evs expansion morale),
    then picks the card with /evs expansion token, the slot taken from its autocomplete. The
    tokens land on that card: the state, the board's command-zone line and the narration
    show it, and the once card is flipped. Bad input: a slot the autocomplete does not offer
    is refused privately and nothing changes."""
    ch = await reach(world, gains_tokens, morale="on")
    row, seat, actor = await prompted(world, ch)
    other = world.alice if actor is world.bob else world.bob
    card = gains_tokens(row).split()[1]
    effect = morale_rules.card(card)["effect"]
    assert effect["type"] == "tokens"

    played = await by_command(world, actor, f"morale {card}", ch)
    assert moved(played)
    row = await world.match(ch)
    pending = row.state["pending"]
    assert pending["kind"] == "tokens" and pending["seat"] == seat
    owner = pending["owner"]
    entry = next(e for e in row.state["morale"]["seats"][seat]["zone"] if e["card"] == card)
    assert entry["state"] == "flipped"                                       # ES-MX-10
    assert f"plays the morale card {name_en(card)}" in channel_text(ch)
    board = last_board(ch)
    assert actor.mention in board.content                                    # the board asks the chooser
    assert f"{actor.name} decides" in embed_text(board) and "whose tokens change by" in embed_text(board)
    mine = await actor.click(board, label="My view")  # the chooser's own view says "your" zone
    assert owner == seat  # this card's tokens go on the player's own zone (seeded game)
    assert "Choose the card in your command zone" in embed_text(mine.response)

    slots = await offered(actor, ch, "evs expansion token", "slot")
    assert sorted(slots) == sorted(str(s) for s in pending["slots"])

    # Bad input: a slot not among the suggestions, and the other player answering for them
    bad = str(len(row.state["players"][owner]["zone"]) + 3)
    assert bad not in slots
    before, messages = frozen(row), len(ch.history())
    await refused(actor, ch, "evs expansion token", f"Slot {bad}", slot=bad)
    await refused(other, ch, "evs expansion token", "not your decision", slot=slots[0])
    assert frozen(await world.match(ch)) == before and len(ch.history()) == messages

    chosen = slots[-1]
    tokens_before = row.state["players"][owner]["zone"][int(chosen)]["tokens"]
    others_before = [e["tokens"] for i, e in enumerate(row.state["players"][owner]["zone"]) if i != int(chosen)]
    took = await by_command(world, actor, f"token {chosen}", ch)
    assert moved(took)
    row = await world.match(ch)
    zone = row.state["players"][owner]["zone"]
    expected = tokens_before + effect["n"] if effect["n"] > 0 else max(0, tokens_before + effect["n"])
    assert zone[int(chosen)]["tokens"] == expected != tokens_before
    assert [e["tokens"] for i, e in enumerate(zone) if i != int(chosen)] == others_before
    assert row.state["pending"] is None or row.state["pending"]["kind"] != "tokens"

    board = last_board(ch)
    owner_name = row.seats[owner]["name"]
    zone_line = next(line for line in seat_field(board, owner_name).splitlines() if line.startswith("Command zone"))
    shown = zone_line.split(": ", 1)[1].split(", ")
    assert shown[int(chosen)].endswith(f"+{expected}"), zone_line
    told = board.embeds[0].description or ""
    verb = "gains" if effect["n"] > 0 else "loses"
    changed = abs(expected - tokens_before)
    assert f"{owner_name}'s " in told and f"{verb} {changed} {'token' if changed == 1 else 'tokens'} ({expected} now)" in told
    if not zone[int(chosen)]["revealed"]:  # an unrevealed card is named by its place only
        assert f"command card {int(chosen) + 1}" in told and name_en(zone[int(chosen)]["card"]) not in told


# -- the Morale expansion: Rally ------------------------------------------------------------

def rally_worth_it(row) -> bool:
    """The active player is about to declare, has at least 2 debuffs in the opponent's morale
    zone and enough command cards in hand for two Rally operations (k, then k-1)."""
    st = row.state
    if st["phase"] != "turn" or st["pending"] is not None or st["turn_state"]["declared"] is not None:
        return False
    seat = st["active"]
    k = morale_rules.rally_cost(st["morale"], seat)
    commands = [c for c in st["players"][seat]["hand"] if c in COMMANDS]
    return k >= 2 and len(commands) >= 2 * k - 1


async def test_rally_returns_debuffs_and_its_cost_is_recalculated(world):
    """ES-MX-13, ES-MX-14, ES-MX-15, ES-GEN-9: with the Morale expansion a player declares
    Rally as one of the turn's two basic actions, then with /evs expansion rally (target and
    payment from the autocomplete) returns one of their own debuffs from the opponent's
    morale zone to the bottom of its pile, paying as many command cards as such debuffs
    there are; the next operation of the same Rally costs one card less. The board tells it
    (without naming the cards paid) and its counts change. Bad input: Rally before it is
    declared, by the other player, or paid one card short: each refused privately, nothing
    changes."""
    ch = await reach(world, rally_worth_it, morale="on")
    row, seat, actor = await prompted(world, ch)
    other = world.alice if actor is world.bob else world.bob
    foe = 1 - seat
    k = morale_rules.rally_cost(row.state["morale"], seat)
    targets = morale_rules.rally_targets(row.state["morale"], seat)
    hand_all = list(row.state["players"][seat]["hand"])
    hand = [c for c in hand_all if c in COMMANDS]

    # Bad input 1: Rally is a basic action, possible only once declared (ES-MX-13)
    before, messages = frozen(row), len(ch.history())
    await refused(actor, ch, "evs expansion rally", "not possible", card=targets[0],
                  pay="+".join(hand[:k]))
    assert frozen(await world.match(ch)) == before and len(ch.history()) == messages

    assert "declare rally action" in legal(row, seat)
    assert moved(await by_command(world, actor, "declare rally action", ch))
    assert f"{actor.name} declares Rally, then Action" in channel_text(ch)
    row = await world.match(ch)
    assert row.state["turn_state"]["declared"] == ["rally", "action"]

    # the autocomplete offers the debuffs, and payments of exactly k command cards
    cards = await offered(actor, ch, "evs expansion rally", "card")
    assert sorted(cards) == sorted(targets)
    target = cards[0]
    pays = await offered(actor, ch, "evs expansion rally", "pay", card=target)
    assert pays and all(len(p.split("+")) == k for p in pays)

    # Bad input 2 and 3: the other player, and a payment one card short (ES-MX-14, ES-GEN-9)
    before, messages = frozen(row), len(ch.history())
    short = "+".join(pays[0].split("+")[:-1])
    assert short not in pays
    await refused(other, ch, "evs expansion rally", "not your decision", card=target, pay=pays[0])
    await refused(actor, ch, "evs expansion rally", "Pay exactly the cost", card=target, pay=short)
    assert frozen(await world.match(ch)) == before and len(ch.history()) == messages

    # first operation: cost k
    pay = pays[0].split("+")
    discard = len(row.state["players"][seat]["discard"])
    done = await by_command(world, actor, f"rally {target} pay {pays[0]}", ch)
    assert moved(done)
    row = await world.match(ch)
    st = row.state
    assert target not in [e["card"] for e in st["morale"]["seats"][foe]["zone"]]
    assert st["morale"]["piles"][foe][-1] == target                # the bottom of the pile it came from
    assert Counter(st["players"][seat]["hand"]) == Counter(hand_all) - Counter(pay)
    assert len(st["players"][seat]["discard"]) == discard + k
    board = last_board(ch)
    told = board.embeds[0].description or ""
    assert f"{actor.name} rallies, paying {k} cards, and returns {name_en(target)} to the bottom of its pile" in told
    assert not any(name_en(c) in told for c in pay), "the cards paid go face-down (ES-GEN-9)"
    assert f"discard {discard + k}" in seat_field(board, actor.name)

    # second operation of the same Rally: the cost is recalculated (ES-MX-15)
    assert st["turn_state"]["declared"] == ["rally", "action"] and st["turn_state"]["index"] == 0
    cards = await offered(actor, ch, "evs expansion rally", "card")
    assert sorted(cards) == sorted(t for t in targets if t != target)
    second = cards[0]
    pays = await offered(actor, ch, "evs expansion rally", "pay", card=second)
    assert pays and all(len(p.split("+")) == k - 1 for p in pays)
    assert moved(await by_command(world, actor, f"rally {second} pay {pays[0]}", ch))
    row = await world.match(ch)
    assert second not in [e["card"] for e in row.state["morale"]["seats"][foe]["zone"]]
    assert len(row.state["players"][seat]["discard"]) == discard + k + (k - 1)
    paid = f"{k - 1} card" if k - 1 == 1 else f"{k - 1} cards"
    assert f"paying {paid}, and returns {name_en(second)}" in (last_board(ch).embeds[0].description or "")


# -- what the decisions tell the player to type ---------------------------------------------

def test_every_command_a_decision_names_exists():
    """The board's decision line and the private view say which command answers a decision
    (e.g. "(/evs token)" for a token choice): each one named must be a real /evs command."""
    from cogs.evs.commands import Evs
    from gamehost.i18n import catalog

    commands = set()

    def walk(command):
        commands.add(command.qualified_name)
        for child in getattr(command, "commands", []):
            walk(child)

    walk(Evs.evs)
    named = {}
    for key, entry in catalog().entries.items():
        if key.startswith("evs.ui.prompt."):
            for found in re.findall(r"/(evs(?: [a-z]+\b(?!:))+)", entry["en"]):  # options (none:true) aside
                named[found] = key
    assert named
    assert not {n: k for n, k in named.items() if n not in commands}
