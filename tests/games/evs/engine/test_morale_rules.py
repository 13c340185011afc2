"""Empire vs Steppe, the morale track and the Morale expansion (engine/evs/morale_rules.py):
ES-MOR-1..5, ES-MX-1..17, ES-END-5, the examples ES-EX-6..9 with their numbers, the chosen
readings ES-AMB-34 and ES-AMB-46..52, the card content and its catalog, and properties.

Seat 0 is the Empire and seat 1 the Steppe unless a test says otherwise."""
from __future__ import annotations

import json
import re
from pathlib import Path
from string import Formatter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import IllegalAction
from engine.evs import morale_rules as mr
from engine.rng import new_rng

ROOT = Path(__file__).resolve().parents[4]
EMP, STP = 0, 1
CARDS = mr.load()


# ---------------------------------------------------------------- helpers

def new(seed: int = 1, *, factions=("empire", "steppe"), expansion: bool = True, active: int | None = EMP):
    rng = new_rng(seed)
    m = mr.setup(rng, list(factions), expansion=expansion)
    if active is not None:
        mr.start_turn(m, active)
    return m, rng


def find(faction: str, kind: str, etype: str | None = None, *, duration: str | None = None,
         value: int | None = None, conditions: bool | None = False) -> list[str]:
    out = []
    for c in CARDS.values():
        if c["faction"] != faction or c["kind"] != kind:
            continue
        if etype and c["effect"]["type"] != etype:
            continue
        if duration and c["duration"] != duration:
            continue
        if value is not None and c["value"] != value:
            continue
        if conditions is not None and bool(c.get("conditions")) != conditions:
            continue
        out.append(c["id"])
    assert out, (faction, kind, etype, duration, value)
    return out


def stack(m: dict, seat: int, *ids: str) -> None:
    """Put ``ids`` on top of the pile on ``seat``'s side, in this order (first = top)."""
    pile = m["piles"][seat]
    for cid in ids:
        pile.remove(cid)
    pile[:0] = list(ids)


def place(m: dict, holder: int, cid: str, state: str = "up", played: int | None = None) -> None:
    """Move ``cid`` from the pile on ``holder``'s side into ``holder``'s morale zone."""
    m["piles"][holder].remove(cid)
    own = CARDS[cid]["faction"] == m["factions"][holder]
    m["seats"][holder]["zone"].append({"card": cid, "side": "own_buff" if own else "enemy_debuff",
                                       "state": state, "pile": holder, "played": played})


def all_cards(m: dict) -> list[str]:
    return sorted(m["piles"][0] + m["piles"][1] + [e["card"] for s in m["seats"] for e in s["zone"]])


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def state_of(m, holder, cid):
    return next(e["state"] for e in m["seats"][holder]["zone"] if e["card"] == cid)


# ---------------------------------------------------------------- content

def test_content_counts_per_faction_kind_and_duration():
    """ES-MX-1, ES-MX-2: each faction has at least 6 buffs and 6 debuffs, with both once (单次)
    and ongoing (持续) cards among each."""
    for faction in mr.FACTIONS:
        for kind in mr.KINDS:
            ids = [c for c in CARDS.values() if c["faction"] == faction and c["kind"] == kind]
            assert len(ids) >= 6, (faction, kind)
            assert {c["duration"] for c in ids} == {"once", "ongoing"}, (faction, kind)


def test_ES_MX_1_card_shows_type_faction_text_and_value():
    for c in CARDS.values():
        assert c["kind"] in ("buff", "debuff") and c["duration"] in ("once", "ongoing")
        assert c["faction"] in ("empire", "steppe")
        assert isinstance(c["value"], int) and 0 <= c["value"] <= mr.MAX_VALUE
        assert c["text"]["en"].startswith("Once" if c["duration"] == "once" else "Ongoing")
        assert c["text"]["zh-CN"].startswith("单次" if c["duration"] == "once" else "持续")
        assert str(abs(c["effect"]["n"])) in c["text"]["en"] and str(abs(c["effect"]["n"])) in c["text"]["zh-CN"]
        faction_word = {"empire": ("Empire", "帝国"), "steppe": ("Steppe", "草原")}[c["faction"]]
        assert faction_word[0] in c["text"]["en"] and faction_word[1] in c["text"]["zh-CN"]
        assert c["name"]["en"] and c["name"]["zh-CN"]


def test_ES_MX_2_buffs_help_and_debuffs_hurt_their_own_faction():
    """The sign of every effect, seen from the card's faction (本阵营): a buff helps it."""
    helps = {"power": 1, "morale_effect": 1, "mobility": 1, "cost": -1, "steady": 1, "shake": -1,
             "tokens": 1, "heal": 1}
    for c in CARDS.values():
        sign = 1 if c["kind"] == "buff" else -1
        assert c["effect"]["n"] * helps[c["effect"]["type"]] * sign > 0, c["id"]


def test_content_ids_are_unique_snake_case_and_names_distinct():
    raw = json.loads((ROOT / "engine/evs/data/morale.json").read_text(encoding="utf-8"))
    ids = [c["id"] for c in raw]
    assert len(ids) == len(set(ids)) == len(CARDS)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)
    for loc in ("en", "zh-CN"):
        names = [c["name"][loc] for c in raw]
        assert len(names) == len(set(names)), loc


def test_content_ids_and_names_are_unique_across_the_game():
    """Ids are unique across the game and no morale card shares a name with another card or
    effect of data/*.json (docs/evs/engine.md, "Content")."""
    others: dict[str, set] = {"id": set(), "en": set(), "zh-CN": set()}

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("id"), str):
                others["id"].add(x["id"])
                if isinstance(x.get("name"), dict):
                    for loc in ("en", "zh-CN"):
                        others[loc].add(str(x["name"].get(loc, "")).lower())
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for path in sorted((ROOT / "engine/evs/data").glob("*.json")):
        if path.name != "morale.json":
            walk(json.loads(path.read_text(encoding="utf-8")))
    for c in CARDS.values():
        assert c["id"] not in others["id"], c["id"]
        for loc in ("en", "zh-CN"):
            assert c["name"][loc].lower() not in others[loc], (c["id"], loc)


