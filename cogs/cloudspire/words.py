"""Words for Cloudspire on Discord (content names and what is on a hex: board_words.py), menu labels for the
words of a move, and the narration of engine events. No Discord objects here.

What a word of a move is (a hex, a unit, a spire type, ...) comes from the engine's verb
table (engine/cloudspire/notation.py): the kind of each argument, also in
``ActionInfo.kinds`` for a command's arguments; this module only words each kind."""
from __future__ import annotations

from itertools import groupby
from typing import Callable

from engine.cloudspire.notation import GRAMMAR, NO_SPIRE, STAY
from gamehost.i18n import catalog, t
from cogs.cloudspire.board_words import Board, content_name
from cogs.narration import counted, move_pairs, per_move, unharmed, zero_effect

# counts a sentence tells with a noun: sentence key -> parameter -> the catalog's count phrase
COUNTED = {"cloudspire.ev.prep_started": {"cp": "cloudspire.count.command_points"}}
# the amounts of an effect: a sentence with one of them at 0 is not said
EFFECTS = {"cloudspire.ev.gate_damaged": ("damage",), "cloudspire.ev.toxic_fumes": ("damage",),
           "cloudspire.narr.gate_retaliates": ("damage",), "cloudspire.ev.retaliation": ("damage",),
           "cloudspire.ev.reward": ("source",)}
# amounts told as a number: sentence key -> (the amount, the sentence said when it is 0: "misses")
MISSES = {"cloudspire.ev.attack": ("damage", "cloudspire.narr.attack_miss"),
          "cloudspire.narr.attack_hit": ("damage", "cloudspire.narr.attack_miss"),
          "cloudspire.narr.attack_gate": ("damage", "cloudspire.narr.attack_gate_miss"),
          "cloudspire.ev.damage": ("damage", "cloudspire.narr.damage_none"),
          "cloudspire.ev.impale": ("damage", "cloudspire.narr.impale_none"),
          "cloudspire.ev.spire_fire": ("damage", "cloudspire.narr.spire_fire_miss"),
          "cloudspire.narr.spire_fire_hit": ("damage", "cloudspire.narr.spire_fire_miss"),
          "cloudspire.ev.revealed": ("hp", "cloudspire.narr.revealed_no_health"),
          "cloudspire.ev.income": ("source", "cloudspire.narr.income_none"),
          "cloudspire.ev.looted": ("source", "cloudspire.narr.looted_none")}

#: the kinds of content a promoted unit's ``+`` may follow (dice and landmark backs never)
def word_kinds(verb: str, count: int) -> list[str]:
    """The kind of each of the ``count`` words after ``verb`` in a move: the verb table's
    arguments in order, a rest argument (``relic``'s hexes) taking every word left."""
    row = GRAMMAR.by_word.get(verb)
    kinds: list[str] = []
    for item in row.forms[0] if row is not None else ():
        if isinstance(item, str):
            kinds.append("word")
        elif item.kind.rest:
            kinds += [item.kind.name] * max(0, count - len(kinds))
        else:
            kinds.append(item.kind.name)
    return kinds[:count] + ["word"] * (count - len(kinds))


def word_label(board: Board, words: list[str], index: int, locale: str) -> str:
    """A menu label for ``words[index]`` of a move (its verb, or an argument by its kind)."""
    if index == 0:
        return t(f"cloudspire.verb.{words[0]}", locale)
    return arg_label(board, word_kinds(words[0], len(words) - 1)[index - 1], words[index], locale)


def _seat(board: Board, word: str, locale: str) -> str:
    return board.seat(int(word), locale) if word.isdigit() else word


def _destination(board: Board, word: str, locale: str) -> str:
    return t("cloudspire.ui.stay", locale) if word == STAY else board.hex(word, locale)


def _spire_type(board: Board, word: str, locale: str) -> str:
    return t("cloudspire.ui.no_free_spire", locale) if word == NO_SPIRE else content_name(word, locale)


