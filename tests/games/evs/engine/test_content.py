"""Content as data (units, commands, generals, factions) and its validation at load time;
card anatomy (ES-CARD), the keyword vocabulary (ES-KW-1..5, ES-KW-15) and the authored content
the rulebook lacks."""
import copy
import json
import os

import pytest

from engine.evs import content, keywords
from engine.evs.content import COMMANDS, FACTIONS, GENERALS, UNITS, ContentError, executes, pool

DATA = content.DATA_DIR


def raw(fn, top):
    return json.load(open(os.path.join(DATA, fn), encoding="utf-8"))[top]


def test_ES_GEN_1_each_faction_uses_its_own_cards():
    """ES-GEN-1, ES-AMB-2: two factions; every unit and command belongs to one of them and a
    player's pool is that faction's cards only."""
    assert set(FACTIONS) == {"empire", "steppe"}
    for f in FACTIONS:
        units, commands = pool(f)
        assert all(UNITS[u]["faction"] == f for u in units)
        assert all(COMMANDS[c]["faction"] == f for c in commands)
    assert set(pool("empire")[0]).isdisjoint(pool("steppe")[0])


def test_ES_CARD_1_unit_cards_have_name_power_and_hp():
    """ES-CARD-1: every unit shows a bilingual name, a base power and an HP value."""
    for u in UNITS.values():
        assert u["name"]["en"] and u["name"]["zh-CN"]
        assert u["power"] >= 0 and u["hp"] >= 1


def test_ES_CARD_2_names_link_units_and_commands_duplicates():
    """ES-CARD-2, ES-AMB-53: the name links units to commands; two Legionary cards share a name
    and a command naming the Legionary fits both."""
    assert UNITS["legionary"]["name"] == UNITS["legionary_2"]["name"]
    assert executes("legion_thrust", "legionary") and executes("legion_thrust", "legionary_2")
    assert not executes("legion_thrust", "shield_guard")


def test_ES_CARD_5_ES_CARD_8_command_card_fields():
    """ES-CARD-5, ES-CARD-8, ES-KW-1, ES-AMB-19: cost, command power, optional unit name,
    bilingual text; 1 to 3 ordered phases, each one keyword action; the five markers."""
    for c in COMMANDS.values():
        assert c["cost"] >= 0 and c["power"] >= 0
        assert c["unit"] is None or c["unit"] in UNITS
        assert c["text"]["en"] and c["text"]["zh-CN"]
        assert 1 <= len(c["phases"]) <= 3
        assert all(p["kind"] in keywords.PHASE_KINDS for p in c["phases"])
        assert set(c["markers"]) == {"action", "defence", "reveal", "dispatch", "recall"}


def test_ES_CARD_7_named_and_unnamed_cards():
    """ES-CARD-7: a named card only for a unit of that name; an unnamed card for any unit of
    its faction, never for the other faction's units."""
    assert executes("advance", "shield_guard") and executes("advance", "legionary")
    assert not executes("advance", "horse_archer")
    assert executes("mounted_volley", "horse_archer_2") and not executes("mounted_volley", "lancer")
    assert executes("general_attack", "horse_archer") and executes("general_attack", "legionary")


def test_ES_KW_2_ES_KW_3_ES_AMB_17_every_card_has_exactly_one_of_action_or_defence():
    """ES-KW-2, ES-KW-3, ES-AMB-17: the action marker makes a card playable in an Action, the
    defence marker as a defence; every card carries exactly one of them, and defence cards have
    one defend phase."""
    for c in COMMANDS.values():
        assert c["markers"]["action"] != c["markers"]["defence"]
        kinds = [p["kind"] for p in c["phases"]]
        if c["markers"]["defence"]:
            assert kinds.count("defend") == 1
        else:
            assert "defend" not in kinds