def test_content_ongoing_cards_have_lasting_effects_and_instants_are_once():
    for c in CARDS.values():
        if c["duration"] == "ongoing":
            assert c["effect"]["type"] in mr.MODIFIERS, c["id"]
        if c["effect"]["type"] in mr.INSTANTS:
            assert c["duration"] == "once", c["id"]


def _good_card() -> dict:
    return json.loads(json.dumps(CARDS["emp_closed_ranks"]))


BAD_CARDS = {
    "unknown key": lambda c: c.update(extra=1),
    "missing value": lambda c: c.pop("value"),
    "unknown faction": lambda c: c.update(faction="pirates"),
    "unknown kind": lambda c: c.update(kind="neutral"),
    "unknown duration": lambda c: c.update(duration="twice"),
    "negative value": lambda c: c.update(value=-1),
    "bool value": lambda c: c.update(value=True),
    "unknown effect": lambda c: c.update(effect={"type": "teleport", "n": 1}),
    "extra effect key": lambda c: c["effect"].update(target="all"),
    "bad scope": lambda c: c["effect"].update(scope="everywhere"),
    "zero n": lambda c: c["effect"].update(n=0),
    "buff that hurts": lambda c: c["effect"].update(n=-1),
    "ongoing instant": lambda c: c.update(effect={"type": "steady", "n": 1}),
    "shake on a buff": lambda c: c.update(duration="once", effect={"type": "shake", "n": 1}),
    "missing zh-CN name": lambda c: c["name"].pop("zh-CN"),
    "empty text": lambda c: c["text"].update(en=" "),
    "unknown condition": lambda c: c.update(conditions=[{"type": "full_moon"}]),
    "condition bad whose": lambda c: c.update(conditions=[{"type": "marker_at_least", "whose": "anyone", "n": 3}]),
    "condition extra key": lambda c: c.update(conditions=[{"type": "own_turn", "n": 1}]),
    "id not snake case": lambda c: c.update(id="Shield Wall"),
}


@pytest.mark.parametrize("mutation", sorted(BAD_CARDS))
def test_load_fails_on_unknown_keys_and_values(tmp_path, mutation):
    cards = [json.loads(json.dumps(c)) for c in CARDS.values()]
    bad = _good_card()
    BAD_CARDS[mutation](bad)
    cards[0] = bad
    path = tmp_path / "morale.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(mr.MoraleContentError):
        mr.load(str(path))


def test_load_fails_on_duplicate_ids_and_missing_kinds(tmp_path):
    cards = [json.loads(json.dumps(c)) for c in CARDS.values()]
    path = tmp_path / "morale.json"
    path.write_text(json.dumps(cards + [cards[0]]), encoding="utf-8")
    with pytest.raises(mr.MoraleContentError, match="duplicate"):
        mr.load(str(path))
    path.write_text(json.dumps([c for c in cards if not (c["faction"] == "steppe" and c["kind"] == "debuff")]),
                    encoding="utf-8")
    with pytest.raises(mr.MoraleContentError, match="steppe needs debuff"):
        mr.load(str(path))
    path.write_text(json.dumps(cards), encoding="utf-8")
    assert mr.load(str(path)) == CARDS


def test_bad_tracks_are_refused():
    for track in ({"start": 0, "collapse": 12, "draw": [3, 12]}, {"start": 12, "collapse": 12, "draw": []},
                  {"start": 0, "collapse": 12, "draw": [6, 3]}, {"start": 0, "collapse": 12, "draw": [3], "x": 1}):
        with pytest.raises(mr.MoraleContentError):
            mr.setup(new_rng(1), ["empire", "steppe"], tracks=[track, track])
    with pytest.raises(mr.MoraleContentError):
        mr.setup(new_rng(1), ["empire", "empire"])


# ---------------------------------------------------------------- catalog

CATALOG = json.loads((ROOT / "locales/evs/morale.json").read_text(encoding="utf-8"))


def test_catalog_lines_and_languages():
    lines = (ROOT / "locales/evs/morale.json").read_text(encoding="utf-8").strip().splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and len(lines) == len(CATALOG) + 2  # one key per line
    for key, texts in CATALOG.items():
        assert re.fullmatch(r"evs\.(err|ev)\.morale_[a-z_]+", key), key  # clear of the core's keys
        assert set(texts) == {"en", "zh-CN"} and texts["en"].strip() and texts["zh-CN"].strip()
        fields = [{f for _, f, _, _ in Formatter().parse(texts[loc]) if f} for loc in ("en", "zh-CN")]
        assert fields[0] == fields[1], key


def test_every_error_and_event_key_of_the_module_is_in_the_catalog():
    source = "".join((ROOT / f"engine/evs/{name}.py").read_text(encoding="utf-8") for name in
                     ("morale_rules", "morale_cards", "morale_shakes", "morale_play", "morale_effects"))
    errors = set(re.findall(r'IllegalAction\(\s*"([a-z_.]+)"', source))
    events = {f"evs.ev.{k}" for k in re.findall(r'Event\(\s*"([a-z_]+)"', source)}
    assert errors and events
    assert errors | events == set(CATALOG)


def test_event_params_fill_the_catalog_placeholders():
    """Walk many random games; every event's params fill its sentence in both languages."""
    seen = set()
    for seed in range(40):
        events = _random_run(seed, 80)
        for e in events:
            for loc in ("en", "zh-CN"):
                text = CATALOG[f"evs.ev.{e.kind}"][loc]
                need = {f for _, f, _, _ in Formatter().parse(text) if f}
                assert need <= set(e.params), (e.kind, need, e.params)
                text.format(**e.params)
            assert e.public
            seen.add(e.kind)
    assert {"morale_shake", "morale_draw", "morale_back", "morale_play", "morale_rally",
            "morale_untap", "morale_collapse_check"} <= seen


