"""Hand-written Clash of Decks views (docs/clash/view.md) for the renderer tests and the
sample images. They do not come from the engine; the card data below is test-only."""

from __future__ import annotations

import copy

# --------------------------------------------------------------- test card data

_C = {}


def _card(cid, en, zh, type_="creature", cost=2, av=None, hp=None, abilities=()):
    _C[cid] = {"id": cid, "name": {"en": en, "zh": zh}, "type": type_, "cost": cost,
               "av": av, "hp": hp, "abilities": list(abilities)}


_card("ember_drake", "Ember Drake", "余烬幼龙", cost=4, av=3, hp=5, abilities=["FLYING"])
_card("stone_golem", "Stone Golem", "石像魔", cost=3, av=2, hp=6, abilities=["PROTECTION"])
_card("tide_serpent", "Tide Serpent", "潮汐海蛇", cost=3, av=2, hp=4, abilities=["AQUATIC", "DASH"])
_card("shade_possessor", "Shade Possessor", "附身暗影", cost=2, av=1, hp=2, abilities=["POSSESS", "VANISH"])
_card("banner_bearer", "Banner Bearer", "旗手", cost=2, av=1, hp=3, abilities=["AURA"])
_card("frenzied_wolf", "Frenzied Wolf", "狂狼", cost=2, av=3, hp=2, abilities=["FRENZY", "RAGE"])
_card("thorn_knight", "Thorn Knight", "荆棘骑士", cost=1, av=4, hp=4, abilities=["THORNS"])
_card("sellsword", "Sellsword", "佣兵剑士", cost=1, av=3, hp=3, abilities=["MERCENARY", "BLADE"])
_card("fireball", "Fireball", "火球术", type_="spell", cost=2, abilities=["SWEEP"])
_card("healing_rain", "Healing Rain", "治愈之雨", type_="spell", cost=1)
_card("spearman", "Spearman", "长矛手", cost=2, av=2, hp=3, abilities=["PIERCE"])
_card("moss_troll", "Moss Troll", "苔藓巨魔", cost=5, av=4, hp=7, abilities=["REGENERATION", "RETALIATE"])
_card("sea_witch", "Sea Witch", "海巫", cost=3, av=1, hp=3, abilities=["WEAKEN", "AQUATIC"])
_card("alchemist", "Alchemist", "炼金术士", cost=2, av=1, hp=2, abilities=["CATALYST"])
_card("blood_titan", "Blood Titan", "血之泰坦", cost=8, av=7, hp=8, abilities=["BLOOD_PRICE", "SWEEP"])
_card("ghost_warden", "Ghost Warden", "幽灵守卫", cost=4, av=2, hp=5, abilities=["IMMORTAL", "PROTECTION"])
_card("storm_queen", "Storm Queen", "风暴女王", cost=6, av=5, hp=6, abilities=["FLYING", "BLADE", "DASH"])
_card("behemoth", "Ancient Thunderclaw Behemoth of the Northern Wastes",
      "北方荒原的远古雷爪巨兽", cost=7, av=6, hp=9,
      abilities=["SWEEP", "PIERCE", "BLADE", "FRENZY", "RETALIATE", "PROTECTION"])
_card("goblin", "Goblin", "哥布林", cost=0, av=1, hp=1)
_card("lancer", "Lancer", "枪骑兵", cost=3, av=3, hp=3, abilities=["DASH"])

CARDS = _C


def lookup(card_id: str) -> dict:
    """Stands in for ``engine.clash.cards.CARDS[id]``: KeyError for unknown ids."""
    return CARDS[card_id]


# --------------------------------------------------------------- builders


def creature(uid, card, owner, *, av=None, hp=None, damage=0, abilities=None, granted=(),
             new=False, dash=0, protection_used=False, champion=False, stack=None,
             base_av=None, base_hp=None):
    data = CARDS.get(card, {})
    if stack:
        datas = [CARDS.get(c, {}) for c in stack]
        b_av = sum(d.get("av") or 0 for d in datas)
        b_hp = sum(d.get("hp") or 0 for d in datas)
        abil = []
        for d in datas:
            for a in d.get("abilities", []):
                if a not in abil:
                    abil.append(a)
    else:
        b_av, b_hp, abil = data.get("av", 1), data.get("hp", 1), list(data.get("abilities", []))
    base_av = b_av if base_av is None else base_av
    base_hp = b_hp if base_hp is None else base_hp
    abilities = list(abil if abilities is None else abilities)
    for g in granted:
        if g not in abilities:
            abilities.append(g)
    return {
        "uid": uid, "card": card, "stack": list(stack) if stack else None, "owner": owner,
        "av": (base_av + dash) if av is None else av, "hp": base_hp if hp is None else hp,
        "base_av": base_av, "base_hp": base_hp, "damage": damage,
        "abilities": abilities, "granted": list(granted), "played_this_turn": new,
        "dash_bonus": dash, "protection_used": protection_used, "champion": champion,
    }


