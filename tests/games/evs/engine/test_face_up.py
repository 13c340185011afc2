"""Face-up staging (ES-DEP-7, ES-AMB-15, ES-ADV-1/2): a command card may be staged face-up
(``stage CARD up``): it is then public (both players' views, the public view, the log, the
events), and it is still an unrevealed card for ES-ACT-4/5; a face-down card stays hidden as
before. Through GAME.apply / legal_actions / view / log_text."""
import json

import pytest

from tests.games.evs.engine.evs_helpers import EMPIRE, STEPPE, IllegalAction, act, kinds, legal, run, scenario

from engine.evs import GAME

UNITS = [(EMPIRE, "crossbowman", "C3"), (EMPIRE, "legionary", "C2"), (STEPPE, "lancer", "F3")]


def deploying(advanced="off", hand=("aimed_bolt", "forward_strike", "advance", "testudo")):
    return scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: list(hand)},
                    options={"advanced": advanced})


def test_ES_DEP_7_both_ways_of_staging_are_legal_moves():
    """ES-DEP-7: every command card in hand may be staged face-down (``stage CARD``) or face-up
    (``stage CARD up``); the notation round-trips and anything else after the card is refused."""
    st = deploying()
    stages = sorted(m for m in legal(st, EMPIRE) if m.startswith("stage "))
    cards = ["advance", "aimed_bolt", "forward_strike", "testudo"]
    assert stages == sorted([f"stage {c}" for c in cards] + [f"stage {c} up" for c in cards])
    assert GAME.parse_action("stage aimed_bolt up") == {"type": "stage", "card": "aimed_bolt", "face_up": True}
    assert GAME.format_action({"type": "stage", "card": "aimed_bolt", "face_up": True}) == "stage aimed_bolt up"
    assert GAME.format_action({"type": "stage", "card": "aimed_bolt", "face_up": False}) == "stage aimed_bolt"
    assert GAME.parse_action("STAGE aimed_bolt UP") == GAME.parse_action("stage aimed_bolt up")
    for bad in ("stage aimed_bolt down", "stage aimed_bolt up now"):
        with pytest.raises(IllegalAction) as e:
            GAME.parse_action(bad)
        assert e.value.code == "evs.err.bad_notation"
    with pytest.raises(IllegalAction) as e:
        act(st, EMPIRE, "stage legionary up")  # a unit card never enters the zone
    assert e.value.code == "evs.err.not_in_hand"


@pytest.mark.parametrize("advanced", ["off", "on"])
def test_ES_DEP_7_ES_ADV_1_a_face_up_card_is_public_a_face_down_one_is_not(advanced):
    """ES-DEP-7, ES-ADV-1/2, ES-AMB-15: a card staged face-up is in the public view and both
    players' views (with the advanced rule too), its public event names it and nobody is told
    in private; a face-down card stays as before: hidden from the public (and from an
    advanced-rule opponent), told to its owner only."""
    st, up_events = act(deploying(advanced), EMPIRE, "stage aimed_bolt up")
    st, down_events = act(st, EMPIRE, "stage forward_strike")
    assert st["players"][EMPIRE]["zone"][-2]["face_up"] is True
    assert st["players"][EMPIRE]["zone"][-1]["face_up"] is False
    for viewer in (None, EMPIRE, STEPPE):
        zone = GAME.view(st, viewer)["players"][EMPIRE]["zone"]
        assert zone[0]["card"] == "aimed_bolt" and zone[0]["face_up"] is True and zone[0]["revealed"] is False
        hidden = viewer is None or (viewer == STEPPE and advanced == "on")
        assert zone[1]["card"] == (None if hidden else "forward_strike") and zone[1]["face_up"] is False
    assert "forward_strike" not in json.dumps(GAME.view(st, None))
    [staged] = [e for e in up_events if e.kind == "staged"]
    assert staged.visible_to is None and staged.params == {"seat": EMPIRE, "slot": 0, "card": "aimed_bolt",
                                                           "face_up": True}
    assert kinds(up_events) == ["staged"]
    assert [(e.kind, e.visible_to) for e in down_events] == [("staged", None), ("staged_card", EMPIRE)]
    assert "card" not in down_events[0].params