# ---------------------------------------------------------------- ES-MOR

def test_ES_MOR_1_each_player_has_one_marker_on_their_own_track():
    m, _ = new()
    assert [s["marker"] for s in m["seats"]] == [0, 0]
    assert m["seats"][0]["track"] is not m["seats"][1]["track"]


def test_ES_MOR_2_shake_moves_the_own_marker_forward():
    m, rng = new()
    ev = []
    assert mr.shake(m, rng, STP, 2, ev, active_seat=EMP) is None
    assert [s["marker"] for s in m["seats"]] == [0, 2]
    assert kinds(ev) == ["morale_shake"] and ev[0].params == {"seat": STP, "n": 2, "start": 0, "end": 2}


def test_ES_MOR_3_forced_or_chosen_shakes_are_the_same_shake():
    """A chosen shake (the terrain penalty) and a forced one (damage) are one function with the
    same outcome; the cause is the core's business."""
    a, rng_a = new(5)
    b, rng_b = new(5)
    ea, eb = [], []
    mr.shake(a, rng_a, EMP, 4, ea, active_seat=EMP)  # chosen: own turn, terrain penalty
    mr.shake(b, rng_b, EMP, 4, eb, active_seat=EMP)  # forced: e.g. a defence card's morale icons
    assert a == b and ea == eb


def test_ES_MOR_4_track_layout_and_ES_AMB_34():
    m, _ = new()
    for side in m["seats"]:
        assert side["track"] == {"start": 0, "collapse": 12, "draw": [3, 6, 9]}
        assert side["marker"] == 0
    assert 12 not in m["seats"][0]["track"]["draw"]  # ES-AMB-34: collapse is not a draw square
    m["piles"] = [[], []]
    mr.shake(m, None, EMP, 40, [], active_seat=EMP)
    assert m["seats"][EMP]["marker"] == 12  # never beyond collapse


def test_ES_AMB_34_the_marker_never_moves_below_0():
    m, _ = new()
    steady = find("empire", "buff", "steady")[0]  # back 2
    place(m, EMP, steady)
    m["seats"][EMP]["marker"] = 1
    ev = []
    mr.play(m, EMP, steady, ev)
    assert m["seats"][EMP]["marker"] == 0 and ev[-1].params == {"seat": EMP, "n": 2, "start": 1, "end": 0}


def test_ES_MOR_4_tracks_from_the_player_boards():
    track = {"length": 10, "start": 1, "collapse": 10, "draw": [4, 8]}
    m = mr.setup(new_rng(1), ["steppe", "empire"], tracks=[track, mr.DEFAULT_TRACK])
    assert m["seats"][0]["marker"] == 1 and m["seats"][0]["track"]["collapse"] == 10
    mr.start_turn(m, 0)
    ev = []
    mr.shake(m, None, 0, 3, ev, active_seat=0)  # 1 -> 4 passes draw square 4
    assert kinds(ev).count("morale_draw") == 1


def test_ES_MOR_5_ES_END_2_base_game_collapse_loses():
    m, rng = new(expansion=False)
    ev = []
    assert mr.shake(m, rng, STP, 11, ev, active_seat=EMP) is None
    assert "morale_draw" not in kinds(ev)
    assert mr.shake(m, rng, STP, 3, ev, active_seat=EMP) == "morale_collapse"
    assert m["seats"][STP]["marker"] == 12 and kinds(ev)[-1] == "morale_broken"


def test_ES_END_5_with_the_expansion_reaching_collapse_does_not_lose():
    """ES-END-5 / ES-MX-7: ES-MX-16 replaces ES-END-2."""
    m, rng = new()
    m["seats"][STP]["marker"] = 10
    ev = []
    assert mr.shake(m, rng, STP, 5, ev, active_seat=EMP) is None
    assert m["seats"][STP]["marker"] == 12
    assert "morale_broken" not in kinds(ev) and "morale_draw" not in kinds(ev)  # 9 not in (10, 12]


# ---------------------------------------------------------------- ES-MX

def test_ES_MX_3_piles_swap_the_buffs():
    m, _ = new(3)
    emp_pile = {c["id"] for c in CARDS.values() if (c["faction"], c["kind"]) in (("empire", "buff"), ("steppe", "debuff"))}
    stp_pile = {c["id"] for c in CARDS.values() if (c["faction"], c["kind"]) in (("steppe", "buff"), ("empire", "debuff"))}
    assert set(m["piles"][EMP]) == emp_pile and len(m["piles"][EMP]) == len(emp_pile)
    assert set(m["piles"][STP]) == stp_pile
    assert all(s["zone"] == [] for s in m["seats"])  # ES-SET-4
    # the seats' factions may be the other way round: the pile follows the faction
    r, _ = new(3, factions=("steppe", "empire"))
    assert set(r["piles"][0]) == stp_pile


def test_ES_MX_3_piles_are_shuffled_through_the_rng():
    a, _ = new(1)
    b, _ = new(1)
    c, _ = new(2)
    assert a["piles"] == b["piles"]  # replays are exact
    assert a["piles"] != c["piles"]
    json.dumps(a)  # JSON-compatible


def test_ES_MX_4_zone_keeps_own_buffs_and_enemy_debuffs_apart():
    m, _ = new()
    buff = find("empire", "buff")[0]
    debuff = find("steppe", "debuff")[0]
    stack(m, EMP, buff, debuff)
    ev = []
    mr.shake(m, None, STP, 7, ev, active_seat=EMP)  # 0 -> 7: squares 3, 6
    sides = {e["card"]: e["side"] for e in m["seats"][EMP]["zone"]}
    assert sides == {buff: "own_buff", debuff: "enemy_debuff"}
    view = mr.public_view(m)["seats"][EMP]
    assert view["own_buff"] == [{"card": buff, "state": "up"}]
    assert view["enemy_debuff"] == [{"card": debuff, "state": "up"}]
    assert view["pile"] == len(m["piles"][EMP]) and "piles" not in mr.public_view(m)