def hand(fort_pos, side, n, cards=None, playable=()):
    """A hand of ``n`` items with the fort card at 1-based ``fort_pos``. With ``cards``
    (the non-fort ids, left to right) the faces are visible (private view)."""
    out = []
    it = iter(cards or [])
    for pos in range(1, n + 1):
        if pos == fort_pos:
            out.append({"fort": True, "side": side})
        elif cards is None:
            out.append({"hidden": True})
        else:
            cid = next(it)
            out.append({"card": cid, "playable": cid in playable})
    return out


def seat(i, *, hand_items, fort_side="bastion", mana=0, deck=None, champion=None):
    fort_pos = next(k for k, h in enumerate(hand_items, 1) if h.get("fort"))
    return {
        "seat": i, "is_ai": False, "hand_size": len(hand_items), "fort_pos": fort_pos,
        "fort_side": fort_side, "health": len(hand_items) - fort_pos, "mana": mana,
        "hand": hand_items, "champion": champion, "deck": deck,
    }


def base_view(**kw):
    v = {
        "game": "clash", "mode": "duel", "format": "precon", "stage": "play", "turn": 1,
        "turn_player": 0, "phase": "summon", "first_player": 0, "seats": [],
        "lanes": {"top": [[], []], "bottom": [[], []]}, "draft": None, "solo": None,
        "result": None,
    }
    v.update(kw)
    return v


def public(view):
    """The public version of a private view: every non-fort hand card hidden."""
    v = copy.deepcopy(view)
    for s in v["seats"]:
        s["hand"] = [h if h.get("fort") else {"hidden": True} for h in s.get("hand") or []]
    return v


# --------------------------------------------------------------- sample views

OPENING_HAND_0 = ["ember_drake", "fireball", "stone_golem", "tide_serpent", "spearman",
                  "banner_bearer", "healing_rain", "goblin"]
OPENING_HAND_1 = ["moss_troll", "sea_witch", "frenzied_wolf", "thorn_knight", "sellsword",
                  "alchemist", "lancer", "shade_possessor"]


def opening(private_for=None):
    """Turn 1, first player in the summon phase with 6 mana, empty lanes."""
    s0 = seat(0, hand_items=hand(1, "bastion", 9, OPENING_HAND_0 if private_for == 0 else None,
                                 playable={"ember_drake", "fireball", "stone_golem", "tide_serpent"}),
              mana=6, deck="ember")
    s1 = seat(1, hand_items=hand(1, "bastion", 9, OPENING_HAND_1 if private_for == 1 else None),
              mana=0, deck="tide")
    return base_view(turn=1, turn_player=0, phase="summon", seats=[s0, s1])


MID_HAND_0 = ["spearman", "healing_rain", "goblin", "alchemist"]
MID_HAND_1 = ["fireball", "lancer", "blood_titan", "goblin"]


def midgame(private_for=None):
    """A busy board in seat 1's attack phase: damage, a Possess stack, Aura grants,
    Dash, Protection used, new creatures, a champion."""
    s0 = seat(0, hand_items=hand(3, "bastion", 5, MID_HAND_0 if private_for == 0 else None),
              mana=0, deck="ember")
    s1 = seat(1, hand_items=hand(2, "fort", 5, MID_HAND_1 if private_for == 1 else None,
                                 playable={"fireball", "lancer", "goblin"}),
              fort_side="fort", mana=3, deck="tide",
              champion={"card": "storm_queen", "state": "in_play", "cost_now": 2})
    s0["champion"] = {"card": "behemoth", "state": "exhausted", "cost_now": 7}
    lanes = {
        "top": [
            [creature(1, "ember_drake", 0, damage=2),
             creature(2, "shade_possessor", 0, stack=["shade_possessor", "stone_golem"],
                      protection_used=True),
             creature(3, "banner_bearer", 0, abilities=["AURA"])],
            [creature(10, "storm_queen", 1, champion=True),
             creature(11, "frenzied_wolf", 1, new=True, damage=1)],
        ],
        "bottom": [
            [creature(4, "tide_serpent", 0, granted=["PIERCE"])],
            [creature(12, "lancer", 1, dash=2),
             creature(13, "ghost_warden", 1, protection_used=True, damage=0),
             creature(14, "moss_troll", 1, damage=3),
             creature(15, "sea_witch", 1, new=True)],
        ],
    }
    return base_view(format="constructed", turn=7, turn_player=1, phase="attack",
                     first_player=0, seats=[s0, s1], lanes=lanes)