def test_ES_KW_4_ES_KW_5_reveal_and_dispatch_flags_are_used():
    """ES-KW-4, ES-KW-5: both factions have reveal-marked and dispatch-flagged cards."""
    for f in FACTIONS:
        cards = [COMMANDS[c] for c in pool(f)[1]]
        assert any(c["markers"]["reveal"] for c in cards)
        assert any(c["markers"]["dispatch"] for c in cards)
        assert any(c["markers"]["recall"] for c in cards)


def test_authored_content_sizes_and_zh_names():
    """Content 1/2: at least 8 units of distinct roles and 16 commands per faction, a standard
    5 + 10 hand (ES-SET-2), Chinese names everywhere."""
    for f, fac in FACTIONS.items():
        units, commands = pool(f)
        roles = {UNITS[u]["role"] for u in units}
        assert len(units) >= 8 and len(roles) >= 8
        assert len(commands) >= 16
        assert len(fac["standard"]["units"]) == 5 and len(fac["standard"]["commands"]) == 10
        assert fac["name"]["zh-CN"] and fac["general"]["zh-CN"]
    assert FACTIONS["empire"]["name"]["zh-CN"] == "帝国" and FACTIONS["steppe"]["name"]["zh-CN"] == "草原"


def test_faction_characters():
    """Content: the Empire solid and defensive (more HP, more defence cards, reveal-marked heavy
    hitters), the Steppe mobile and ranged (more mobility, ranged engagements, dispatch)."""
    def stats(f):
        units, commands = pool(f)
        cs = [COMMANDS[c] for c in commands]
        phases = [p for c in cs for p in c["phases"]]
        return {
            "hp": sum(UNITS[u]["hp"] for u in units) / len(units),
            "defence": sum(c["markers"]["defence"] for c in cs),
            "mp": sum(p["mp"] for p in phases if p["kind"] == "move"),
            "ranged": sum(1 for p in phases if p["kind"] == "engage" and p["range"] == "ranged"),
            "dispatch": sum(c["markers"]["dispatch"] for c in cs),
            "heavy_reveal": max(c["power"] for c in cs if c["markers"]["reveal"]),
        }
    e, s = stats("empire"), stats("steppe")
    assert e["hp"] > s["hp"] and e["defence"] > s["defence"] and e["heavy_reveal"] >= 4
    assert s["mp"] > e["mp"] and s["ranged"] > e["ranged"] and s["dispatch"] > e["dispatch"]


def test_ES_AMB_24_general_commands():
    """ES-AMB-24: General Move (cost 1, mobility 1), General Attack (cost 1, melee, 1 attack
    icon), General Defence (cost 1, +1 defence icon), usable by any unit."""
    assert GENERALS["move"]["cost"] == 1 and GENERALS["move"]["phases"] == [{"kind": "move", "mp": 1}]
    atk = GENERALS["attack"]["phases"][0]
    assert GENERALS["attack"]["cost"] == 1 and atk["kind"] == "engage" and atk["range"] == "melee" and atk["attack"] == 1
    dfn = GENERALS["defend"]["phases"][0]
    assert GENERALS["defend"]["cost"] == 1 and dfn["kind"] == "defend" and dfn["defence"] == 1
    assert GENERALS["defend"]["markers"]["defence"] and GENERALS["move"]["markers"]["action"]


def test_ES_AMB_35_faction_card_is_the_general_card_with_mandatory_effects():
    """ES-AMB-35, ES-AMB-36, ES-FAC-2: each faction card names its general and carries at least
    one triggered effect from the closed list."""
    for fac in FACTIONS.values():
        assert fac["general"]["en"]
        assert fac["effects"]
        for e in fac["effects"]:
            assert e["trigger"] in keywords.FACTION_TRIGGERS and e["effect"] in keywords.FACTION_EFFECTS