def test_ES_MX_5_one_draw_per_square_passed_by_the_opponent_from_their_side():
    m, _ = new()
    top = m["piles"][EMP][0]
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)  # 0 -> 3: stops on square 3
    draws = [e for e in ev if e.kind == "morale_draw"]
    assert len(draws) == 1 and draws[0].params == {"seat": EMP, "card": top, "shaken": STP}
    assert m["seats"][EMP]["zone"][0]["card"] == top and m["seats"][STP]["zone"] == []


def test_ES_MX_5_the_start_square_never_counts():
    m, _ = new()
    m["seats"][STP]["marker"] = 3
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 3 -> 5
    assert "morale_draw" not in kinds(ev) and m["seats"][STP]["marker"] == 5


def test_ES_MX_6_drawn_card_is_shown_placed_face_up_and_the_marker_moves_back():
    m, _ = new()
    two = find("empire", "buff", value=2)[0]
    stack(m, EMP, two)
    m["seats"][STP]["marker"] = 2
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 2 -> 4, draws at 3, back 2
    assert m["seats"][STP]["marker"] == 2
    assert m["seats"][EMP]["zone"] == [{"card": two, "side": "own_buff", "state": "up", "pile": EMP, "played": None}]
    draw = next(e for e in ev if e.kind == "morale_draw")
    assert draw.visible_to is None  # shown to both players
    back = next(e for e in ev if e.kind == "morale_back")
    assert back.params == {"seat": STP, "card": two, "value": 2, "start": 4, "end": 2}


def test_ES_AMB_46_value_moves_the_shaken_marker_back_not_the_drawers():
    m, _ = new()
    stack(m, EMP, find("empire", "buff", value=1)[0])
    m["seats"][EMP]["marker"] = 5
    mr.shake(m, None, STP, 3, [], active_seat=EMP)
    assert m["seats"][EMP]["marker"] == 5 and m["seats"][STP]["marker"] == 2


def test_ES_MX_7_and_ES_AMB_48_at_collapse_one_draw_per_shake_and_no_forward_move():
    m, _ = new()
    zero, one = find("empire", "buff", value=0)[0], find("empire", "buff", value=1)[0]
    stack(m, EMP, zero, one)
    m["seats"][STP]["marker"] = 12
    ev = []
    assert mr.shake(m, None, STP, 3, ev, active_seat=EMP) is None  # size does not matter
    assert kinds(ev) == ["morale_shake_at_collapse", "morale_collapse_check", "morale_draw", "morale_back"]
    assert m["seats"][STP]["marker"] == 12  # value 0 leaves it on collapse
    ev = []
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake_at_collapse", "morale_draw", "morale_back"]  # checked once this turn
    assert m["seats"][STP]["marker"] == 11


def test_ES_MX_7_reaching_collapse_by_moving_and_crossing_squares():
    m, _ = new()
    m["seats"][STP]["marker"] = 8
    stack(m, EMP, find("empire", "buff", value=1)[0])
    ev = []
    mr.shake(m, None, STP, 10, ev, active_seat=EMP)  # 8 -> 12 (capped), square 9 crossed
    assert kinds(ev).count("morale_draw") == 1 and m["seats"][STP]["marker"] == 11


def test_ES_MX_8_a_just_drawn_card_may_be_played_even_in_the_opponents_turn():
    m, _ = new(active=STP)  # the Steppe's turn; the Empire is the drawer
    buff = find("empire", "buff", "power", duration="ongoing")[0]
    stack(m, EMP, buff)
    mr.shake(m, None, STP, 3, [], active_seat=STP)  # e.g. a terrain penalty the Steppe chose
    assert m["just_drawn"] == {"seat": EMP, "cards": [buff]}
    assert mr.playable(m, EMP, declared_action=True, just_drawn=None) == []  # not its turn
    assert mr.playable(m, EMP, declared_action=False, just_drawn=buff) == [buff]
    assert mr.playable(m, STP, declared_action=False, just_drawn=buff) == []  # not the Steppe's card
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, buff, [], declared_action=False)
    assert err.value.code == "evs.err.morale_timing"
    mr.play(m, EMP, buff, [], declared_action=False, just_drawn=buff)
    assert state_of(m, EMP, buff) == "tapped"


def test_ES_MX_8_b_and_ES_AMB_49_any_moment_of_own_turn_with_action_declared():
    m, _ = new(active=EMP)
    cards = [find("empire", "buff", "power", duration="ongoing")[0], find("steppe", "debuff", "cost")[0]]
    for cid in cards:
        place(m, EMP, cid)
    assert mr.playable(m, EMP, declared_action=True) == cards
    assert mr.playable(m, EMP, declared_action=False) == []  # e.g. Deploy + Recall
    mr.start_turn(m, STP)
    assert mr.playable(m, EMP, declared_action=True) == []  # never at other times of the opponent's turn


def test_ES_MX_8_card_conditions_must_hold_in_both_cases():
    m, _ = new(active=EMP)
    last = "emp_last_stand"  # marker_at_least faction 9
    desertion = "emp_desertion"  # Empire debuff, played by the Steppe: Empire marker at least 6
    charge = "stp_fierce_charge"  # own_turn
    place(m, EMP, last)
    place(m, STP, desertion)
    place(m, STP, charge)
    assert mr.playable(m, EMP, declared_action=True) == []
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, last, [])
    assert err.value.code == "evs.err.morale_condition"
    m["seats"][EMP]["marker"] = 9
    assert mr.playable(m, EMP, declared_action=True) == [last]
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 5
    assert mr.playable(m, STP, declared_action=True) == [charge]
    m["seats"][EMP]["marker"] = 6
    assert mr.playable(m, STP, declared_action=True) == [desertion, charge]
    m["just_drawn"] = {"seat": STP, "cards": [charge]}
    mr.start_turn(m, EMP)
    m["just_drawn"] = {"seat": STP, "cards": [charge]}
    assert mr.playable(m, STP, declared_action=False, just_drawn=charge) == []  # own_turn only