def solo():
    """Solo quick game: seat 1 is the AI with its deck and discard pile."""
    s0 = seat(0, hand_items=hand(4, "bastion", 7), mana=7, deck="ember")
    ai = {
        "seat": 1, "is_ai": True, "hand_size": 0, "fort_pos": 0, "fort_side": "fort",
        "health": 0, "mana": 0, "hand": [], "champion": None, "deck": None,
        "ai_deck_size": 6,
        "ai_discard": ["goblin", "sellsword", "alchemist", "fireball", "thorn_knight"],
    }
    lanes = {
        "top": [[creature(1, "ember_drake", 0)],
                [creature(20, "thorn_knight", 1), creature(21, "sea_witch", 1, damage=1)]],
        "bottom": [[creature(2, "spearman", 0, new=True), creature(3, "banner_bearer", 0)],
                   [creature(22, "moss_troll", 1, granted=["PROTECTION"], abilities=["REGENERATION", "RETALIATE"])]],
    }
    return base_view(mode="solo", turn=6, turn_player=0, phase="summon", seats=[s0, ai],
                     lanes=lanes, solo={"difficulty": 0, "options": {}})


def draft():
    """Duel draft, round 2: three of the four revealed cards left, seat 1 picks 2."""
    s0 = {"seat": 0, "is_ai": False, "hand_size": 0, "fort_pos": 0, "fort_side": "bastion",
          "health": 0, "mana": 0, "hand": [], "champion": None, "deck": None}
    s1 = dict(s0, seat=1)
    d = {"round": 2, "revealed": ["storm_queen", "goblin", "behemoth"], "picker": 1,
         "picks_left": 2,
         "picked": [["ember_drake", "stone_golem", "fireball", "lancer", "sea_witch"],
                    ["moss_troll", "tide_serpent", "spearman", "alchemist"]],
         "pile_size": 20}
    return base_view(format="draft", stage="draft", turn=0, turn_player=0, phase=None,
                     seats=[s0, s1], draft=d)


def finished():
    """Seat 0 won: seat 1's fort card, Fort side up, reached the right end."""
    s0 = seat(0, hand_items=hand(2, "bastion", 4), mana=0, deck="ember")
    s1 = seat(1, hand_items=hand(3, "fort", 3), fort_side="fort", mana=0, deck="tide")
    lanes = {
        "top": [[creature(1, "ember_drake", 0), creature(2, "storm_queen", 0)], []],
        "bottom": [[creature(3, "lancer", 0)], [creature(12, "stone_golem", 1)]],
    }
    return base_view(turn=14, turn_player=0, phase=None, stage="finished", seats=[s0, s1],
                     lanes=lanes, result={"winners": [0], "reason": "fort_destroyed"})


def crowded():
    """Edge cases: 9 creatures in one lane side, 7 on another, long names, a 0-mana turn
    player holding 1 card besides the fort, an opponent with a 14-card hand."""
    s0 = seat(0, hand_items=hand(1, "bastion", 2), mana=0)
    s1 = seat(1, hand_items=hand(9, "bastion", 14), mana=0)
    ids = ["behemoth", "goblin", "spearman", "lancer", "alchemist", "sellsword",
           "thorn_knight", "sea_witch", "moss_troll"]
    top0 = [creature(100 + i, c, 0, damage=1 if i % 3 == 0 else 0) for i, c in enumerate(ids)]
    top1 = [creature(200 + i, c, 1, new=i == 6) for i, c in enumerate(ids[:7])]
    lanes = {"top": [top0, top1], "bottom": [[], [creature(300, "behemoth", 1, granted=["AQUATIC"], dash=3)]]}
    return base_view(turn=20, turn_player=0, phase="summon", seats=[s0, s1], lanes=lanes)


def only_fort_loss():
    """Finished by CD-HAND-7: seat 1 kept only the fort card; seat 0 has a 1-card hand."""
    s0 = seat(0, hand_items=hand(1, "bastion", 2), mana=0)
    s1 = seat(1, hand_items=hand(1, "bastion", 1), mana=0)
    return base_view(turn=11, turn_player=1, phase=None, stage="finished", seats=[s0, s1],
                     result={"winners": [0], "reason": "only_fort"})


