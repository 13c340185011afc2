"""Every button and menu applies exactly once (gamehost/once.py): two presses of the same
component arrive at the same moment (real ``asyncio.gather``) and go through the real
``Host.on_component``, each game's real UI and the real service on a SQLite file. Of the two,
one applies and the other is refused with a clear private answer; the move log holds the
presser's decision once. Every component verb a UI posts that makes a move is pressed
(the read-only ones, which change nothing, are pressed too); the lobby's buttons as well.

Kingdom Rush's Done is pressed where a second Done would still be legal (the team's last
Done ends the phase, solo and with two players): before, it applied twice and skipped the
presser's next decision."""
from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace

import discord
import pytest

from cogs.clash.ui import ClashUI
from cogs.cloudspire.ui import CloudspireUI
from cogs.evs.ui import EvsUI
from cogs.host import Host
from cogs.kr.ui import KrUI
from cogs.move_args import token
from engine.kr import build_options
from gamehost.registry import plugin
from gamehost.service import MatchService
from gamehost.snapshot import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

CHANNEL = 500
USERS = (11, 12, 13)
IDS = itertools.count(10_000)
UIS = {"clash": ClashUI, "cloudspire": CloudspireUI, "evs": EvsUI, "kr": KrUI}


# -- a Discord just big enough for the host -------------------------------------------------

class Channel:
    def __init__(self):
        self.posts = 0

    async def send(self, content=None, **kwargs):
        self.posts += 1
        return SimpleNamespace(id=next(IDS))

    def get_partial_message(self, message_id):
        async def edit(**kwargs):
            return None
        return SimpleNamespace(edit=edit)


class Member:
    async def send(self, *args, **kwargs):
        return SimpleNamespace(id=next(IDS))


class Bot:
    def __init__(self):
        self.channel = Channel()

    def get_channel(self, channel_id):
        return self.channel

    async def fetch_channel(self, channel_id):
        return self.channel

    def get_user(self, user_id):
        return Member()

    async def fetch_user(self, user_id):
        return Member()

    def get_cog(self, name):
        return None


class Renderer:
    def start(self, job):
        drawn = asyncio.get_running_loop().create_future()
        drawn.set_result(b"\x89PNG\r\n\x1a\n")
        return drawn

    async def run(self, job):
        return await self.start(job)


class Response:
    def __init__(self, press: "Press"):
        self.press = press
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs):
        self.done = True

    async def send_message(self, content="", **kwargs):
        self.done = True
        self.press.replies.append(content or "")

    async def edit_message(self, **kwargs):
        self.done = True


class Press:
    """One click of a button (or pick in a menu) by ``user_id``."""
    type = discord.InteractionType.component

    def __init__(self, user_id: int):
        self.id = next(IDS)
        self.user = SimpleNamespace(id=user_id, display_name=f"user{user_id}")
        self.locale = discord.Locale.american_english
        self.extras: dict = {}
        self.channel_id = CHANNEL
        self.replies: list[str] = []
        self.response = Response(self)
        self.followup = SimpleNamespace(send=self._followup)

    async def _followup(self, content="", **kwargs):
        self.replies.append(content or "")

    async def edit_original_response(self, content=None, **kwargs):
        self.replies.append(content or "")

    async def delete_original_response(self):
        return None

    async def original_response(self):
        return SimpleNamespace(id=next(IDS))

    @property
    def text(self) -> str:
        return "\n".join(self.replies)


SEED = 2


@pytest.fixture
async def host(store, clock):
    # Fixed seeds: the bots' moves that lead up to the pressed component are then the same on
    # every run (with random seeds some Clash games ended before a one-destination card came up).
    seeds = itertools.count(SEED)
    service = MatchService(store, clock, live_seconds=600, async_seconds=86400, seed_source=lambda: next(seeds))
    host = Host(Bot(), service, Renderer())
    for ui in UIS.values():
        host.register(ui(host))
    yield host
    await service.close()


# -- matches --------------------------------------------------------------------------------

async def started(service, game: str, humans: int = 2):
    await service.create(guild_id=1, channel_id=CHANNEL, creator_id=USERS[0], creator_name="u11", game=game,
                         options={})
    for user in USERS[1:humans]:
        await service.join(CHANNEL, user, f"u{user}")
    return (await service.start(CHANNEL, USERS[0])).match