def test_ES_DEP_7_ES_ACT_4_face_up_is_not_revealed():
    """ES-DEP-7, ES-ACT-4/5, ES-AMB-20: a reveal-marked card staged face-up is still unrevealed:
    it must be revealed, and only in a later turn played; face-up staging is no reveal."""
    st, _ = run(deploying(), (EMPIRE, "stage aimed_bolt up"), (EMPIRE, "done"))
    moves = legal(st, EMPIRE)
    assert "reveal aimed_bolt" in moves and not any(m.startswith("play aimed_bolt") for m in moves)
    st, events = act(st, EMPIRE, "reveal aimed_bolt")
    entry = st["players"][EMPIRE]["zone"][0]
    assert entry["revealed"] and entry["face_up"] and "revealed" in kinds(events)


def test_ES_DEP_7_ES_DEP_4_ES_DEP_5_face_up_cards_dispatch_and_clear_like_others():
    """ES-DEP-4/5/7: a face-up card gains dispatch tokens and is cleared face-down to the
    discard pile like any card; clearing it names it in public (it was public), and no
    private event repeats it."""
    st = scenario(units=UNITS, declared=("deploy", "action"), hands={EMPIRE: ["advance"]},
                  zones={EMPIRE: [{"card": "testudo", "face_up": True, "staged_turn": 1}, "legion_thrust"]})
    assert "dispatch testudo" in legal(st, EMPIRE)
    st, _ = act(st, EMPIRE, "dispatch testudo")
    assert st["players"][EMPIRE]["zone"][0]["tokens"] == 1
    st, events = act(st, EMPIRE, "clear testudo")
    assert st["players"][EMPIRE]["discard"] == ["testudo"]
    assert st["players"][EMPIRE]["zone"][0]["card"] == "legion_thrust"
    assert [(e.kind, e.params["card"]) for e in events] == [("cleared", "testudo")]
    assert GAME.view(st, None)["players"][EMPIRE]["discard"] is None  # the discard pile stays face-down
    st, events = act(st, EMPIRE, "clear legion_thrust")
    assert [(e.kind, e.params.get("card"), e.visible_to) for e in events] == [
        ("cleared", None, None), ("cleared_card", "legion_thrust", EMPIRE)]


def test_ES_DEP_7_ES_ADV_1_the_log_shows_face_up_staging_to_everyone():
    """ES-DEP-7, ES-ADV-1: ``stage CARD up`` is shown to the opponent and spectators, with or
    without the advanced rule; ``stage CARD`` keeps its redaction (ES-AMB-15)."""
    for advanced in ("off", "on"):
        st = deploying(advanced)
        for viewer in (STEPPE, None):
            assert GAME.log_text(st, EMPIRE, viewer, "stage aimed_bolt up") == "stage aimed_bolt up"
        assert GAME.log_text(st, EMPIRE, None, "stage aimed_bolt") == "stage ?"
    assert not GAME.log_hidden("stage aimed_bolt up") and GAME.log_hidden("stage aimed_bolt")


def test_ES_DEP_7_the_bot_stages_face_down():
    """ES-DEP-7: face-up staging only tells the opponent, so the bot never chooses it."""
    for seed in range(1, 30):
        st = GAME.setup(2, {"factions": "empire_steppe"}, seed)
        for _ in range(120):
            if GAME.result(st) is not None:
                break
            seat = GAME.prompts(st)[0].seat
            a = GAME.bot_action(st, seat)
            assert not (a["type"] == "stage" and a.get("face_up")), a
            st, _ = GAME.apply(st, seat, a)


def test_states_saved_before_face_up_staging_still_read():
    """A zone entry without ``face_up`` (a state saved before ES-DEP-7 was implemented) reads
    as face-down: hidden from the public, legal moves and clearing unchanged."""
    st = scenario(units=UNITS, declared=("deploy", "action"), zones={EMPIRE: ["legion_thrust"]})
    assert "face_up" not in st["players"][EMPIRE]["zone"][0]
    assert GAME.view(st, None)["players"][EMPIRE]["zone"][0] == {
        "slot": 0, "card": None, "revealed": False, "face_up": False, "revealed_turn": None, "tokens": 0,
        "staged_turn": 2}
    st, events = act(st, EMPIRE, "clear legion_thrust")
    assert events[0].params["card"] is None
