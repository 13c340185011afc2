"""The notation table (engine/clash/notation.py): one row per verb drives parsing, formatting
and the host metadata (engine.base.ActionInfo, GAME.action_info / GAME.continue_action)."""
import random
import re

import pytest

from tests.games.clash.engine.clash_helpers import GAME, IllegalAction, make, scenario, tc, tchamp

from engine.base import ActionInfo
from engine.clash import notation, redact
from engine.clash.cards import STARTER

CONFIGS = [
    (2, {}),
    (2, {"pause_phase3": True}),
    (2, {"format": "draft"}),
    (2, {"format": "draft", "champions": True, "pause_phase3": True}),
    (2, {"format": "constructed"}),
    (2, {"format": "constructed", "champions": True, "pause_phase3": True}),
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "format": "draft"}),
    (1, {"mode": "solo", "format": "draft", "solo_game": "custom", "ai_first": True, "ai_base_mana": 7,
         "ai_abilities": ["VANISH", "RETALIATE"], "champions": True, "pause_phase3": True}),
]


def split_play(text: str) -> tuple[str, str]:
    """The two menu steps as cogs/clash.py drew them before the engine said so (the spec)."""
    parts = text.split(" ", 2)
    if parts[0] == "play" and len(parts) == 3:
        return f"play {parts[1]}", parts[2]
    if parts[0] == "champion" and len(parts) >= 2:
        return "play champion", text.split(" ", 1)[1]
    return text, ""


def command_text(info: ActionInfo) -> str:
    """The move that /clash COMMAND ARGS makes (cogs/clash.py: play, end, build)."""
    if info.command == "play":
        card, where = info.args
        return f"champion {where}".strip() if card == "champion" else f"play {card} {where}".strip()
    if info.command == "end":
        assert info.args == ()
        return "end"
    if info.command == "build":
        (ids,) = info.args
        return f"build {ids}"
    raise AssertionError(info)


def positions(seed_count: int = 3, max_moves: int = 250):
    """(state, seat) for every decision of random games in every mode and format."""
    for seats, options in CONFIGS:
        for seed in range(seed_count):
            st = GAME.setup(seats, options, 100 + seed)
            rnd = random.Random(seed)
            for _ in range(max_moves):
                if GAME.result(st) is not None:
                    break
                for p in GAME.prompts(st):
                    yield st, p.seat
                seat = rnd.choice(GAME.prompts(st)).seat
                st, _ = GAME.apply(st, seat, rnd.choice(GAME.legal_actions(st, seat)))
            yield st, 0


def board_positions():
    """Positions where spells, Possess hosts and a champion summoned onto a host are legal."""
    poss = tc(1, 1, "POSSESS", cost=1, name="t_note_poss")
    champ = tchamp(2, 2, "POSSESS", cost=2, name="tch_note_poss")
    st = make(hands={0: f"F(B) {poss} fire_bolt a b"}, lanes={"top": ("a b", "c"), "bottom": ("", "d")}, mana=9)
    yield st, 0
    sc = scenario(hands={0: f"F(B) {poss} fire_bolt a"}, lanes={"top": ("a", "b")}, mana=9).champion(0, champ)
    yield sc.build(), 0
    yield sc.turn(0, paused=True).build(), 0


def every_position():
    yield from positions()
    yield from board_positions()


def test_one_table_for_grammar_parser_formatter_and_log():
    """The verbs of the documented grammar, the notation table and the log table
    (redact.VERBS, CD-FMT-8, CD-CHA-4) are the same set; every row's usage is the error of
    its bare verb."""
    m = re.search(r"action\s*:=\s*(.+)", notation.__doc__)
    documented = {w.strip().strip('"') for w in m.group(1).split("|")}
    assert documented == set(notation.VERBS) == set(redact.VERBS)
    for verb, row in notation.VERBS.items():
        assert row.verb == verb and row.forms
        if row.forms != ((),):
            with pytest.raises(IllegalAction) as e:
                GAME.parse_action(verb)
            assert e.value.code == "clash.err.bad_notation" and e.value.params["why"] == row.usage


def test_round_trip_for_every_legal_action_in_every_mode():
    """parse(format(a)) == a and format(parse(s)) == s for every legal action in random
    positions of every mode and format, and every form of every verb is met."""
    forms = set()
    for st, seat in every_position():
        for a in GAME.legal_actions(st, seat):
            s = GAME.format_action(a)
            assert GAME.parse_action(s) == a and GAME.format_action(GAME.parse_action(s)) == s
            assert GAME.parse_action("  " + s.upper().replace(" ", "   ") + " ") == a
            forms.add((a["type"], tuple(sorted(a))))
    want = {(v, tuple(sorted({"type"} | notation.fields_of(f)))) for v, row in notation.VERBS.items() for f in row.forms}
    assert forms == want, want - forms