KIND_LABELS: dict[str, Callable[[Board, str, str], str]] = {
    "hex": lambda board, word, locale: board.hex(word, locale),
    "hexes": lambda board, word, locale: board.hex(word, locale),
    "unit": lambda board, word, locale: board.unit(word, locale),
    "spire": lambda board, word, locale: board.spire(word, locale),
    "seat": _seat,
    "destination": _destination,
    "spire_type": _spire_type,
    "level": lambda board, word, locale: t(f"cloudspire.ui.level.{word}", locale),
    "rotation": lambda board, word, locale: t("cloudspire.ui.rotation", locale, n=word),
    "slot": lambda board, word, locale: t("cloudspire.ui.slot", locale, n=word),
    "order": lambda board, word, locale: chips_label(word, locale),
    "chips": lambda board, word, locale: chips_label(word, locale),
}
"""How each argument kind of the verb table is worded; any other kind is a content id."""


def arg_label(board: Board, kind: str, word: str, locale: str) -> str:
    """A label for one argument of a move, by its kind (``ActionInfo.kinds``)."""
    label = KIND_LABELS.get(kind)
    return label(board, word, locale) if label is not None else content_name(word, locale)


def chips_label(chips: str, locale: str) -> str:
    """``"ar"`` -> ``"top: attack, then range"``: the order of an upgrade stack."""
    names = [t(f"cloudspire.chip.{c}", locale) for c in chips]
    return t("cloudspire.ui.chips", locale, chips=" › ".join(names))


def move_label(board: Board, move: str, locale: str) -> str:
    words = move.split()
    return " · ".join(word_label(board, words, i, locale) for i in range(len(words)))


# -- narration ------------------------------------------------------------------------
# One short sentence per public event (one for an attack and the damage it deals), players,
# units, spires and landmarks by name. The sentences are the catalog keys
# ``cloudspire.ev.<kind>`` and ``cloudspire.narr.<variant>``. The board is the one after the
# move, so a unit the events defeated is no longer on it: its name comes from the events.

LOOKAHEAD = 4          # later events a sentence may look at (the damage an attack dealt)
UNIT_KINDS = ("attack", "defeated", "hero_moved", "minion_moved", "minion_stays", "levelup_pending")
TYPE_KINDS = UNIT_KINDS + ("group_next", "promoted", "level_up")
#: moves that may change the board without an event of their own (the kinds that would be
#: theirs): they get a sentence made from the move itself
OWN_EVENTS = {"next": ("turn_ended",), "skip": (), "add": (), "join": (), "equip": (), "undo": (),
              "autostack": ("stack_locked",), "lock": ("stack_locked",), "free": ("spire_built",),
              "lvl": ("level_up", "promoted"), "pol": (), "end": ("build_ended",), "pass": ("passed",)}


def with_article(name: str, locale: str) -> str:
    """``a Gust Tower``, ``an Arc Pylon`` in English; the bare name otherwise."""
    if locale == "zh-CN" or not name:
        return name
    low = name.lower()
    vowel = low[0] in "aeiou" and not low.startswith(("uni", "use", "eu", "one"))
    return ("an " if vowel or low.startswith(("hour", "honest")) else "a ") + name


def sentence(text: str, names: tuple[str, ...] | list[str] = ()) -> str:
    """A sentence starts with a capital letter (``the AI`` -> ``The AI``), except when it
    starts with a player's name, which is written as the player wrote it."""
    if any(name and text.startswith(name) for name in names):
        return text
    return text[:1].upper() + text[1:] if text[:1].islower() else text


