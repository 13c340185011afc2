"""Empire vs Steppe played the way people play it, through SimCord: /evs commands (every
value taken from the command's own autocomplete), the board's Act menu (at most two picks
after the Act click), buttons, DMs, the defence window, timeouts and a restart.

The game is not in ``gamehost/registry.py`` ``INSTALLED`` yet: these tests register it for
their own run (``registry.GAMES["evs"]``) before the bot starts, so the bot loads the
``cogs.evs`` extension like any installed game. When ``render.evs`` cannot be imported yet
(it is being written alongside), a module-level stand-in drawing a 1×1 PNG takes its place
in these tests only.

The moves themselves are the engine's bot's choices (engine/evs/bot.py), so the games are
purposeful; every one of them goes through Discord."""
from __future__ import annotations

import importlib.util
import json
import struct
import sys
import types
import zlib
from collections import Counter

import pytest
import pytest_asyncio

from engine.evs import GAME
from gamehost import registry
from tests.games.cloudspire.behaviour.driver import button_labels, components_of, select_options
from tests.support.bot import close_bot, make_bot
from tests.behaviour.helpers import create_match, last_board, moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# -- registering the game for these tests ---------------------------------------------------

def _one_pixel_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b""))


ONE_PIXEL = _one_pixel_png()


def stub_board_png(view, seat_names, lang="en") -> bytes:
    return ONE_PIXEL


def stub_private_png(view, seat, seat_names, lang="en") -> bytes:
    return ONE_PIXEL


def real_renderer() -> bool:
    try:
        return importlib.util.find_spec("render.evs") is not None
    except ImportError:
        return False


@pytest.fixture
def evs_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "evs", registry.GamePlugin.installed("evs"))
    if not real_renderer():
        stub = types.ModuleType("render.evs")
        stub.board_png, stub.private_png = stub_board_png, stub_private_png
        monkeypatch.setitem(sys.modules, "render.evs", stub)


@pytest_asyncio.fixture
async def simcord_bot(db_url, evs_registered):
    bot = make_bot(db_url)
    yield bot
    await close_bot(bot)


# -- playing ------------------------------------------------------------------------------

#: each move command's Discord options, in order, for the notation's argument words
COMMAND_ARGS = {"declare": ("first", "second"), "deploy": ("unit", "cell"), "vanguard": ("unit", "cell"),
                "place": ("card", "cell"), "stage": ("card",), "clear": ("card",), "dispatch": ("card",),
                "reveal": ("card",), "pick": ("card",), "play": ("card", "unit", "pay"),
                "general": ("kind", "unit", "pay"), "move": ("unit", "to"), "skip": ("unit",), "heal": ("unit",),
                "attack": ("target", "with"), "defend": ("unit", "with", "pay"), "pass": (), "done": (),
                "nodefend": (), "penalty": ("option", "pay"), "flip": (), "noflip": (), "morale": ("card",),
                "nomorale": (), "token": ("slot",), "rally": ("card", "pay")}
#: the expansions' decisions are one level down (Discord allows 25 subcommands a group)
EXPANSION = {"penalty", "flip", "noflip", "morale", "nomorale", "token", "rally"}


def command_name(verb: str) -> str:
    return f"evs expansion {verb}" if verb in EXPANSION else f"evs {verb}"


def legal(row, seat) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]


async def prompted(world, channel=None):
    """(row, seat, member) of the first player the game waits for."""
    row = await world.match(channel)
    seat = GAME.prompts(row.state)[0].seat
    return row, seat, world.users[row.seats[seat]["user_id"]]


async def offered(actor, channel, command: str, option: str, typed: str = "", /, **filled) -> list[str]:
    result = await actor.autocomplete(channel, command, option, typed, **filled)
    choices = result if isinstance(result, list) else (result.autocomplete_choices or [])
    return [c["value"] if isinstance(c, dict) else c.value for c in choices]