NAMES = ["Alice", "Bob"]

#: name -> (view, seat names) for the board samples
BOARD_SAMPLES = {
    "opening": (opening, NAMES),
    "midgame": (midgame, NAMES),
    "solo": (solo, ["Alice", "AI"]),
    "draft": (draft, NAMES),
    "finished": (finished, NAMES),
    "crowded": (crowded, ["Alexandra the Magnificent of Very Long Names", "Bob"]),
    "only_fort": (only_fort_loss, NAMES),
}

#: name -> (view, seat) for the private hand samples
HAND_SAMPLES = {
    "hand_opening_seat0": (lambda: opening(private_for=0), 0),
    "hand_midgame_seat1": (lambda: midgame(private_for=1), 1),
    "hand_midgame_seat0": (lambda: midgame(private_for=0), 0),
}


# --------------------------------------------------------------- long names


def long_name_views(content: dict, ids: list[str]) -> dict[str, tuple[dict, int | None]]:
    """Views that put the cards ``ids`` (from ``content``, a ``CARDS``-shaped dict; longest
    names first) everywhere a card name is drawn: wide and narrow creature tiles with every
    status pill (damage, Dash, a Possess host), champions, card faces in a private hand and
    in the draft, picks, the AI's discard pile. name -> (view, seat of a private view or None)."""
    ids = list(ids)
    creatures = [c for c in ids if content[c].get("type") != "spell"] or ids

    def tile(uid, cid, owner, k):
        data = content[cid]
        host = creatures[(k + 1) % len(creatures)]
        return creature(uid, cid, owner, av=data.get("av") or 1, hp=data.get("hp") or 1,
                        base_av=data.get("av") or 1, base_hp=data.get("hp") or 1,
                        abilities=list(data.get("abilities") or []), damage=1 + k % 3,
                        dash=2 * (k % 2), champion=k == 0, new=k % 3 == 1,
                        stack=[cid, host] if k % 2 == 0 else None)

    def lanes(per_side):
        picks = [creatures[k % len(creatures)] for k in range(per_side)]
        return {lane: [[tile(100 * s + 10 * li + k, cid, s, k) for k, cid in enumerate(picks)]
                       for s in (0, 1)] for li, lane in enumerate(("top", "bottom"))}

    hand_ids = (ids * 3)[:9]
    s0 = seat(0, hand_items=hand(4, "bastion", 10, hand_ids, playable=set(hand_ids[:2])), mana=9,
              deck="ember", champion={"card": creatures[0], "state": "ready", "cost_now": 9})
    s1 = seat(1, hand_items=hand(2, "fort", 6), fort_side="fort", mana=0, deck="tide",
              champion={"card": creatures[-1], "state": "in_play", "cost_now": 9})
    wide = base_view(format="draft", turn=12, turn_player=0, phase="attack", seats=[s0, s1],
                     lanes=lanes(3))
    narrow = base_view(format="draft", turn=12, turn_player=1, phase="summon",
                       seats=[public(wide)["seats"][0], s1], lanes=lanes(6))
    empty = {"seat": 0, "is_ai": False, "hand_size": 0, "fort_pos": 0, "fort_side": "bastion",
             "health": 0, "mana": 0, "hand": [], "champion": None, "deck": None}
    draft_view = base_view(
        format="draft", stage="draft", turn=0, phase=None, seats=[empty, dict(empty, seat=1)],
        draft={"round": 4, "revealed": ids[:4], "picker": 0, "picks_left": 2,
               "picked": [(ids * 2)[:7], (ids[::-1] * 2)[:7]], "pile_size": 12})
    ai = {"seat": 1, "is_ai": True, "hand_size": 0, "fort_pos": 0, "fort_side": "fort",
          "health": 0, "mana": 0, "hand": [], "champion": None, "deck": None,
          "ai_deck_size": 11, "ai_discard": ids[:6]}
    solo_view = base_view(mode="solo", turn=9, turn_player=1, phase="attack",
                          seats=[public(wide)["seats"][0], ai], lanes=lanes(2),
                          solo={"difficulty": 12, "options": {}})
    return {"wide": (public(wide), None), "narrow": (narrow, None), "draft": (draft_view, None),
            "solo": (solo_view, None), "hand": (wide, 0)}