def seat_view(host, row, seat):
    ui = host.uis[row.game]
    snap = snapshot(row)
    return ui.seat_of(snap, seat) if hasattr(ui, "seat_of") else snap.for_seat(seat)


async def advance(host, row, ready, limit: int = 300):
    """The prompted seats make the engine bot's moves until a prompted seat is ``ready``: the
    row and that seat's snapshot."""
    service, engine = host.service, plugin(row.game).engine
    for _ in range(limit):
        row = await service.load(row.id)
        assert row.status == "active"
        waiting = snapshot(row).waiting
        for seat in waiting:
            mine = seat_view(host, row, seat)
            if ready(host.uis[row.game], mine):
                return row, mine
        seat = waiting[0]
        await service.act(row.id, row.seats[seat]["user_id"], engine.format_action(engine.bot_action(row.state, seat)))
    raise AssertionError("never ready")


async def press_twice(host, row, user: int, verb: str, arg: str = "", values=()) -> list[Press]:
    presses = [Press(user), Press(user)]
    await asyncio.gather(*(host.on_component(p, row.id, row.version, verb, arg, list(values)) for p in presses))
    return presses


REFUSED = ("Already done", "out of date", "⚠️")


async def assert_once(host, row, user, presses, before: int, *, done: bool = True) -> None:
    """The presser's decision is in the log once; the other press was refused privately: as
    already done when the move ended the presser's decision (``done``), else (a simultaneous
    phase that goes on) by whatever the game says of that move now."""
    new = [e for e in await host.service.log(row.id) if e.seq > before]
    assert [e.user_id for e in new if e.user_id is not None] == [user], [(e.user_id, e.action) for e in new]
    expected = ("Already done",) if done else REFUSED
    assert sum(any(r in p.text for r in expected) for p in presses) == 1, [p.text for p in presses]


def one_destination(ui, mine):
    cards = [c for c in ui.playable_cards(mine) if len(ui.destinations(mine, c)) == 1]
    return cards[0] if cards else None


def pay_move(mine):
    return next((m for m in mine.legal if " pay " in m), None)


def drill_values(mine):
    move = next(m for m in mine.moves if m.verb == "build" and len(m.args) >= 3)
    card, site, facing = move.args[:3]
    return f"{mine.view.get('round')}.{card}", ["! " + build_options.draft_text(site, facing, [])]


# (game, verb, is this prompted seat ready, the pressed component's (arg, values))
MOVES = [
    ("clash", "do", lambda ui, m: m.legal and m.view.get("stage") != "play", lambda ui, m: ("", [m.legal[0]])),
    ("clash", "end", lambda ui, m: "end" in m.legal, lambda ui, m: ("", [])),
    ("clash", "card", lambda ui, m: one_destination(ui, m) is not None, lambda ui, m: ("", [one_destination(ui, m)])),
    ("clash", "confirm", lambda ui, m: "end" in m.legal, lambda ui, m: ("end", [])),
    ("cloudspire", "pick", lambda ui, m: bool(m.legal), lambda ui, m: ("", ["=" + m.legal[0]])),
    ("cloudspire", "do", lambda ui, m: bool(m.legal), lambda ui, m: (m.legal[0], [])),
    ("cloudspire", "next", lambda ui, m: m.continue_move is not None, lambda ui, m: ("", [])),
    ("cloudspire", "auto", lambda ui, m: m.prompted, lambda ui, m: ("", [])),
    ("evs", "pick", lambda ui, m: bool(m.legal), lambda ui, m: ("", ["=" + m.legal[0]])),
    ("evs", "pay", lambda ui, m: pay_move(m) is not None,
     lambda ui, m: (pay_move(m).split(" pay ")[0], pay_move(m).split(" pay ")[1].split("+"))),
    ("evs", "next", lambda ui, m: m.continue_move is not None, lambda ui, m: ("", [])),
    ("evs", "auto", lambda ui, m: m.prompted, lambda ui, m: ("", [])),
    ("kr", "pick", lambda ui, m: bool(m.legal), lambda ui, m: ("", ["=" + token(m.legal[0])])),
    ("kr", "drill", lambda ui, m: any(x.verb == "build" and len(x.args) >= 3 for x in m.moves),
     lambda ui, m: drill_values(m)),
]