def command_options(move: str) -> tuple[str, dict]:
    words = move.split()
    values = [w for w in words[1:] if w not in ("with", "pay")]
    return words[0], dict(zip(COMMAND_ARGS[words[0]], values))


async def by_command(world, actor, move: str, channel=None):
    """Make ``move`` with its /evs command, checking that every value given is among the
    command's autocomplete suggestions for what was filled before it."""
    channel = channel or world.channel
    verb, options = command_options(move)
    extra = {}
    if verb == "unpick":  # /evs pick card remove:true
        verb, options, extra = "pick", {"card": move.split()[1]}, {"remove": True}
    elif verb == "nodefend":  # /evs defend none:true
        verb, options, extra = "defend", {}, {"none": True}
    name_of = command_name(verb)
    names = list(options)
    for i, name in enumerate(names):
        before = {k: options[k] for k in names[:i]}
        suggestions = await offered(actor, channel, name_of, name, "", **before)
        if options[name] not in suggestions:  # more than 25: the player types the beginning
            suggestions = await offered(actor, channel, name_of, name, options[name], **before)
        assert options[name] in suggestions, f"/{name_of} {name}={options[name]} not suggested: {suggestions[:10]}"
    return await actor.slash(channel, name_of, **options, **extra)


async def by_menu(world, actor, move: str, channel=None):
    """Make ``move`` through the board's Act button: at most two picks after the click
    (paging through "More…" aside)."""
    channel = channel or world.channel
    result = await actor.click(last_board(channel), label="Act")
    assert result.ephemeral, "menus are private"
    message = result.response
    picks = 0
    for _ in range(12):
        components = components_of(message)
        for component in components:  # a payment: one multi-select of the cards, per unit
            custom = component.get("custom_id", "")
            if ":pay:" in custom:
                prefix = custom.split(":pay:", 1)[1]
                if move.startswith(prefix + " pay "):
                    cards = move.split(" pay ", 1)[1].split("+")
                    assert picks + 1 <= 2, f"{move!r} took more than two picks"
                    return await actor.select(message, cards, custom_id=custom)
        for component in components:
            values = [o["value"] for o in component.get("options", [])]
            if "=" + move in values:
                assert picks + 1 <= 2, f"{move!r} took more than two picks"
                return await actor.select(message, ["=" + move], custom_id=component["custom_id"])
        options = select_options(message)
        deeper = [v for label, v in options if v[:1] in "hg" and "|" in v and not label.startswith("More")
                  and (move + " ").startswith(v.split("|", 1)[1] + " ")]  # "More…" is paging, not a pick
        if deeper:
            picks += 1
            choice = max(deeper, key=len)
        else:
            more = [v for label, v in options if label.startswith("More")]
            assert more, f"{move!r} not reachable from {[v for _l, v in options]}"
            choice = more[0]
        select = next(c for c in components_of(message) if choice in [o["value"] for o in c.get("options", [])])
        result = await actor.select(message, [choice], custom_id=select["custom_id"])
        assert result.ephemeral
        message = result.response
    raise AssertionError(f"menu too deep for {move!r}")


async def play_move(world, move: str, *, menu: bool = False, channel=None):
    row, seat, actor = await prompted(world, channel)
    assert move in legal(row, seat), (move, legal(row, seat)[:10])
    if menu:
        return await by_menu(world, actor, move, channel), seat
    return await by_command(world, actor, move, channel), seat


def bot_move(row, seat) -> str:
    return GAME.format_action(GAME.bot_action(row.state, seat))


async def play_until(world, done, *, max_steps: int, choose=bot_move, menu_every: int = 4):
    """The prompted player makes the engine bot's move through Discord until ``done(row)``."""
    match_id = (await world.match()).id
    for step in range(max_steps):
        row = await world.service.load(match_id)
        if row.status != "active" or done(row):
            return row
        row, seat, _actor = await prompted(world)
        by_menu_now = bool(menu_every) and step % menu_every == menu_every - 1
        result, _ = await play_move(world, choose(row, seat), menu=by_menu_now)
        reply = result.response.content if result.response is not None else ""
        assert not (reply or "").startswith("⚠️"), reply
    raise AssertionError("the game did not get there")