def test_round_trip_for_constructed_decks():
    """CD-FMT-3 / CD-FMT-8: any 8 starter cards make a build action whose notation round-trips."""
    rnd = random.Random(5)
    for _ in range(200):
        a = {"type": "build", "cards": rnd.sample(sorted(STARTER), 8)}
        s = GAME.format_action(a)
        assert GAME.parse_action(s) == a and GAME.action_info(s).args == (",".join(a["cards"]),)


def test_action_info_for_every_legal_action():
    """GAME.action_info over every legal action in random positions of every mode: the menu
    steps are what cogs/clash.py's split_play made; the command and its arguments remake the
    move; only end (CD-TURN-2) and go (CD-AMB-10) continue; no Clash move is quiet."""
    verbs = set()
    for st, seat in every_position():
        for a in GAME.legal_actions(st, seat):
            text = GAME.format_action(a)
            info = GAME.action_info(text)
            verbs.add(info.verb)
            assert isinstance(info, ActionInfo) and info.text == text and info.verb == text.split()[0]
            assert (info.head, info.rest) == split_play(text)
            assert info.quiet is False
            assert info.continues == (a["type"] in ("end", "go"))
            if info.command:
                assert GAME.parse_action(command_text(info)) == a
                assert info.head.split()[0] == info.command
            else:
                assert info.args == () and a["type"] in ("go", "deck", "pick", "choose")
            subject = {"play": a.get("card"), "champion": "champion", "deck": a.get("deck"), "pick": a.get("card"),
                       "choose": a.get("champion")}.get(a["type"], "")
            assert info.subject == subject
            assert GAME.action_info(text.upper()) == info
    assert verbs == set(notation.VERBS)


def test_action_info_examples():
    """The examples of the brief: play with a lane, a target and a Possess host, the champion,
    end and build."""
    info = GAME.action_info("play ember_drake top")
    assert (info.head, info.rest, info.subject, info.command, info.args) == \
        ("play ember_drake", "top", "ember_drake", "play", ("ember_drake", "top"))
    assert GAME.action_info("play frost_bolt @1.top.1").rest == "@1.top.1"
    assert GAME.action_info("play shade_rider on @0.top.2").args == ("shade_rider", "on @0.top.2")
    info = GAME.action_info("champion on @0.top.2")
    assert (info.head, info.rest, info.command, info.args) == \
        ("play champion", "on @0.top.2", "play", ("champion", "on @0.top.2"))
    info = GAME.action_info("end")
    assert (info.command, info.continues, info.head, info.rest) == ("end", True, "end", "")
    assert GAME.action_info("build a, b,c,d,e,f,g,h").command == "build"
    assert GAME.action_info("go").command == "" and GAME.action_info("go").continues
    for text in ("deck ember", "pick frost_bolt", "choose champ_warlord"):
        info = GAME.action_info(text)
        assert info.command == "" and info.head == text and info.rest == "" and not info.continues
    with pytest.raises(IllegalAction) as e:
        GAME.action_info("fly away")
    assert e.value.code == "clash.err.bad_notation"


def test_continue_action():
    """GAME.continue_action: ``end`` in phase 2 (CD-TURN-2), ``go`` in a paused phase 3
    (CD-AMB-10), nothing in deck building, the champion choice, another seat's turn or a
    finished game; in play it is the timeout default ("Information and decisions")."""
    st = make(hands={0: "F(B) a b c"}, mana=3)
    assert GAME.continue_action(st, 0) == {"type": "end"} and GAME.continue_action(st, 1) is None
    assert GAME.timeout_action(st, 0) == GAME.continue_action(st, 0)
    paused = scenario(hands={0: "F(B) a b c"}, mana=9).champion(0, "champ_phoenix").turn(0, paused=True).build()
    assert GAME.continue_action(paused, 0) == {"type": "go"} == GAME.timeout_action(paused, 0)
    for seats, options in CONFIGS:
        s = GAME.setup(seats, options, 1)
        assert all(GAME.continue_action(s, seat) is None for seat in range(seats))
    s, _ = GAME.concede(st, 0, "resigned")
    assert GAME.continue_action(s, 0) is None and GAME.continue_action(s, 1) is None
    for st, seat in positions(seed_count=1):
        legal = GAME.legal_actions(st, seat)
        cont = GAME.continue_action(st, seat)
        assert [a for a in legal if GAME.action_info(GAME.format_action(a)).continues] == ([cont] if cont else [])