@pytest.mark.parametrize("game, verb, ready, component", MOVES, ids=[f"{g}-{v}" for g, v, _r, _c in MOVES])
async def test_a_move_component_pressed_twice_at_once_applies_once(host, game, verb, ready, component):
    row = await started(host.service, game)
    row, mine = await advance(host, row, ready)
    user = row.seats[mine.seat]["user_id"]
    arg, values = component(host.uis[game], mine)
    before = len(await host.service.log(row.id))
    presses = await press_twice(host, row, user, verb, arg, values)
    asked = [(p.kind, p.key) for p in snapshot(row).prompts if p.seat == mine.seat]
    after = await host.service.load(row.id)
    goes_on = asked[0][0] == "simultaneous" and asked == [(p.kind, p.key) for p in snapshot(after).prompts
                                                         if p.seat == mine.seat]
    await assert_once(host, row, user, presses, before, done=not goes_on)


@pytest.mark.parametrize("humans", [1, 2])
async def test_kr_done_pressed_twice_at_once_leaves_the_next_decision_open(host, humans):
    """The team's last Done ends the phase: the second press must not answer the next one."""
    row = await started(host.service, "kr", humans)
    row, mine = await advance(host, row, lambda ui, m: m.continue_move == "done" and len(snapshot(m.match._row).waiting) == 1)
    user = row.seats[mine.seat]["user_id"]
    before = len(await host.service.log(row.id))
    presses = await press_twice(host, row, user, "done")
    await assert_once(host, row, user, presses, before)
    after = await host.service.load(row.id)
    assert [e.action for e in await host.service.log(row.id) if e.seq > before and e.user_id == user] == ["done"]
    assert after.version == row.version + 1 and mine.seat in snapshot(after).waiting  # its next decision is open


READS = [("clash", "hand"), ("clash", "play"), ("cloudspire", "view"), ("cloudspire", "menu"),
         ("evs", "view"), ("evs", "menu"), ("kr", "view"), ("kr", "menu"), ("clash", "cancel")]


@pytest.mark.parametrize("game, verb", READS, ids=[f"{g}-{v}" for g, v in READS])
async def test_a_reading_component_pressed_twice_at_once_changes_nothing(host, game, verb):
    row = await started(host.service, game)
    row, mine = await advance(host, row, lambda ui, m: m.prompted and (game != "clash" or m.view.get("stage") == "play"))
    presses = await press_twice(host, row, row.seats[mine.seat]["user_id"], verb)
    assert (await host.service.load(row.id)).version == row.version
    assert not any(p.text.startswith("⚠️") for p in presses), [p.text for p in presses]


async def test_lobby_buttons_pressed_twice_at_once_apply_once(host):
    service = host.service
    row = await service.create(guild_id=1, channel_id=CHANNEL, creator_id=USERS[0], creator_name="u11",
                               game="kr", options={})
    presses = await press_twice(host, row, USERS[1], "join")
    row = await service.load(row.id)
    assert [s["user_id"] for s in row.seats] == [USERS[0], USERS[1]]
    assert sum("already have a seat" in p.text for p in presses) == 1

    presses = await press_twice(host, row, USERS[1], "leave")
    row = await service.load(row.id)
    assert [s["user_id"] for s in row.seats] == [USERS[0]]
    assert sum("not seated" in p.text for p in presses) == 1

    presses = await press_twice(host, row, USERS[0], "addbot")
    row = await service.load(row.id)
    assert [s["bot"] for s in row.seats] == [False, True]          # one bot, not two
    assert sum("Already done" in p.text for p in presses) == 1
    await host.on_component(Press(USERS[0]), row.id, row.version, "addbot", "", [])  # the newer lobby's button
    row = await service.load(row.id)
    assert [s["bot"] for s in row.seats] == [False, True, True]

    presses = await press_twice(host, row, USERS[0], "start")
    row = await service.load(row.id)
    assert row.status == "active"
    assert [e.kind for e in await service.log(row.id)].count("action") == 0
    assert sum("already started" in p.text for p in presses) == 1