async def create(world, members, **options):
    return await create_match(world, "evs", members, **options)


def channel_text(channel) -> str:
    parts = []
    for message in channel.history():
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", (embed.footer.text if embed.footer else "") or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
        parts += [f"{label}" for label in button_labels(message)]
    return "\n".join(parts)


def dm_text(member) -> str:
    dm = member.user.dm_channel
    if dm is None:
        return ""
    out = []
    for m in dm.history():
        out.append(m.content or "")
        for e in m.embeds:
            out += [e.title or "", e.description or ""] + [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(out)


def defence_window(row) -> bool:
    return any(p.key == "evs.prompt.defend" for p in GAME.prompts(row.state))


def attack_with_an_enemy_out_of_reach(row) -> bool:
    """The active player's Action with an attack to declare, an enemy unit none of the
    attacks can reach, and a unit that has not acted yet."""
    st = row.state
    if st["phase"] != "turn" or st["pending"] is not None:
        return False
    seat = st["active"]
    attacks = [m.split() for m in legal(row, seat) if m.startswith("attack ")]
    reachable = {words[1] for words in attacks}
    enemies = {uid for uid, u in st["units"].items() if u["seat"] != seat}
    fresh = [uid for uid, u in st["units"].items() if u["seat"] == seat and u["acted_turn"] != st["turn"]]
    return bool(attacks) and bool(enemies - reachable) and bool(fresh)


def name_en(card: str) -> str:
    from cogs.evs.words import content_name
    return content_name(card, "en")


# -- the tests ----------------------------------------------------------------------------

@pytest.mark.slow
async def test_two_members_play_a_whole_game(world):
    """ES-SET, ES-VAN, ES-TURN, ES-DEP, ES-ACT, ES-ENG, ES-DEF, ES-END: a whole game from the
    lobby to the result, every move a slash command with autocompleted values or an Act-menu
    pick; private views reach the players by DM."""
    await create(world, [world.alice, world.bob])
    board = last_board(world.channel)
    assert {"Act", "Continue", "My view", "Command zone"} <= set(button_labels(board))  # advanced rule off
    assert "Vanguard deployment" in channel_text(world.channel)

    row = await play_until(world, lambda r: False, max_steps=400)
    assert row.status == "finished" and row.result["winners"]
    text = channel_text(world.channel)
    winner = row.seats[row.result["winners"][0]]["name"]
    assert f"{winner} wins" in text
    assert "declares" in text and "attacks" in text and "Turn 2:" in text
    log = await world.service.log(row.id)
    assert log and all(entry.kind == "action" and entry.user_id in (world.alice.id, world.bob.id) for entry in log)
    verbs = {entry.action.split()[0] for entry in log}
    assert {"vanguard", "declare", "done", "attack"} <= verbs
    for member in (world.alice, world.bob):
        assert "your private view" in dm_text(member)


@pytest.mark.slow
async def test_a_game_with_both_expansions_through_commands(world):
    """ES-TER, ES-MX: with the Terrain and Morale expansions the extra decisions (terrain
    placement, penalties, flips, morale cards, Rally) are made through /evs place and
    /evs expansion … with autocompleted values, and through the Act menu."""
    await create(world, [world.alice, world.bob], terrain="on", morale="on")
    row = await world.match()
    assert row.options["terrain"] == "on" and row.options["morale"] == "on"
    row = await play_until(world, lambda r: r.state["turn"] >= 6, max_steps=400)
    log = await world.service.log(row.id)
    verbs = {entry.action.split()[0] for entry in log}
    assert "place" in verbs and verbs & EXPANSION, sorted(verbs)
    assert all(entry.kind == "action" for entry in log)


@pytest.mark.slow
async def test_a_defence_window_answered_and_one_left_to_expire(world):
    """ES-ENG-6, ES-DEF-2..4: an attack opens the defence window: the board mentions the
    defender, who gets a DM summing up the attack (attackers, summed power, target, wounds) and
    answers with /evs defend; a later window left unanswered expires to no defence."""
    await create(world, [world.alice, world.bob])
    row = await play_until(world, defence_window, max_steps=300, menu_every=0)
    row, seat, defender = await prompted(world)
    attacker = world.alice if defender is world.bob else world.bob
    pending = row.state["pending"]
    target = row.state["units"][pending["target"]]
    board = last_board(world.channel)
    assert defender.mention in board.content
    assert f"{defender.name} may defend" in board.embeds[0].description
    assert "Defence window" in channel_text(world.channel)
    dm = dm_text(defender).rsplit("your private view", 1)[-1]
    power = GAME.view(row.state, None)["pending"]["power"]
    assert f"{attacker.name} attacks {defender.name}'s {name_en(target['card'])} {pending['target']}" in dm
    assert f"power {power}" in dm and f"wounds {target['wounds']}/" in dm
    for uid in pending["attackers"]:
        assert f"{name_en(row.state['units'][uid]['card'])} {uid}" in dm

    defence = next(m for m in legal(row, seat) if m.startswith("defend "))
    answered = await by_command(world, defender, defence)
    assert moved(answered)
    log = await world.service.log(row.id)
    assert log[-1].action.startswith("defend ") and log[-1].seat == seat
    assert f"{defender.name} defends" in channel_text(world.channel)

    row = await play_until(world, defence_window, max_steps=300, menu_every=0)
    row, seat, defender = await prompted(world)
    await world.env.advance_time(11 * 60)
    after = await world.match()
    assert after.version > row.version
    assert "ran out of time" in channel_text(world.channel)
    timed_out = [entry for entry in await world.service.log(row.id) if entry.kind == "timeout"]
    assert timed_out and timed_out[-1].seat == seat and timed_out[-1].action == "nodefend"
    assert f"{defender.name} does not defend" in channel_text(world.channel)


@pytest.mark.slow
async def test_the_hidden_command_zone_never_reaches_the_opponent(world):
    """ES-ADV-1: with the advanced rule a staged card is known to its owner only: not in the
    channel, the opponent's DMs, autocomplete or view, nor /match log (seen as ``stage ?``)."""
    await create(world, [world.alice, world.bob], advanced="on")
    assert "Command zone" not in button_labels(last_board(world.channel))

    def stages(row):
        return any(m.startswith("stage ") for p in GAME.prompts(row.state) for m in legal(row, p.seat))

    row = await play_until(world, stages, max_steps=200, menu_every=0)
    row, seat, owner = await prompted(world)
    other = world.bob if owner is world.alice else world.alice
    card = next(m.split()[1] for m in legal(row, seat) if m.startswith("stage "))
    name = name_en(card)
    assert card in await offered(owner, world.channel, "evs stage", "card")
    staged = await owner.slash(world.channel, "evs stage", card=card)
    assert moved(staged)
    assert "stages a command card" in channel_text(world.channel)
    assert name not in channel_text(world.channel) and card not in channel_text(world.channel)
    assert name in dm_text(owner) or any(name in (e.description or "") + " ".join(f.value for f in e.fields)
                                         for m in [staged.response] + list(staged.followups) if m for e in m.embeds)
    assert name not in dm_text(other)

    seen = await other.slash(world.channel, "evs view")
    assert seen.ephemeral
    shown = " ".join((e.description or "") + " ".join(f.value for f in e.fields) for e in seen.response.embeds)
    assert name not in shown and "▢" in channel_text(world.channel)
    for command, option in (("evs act", "move"), ("evs stage", "card"), ("evs reveal", "card")):
        assert not [v for v in await offered(other, world.channel, command, option) if card in v]
    looked = await other.click(last_board(world.channel), label="Act")
    assert looked.ephemeral and name not in (looked.response.content or "") + str(select_options(looked.response))

    for member, hidden in ((owner, False), (other, True), (world.carol, True)):
        log = await member.slash(world.channel, "match log")
        assert log.ephemeral
        text = log.response.content or ""
        if hidden:
            assert "stage ?" in text and card not in text, text
        else:
            assert f"stage {card}" in text

    # the game goes on: the card is played or revealed in time, never shown before
    row = await play_until(world, lambda r: any(card == e["card"] and e["revealed"]
                                                for e in r.state["players"][seat]["zone"])
                           or card not in [e["card"] for e in r.state["players"][seat]["zone"]],
                           max_steps=200, menu_every=0)


async def test_without_the_advanced_rule_the_opponent_may_look_at_the_zone(world):
    """ES-ADV-2, ES-AMB-15: without the advanced rule the opponent may look at the unrevealed
    command zone at any time (a private answer); an outsider may not."""
    await create(world, [world.alice, world.bob])

    def staged(row):
        return any(e for p in row.state["players"] for e in p["zone"])

    row = await play_until(world, staged, max_steps=200, menu_every=0)
    owner_seat = next(s for s in (0, 1) if row.state["players"][s]["zone"])
    other = world.users[row.seats[1 - owner_seat]["user_id"]]
    card = row.state["players"][owner_seat]["zone"][0]["card"]
    assert name_en(card) not in channel_text(world.channel)
    looked = await other.click(last_board(world.channel), label="Command zone")
    assert looked.ephemeral and name_en(card) in looked.response.content
    outsider = await world.carol.click(last_board(world.channel), label="Command zone")
    assert outsider.ephemeral and "not seated" in outsider.response.content
    assert name_en(card) not in channel_text(world.channel)


async def test_the_secret_pick_is_answered_privately(world):
    """ES-AMB-3: with hands=pick each player picks in secret; a pick is answered privately
    and the channel learns only that a hand is complete. The board offers no look at the
    command zone while the pick is on (the engine's ``peek``)."""
    await create(world, [world.alice, world.bob], hands="pick")
    row = await world.match()
    assert row.state["phase"] == "select"
    assert "Command zone" not in button_labels(last_board(world.channel))
    before = len(world.channel.history())
    cards = [c for c in await offered(world.alice, world.channel, "evs pick", "card") if c != "standard"]
    assert "standard" in await offered(world.alice, world.channel, "evs pick", "card")
    picked = await world.alice.slash(world.channel, "evs pick", card=cards[0])
    assert picked.ephemeral and name_en(cards[0]) in picked.response.embeds[0].description
    assert len(world.channel.history()) == before
    bob_log = await world.bob.slash(world.channel, "match log")
    assert "pick ?" in bob_log.response.content and cards[0] not in bob_log.response.content
    undone = await world.alice.slash(world.channel, "evs pick", card=cards[0], remove=True)
    assert undone.ephemeral and len(world.channel.history()) == before

    for member in (world.alice, world.bob):
        assert moved(await member.slash(world.channel, "evs pick", card="standard"))
    assert "has picked a starting hand in secret" in channel_text(world.channel)
    row = await world.match()
    assert row.state["phase"] == "vanguard"


async def test_bad_input_is_answered_privately_and_changes_nothing(world):
    """Wrong turn, an outsider, a unit that already acted (ES-TURN-7), a cost not paid from
    the hand (ES-GEN-9), an attack on an enemy out of reach (ES-ENG-2), malformed notation, a
    command that is not possible now: each answered only to the sender, with the reason, and
    nothing changes."""
    await create(world, [world.alice, world.bob])
    row = await play_until(world, attack_with_an_enemy_out_of_reach, max_steps=300, menu_every=0)
    row, seat, actor = await prompted(world)
    waiting = world.alice if actor is world.bob else world.bob
    st = row.state
    attack = next(m.split() for m in legal(row, seat) if m.startswith("attack "))
    attacker = attack[3].split("+")[0]
    assert st["units"][attacker]["acted_turn"] == st["turn"]     # executing its command: it acted
    reachable = {m.split()[1] for m in legal(row, seat) if m.startswith("attack ")}
    far = next(uid for uid, u in st["units"].items() if u["seat"] != seat and uid not in reachable)
    fresh = next(uid for uid, u in st["units"].items() if u["seat"] == seat and u["acted_turn"] != st["turn"])
    not_in_hand = next(e["card"] for e in st["players"][1 - seat]["zone"] + st["players"][seat]["zone"]) \
        if st["players"][seat]["zone"] or st["players"][1 - seat]["zone"] else "arrow_storm"
    before = (row.version, json.dumps(row.state, sort_keys=True))
    messages = len(world.channel.history())

    async def refused(member, command, expect, **options):
        result = await member.slash(world.channel, command, **options)
        assert result.ephemeral, command
        text = result.response.content or ""
        assert text.startswith("⚠️") and expect in text, (command, text)
        return text

    await refused(waiting, "evs done", "not your decision")
    await refused(world.carol, "evs done", "not seated")
    await refused(actor, "evs general", "already executed a command this turn", kind="move", unit=attacker)
    await refused(actor, "evs general", "Pay exactly the cost", kind="attack", unit=fresh)  # nothing paid
    await refused(actor, "evs general", "Pay exactly the cost", kind="attack", unit=fresh, pay=not_in_hand)
    text = await refused(actor, "evs attack", f"able to reach {far}", target=far, **{"with": attacker})
    assert "Legal now" in text
    await refused(actor, "evs act", "cannot read", move="fly to the moon")
    await refused(actor, "evs declare", "not possible", first="deploy", second="action")
    wrong_click = await waiting.click(last_board(world.channel), label="Continue")
    assert wrong_click.ephemeral

    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    assert len(world.channel.history()) == messages


@pytest.mark.slow
async def test_standing_defence_orders_answer_for_the_defender(world):
    """/evs policy (engine/evs/standing.py): set privately at any time; with "never" an attack
    on that player's unit is resolved at once with no defence window and nobody waits on them;
    the order itself never appears in the channel or the opponent's log."""
    await create(world, [world.alice, world.bob])
    row = await world.match()
    waiting = GAME.prompts(row.state)[0].seat
    idle = world.users[row.seats[1 - waiting]["user_id"]]  # not the one to act: orders are off-turn
    result = await idle.slash(world.channel, "evs policy", defence="never")
    assert result.ephemeral and "Standing defence order: never defend" in result.response.content
    row = await world.match()
    idle_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == idle.id)
    assert row.state["players"][idle_seat]["policy"] == "never"
    other = world.users[row.seats[1 - idle_seat]["user_id"]]
    before = channel_text(world.channel)
    await other.slash(world.channel, "evs policy", defence="never")
    assert channel_text(world.channel) == before  # a private setting: nothing posted

    async def an_attack_resolved() -> bool:
        log = await world.service.log(row.id)
        return any(entry.action.startswith("attack ") for entry in log)

    for _ in range(40):
        if await an_attack_resolved():
            break
        row = await play_until(world, lambda r: r.state["turn"] > row.state["turn"] or r.status != "active",
                               max_steps=120, menu_every=0)
        assert not defence_window(row)
    assert await an_attack_resolved()
    assert "does not defend" in channel_text(world.channel)
    log = await world.service.log(row.id)
    assert not any(entry.action in ("nodefend",) or entry.action.startswith("defend ") for entry in log)
    orders = [entry for entry in log if entry.action.startswith("pol ")]
    assert len(orders) == 2
    assert all(GAME.log_text(row.state, entry.seat, 1 - entry.seat, entry.action) == "?" for entry in orders)