def test_ES_MX_9_cards_take_effect_in_the_order_played():
    """Marker on 1: a steady 2 then a shake 1 gives 0 then 1; the other order 2 then 0."""
    steady = "stp_khans_blessing"  # Steppe steadies 2
    feud = find("steppe", "debuff", "shake", conditions=None)[0]  # Steppe shakes 1
    results = []
    for order in ((steady, feud), (feud, steady)):
        m, _ = new(active=EMP)
        m["piles"][EMP] = [c for c in m["piles"][EMP] if c != feud]
        m["seats"][EMP]["zone"].append({"card": feud, "side": "enemy_debuff", "state": "up", "pile": EMP,
                                        "played": None})
        m["piles"][STP].remove(steady)
        m["seats"][STP]["zone"].append({"card": steady, "side": "own_buff", "state": "up", "pile": STP,
                                        "played": None})
        m["just_drawn"] = {"seat": STP, "cards": [steady]}
        m["seats"][STP]["marker"] = 1
        ev = []
        for cid in order:
            holder = EMP if cid == feud else STP
            mr.play(m, holder, cid, ev)
        results.append((m["seats"][STP]["marker"], [e.params.get("card") for e in ev if e.kind == "morale_play"]))
    assert results == [(1, [steady, feud]), (0, [feud, steady])]


def test_ES_MX_10_once_card_is_flipped_and_stays_but_cannot_be_replayed():
    m, _ = new(active=EMP)
    once = "emp_eagle_raised"
    place(m, EMP, once)
    m["seats"][EMP]["marker"] = 5
    mr.play(m, EMP, once, [], declared_action=True)
    assert m["seats"][EMP]["marker"] == 3 and state_of(m, EMP, once) == "flipped"
    assert mr.playable(m, EMP, declared_action=True) == []
    mr.start_turn(m, STP)
    mr.start_turn(m, EMP)
    assert state_of(m, EMP, once) == "flipped"  # never untaps
    with pytest.raises(IllegalAction) as err:
        mr.play(m, EMP, once, [])
    assert err.value.code == "evs.err.morale_card_used"


def test_ES_MX_11_ongoing_card_is_tapped_and_its_effect_lasts_while_tapped():
    m, _ = new(active=EMP)
    wall = "emp_closed_ranks"  # defend +1
    place(m, EMP, wall)
    assert mr.defence_modifier(m, EMP) == 0  # face-up: no effect before it is played
    mr.play(m, EMP, wall, [], declared_action=True)
    assert state_of(m, EMP, wall) == "tapped" and mr.playable(m, EMP, declared_action=True) == []
    assert mr.defence_modifier(m, EMP) == 1
    mr.start_turn(m, STP)
    assert mr.defence_modifier(m, EMP) == 1  # through the opponent's turn
    assert mr.power_modifier(m, EMP, "engage") == 0


def test_ES_MX_12_tapped_cards_untap_at_their_holders_next_turn():
    m, _ = new(active=EMP)
    wall = "emp_closed_ranks"
    spent = "stp_spent_quivers"  # Steppe debuff held and played by the Empire
    place(m, EMP, wall)
    place(m, EMP, spent)
    mr.play(m, EMP, wall, [])
    mr.play(m, EMP, spent, [])
    assert mr.power_modifier(m, STP, "engage") == -1
    ev = []
    mr.start_turn(m, STP, ev)
    assert ev == [] and state_of(m, EMP, wall) == "tapped"
    assert mr.power_modifier(m, STP, "engage") == -1  # lasts through the Steppe's turn
    mr.start_turn(m, EMP, ev)
    assert kinds(ev) == ["morale_untap", "morale_untap"]
    assert state_of(m, EMP, wall) == state_of(m, EMP, spent) == "up"
    assert mr.power_modifier(m, STP, "engage") == 0 and mr.defence_modifier(m, EMP) == 0
    assert mr.playable(m, EMP, declared_action=True) == [wall, spent]  # can be played again


def test_ES_MX_13_rally_is_a_fourth_basic_action():
    assert mr.basic_actions(True) == ("deploy", "action", "recall", "rally")
    assert mr.basic_actions(False) == ("deploy", "action", "recall")


def test_ES_MX_14_rally_cost_and_return_to_the_bottom_of_the_pile_drawn_from():
    """ES-AMB-51: the debuff goes back under the pile on the opponent's side, whatever its state."""
    m, _ = new(active=STP)
    debuffs = find("steppe", "debuff")[:2]
    place(m, EMP, debuffs[0], state="flipped", played=0)
    place(m, EMP, debuffs[1], state="tapped", played=0)
    assert mr.rally_targets(m, STP) == debuffs and mr.rally_cost(m, STP) == 2
    assert mr.rally_targets(m, EMP) == []
    ev = []
    assert mr.rally_remove(m, STP, debuffs[1], ev, paid=2) == 2
    assert m["piles"][EMP][-1] == debuffs[1] and debuffs[1] not in m["piles"][STP]
    assert ev[0].kind == "morale_rally" and ev[0].params == {"seat": STP, "card": debuffs[1], "cost": 2}
    assert mr.rally_cost(m, STP) == 1


def test_ES_MX_14_rally_refuses_other_cards_and_a_wrong_payment():
    m, _ = new(active=STP)
    debuff, buff = find("steppe", "debuff")[0], find("empire", "buff")[0]
    place(m, EMP, debuff)
    place(m, EMP, buff)
    for cid in (buff, find("steppe", "debuff")[1]):
        with pytest.raises(IllegalAction) as err:
            mr.rally_remove(m, STP, cid, [])
        assert err.value.code == "evs.err.morale_rally_target" and err.value.legal == [debuff]
    with pytest.raises(IllegalAction) as err:
        mr.rally_remove(m, STP, debuff, [], paid=2)
    assert err.value.code == "evs.err.morale_rally_cost" and err.value.params == {"cost": 1, "paid": 2}
    with pytest.raises(IllegalAction):
        mr.rally_remove(m, EMP, debuff, [])  # the Empire's own pile holds no Empire debuffs to rally


