"""The notation table (engine/cloudspire/notation.py): one row per verb drives parsing,
formatting and the action metadata the host reads (engine.base.ActionInfo), and
``continue_action``. Round trip over every legal action of many seeded positions."""
import inspect
import random

import pytest

from engine import base
from engine.base import IllegalAction
from engine.cloudspire import GAME, notation
from engine.cloudspire.bot import bot_action
from engine.cloudspire.scenario import Scenario

B, GR = 0, 1

# text -> (command, args, kinds, head, rest, subject, quiet, continues); one row per verb form
INFO = {
    "pick brawnen": ("", (), (), "pick brawnen", "", "brawnen", False, False),
    "isle 3 2": ("", (), (), "isle 3", "2", "", False, False),
    "fort 2,-3 1": ("", (), (), "fort 2,-3", "1", "", False, False),
    "buy ballista": ("buy", ("ballista",), ("chip",), "buy ballista", "", "ballista", False, False),
    "buy es": ("buy", ("es",), ("chip",), "buy es", "", "es", False, False),
    "pass": ("pass", (), (), "pass", "", "", False, True),
    "build catapult+ 3,-1 af": ("build", ("catapult+", "3,-1", "af"), ("spire_type", "hex", "order"),
                                "build catapult+", "3,-1 af", "catapult", False, False),
    "build catapult 3,-1 ar": ("build", ("catapult", "3,-1", "ar"), ("spire_type", "hex", "order"),
                               "build catapult", "3,-1 ar", "catapult", False, False),
    "up 3,-1 f": ("upgrade", ("3,-1", "f"), ("hex", "chips"), "up 3,-1", "f", "", False, False),
    "es es9 -2,3 1": ("earthscape", ("es9", "-2,3", "1"), ("earthscape", "hex", "rotation"), "es es9", "-2,3 1",
                      "es9", False, False),
    "skip": ("end", ("skip",), ("word",), "skip", "", "", False, True),
    "adv harbor": ("advance", ("harbor",), ("structure",), "adv harbor", "", "harbor", False, False),
    "end": ("end", ("end",), ("word",), "end", "", "", False, True),
    "mark 2": ("mark", ("2",), ("seat",), "mark 2", "", "", False, False),
    "add slinger": ("deploy", ("slinger",), ("unit_type",), "add slinger", "", "slinger", True, False),
    "join warmonger": ("deploy", ("warmonger", "group"), ("unit_type", "word"), "join warmonger", "", "warmonger",
                       True, False),
    "equip longbow grimjaw": ("equip", ("longbow", "grimjaw"), ("item", "hero"), "equip longbow", "grimjaw",
                              "longbow", True, False),
    "undo": ("stack", ("undo",), ("word",), "undo", "", "", True, False),
    "lock": ("stack", ("lock",), ("word",), "lock", "", "", False, True),
    "autostack": ("stack", ("autostack",), ("word",), "autostack", "", "", True, False),
    "relic war_horn": ("", (), (), "relic war_horn", "", "war_horn", False, False),
    "relic switcheroo 1,2 3,4": ("", (), (), "relic switcheroo", "1,2 3,4", "switcheroo", False, False),
    "die": ("", (), (), "die", "", "", False, False),
    "next": ("end", ("next",), ("word",), "next", "", "", False, True),
    "mv u4 2,-1": ("move", ("u4", "2,-1"), ("unit", "hex"), "mv u4", "2,-1", "u4", False, False),
    "mm u5 1,1": ("lead", ("u5", "1,1"), ("unit", "destination"), "mm u5", "1,1", "u5", False, False),
    "mm u5 stay": ("lead", ("u5", "stay"), ("unit", "destination"), "mm u5", "stay", "u5", False, False),
    "explore 4,-1": ("explore", ("4,-1",), ("hex",), "explore 4,-1", "", "", False, False),
    "reveal": ("peek", ("reveal",), ("word",), "reveal", "", "", False, False),
    "hide": ("peek", ("hide",), ("word",), "hide", "", "", False, False),
    "atk u4 5,-2": ("attack", ("u4", "5,-2"), ("unit", "hex"), "atk u4", "5,-2", "u4", False, False),
    "lvl u4 flip": ("", (), (), "lvl u4", "flip", "u4", False, False),
    "free ballista ar": ("", (), (), "free ballista", "ar", "ballista", False, False),
    "free none": ("", (), (), "free none", "", "", False, False),
    "fire s3 u7": ("", (), (), "fire s3", "u7", "s3", False, False),
    "pol spire heroes_first": ("policy", ("spire", "heroes_first"), ("policy", "setting"), "pol spire",
                               "heroes_first", "spire", True, False),
}