@pytest.mark.slow
async def test_the_bot_restarts_mid_turn_and_play_goes_on(world, db_url):
    """A restarted bot resumes the match mid-turn; the old board's Act button still opens the
    menu, and the game goes on."""
    await create(world, [world.alice, world.bob])
    row = await play_until(world, lambda r: r.state["phase"] == "turn" and r.state["turn_state"]["declared"]
                           and r.state["turn"] >= 2, max_steps=200, menu_every=0)
    before = await world.match()
    board = last_board(world.channel)
    await world.env.restart_bot(make_bot(db_url))
    row, seat, actor = await prompted(world)
    assert row.version == before.version and row.state == before.state
    menu = await actor.click(board, label="Act")
    assert menu.ephemeral and select_options(menu.response)
    await play_until(world, lambda r: r.version >= before.version + 6, max_steps=20)


async def test_every_decision_of_a_turn_is_in_the_act_menu(world):
    """Every legal move of many positions is reachable from the board's Act button in at most
    two picks (the menu's values are checked against the legal moves), including a position
    where one first step has more endings than a select holds (a card paid in many ways)."""
    await create(world, [world.alice, world.bob])
    checked, crowded = 0, 0
    for _ in range(200):
        row, seat, actor = await prompted(world)
        moves = legal(row, seat)
        heads = Counter(GAME.action_info(m).head for m in moves)
        big = max(heads.values()) > 25
        if checked < 20 or big:
            result = await actor.click(last_board(world.channel), label="Act")
            assert result.ephemeral
            reachable = await menu_moves(actor, result.response)
            assert set(moves) <= reachable, sorted(set(moves) - reachable)[:5]
            checked += 1
            crowded += big
        if checked >= 20 and crowded:
            break
        await play_until(world, lambda r, v=row.version: r.version > v, max_steps=2, menu_every=0)
        assert (await world.match()).status == "active"
    assert checked >= 20 and crowded