def test_ES_MX_14_rally_ends_an_active_debuffs_effect():
    m, _ = new(active=EMP)
    quivers = "stp_spent_quivers"
    place(m, EMP, quivers)
    mr.play(m, EMP, quivers, [])
    mr.start_turn(m, STP)
    assert mr.power_modifier(m, STP, "engage") == -1
    mr.rally_remove(m, STP, quivers, [], paid=1)
    assert mr.power_modifier(m, STP, "engage") == 0


def test_ES_MX_15_rally_repeats_with_the_cost_recalculated():
    m, _ = new(active=EMP)
    for cid in find("empire", "debuff")[:4]:
        place(m, STP, cid)
    assert mr.rally_costs(m, EMP) == [4, 3, 2, 1]
    paid = [mr.rally_remove(m, EMP, mr.rally_targets(m, EMP)[0], [], paid=mr.rally_cost(m, EMP)) for _ in range(2)]
    assert paid == [4, 3] and mr.rally_costs(m, EMP) == [2, 1]


def test_ES_MX_16_collapse_check_counts_before_placing_and_even_with_an_empty_pile():
    """ES-AMB-52."""
    m, _ = new(active=EMP)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    m["piles"][EMP] = []
    ev = []
    assert mr.shake(m, None, STP, 3, ev, active_seat=EMP) == "morale_collapse"
    assert kinds(ev) == ["morale_shake", "morale_collapse"] and ev[1].params == {"seat": STP, "debuffs": 3}


def test_ES_MX_16_all_states_count_and_only_the_shaken_players_debuffs():
    m, _ = new(active=EMP)
    debuffs = find("steppe", "debuff")[:3]
    for cid, state in zip(debuffs, ("up", "tapped", "flipped")):
        place(m, EMP, cid, state=state, played=1)
    for cid in find("steppe", "buff")[:3]:
        place(m, STP, cid)  # Steppe buffs in the Steppe zone do not count against anyone
    assert mr.shake(m, None, EMP, 3, [], active_seat=EMP) is None  # the Empire: 0 of its debuffs
    assert mr.shake(m, None, STP, 3, [], active_seat=EMP) == "morale_collapse"


def test_ES_MX_16_no_check_without_a_draw():
    m, _ = new(active=EMP)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    assert mr.shake(m, None, STP, 2, [], active_seat=EMP) is None  # 0 -> 2: no draw square
    assert m["turn"]["checked"] == [False, False]


def test_ES_AMB_52_check_once_per_player_per_turn_for_each_player():
    m, _ = new(active=EMP)
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)
    mr.shake(m, None, EMP, 3, ev, active_seat=EMP)
    assert kinds(ev).count("morale_collapse_check") == 2 and m["turn"]["checked"] == [True, True]
    ev = []
    m["seats"][STP]["marker"] = 5
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert "morale_collapse_check" not in kinds(ev)
    mr.start_turn(m, STP)
    assert m["turn"]["checked"] == [False, False]


def test_ES_MX_17_without_the_expansion_no_cards_zones_draw_squares_or_rally():
    m, _ = new(expansion=False)
    assert m["piles"] == [[], []] and not m["expansion"]
    ev = []
    for _ in range(3):
        mr.shake(m, None, EMP, 3, ev, active_seat=EMP)
    assert set(kinds(ev)) == {"morale_shake"}
    assert mr.playable(m, EMP, declared_action=True) == [] and mr.rally_targets(m, EMP) == []
    assert mr.rally_costs(m, EMP) == [] and mr.basic_actions(m["expansion"]) == ("deploy", "action", "recall")


def test_ES_AMB_47_empty_pile_no_draw_and_no_move_back():
    m, _ = new(active=EMP)
    m["piles"][EMP] = [find("empire", "buff", value=1)[0]]
    ev = []
    mr.shake(m, None, STP, 7, ev, active_seat=EMP)  # 0 -> 7: squares 3 and 6, one card left
    assert kinds(ev) == ["morale_shake", "morale_collapse_check", "morale_draw", "morale_back",
                         "morale_pile_empty"]
    assert m["seats"][STP]["marker"] == 6


def test_ES_AMB_47_backward_moves_never_draw():
    m, _ = new(active=EMP)
    three = [c for c in CARDS if CARDS[c]["faction"] == "empire" and CARDS[c]["kind"] == "buff"
             and CARDS[c]["value"] == 2][0]
    stack(m, EMP, three)
    m["seats"][STP]["marker"] = 5
    ev = []
    mr.shake(m, None, STP, 2, ev, active_seat=EMP)  # 5 -> 7 passes 6, back 2 to 5 passing 6 again
    assert kinds(ev).count("morale_draw") == 1 and m["seats"][STP]["marker"] == 5


def test_ES_AMB_50_once_modifier_lasts_to_the_end_of_its_turn():
    m, _ = new(active=STP)
    charge = "stp_fierce_charge"  # once, +2 engage, own turn
    place(m, STP, charge)
    mr.play(m, STP, charge, [], declared_action=True)
    assert mr.power_modifier(m, STP, "engage") == 2 and mr.power_modifier(m, STP, "defend") == 0
    assert mr.active_effects(m)[0]["until"] == "turn_end"
    mr.start_turn(m, EMP)
    assert mr.power_modifier(m, STP, "engage") == 0


def test_shake_state_adapter_for_the_core():
    """The whole-state form: st["morale"], st["rng"], st["active"]; markers mirrored into
    st["track"]; the losing seat returned."""
    m, rng = new(active=None)
    for cid in find("steppe", "debuff")[:3]:
        place(m, EMP, cid)
    st = {"morale": m, "rng": rng, "active": EMP, "track": [0, 0]}
    mr.start_turn(m, EMP)
    ev = []
    assert mr.shake_state(st, EMP, 2, ev) is None and st["track"] == [2, 0]
    assert mr.shake_state(st, STP, 4, ev) == STP and st["track"] == [2, 4]