def test_ES_KW_15_keyword_semantics():
    """ES-KW-15: the extra keywords are closed, engine-defined effects (keywords.py)."""
    assert keywords.charge_bonus({"charge": 2}, 1) == 2 and keywords.charge_bonus({"charge": 2}, 0) == 0
    assert keywords.phalanx_bonus({"phalanx": True}, 5) == 2 and keywords.phalanx_bonus({"phalanx": True}, 1) == 1
    assert keywords.phalanx_bonus({"phalanx": False}, 3) == 0
    assert keywords.heal_amount({"n": 2}, 1) == 1 and keywords.heal_amount({"n": 2}, 5) == 2
    assert keywords.reach({"range": "melee"}) == 1 and keywords.reach({"range": "ranged", "reach": 3}) == 3
    used = {k for c in COMMANDS.values() for p in c["phases"] for k in ("charge", "phalanx") if p.get(k)}
    used |= {"heal" for c in COMMANDS.values() for p in c["phases"] if p["kind"] == "heal"}
    assert used == set(keywords.EXTRA_KEYWORDS)


# --- validation at load time -------------------------------------------------------------

def _commands(mutate):
    data = copy.deepcopy(raw("commands.json", "commands"))
    mutate(data)
    factions = content.load_factions(raw("factions.json", "factions"))
    units = content.load_units(raw("units.json", "units"), factions)
    return content.load_commands(data, units, factions)


def test_ES_KW_15_unknown_keyword_fails_to_load():
    """ES-KW-15: a phase naming an unknown keyword or kind fails to load."""
    with pytest.raises(ContentError, match="unknown key"):
        _commands(lambda d: d[1]["phases"][1].update({"flank": 1}))
    with pytest.raises(ContentError, match="unknown phase kind"):
        _commands(lambda d: d[0]["phases"].append({"kind": "teleport"}))
    with pytest.raises(ContentError, match="1..3"):
        _commands(lambda d: d[0]["phases"].extend([{"kind": "move", "mp": 1}] * 3))


def test_content_validation_rejects_bad_data():
    """Unknown keys, bad references and missing zh-CN texts fail at load."""
    with pytest.raises(ContentError, match="unknown key"):
        _commands(lambda d: d[0].update({"rarity": "rare"}))
    with pytest.raises(ContentError, match="not a unit of"):
        _commands(lambda d: d[4].update({"unit": "horse_archer"}))
    with pytest.raises(ContentError, match="missing key"):
        _commands(lambda d: d[0]["name"].pop("zh-CN"))
    with pytest.raises(ContentError, match="non-empty"):
        _commands(lambda d: d[0]["text"].update({"zh-CN": " "}))
    with pytest.raises(ContentError, match="exactly one of"):
        _commands(lambda d: d[0]["markers"].update({"defence": True}))
    with pytest.raises(ContentError, match="reach"):
        _commands(lambda d: d[6]["phases"][0].pop("reach"))
    factions = content.load_factions(raw("factions.json", "factions"))
    bad_units = copy.deepcopy(raw("units.json", "units"))
    bad_units[1]["hp"] = 9
    with pytest.raises(ContentError, match="ES-AMB-53"):
        content.load_units(bad_units, factions)
    bad_f = copy.deepcopy(raw("factions.json", "factions"))
    bad_f[0]["effects"][0]["trigger"] = "sunrise"
    with pytest.raises(ContentError, match="unknown trigger"):
        content.load_factions(bad_f)
    bad_f = copy.deepcopy(raw("factions.json", "factions"))
    bad_f[0]["standard"]["units"][0] = "horse_archer"
    units = content.load_units(raw("units.json", "units"), factions)
    commands = content.load_commands(raw("commands.json", "commands"), units, factions)
    with pytest.raises(ContentError, match="5 distinct unit ids"):
        content.check_standard(content.load_factions(bad_f), units, commands)
    gens = copy.deepcopy(raw("generals.json", "generals"))
    gens.pop()
    with pytest.raises(ContentError, match="ES-AMB-24"):
        content.load_generals(gens)