async def menu_moves(actor, message, depth: int = 0) -> set[str]:
    """Every move the Act menu can make: the first select's options and one level below."""
    found = set()
    for component in components_of(message):
        custom = component.get("custom_id", "")
        options = [o["value"] for o in component.get("options", [])]
        if ":pay:" in custom:
            # a multi-select of exactly the cost: any such choice of the offered cards
            from itertools import combinations
            n = component["min_values"]
            found |= {f"{custom.split(':pay:', 1)[1]} pay {'+'.join(sorted(c))}" for c in combinations(options, n)}
            continue
        for value in options:
            if value.startswith("="):
                found.add(value[1:])
            elif depth < 2:
                result = await actor.select(message, [value], custom_id=custom)
                assert result.ephemeral
                found |= await menu_moves(actor, result.response, depth + (0 if value.startswith("p") else 1))
    return found


def test_every_evs_command_and_option_has_catalog_words():
    """Slash-command names and parameters need ``name.<word>`` (Chinese), descriptions their keys."""
    from discord import app_commands

    from cogs.evs.commands import Evs
    from gamehost.i18n import catalog

    missing = []

    def walk(command):
        keys = [f"name.{command.name}"] + [f"name.{p.display_name}" for p in getattr(command, "parameters", [])]
        missing.extend(k for k in keys if not catalog().has(k))
        description = command._locale_description
        if not isinstance(description, app_commands.locale_str) or not catalog().has(description.extras.get("key", "")):
            missing.append(f"description of {command.qualified_name}")
        for child in getattr(command, "commands", []):
            walk(child)

    walk(Evs.evs)
    assert not missing, sorted(set(missing))
    assert len(Evs.evs.commands) <= 25 and {c.name for c in Evs.ex.commands} == EXPANSION