def test_shake_checks_whose_turn_it_is():
    m, _ = new(active=EMP)
    with pytest.raises(ValueError):
        mr.shake(m, None, STP, 3, [], active_seat=STP)
    assert mr.shake(m, None, STP, 0, [], active_seat=EMP) is None  # shake 0 is no shake


# ---------------------------------------------------------------- effects

def test_effects_modifiers_sum_by_seat_and_scope():
    m, _ = new(active=EMP)
    for cid in ("emp_drilled_ranks", "emp_closed_ranks", "emp_forced_march", "stp_scattered_clans",
                "stp_wavering_hearts", "stp_ambushed"):
        place(m, EMP, cid)
        mr.play(m, EMP, cid, [], declared_action=True)
    assert mr.modifiers(m, EMP) == {"engage": 1, "defend": 1, "morale_effect": 0, "mobility": 1, "cost": 0}
    assert mr.modifiers(m, STP) == {"engage": -1, "defend": -1, "morale_effect": -1, "mobility": 0, "cost": 1}
    assert mr.cost_modifier(m, STP) == 1 and mr.mobility_modifier(m, EMP) == 1
    assert mr.morale_effect_modifier(m, STP) == -1
    with pytest.raises(ValueError):
        mr.power_modifier(m, EMP, "siege")


def test_effects_tokens_and_heal_return_directives_for_the_core():
    m, _ = new(active=EMP)
    for cid in ("emp_supply_train", "emp_field_surgeons", "stp_stragglers"):
        place(m, EMP, cid)
    ev = []
    assert mr.play(m, EMP, "emp_supply_train", ev)["apply"] == {"type": "tokens", "seat": EMP, "n": 1, "chooser": EMP}
    assert mr.play(m, EMP, "emp_field_surgeons", ev)["apply"] == {"type": "heal", "seat": EMP, "n": 1, "chooser": EMP}
    out = mr.play(m, EMP, "stp_stragglers", ev)
    assert out == {"lost": None, "loser": None, "apply": {"type": "tokens", "seat": STP, "n": -1, "chooser": EMP}}
    assert kinds(ev) == ["morale_play", "morale_tokens_gain", "morale_play", "morale_heal", "morale_play",
                         "morale_tokens_loss"]


def test_effects_a_shake_debuff_draws_and_can_collapse():
    m, _ = new(active=EMP)
    mutiny = "emp_mutiny"  # Empire shakes 1, held by the Steppe
    for cid in [c for c in find("empire", "debuff") if c != mutiny][:3]:
        place(m, STP, cid)
    place(m, STP, mutiny)
    m["just_drawn"] = {"seat": STP, "cards": [mutiny]}
    m["seats"][EMP]["marker"] = 2
    ev = []
    out = mr.play(m, STP, mutiny, ev, declared_action=False, just_drawn=mutiny)
    assert out == {"lost": "morale_collapse", "loser": EMP, "apply": None}
    assert m["seats"][EMP]["marker"] == 3 and kinds(ev)[-1] == "morale_collapse"


def test_play_refuses_cards_not_in_the_own_zone():
    m, _ = new(active=EMP)
    place(m, STP, "stp_spoils")
    for cid in ("stp_spoils", "nothing"):
        with pytest.raises(IllegalAction) as err:
            mr.play(m, EMP, cid, [])
        assert err.value.code == "evs.err.morale_not_in_zone"


# ---------------------------------------------------------------- examples