# The /cloudspire subcommands a move can be made with (cogs/cloudspire); "" = only /cloudspire act.
COMMANDS = {"", "buy", "pass", "build", "upgrade", "earthscape", "advance", "mark", "deploy", "equip", "stack",
            "move", "lead", "explore", "peek", "attack", "end", "policy"}


def test_every_verb_has_an_action_info_row():
    """Every verb of the table is in the expectations above, in every form."""
    assert {t.split()[0] for t in INFO} == {row.verb for row in notation.VERBS}
    assert {row.command for row in notation.VERBS} <= COMMANDS


@pytest.mark.parametrize("text", sorted(INFO))
def test_action_info_of_every_verb(text):
    """ActionInfo (engine.base): command, its arguments and their kinds, the two menu steps,
    the subject, quiet moves (the hidden stack CS-PREP-3..8 and standing policies) and the
    moves that continue (end the step, phase or turn: CS-BLD-1, CS-MKT-3, CS-ONS-2, CS-PREP-9).
    A command's arguments spell the move again (the verb table's inverse)."""
    command, args, kinds, head, rest, subject, quiet, continues = INFO[text]
    info = GAME.action_info(text)
    assert info == base.ActionInfo(text=text, verb=text.split()[0], command=command, args=args, head=head,
                                   rest=rest, subject=subject, quiet=quiet, continues=continues, kinds=kinds)
    assert (info.head + " " + info.rest).strip() == text
    assert GAME.format_action(GAME.parse_action(text)) == text
    if command:
        assert GAME.move_from_command(command, args) == text


@pytest.mark.parametrize("text", ["frobnicate x y", "", "mv"])
def test_action_info_of_text_that_is_not_notation_is_refused(text):
    """Only moves have metadata: the host asks for it of legal moves and of moves the engine
    has just accepted, so text that is no move is refused like parse_action refuses it."""
    with pytest.raises(IllegalAction) as e:
        GAME.action_info(text)
    assert e.value.code == "cloudspire.err.bad_notation" and e.value.params["text"] == text


def test_move_from_command_spells_only_moves_of_that_command():
    """The inverse of a command's arguments: keywords-free, so only the right shapes spell a
    move (a hex where a hex goes, ``stay`` only for the lead minion, ``group`` for join)."""
    assert GAME.move_from_command("move", ("u4", "2,-1")) == "mv u4 2,-1"
    assert GAME.move_from_command("move", ("u4", "stay")) is None
    assert GAME.move_from_command("lead", ("u5", "stay")) == "mm u5 stay"
    assert GAME.move_from_command("deploy", ("slinger",)) == "add slinger"
    assert GAME.move_from_command("deploy", ("slinger", "group")) == "join slinger"
    assert GAME.move_from_command("attack", ("grimjaw", "5,-2")) is None
    assert GAME.move_from_command("end", ()) is None
    assert GAME.move_from_command("end", ("next",)) == "next"


def test_contract_signatures():
    """``action_info(text)`` and ``continue_action(state, seat)`` as engine.base.Game has them."""
    for name in ("action_info", "continue_action"):
        want = list(inspect.signature(getattr(base.Game, name)).parameters)[1:]
        assert list(inspect.signature(getattr(GAME, name)).parameters) == want


@pytest.mark.parametrize("text", ["", "   ", "frob", "pick", "isle 1", "isle x 2", "mark two", "build catapult 3,-1",
                                  "next now", "pass 1", "free none ar", "free ballista", "mm u1", "es es9 1,1 r"])
def test_bad_notation_is_refused_with_a_catalog_key(text):
    with pytest.raises(IllegalAction) as e:
        GAME.parse_action(text)
    assert e.value.code == "cloudspire.err.bad_notation" and e.value.params["text"] == text


def test_actions_are_keyed_by_type():
    """One action shape for both engines: ``{"type": verb, ...}``."""
    assert GAME.parse_action("mm u5 stay") == {"type": "mm", "unit": "u5", "to": ""}
    assert GAME.parse_action("build catapult+ 3,-1 af") == {"type": "build", "spire": "catapult", "side": "promoted",
                                                            "at": "3,-1", "order": "af"}
    assert GAME.parse_action("relic war_horn") == {"type": "relic", "relic": "war_horn", "args": []}
    assert GAME.parse_action("free none") == {"type": "free", "spire": "none", "order": ""}
    assert GAME.parse_action("mark 2") == {"type": "mark", "target": 2}


def _positions(seed, seats, options, every=3):
    """States along one seeded game (bot moves mixed with random legal ones)."""
    rnd = random.Random(seed)
    st = GAME.setup(seats, options, seed)
    n = 0
    while GAME.result(st) is None and n < 4000:
        seat = GAME.prompts(st)[0].seat
        if n % every == 0:
            yield st, seat
        legal = GAME.legal_actions(st, seat)
        a = rnd.choice(legal) if rnd.random() < 0.3 else bot_action(st, seat)
        st, _ = GAME.apply(st, seat, a)
        n += 1