class CloudspireNarrator:
    def __init__(self, board: Board, locale: str):
        self.board = board
        self.locale = locale
        self.pairs: list[tuple[str, dict]] = []

    def say(self, key: str, /, **params) -> str:
        """The sentence ``key``, its counts told with their nouns; "" for an effect of nothing,
        the sentence that says so for damage of nothing."""
        key = unharmed(key, params, MISSES)
        if zero_effect(key, params, EFFECTS):
            return ""
        return sentence(t(key, self.locale, **counted(key, params, COUNTED, self.locale)), self.board.names)

    def name(self, ident) -> str:
        return content_name(ident, self.locale)

    def player(self, seat) -> str:
        if isinstance(seat, int):
            return self.board.seat(seat, self.locale)
        return t("cloudspire.narr.someone", self.locale)

    def players(self, seats) -> str:
        names = [self.player(s) for s in seats or []]
        if len(names) <= 1:
            return names[0] if names else "-"
        return t("cloudspire.narr.and", self.locale, a=t("cloudspire.narr.sep", self.locale).join(names[:-1]),
                 b=names[-1])

    # -- things on the board, at the moment of event ``i`` ---------------------------------

    def unit(self, uid, i: int, pos: str | None = None, owned: bool = True) -> str:
        """``Bob's Goat Rider`` (``Bob's Goat Rider (3,-5)`` with a position; ``Goat Rider``
        when not ``owned``)."""
        kind, owner = None, None
        for k, q in reversed(self.pairs[:i + 1]):  # the latest type named up to now
            if q.get("unit") == uid and k in TYPE_KINDS and kind is None:
                kind = q.get("type")
        for k, q in self.pairs[i + 1:]:  # or the one a later event names (not the next of a group)
            if kind is not None:
                break
            if q.get("unit") == uid and k in TYPE_KINDS and k != "group_next":
                kind = q.get("type")
        for k, q in self.pairs:
            if q.get("unit") == uid and k in UNIT_KINDS and isinstance(q.get("seat"), int):
                owner = q["seat"]
                break
        u = self.board.units.get(uid)
        if u is not None:
            kind = kind or u["type"]
            owner = u["owner"] if owner is None else owner
        if kind is None:
            text = t("cloudspire.narr.a_unit", self.locale)
        elif owner is not None and owned:
            text = t("cloudspire.narr.owned", self.locale, seat=self.player(owner), thing=self.name(kind))
        else:
            text = self.name(kind)
        return t("cloudspire.narr.at", self.locale, thing=text, pos=pos) if pos else text

    def spire(self, sid, i: int, pos: str | None = None, owned: bool = True) -> str:
        """``Bob's Gust Tower (3,-5)`` (``the Gust Tower (3,-5)`` when not ``owned``)."""
        kind, owner = None, None
        s = self.board.spires.get(sid)
        if s is not None:
            kind, owner, pos = s["type"], s["owner"], pos or s["pos"]
        for k, q in self.pairs:
            if q.get("spire") == sid and q.get("type"):
                kind = kind or q["type"]
                if k in ("spire_built", "spire_destroyed") and isinstance(q.get("seat"), int):
                    owner = q["seat"] if owner is None else owner
        if pos and kind is None:
            s = self.board.spire_at.get(pos)
            if s is not None:
                kind, owner = s["type"], s["owner"]
        name = self.name(kind) if kind else t("cloudspire.narr.a_spire", self.locale)
        if owner is not None and owned:
            text = t("cloudspire.narr.owned", self.locale, seat=self.player(owner), thing=name)
        else:
            text = t("cloudspire.narr.the", self.locale, thing=name) if kind else name
        return t("cloudspire.narr.at", self.locale, thing=text, pos=pos) if pos else text

    def landmark(self, lid, i: int, pos: str | None = None) -> str:
        """``the Evil Drake (2,-5)``."""
        kind = None
        for lm in self.board.view["landmarks"]:
            if (lm["id"] == lid or (pos and lm["pos"] == pos)) and lm.get("type") and lm.get("revealed"):
                kind, pos = lm["type"], pos or lm["pos"]
                break
        if kind is None:
            for k, q in self.pairs:
                same = q.get("landmark") == lid or (pos and q.get("pos") == pos)
                if k in ("landmark_defeated", "revealed") and same:
                    kind, pos = q.get("type"), pos or q.get("pos")
                    break
        if kind is None:
            return t("cloudspire.narr.landmark_at", self.locale, pos=pos) if pos else t("cloudspire.narr.a_landmark",
                                                                                       self.locale)
        text = t("cloudspire.narr.the", self.locale, thing=self.name(kind))
        return t("cloudspire.narr.at", self.locale, thing=text, pos=pos) if pos else text

    def target(self, h: str, kind, i: int) -> str:
        """What stood on hex ``h`` when event ``i`` hit it."""
        for k, q in self.pairs[i + 1:i + 1 + LOOKAHEAD]:
            if k == "damage" and q.get("target") == h and q.get("unit"):
                return self.unit(q["unit"], i, h)
            if k in ("defeated",) and q.get("pos") == h:
                return self.unit(q.get("unit"), i, h)
            if k in ("spire_held", "spire_chip_lost", "spire_destroyed") and q.get("pos") == h:
                return self.spire(q.get("spire"), i, h)
            if k == "gate_damaged" and kind == "gate":
                return t("cloudspire.narr.gate", self.locale, seat=self.player(q.get("seat")))
        if kind == "gate" and h in self.board.gates:
            return t("cloudspire.narr.gate", self.locale, seat=self.player(self.board.gates[h]))
        if kind == "lm" or h in self.board.landmark_at:
            return self.landmark(None, i, h)
        if kind == "spire" or h in self.board.spire_at:
            return self.spire(None, i, h)
        u = self.board.at.get(h)
        if u is not None:
            return self.unit(u["id"], i, h)
        return t("cloudspire.narr.hex", self.locale, pos=h)

    def thing(self, ident, i: int) -> str:
        """A retaliating or rolling thing: a unit, a landmark or a spire, by its id."""
        if isinstance(ident, str):
            if ident in self.board.units or any(q.get("unit") == ident for _, q in self.pairs):
                return self.unit(ident, i)
            if ident in self.board.spires:
                return self.spire(ident, i)
            return self.landmark(ident, i)
        return t("cloudspire.narr.something", self.locale)

    # -- events ---------------------------------------------------------------------------

    def lines(self, events: list) -> list[str]:
        self.pairs = [(e.kind, dict(e.params)) if hasattr(e, "kind") else (e[0], dict(e[1])) for e in events]
        out: list[str] = []
        i = 0
        while i < len(self.pairs):
            text, used = self.event(i)
            if text and (not out or out[-1] != text):
                out.append(text)
            i += max(1, used)
        return out

    def event(self, i: int) -> tuple[str | None, int]:
        kind, p = self.pairs[i]
        method = getattr(self, f"ev_{kind}", None)
        if method is not None:
            return method(i, p)
        params = {k: v for k, v in p.items() if not isinstance(v, (list, dict))}
        for key in ("seat", "by", "victim"):
            if isinstance(p.get(key), int):
                params[key] = self.player(p[key])
        for key in ("chip", "structure", "relic", "faction", "earthscape", "isle", "event", "die", "type"):
            if isinstance(p.get(key), str):
                params[key] = self.name(p[key])
        if isinstance(p.get("unit"), str):
            params["unit"] = self.unit(p["unit"], i)
        key = f"cloudspire.ev.{kind}"
        return (self.say(key, **params) if catalog().has(key) else None), 1

    def _next(self, i: int) -> tuple[str | None, dict]:
        return self.pairs[i + 1] if i + 1 < len(self.pairs) else (None, {})

    def ev_attack(self, i, p):
        attacker = self.unit(p.get("unit"), i)
        h, kind, dmg = p.get("target"), p.get("target_kind"), p.get("damage")
        target = self.target(h, kind, i)
        nk, np = self._next(i)
        if nk == "damage" and np.get("target") == h:
            after_kind, after = self.pairs[i + 2] if i + 2 < len(self.pairs) else (None, {})
            if np.get("hp") == 0 and after_kind in ("defeated", "landmark_defeated") and after.get("pos") == h:
                return self.say("cloudspire.narr.attack_kill", attacker=attacker, target=target,
                                damage=np.get("damage")), 3
            return self.say("cloudspire.narr.attack_hit", attacker=attacker, target=target, damage=np.get("damage"),
                            hp=np.get("hp")), 2
        if nk == "gate_damaged" and kind == "gate":
            return self.say("cloudspire.narr.attack_gate", attacker=attacker, seat=self.player(np.get("seat")),
                            damage=np.get("damage"), gate=np.get("gate")), 2
        if nk == "spire_held" and np.get("pos") == h:
            return self.say("cloudspire.narr.attack_spire_held", attacker=attacker, target=target), 2
        if nk == "spire_chip_lost" and np.get("pos") == h:
            return self.say("cloudspire.narr.attack_spire_chip", attacker=attacker, target=target,
                            chip=t(f"cloudspire.chip.{np.get('chip')}", self.locale), left=np.get("left")), 2
        return self.say("cloudspire.ev.attack", attacker=attacker, target=target, damage=dmg), 1

    def ev_conceded(self, i, p):
        key = "cloudspire.narr.conceded_timeout" if p.get("reason") == "timeout" else "cloudspire.ev.conceded"
        return self.say(key, seat=self.player(p.get("seat"))), 1

    def ev_damage(self, i, p):
        h = p.get("target")
        target = self.unit(p["unit"], i, h) if p.get("unit") else self.target(h, p.get("target_kind"), i)
        return self.say("cloudspire.ev.damage", target=target, damage=p.get("damage"), hp=p.get("hp")), 1

    def ev_defeated(self, i, p):
        return self.say("cloudspire.ev.defeated", unit=self.unit(p.get("unit"), i, p.get("pos"))), 1

    def ev_game_over(self, i, p):
        winners = p.get("winners") or []
        key = {0: "cloudspire.narr.game_over_none", 1: "cloudspire.ev.game_over"}.get(
            len(winners), "cloudspire.narr.game_over_many")
        return self.say(key, winners=self.players(winners)), 1

    def ev_gate_broken(self, i, p):
        if isinstance(p.get("by"), int):
            return self.say("cloudspire.ev.gate_broken", seat=self.player(p.get("seat")), by=self.player(p["by"])), 1
        return self.say("cloudspire.narr.gate_broken", seat=self.player(p.get("seat"))), 1

    def ev_hero_moved(self, i, p):
        key = "cloudspire.narr.deployed" if p.get("frm") is None else "cloudspire.ev.hero_moved"
        return self.say(key, unit=self.unit(p.get("unit"), i), frm=p.get("frm"), to=p.get("to")), 1

    ev_minion_moved = ev_hero_moved

    def ev_impale(self, i, p):
        return self.say("cloudspire.ev.impale", unit=self.unit(p.get("unit"), i),
                        target=self.target(p.get("target"), None, i), damage=p.get("damage")), 1

    def ev_landmark_defeated(self, i, p):
        landmark = self.landmark(p.get("landmark"), i, p.get("pos"))
        return self.say("cloudspire.ev.landmark_defeated", landmark=landmark), 1

    def ev_levelup_pending(self, i, p):
        return self.say("cloudspire.ev.levelup_pending", seat=self.player(p.get("seat")),
                        unit=self.unit(p.get("unit"), i, owned=False)), 1

    def ev_stack_locked(self, i, p):
        key = "cloudspire.ev.stack_locked" if p.get("height") else "cloudspire.narr.stack_locked_empty"
        return self.say(key, seat=self.player(p.get("seat")), height=p.get("height")), 1

    def ev_limited_build(self, i, p):
        seat = p.get("seat")
        players = self.board.view.get("players") or []
        allowance = players[seat].get("lb_allowance") if isinstance(seat, int) and seat < len(players) else None
        if allowance:
            return self.say("cloudspire.narr.limited_build_of", seat=self.player(seat), used=p.get("used"),
                            allowance=allowance), 1
        return self.say("cloudspire.ev.limited_build", seat=self.player(seat), used=p.get("used")), 1

    def ev_level_up(self, i, p):
        return self.say("cloudspire.ev.level_up", unit=self.unit(p.get("unit"), i),
                        chip=t(f"cloudspire.ui.level.{p.get('chip')}", self.locale)), 1

    def ev_mark(self, i, p):
        return self.say("cloudspire.ev.mark", seat=self.player(p.get("seat")), target=self.player(p.get("target"))), 1

    def ev_objective_progress(self, i, p):
        return self.say(f"cloudspire.narr.objective.{p.get('kind')}", **{k: v for k, v in p.items() if k != "kind"}), 1

    def ev_objective_met(self, i, p, outcome="met"):
        key = f"cloudspire.narr.objective_{outcome}.{p.get('reason')}"
        key = key if catalog().has(key) else f"cloudspire.ev.objective_{outcome}"
        return self.say(key, wave=p.get("wave"), survived=p.get("survived")), 1

    def ev_objective_failed(self, i, p):
        return self.ev_objective_met(i, p, "failed")

    def ev_endless_wave(self, i, p):
        key = "cloudspire.narr.endless_wave_harsh" if p.get("harsh") else "cloudspire.ev.endless_wave"
        return self.say(key, wave=p.get("wave"), level=p.get("level")), 1

    def ev_policy(self, i, p):
        """A standing choice (told to its player only)."""
        key, value = p.get("key"), p.get("value")
        return self.say("cloudspire.ev.policy", seat=self.player(p.get("seat")),
                        key=t(f"cloudspire.narr.policy.{key}", self.locale),
                        value=t(f"cloudspire.policy.{key}.{value}", self.locale)), 1

    def ev_rest_mode(self, i, p):
        return self.say("cloudspire.ev.rest_mode", seats=self.players(p.get("seats"))), 1

    def ev_retaliation(self, i, p):
        unit = self.unit(p.get("unit"), i)
        if p.get("by") == "gate":
            return self.say("cloudspire.narr.gate_retaliates", seat=self.player(p.get("seat")), unit=unit,
                            damage=p.get("damage")), 1
        return self.say("cloudspire.ev.retaliation", by=self.thing(p.get("by"), i), unit=unit,
                        damage=p.get("damage")), 1

    def ev_revealed(self, i, p):
        return self.say("cloudspire.ev.revealed", seat=self.player(p.get("seat")), pos=p.get("pos"),
                        type=self.name(p.get("type")), hp=p.get("hp")), 1

    def ev_reward_lost(self, i, p):
        key = f"cloudspire.narr.reward_lost.{p.get('reason')}"
        text = t(key, self.locale, seat=self.player(p.get("seat")))
        if text == key:
            return self.say("cloudspire.ev.reward_lost", seat=self.player(p.get("seat"))), 1
        return sentence(text, self.board.names), 1

    def ev_roll(self, i, p):
        return self.say("cloudspire.ev.roll", by=self.thing(p.get("by"), i), dice=self.dice(p.get("dice"))), 1

    def dice(self, dice) -> str:
        return t("cloudspire.narr.sep", self.locale).join(map(str, dice or [])) or "-"

    def ev_spire_built(self, i, p):
        return self.say("cloudspire.ev.spire_built", seat=self.player(p.get("seat")), pos=p.get("pos"),
                        spire=with_article(self.name(p.get("type")), self.locale)), 1

    def ev_spire_chip_lost(self, i, p):
        return self.say("cloudspire.ev.spire_chip_lost", spire=self.spire(p.get("spire"), i, p.get("pos")),
                        chip=t(f"cloudspire.chip.{p.get('chip')}", self.locale), left=p.get("left")), 1

    def ev_spire_destroyed(self, i, p):
        return self.say("cloudspire.ev.spire_destroyed", spire=self.spire(p.get("spire"), i, p.get("pos"))), 1

    def ev_spire_fire(self, i, p):
        spire = self.spire(p.get("spire"), i, p.get("pos"))
        nk, np = self._next(i)
        dice = self.dice(p.get("dice"))
        if nk == "damage" and np.get("unit") == p.get("unit"):
            unit = self.unit(p.get("unit"), i, np.get("target"))
            return self.say("cloudspire.narr.spire_fire_hit", spire=spire, unit=unit, dice=dice,
                            damage=np.get("damage"), hp=np.get("hp")), 2
        if nk == "defeated" and np.get("unit") == p.get("unit"):
            unit = self.unit(p.get("unit"), i, np.get("pos"))
            return self.say("cloudspire.narr.spire_fire_kill", spire=spire, unit=unit, dice=dice,
                            damage=p.get("damage")), 2
        return self.say("cloudspire.ev.spire_fire", spire=spire, unit=self.unit(p.get("unit"), i), dice=dice,
                        damage=p.get("damage")), 1

    def ev_spire_held(self, i, p):
        return self.say("cloudspire.ev.spire_held", spire=self.spire(p.get("spire"), i, p.get("pos"))), 1

    def ev_spire_upgraded(self, i, p):
        # the chips in stack order, a run of the same one counted ("fortification ×2")
        runs = [(chip, len(list(run))) for chip, run in groupby(p.get("chips") or "")]
        chips = [t(f"cloudspire.chip.{c}", self.locale) + (f" ×{n}" if n > 1 else "") for c, n in runs]
        return self.say("cloudspire.ev.spire_upgraded", seat=self.player(p.get("seat")),
                        spire=self.spire(p.get("spire"), i, p.get("pos"), owned=False), cost=p.get("cost"),
                        chips=t("cloudspire.narr.sep", self.locale).join(chips) or "-"), 1

    def ev_toxic_fumes(self, i, p):
        return self.say("cloudspire.ev.toxic_fumes", unit=self.unit(p.get("unit"), i), damage=p.get("damage")), 1

    # -- moves without events of their own -------------------------------------------------

    def move(self, seat, text: str) -> str:
        words = (text or "").split()
        verb = words[0] if words else ""
        key = f"cloudspire.narr.move.{verb}"
        if not catalog().has(key):
            key = "cloudspire.narr.move"
        return self.say(key, seat=self.player(seat))

    def needs_move_sentence(self, seat, text: str) -> bool:
        """A move of ``OWN_EVENTS`` whose own event is not among the events."""
        words = (text or "").split()
        if not words or words[0] not in OWN_EVENTS:
            return False
        own = OWN_EVENTS[words[0]]
        for kind, q in self.pairs:
            if kind in own and (q.get("seat") == seat or (len(words) > 1 and q.get("unit") == words[1])
                                or ("seat" not in q and "unit" not in q)):
                return False
        return True


def narrate_events(board: Board, events: list, locale: str, moves=()) -> list[str]:
    """The narration of one publish: a sentence per public event (or per few that tell one
    thing), never none when a move is given.

    ``moves``: the moves behind the events, in order. As ``(seat, notation)`` pairs, the first
    move (the one a person made; bots may follow) gets a sentence of its own when it has no
    event of its own (Continue to the next step, a change to a secret stack). As
    ``(seat, notation, events)`` triples, each move is narrated with its own events, in order,
    and ``events`` is not used."""
    told = per_move(moves, lambda own, move: narrate_events(board, own, locale, move))
    if told is not None:
        return told
    pairs = move_pairs(moves)
    narrator = CloudspireNarrator(board, locale)
    lines = narrator.lines([e for e in events if getattr(e, "visible_to", None) is None])
    said = []
    if pairs and (narrator.needs_move_sentence(*pairs[0][:2]) or not lines):
        said = [narrator.move(*pairs[0][:2])]
    return said + lines


def narrate_event(board: Board, kind: str, params: dict, locale: str) -> str | None:
    """One line for one public engine event, or None when it has no text."""
    lines = CloudspireNarrator(board, locale).lines([(kind, params)])
    return " ".join(lines) or None