def test_ES_EX_6_morale_draw():
    """Steppe on 5, a Steppe unit destroyed: shake 3, 5 -> 8 passing 6; the Empire draws from
    the Empire pile a value-2 card; Steppe back to 6; a later shake 1 moves 6 -> 7, no draw."""
    m, _ = new(active=EMP)
    card = "emp_eagle_raised"
    assert CARDS[card]["value"] == 2
    stack(m, EMP, card)
    m["seats"][STP]["marker"] = 5
    ev = []
    mr.shake(m, None, STP, 3, ev, active_seat=EMP)
    assert ev[0].params == {"seat": STP, "n": 3, "start": 5, "end": 8}
    assert [e.params for e in ev if e.kind == "morale_draw"] == [{"seat": EMP, "card": card, "shaken": STP}]
    assert [e["card"] for e in m["seats"][EMP]["zone"]] == [card]
    assert m["seats"][STP]["marker"] == 6
    ev = []
    mr.shake(m, None, STP, 1, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake"] and m["seats"][STP]["marker"] == 7


def test_ES_EX_7_several_squares():
    """A marker on 2 shakes 5 to 7, passing 3 and 6: 2 draws, back by 1 then by 2."""
    m, _ = new(active=EMP)
    one, two = "emp_closed_ranks", "emp_eagle_raised"
    stack(m, EMP, one, two)
    m["seats"][STP]["marker"] = 2
    ev = []
    mr.shake(m, None, STP, 5, ev, active_seat=EMP)
    assert kinds(ev) == ["morale_shake", "morale_collapse_check", "morale_draw", "morale_back", "morale_draw",
                         "morale_back"]
    assert [(e.params["start"], e.params["end"]) for e in ev if e.kind in ("morale_shake", "morale_back")] == \
        [(2, 7), (7, 6), (6, 4)]
    assert m["seats"][STP]["marker"] == 4 and m["just_drawn"] == {"seat": EMP, "cards": [one, two]}


def test_ES_EX_8_rally_costs_3_then_2_then_1():
    """The Steppe zone holds 3 Empire debuffs: one Rally pays 3, 2, 1 = 6 cards."""
    m, _ = new(active=EMP)
    debuffs = find("empire", "debuff")[:3]
    for cid in debuffs:
        place(m, STP, cid)
    assert mr.rally_costs(m, EMP) == [3, 2, 1] and sum(mr.rally_costs(m, EMP)) == 6
    paid = []
    for cid in debuffs:
        paid.append(mr.rally_remove(m, EMP, cid, [], paid=mr.rally_cost(m, EMP)))
    assert paid == [3, 2, 1] and sum(paid) == 6
    assert m["piles"][STP][-3:] == debuffs and m["seats"][STP]["zone"] == []


def test_ES_EX_9_collapse_check():
    """3 Empire debuffs in the Steppe zone at the start of the Steppe's turn; a Steppe attack
    wounds an Empire unit (shake 1 from 2 to 3) and the Steppe is about to draw: the Empire loses."""
    m, _ = new(active=None)
    for cid in find("empire", "debuff")[:3]:
        place(m, STP, cid)
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 2
    pile = list(m["piles"][STP])
    ev = []
    assert mr.shake(m, None, EMP, 1, ev, active_seat=STP) == "morale_collapse"
    assert m["piles"][STP] == pile and len(m["seats"][STP]["zone"]) == 3  # nothing drawn


def test_ES_EX_9_a_third_debuff_drawn_mid_turn_gives_time_to_rally():
    """With 2, the drawn card is a third Empire debuff: no loss now, no later check this turn;
    the Empire can Rally on its own turn; without it, the next check makes it lose."""
    m, _ = new(active=None)
    debuffs = find("empire", "debuff")
    for cid in debuffs[:2]:
        place(m, STP, cid)
    mr.start_turn(m, STP)
    stack(m, STP, debuffs[2], debuffs[3])
    m["seats"][EMP]["marker"] = 2
    assert mr.shake(m, None, EMP, 1, [], active_seat=STP) is None
    assert len(mr.debuffs_against(m, EMP)) == 3
    m["seats"][EMP]["marker"] = 5
    ev = []
    assert mr.shake(m, None, EMP, 1, ev, active_seat=STP) is None  # 5 -> 6 draws: no check
    assert "morale_collapse_check" not in kinds(ev) and len(mr.debuffs_against(m, EMP)) == 4
    later = json.loads(json.dumps(m))
    mr.start_turn(m, EMP)
    assert mr.rally_costs(m, EMP) == [4, 3, 2, 1]
    mr.rally_remove(m, EMP, debuffs[0], [], paid=4)
    mr.rally_remove(m, EMP, debuffs[1], [], paid=3)
    mr.start_turn(m, STP)
    m["seats"][EMP]["marker"] = 8
    assert mr.shake(m, None, EMP, 1, [], active_seat=STP) is None  # 2 debuffs: holds
    mr.start_turn(later, EMP)  # no Rally this time
    later["seats"][EMP]["marker"] = 8
    assert mr.shake(later, None, EMP, 1, [], active_seat=EMP) == "morale_collapse"


# ---------------------------------------------------------------- properties

def _random_run(seed: int, steps: int, check=None) -> list:
    """A random sequence of turns, shakes, plays and Rally removals; ``check(m, before, n,
    seat, events)`` after each direct shake. Returns every event."""
    import random
    r = random.Random(seed)
    m, rng = new(seed, factions=r.choice([("empire", "steppe"), ("steppe", "empire")]), active=r.randrange(2))
    every = []
    for _ in range(steps):
        op = r.random()
        active = m["turn"]["active"]
        if op < 0.1:
            mr.start_turn(m, 1 - active, every)
        elif op < 0.65:
            seat, n = r.randrange(2), r.randint(1, 7)
            before = json.loads(json.dumps(m))
            ev = []
            mr.shake(m, rng, seat, n, ev, active_seat=active)
            if check:
                check(m, before, n, seat, ev)
            every += ev
        elif op < 0.9:
            seat = r.randrange(2)
            drawn = m["just_drawn"]["cards"][0] if m["just_drawn"] and m["just_drawn"]["cards"] else None
            options = mr.playable(m, seat, declared_action=seat == active, just_drawn=drawn)
            if options:
                cid = r.choice(options)
                mr.play(m, seat, cid, every, declared_action=seat == active, just_drawn=drawn)
        else:
            seat = active
            targets = mr.rally_targets(m, seat)
            if targets:
                mr.rally_remove(m, seat, r.choice(targets), every, paid=mr.rally_cost(m, seat))
        for side in m["seats"]:
            assert 0 <= side["marker"] <= side["track"]["collapse"]
        assert all_cards(m) == sorted(CARDS)
    return every


def _draw_bound(m, before, n, seat, ev):
    side = before["seats"][seat]
    start, track = side["marker"], side["track"]
    crossed = 1 if start == track["collapse"] else len(mr.draw_squares_crossed(track, start, n))
    draws = sum(e.kind == "morale_draw" for e in ev)
    assert draws <= crossed
    lost = any(e.kind == "morale_collapse" for e in ev)
    if not lost and len(before["piles"][1 - seat]) >= crossed:
        assert draws == crossed  # exactly one per square (or one at collapse) when cards remain
    if start < track["collapse"]:
        assert ev[0].params["end"] == min(start + n, track["collapse"])  # full distance first


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(1, 120))
def test_property_markers_in_range_cards_conserved_and_draws_bounded(seed, steps):
    _random_run(seed, steps, _draw_bound)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), start=st.integers(0, 12), shakes=st.lists(st.integers(1, 15), min_size=1, max_size=12))
def test_property_single_shakes_from_any_square(seed, start, shakes):
    m, rng = new(seed)
    m["seats"][STP]["marker"] = start
    for n in shakes:
        before = json.loads(json.dumps(m))
        ev = []
        lost = mr.shake(m, rng, STP, n, ev, active_seat=EMP)
        _draw_bound(m, before, n, STP, ev)
        assert 0 <= m["seats"][STP]["marker"] <= 12
        assert all_cards(m) == sorted(CARDS)
        json.dumps(m)
        if lost:
            break