FORMATS = [(1, 2, {}), (2, 3, {"map": "guided", "factions": "pick"}), (3, 4, {"mode": "teams"}),
           (4, 2, {"map": "tutorial", "spire_policy": "manual", "levelup_policy": "manual"}),
           (5, 4, {"faster_market": "on", "faster_build": "on", "faster_prep": "on"})]


@pytest.mark.parametrize("seed,seats,options", FORMATS)
def test_round_trip_every_legal_action(seed, seats, options):
    """Every legal action of every third position of a seeded game formats to notation that
    parses back to the same action and formats the same again; its ActionInfo splits it into
    head and rest, and a move that has a command is found again from (command, args) among
    the legal moves (deploy's ``group`` option tells join from add, CS-PREP-7)."""
    verbs = set()
    for st, seat in _positions(seed, seats, options):
        legal = GAME.legal_actions(st, seat)
        texts = [GAME.format_action(a) for a in legal]
        by_command = {}
        for a, text in zip(legal, texts):
            assert GAME.parse_action(text) == a, text
            assert GAME.format_action(GAME.parse_action(text)) == text
            info = GAME.action_info(text)
            assert info.verb == a["type"] and (info.head + " " + info.rest).strip() == text
            verbs.add(info.verb)
            if info.command:
                by_command.setdefault((info.command, info.args), []).append(text)
        assert all(len(v) == 1 for v in by_command.values()), [v for v in by_command.values() if len(v) > 1]
    assert len(verbs) >= 10


def test_continue_action_cs_ons_2():
    """Continue makes the first legal of next / end / skip / pass / lock (CS-MKT-3, CS-BLD-1,
    CS-PREP-9, CS-ONS-2), and nothing for a seat that is not deciding or for a reaction."""
    st = Scenario.sandbox().unit(GR, "war_briar").build()
    assert GAME.continue_action(st, B) == {"type": "next"}
    assert GAME.continue_action(st, GR) is None
    st = Scenario.sandbox().phase("build", seat=GR).build()
    assert GAME.continue_action(st, GR) == {"type": "end"}
    st = Scenario.sandbox().phase("market").build()
    seat = GAME.prompts(st)[0].seat
    assert GAME.continue_action(st, seat) == {"type": "pass"}
    st = Scenario.sandbox().phase("prep").build()
    seat = GAME.prompts(st)[0].seat
    assert GAME.continue_action(st, seat) == {"type": "lock"}  # not autostack
    st = _levelup_pending()
    assert GAME.prompts(st)[0].kind == "reaction" and GAME.continue_action(st, GR) is None


def _levelup_pending():
    """A hero's manual level-up waiting in the other seat's turn (CS-AMB-11)."""
    sc = (Scenario.sandbox().player(GR, policy={"levelup": "manual"}).unit(GR, "dywen", "1,1")
          .unit(B, "warmonger", "1,0", health=1, name="w").unit(B, "bruiser").turn(step="attack"))
    st, _ = GAME.apply(sc.build(), B, {"type": "atk", "unit": sc["w"], "at": "1,1"})
    return st


def _free_spire_pending():
    """A Wild Drake defeated with a manual reward policy: the free spire waits (CS-AMB-41)."""
    sc = (Scenario.sandbox().player(B, policy={"reward": "manual"}).landmark("wild_drake", "0,0", revealed=True, health=1)
          .unit(B, "bruiser", "1,0", name="b").unit(GR, "war_briar").turn(step="attack"))
    st, _ = GAME.apply(sc.build(), B, {"type": "atk", "unit": sc["b"], "at": "0,0"})
    return st


def _earthscape_follow():
    """An earthscape just placed opened wells: a spire may follow, or ``skip`` (CS-BLD-6)."""
    st = Scenario.sandbox().phase("build", seat=GR).player(GR, beside=["es11"], source=20).build()
    st, _ = GAME.apply(st, GR, {"type": "es", "earthscape": "es11", "at": "-7,3", "rot": 0})
    return st


def test_round_trip_rare_verbs_cs_amb_11_41_bld_6():
    """The verbs seeded games seldom reach (lvl, free, skip) round-trip too."""
    seen = set()
    for st in (_levelup_pending(), _free_spire_pending(), _earthscape_follow()):
        seat = GAME.prompts(st)[0].seat
        for a in GAME.legal_actions(st, seat):
            text = GAME.format_action(a)
            assert GAME.parse_action(text) == a
            seen.add(a["type"])
    assert {"lvl", "free", "skip"} <= seen
