"""Action notation (engine/kr/notation.py): canonical text, round trips over listed legal
actions (Hypothesis), and refusals of bad text (docs/kr/engine.md "Actions"; KR-ACT-3,
KR-SOL-8 moved soldiers, KR-PASS-1/KR-AMB-13 variants, KR-BUY-2 proposals, KR-SOLO-3)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from engine.base import IllegalAction
from engine.kr.game import GAME
from engine.kr.notation import format_action, parse_action

EXAMPLES = [
    ("build archer_1 F2 S t1:c2+c3",
     {"type": "build", "card": "archer_1", "site": "F2", "facing": "S",
      "attacks": [[{"tray": "t1", "cells": [[2, 1], [2, 2]]}]]}),
    ("build barracks_1 B2 E t2:s:a1 t2:s:b3<t1:c3",
     {"type": "build", "card": "barracks_1", "site": "B2", "facing": "E",
      "attacks": [[{"tray": "t2", "cell": [0, 0]}, {"tray": "t2", "cell": [1, 2], "from": ["t1", [2, 2]]}]]}),
    ("build archer_1 F2 N t12#0:e4", {"type": "build", "card": "archer_1", "site": "F2", "facing": "N",
                                      "attacks": [[{"tray": "t12", "cells": [[4, 3]], "tile": 0}]]}),
    ("build archer_1 F2 W", {"type": "build", "card": "archer_1", "site": "F2", "facing": "W", "attacks": [[]]}),
    ("pass archer_1 to 2", {"type": "pass", "card": "archer_1", "to": 1, "variant": None}),
    ("pass archer_3 to 1 b", {"type": "pass", "card": "archer_3", "to": 0, "variant": "b"}),
    ("done", {"type": "done"}), ("approve", {"type": "approve"}), ("object", {"type": "object"}),
    ("exclude green", {"type": "exclude", "colour": "green"}),
    ("propose archer_2>1+mage_1>3", {"type": "propose", "buys": [{"card": "archer_2", "to": 0},
                                                                  {"card": "mage_1", "to": 2}]}),
    ("spell rain_of_fire t3:a1+b1 t3:c1",
     {"type": "spell", "spell": "rain_of_fire",
      "placements": [{"tray": "t3", "cells": [[0, 0], [1, 0]]}, {"tray": "t3", "cells": [[2, 0]]}]}),
    ("spell time_gem t4:a1+a2 hero malik",
     {"type": "spell", "spell": "time_gem", "placements": [{"tray": "t4", "cells": [[0, 0], [0, 1]]}],
      "hero": "malik"}),
    ("spell hand_of_midas pass mage_1 to 1", {"type": "spell", "spell": "hand_of_midas", "placements": [],
                                              "pass": {"card": "mage_1", "to": 0, "variant": None}}),
    ("hero malik path J3-I3 face W engage b1 basic t2:a3+b3+c3",
     {"type": "hero", "figure": "malik", "order": "move_first", "path": ["J3", "I3"], "facing": "W",
      "base": [1, 0], "act": "basic", "ability": None, "placements": [{"tray": "t2", "cells": [[0, 2], [1, 2], [2, 2]]}],
      "choice": {}}),
    ('hero magnus act-first face N ability magic_trick choice {"figure":"malik","to":"C3"}',
     {"type": "hero", "figure": "magnus", "order": "act_first", "path": [], "facing": "N", "base": None,
      "act": "ability", "ability": "magic_trick", "placements": [], "choice": {"figure": "malik", "to": "C3"}}),
    ("hero alleria face N basic t2@0:a1+a2 t2#1@extra:b1 t3@1:s:c2",
     {"type": "hero", "figure": "alleria", "order": "move_first", "path": [], "facing": "N", "base": None,
      "act": "basic", "ability": None, "choice": {},
      "placements": [{"tray": "t2", "cells": [[0, 0], [0, 1]], "attack": 0},
                     {"tray": "t2", "cells": [[1, 0]], "tile": 1, "attack": "extra"},
                     {"tray": "t3", "cell": [2, 1], "attack": 1}]}),
    ("hero wildcat path J3 face S none",
     {"type": "hero", "figure": "wildcat", "order": "move_first", "path": ["J3"], "facing": "S", "base": None,
      "act": None, "ability": None, "placements": [], "choice": {}}),
]


@pytest.mark.parametrize("text,action", EXAMPLES)
def test_examples_round_trip(text: str, action: dict):
    assert parse_action(text) == action
    assert format_action(action) == text


def test_build_restores_trailing_empty_attacks_and_case():
    """Groups per printed attack: empty trailing groups are left out of the text."""
    card = "barracks_1"
    from engine.kr.content import TOWERS
    n = len(TOWERS[card]["attacks"])
    a = parse_action("BUILD barracks_1 b2 e")
    assert a["attacks"] == [[] for _ in range(n)] and a["site"] == "B2" and a["facing"] == "E"
    assert format_action(a) == "build barracks_1 B2 E"


@pytest.mark.parametrize("text,why", [
    ("", "empty"), ("fly away", "unknown verb"), ("build dragon F2 N", "not a tower card"),
    ("build archer_1 F2 Q", "facing"), ("build archer_1 F2 N t1", "placement"),
    ("build archer_1 F2 N x1:a1", "tray"), ("build archer_1 F2 N t1:z9+", "card square"),
    ("build archer_1 F2 N / t1:a1", "attack"), ("pass archer_1 2", "pass is"),
    ("pass archer_1 to 5", "seat number"), ("pass archer_3 to 2 c", "variant"),
    ("propose archer_1", "CARD>SEAT"), ("exclude purple", "exclude COLOUR"), ("done now", "no arguments"),
    ("hero malik basic", "face"), ("hero malik face N jump", "hero's action"),
    ("hero malik face N basic choice [1]", "JSON object"), ("spell rain_of_fire hero", "unexpected"),
    ("build archer_1 9Z N", "map square"), ("hero malik face N basic t1@z:a1", "after @"),
])
def test_bad_text_is_refused_with_the_reason(text: str, why: str):
    with pytest.raises(IllegalAction) as info:
        parse_action(text)
    assert info.value.code == "kr.err.bad_notation"
    assert why in info.value.message


def test_malformed_json_actions_cannot_be_written():
    for bad in ({"type": "build"}, {"type": "pass", "card": "archer_1"}, {"type": "zz"}, {},
                {"type": "build", "card": "archer_1", "site": "F2", "facing": "N", "attacks": [[{"tray": "t1",
                                                                                                  "cells": [[30, 0]]}]]}):
        with pytest.raises(IllegalAction) as info:
            format_action(bad)
        assert info.value.code == "kr.err.bad_action"


def _state_after(seats: int, scenario: str, seed: int, steps: int) -> dict:
    st = GAME.setup(seats, {"scenario": scenario}, seed)
    for _ in range(steps):
        if GAME.result(st) is not None:
            break
        seat = GAME.prompts(st)[-1].seat
        st, _ = GAME.apply(st, seat, GAME.bot_action(st, seat))
    return st


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=hs.integers(1, 4), scenario=hs.sampled_from(["farrinken_valley", "goblin_woods", "ogre_ford",
                                                          "twin_gates"]),
       seed=hs.integers(0, 10_000), steps=hs.integers(0, 40))
def test_listed_actions_round_trip(seats: int, scenario: str, seed: int, steps: int):
    """``parse(format(a)) == a`` for every listed action; ``format(parse(s)) == s``."""
    st = _state_after(seats, scenario, seed, steps)
    for p in GAME.prompts(st):
        for a in GAME.legal_actions(st, p.seat):
            text = format_action(a)
            assert parse_action(text) == a
            assert format_action(parse_action(text)) == text
            assert GAME.action_info(text).text == text


@pytest.mark.parametrize("text,command,args,kinds,head", [
    ("build archer_3 F2 S t1:c2+c3 / t1:a1", "build", ("archer_3", "F2", "S", "t1:c2+c3 / t1:a1"),
     ("card", "site", "facing", "placements"), "build archer_3"),
    ("build archer_1 F2 W", "build", ("archer_1", "F2", "W"), ("card", "site", "facing"), "build archer_1"),
    ("pass archer_3 to 1 b", "pass", ("archer_3", "1", "b"), ("card", "seat", "variant"), "pass archer_3"),
    ("pass archer_1 to 2", "pass", ("archer_1", "2"), ("card", "seat"), "pass archer_1"),
    ("hero wildcat path J3 face S none", "hero", ("wildcat", "path J3 face S none"), ("figure", "rest"),
     "hero wildcat"),
    ("spell rain_of_fire t3:a1+b1 t3:c1", "spell", ("rain_of_fire", "t3:a1+b1 t3:c1"), ("spell", "targets"),
     "spell rain_of_fire"),
    ("spell hand_of_midas pass mage_1 to 1", "spell", ("hand_of_midas", "pass mage_1 to 1"), ("spell", "pass"),
     "spell hand_of_midas"),
    ("spell time_gem t4:a1+a2 hero malik", "spell", ("time_gem", "t4:a1+a2 hero malik"), ("spell", "rest"),
     "spell time_gem"),
    ("exclude green", "exclude", ("green",), ("colour",), "exclude green"),
    ("propose archer_2>1+I7:mage_1>3", "propose", ("archer_2>1+I7:mage_1>3",), ("buys",),
     "propose archer_2>1+I7:mage_1>3"),
    ("displace lilith A4", "displace", ("lilith", "A4"), ("figure", "square"), "displace lilith A4"),
    ("pol displace away", "policy", ("displace", "away"), ("policy", "preference"), "pol displace away"),
    ("done", "done", (), (), "done"), ("approve", "approve", (), (), "approve"),
])
def test_each_verb_names_its_command_and_arguments(text: str, command: str, args: tuple, kinds: tuple, head: str):
    """The verb table (engine/verbs.py) gives the slash command, its arguments and their
    kinds, and spells the move again from them (``to`` and the keywords put back)."""
    info = GAME.action_info(text)
    assert (info.text, info.command, info.args, info.kinds, info.head) == (text, command, args, kinds, head)
    assert GAME.move_from_command(command, args) == text


def test_other_spellings_read_as_the_canonical_text():
    for typed, canonical in [
            ("  BUILD Archer_1  f2 s T1:C2+C3 ", "build archer_1 F2 S t1:c2+c3"),
            ("hero MAGNUS ACT-FIRST FACE n ABILITY Magic_Trick CHOICE {\"figure\": \"malik\", \"to\": \"C3\"}",
             'hero magnus act-first face N ability magic_trick choice {"figure":"malik","to":"C3"}'),
            ("Pass ARCHER_3 TO 1 B", "pass archer_3 to 1 b"), ("propose i7:Mage_1>2", "propose I7:mage_1>2"),
            ("spell Time_Gem t4:A1+a2 HERO Malik", "spell time_gem t4:a1+a2 hero malik"),
            ("pol DISPLACE Away", "pol displace away"), ("DONE", "done")]:
        assert format_action(parse_action(typed)) == canonical, typed


def test_a_command_spells_a_move_the_engine_then_judges():
    """Arguments that name no listed move still spell one (the engine says why it is refused);
    arguments that spell nothing give None."""
    assert GAME.move_from_command("pass", ("archer_1", "3")) == "pass archer_1 to 3"
    spelled = GAME.move_from_command("build", ("archer_3", "F2", "N", "t1:a1 / t2:b2"))
    assert spelled == "build archer_3 F2 N t1:a1 / t2:b2"
    assert GAME.move_from_command("hero", ("malik", "face N basic t1:a1")) == "hero malik face N basic t1:a1"
    assert GAME.move_from_command("pass", ("archer_1",)) is None
    assert GAME.move_from_command("exclude", ("purple",)) is None
