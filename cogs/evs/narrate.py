"""The narration of Empire vs Steppe engine events on Discord: one short sentence per public
event, players, units and cards by name (split out of cogs/evs/words.py, whose lookups it
uses). No Discord objects here."""
from __future__ import annotations

from engine.evs.content import UNITS
from gamehost.i18n import catalog, t
from cogs.evs.words import GENERAL, Board, basic_name, content_name, verb_name
from cogs.narration import counted, move_pairs, per_move, unharmed, zero_effect

# counts a sentence tells with a noun: sentence key -> parameter -> the catalog's count phrase
COUNTED = {"evs.ev.healed": {"n": "evs.count.wound_markers"}, "evs.ev.wounded": {"n": "evs.count.wound_markers"},
           "evs.ev.morale_heal": {"n": "evs.count.wound_markers"},
           "evs.ev.paid": {"n": "evs.count.command_cards"}, "evs.ev.recalled": {"n": "evs.count.command_cards"},
           "evs.ev.tokens_changed": {"n": "evs.count.tokens"}, "evs.ev.morale_tokens_loss": {"n": "evs.count.tokens"},
           "evs.ev.morale_rally": {"cost": "evs.count.cards"}}
# the amounts of an effect: a sentence with one of them at 0 is not said ("removes 0 wounds")
EFFECTS = {key: ("n",) for key in ("evs.ev.healed", "evs.narr.healed", "evs.ev.wounded", "evs.narr.wounded",
                                   "evs.ev.paid", "evs.narr.paid", "evs.ev.recalled", "evs.narr.recalled",
                                   "evs.ev.tokens_changed", "evs.narr.tokens_gained", "evs.narr.tokens_lost",
                                   "evs.ev.morale_heal", "evs.ev.morale_tokens_gain", "evs.ev.morale_tokens_loss")}
# damage told as a number: sentence key -> (the amount, the sentence said when it is 0)
MISSES = {"evs.narr.combat": ("damage", "evs.narr.combat_no_damage")}


# -- narration ------------------------------------------------------------------------------
# One short sentence per public event, players, units and cards by name. Sentences are the
# catalog keys ``evs.narr.<kind>``; an event without one (the expansions') is told through the
# engine's own ``evs.ev.<kind>`` with seats and cards named. The board is the one after the
# move: a destroyed unit's card comes from the events.

def with_article(name: str, locale: str) -> str:
    """``a Legionary``, ``an Imperial Guard`` in English; the bare name otherwise."""
    if locale == "zh-CN" or not name:
        return name
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def sentence(text: str, names: list[str]) -> str:
    if any(name and text.startswith(name) for name in names):
        return text
    return text[:1].upper() + text[1:] if text[:1].islower() else text


class Narrator:
    def __init__(self, board: Board, locale: str):
        self.board = board
        self.locale = locale
        self.cards: dict[str, tuple[str, int | None]] = {}  # uid -> (unit card, seat) named by events
        self.destroyed: set[str | None] = set()  # uids of this publish's destroyed events
        self.wounded_to_death: set[str] = set()
        self.pos: dict[str, str | None] = {}  # uid -> its cell at this point of the events

    def say(self, key: str, /, **params) -> str:
        """The sentence ``key``, its counts told with their nouns; "" for an effect of nothing,
        the sentence that says so for damage of nothing."""
        key = unharmed(key, params, MISSES)
        if zero_effect(key, params, EFFECTS):
            return ""
        return sentence(t(key, self.locale, **counted(key, params, COUNTED, self.locale)), self.board.names)

    def player(self, seat) -> str:
        return self.board.seat(seat, self.locale) if isinstance(seat, int) else t("evs.narr.someone", self.locale)

    def name(self, ident) -> str:
        return content_name(ident, self.locale)

    def unit(self, uid, actor: int | None = None, *, where: bool = True) -> str:
        """``bob's Legionary (C2)``: a unit by name, owner and the cell it stands on at this
        point of the events (the notation's ``u5`` is for commands, not sentences); a unit of
        ``actor`` (the player the sentence starts with) goes without the owner's name."""
        u = self.board.units.get(uid)
        card, seat = (u["card"], u["seat"]) if u is not None else self.cards.get(uid, (None, None))
        if card is None:
            return t("evs.narr.a_unit", self.locale)
        thing = self.name(card)
        cell = self.pos.get(uid) if where else None
        if cell:
            thing = t("evs.narr.at", self.locale, thing=thing, cell=cell)
        if seat is None or seat == actor:
            return thing
        return t("evs.narr.owned", self.locale, seat=self.player(seat), thing=thing)

    def lines(self, events: list) -> list[str]:
        pairs = [(e.kind, dict(e.params)) if hasattr(e, "kind") else (e[0], dict(e[1])) for e in events]
        self.destroyed = set()
        for kind, p in pairs:
            if kind in ("vanguard", "deployed", "destroyed") and p.get("uid") and p.get("unit"):
                self.cards.setdefault(p["uid"], (p["unit"], p.get("seat")))
            if kind == "destroyed":
                self.destroyed.add(p.get("uid"))
        # where each unit stood when the events began: the board after them, moved back
        self.pos = {uid: u["cell"] for uid, u in self.board.units.items()}
        for kind, p in reversed(pairs):
            if kind == "moved" and p.get("uid"):
                self.pos[p["uid"]] = p.get("frm")
            elif kind in ("vanguard", "deployed") and p.get("uid"):
                self.pos.pop(p["uid"], None)
        out: list[str] = []
        for kind, p in pairs:
            text = self.event(kind, p)
            if text and (not out or out[-1] != text):
                out.append(text)
            if kind == "moved" and p.get("uid"):
                self.pos[p["uid"]] = p.get("to")
            elif kind in ("vanguard", "deployed") and p.get("uid"):
                self.pos[p["uid"]] = p.get("cell")
        return out

    def event(self, kind: str, p: dict) -> str | None:
        method = getattr(self, f"ev_{kind}", None)
        if method is not None:
            return method(p)
        params = {k: v for k, v in p.items() if not isinstance(v, (list, dict))}
        for field in ("seat", "winner", "loser", "by", "shaken"):
            if isinstance(p.get(field), int):
                params[field] = self.player(p[field])
        for field in ("card", "unit", "effect", "faction", "command"):
            if isinstance(p.get(field), str):
                params[field] = self.name(p[field])
        key = next((k for k in (f"evs.narr.{kind}", f"evs.ev.{kind}") if catalog().has(k)), None)
        if key is None:
            return None
        # the sentence's player owns the units it names without saying so again
        actor = p.get("seat") if "{seat}" in catalog().entries[key]["en"] else None
        if isinstance(p.get("uid"), str):
            params["uid"] = self.unit(p["uid"], actor, where=kind not in ("moved", "vanguard", "deployed"))
        if isinstance(p.get("target"), str):
            params["target"] = self.unit(p["target"], actor)
        return self.say(key, **params)

    # events needing more than names

    def ev_factions(self, p):
        factions = p.get("factions") or []
        if len(factions) < 2:
            return None
        return self.say("evs.narr.factions", a=self.player(0), fa=self.name(factions[0]), b=self.player(1),
                        fb=self.name(factions[1]))

    def ev_vanguard(self, p):
        return self.say("evs.narr.vanguard", seat=self.player(p.get("seat")), cell=p.get("cell"),
                        unit=with_article(self.name(p.get("unit")), self.locale))

    def ev_deployed(self, p):
        return self.say("evs.narr.deployed", seat=self.player(p.get("seat")), cell=p.get("cell"),
                        unit=with_article(self.name(p.get("unit")), self.locale))

    def ev_staged(self, p):
        count = int(p.get("slot", 0)) + 1
        if p.get("card"):  # staged face-up: public (ES-DEP-7)
            return self.say("evs.narr.staged_up", seat=self.player(p.get("seat")), card=self.name(p["card"]),
                            count=count)
        return self.say("evs.narr.staged", seat=self.player(p.get("seat")), count=count)

    def ev_cleared(self, p):
        if p.get("card"):
            return self.say("evs.narr.cleared_card", seat=self.player(p.get("seat")), card=self.name(p["card"]))
        return self.say("evs.narr.cleared", seat=self.player(p.get("seat")))

    def ev_dispatched(self, p):
        seat, slot = p.get("seat"), p.get("slot")
        players = self.board.view.get("players") or []
        card = None
        if isinstance(seat, int) and seat < len(players) and isinstance(slot, int):
            zone = players[seat].get("zone") or []
            entry = zone[slot] if slot < len(zone) else None
            if entry and (entry.get("revealed") or entry.get("face_up")) and entry.get("card"):  # public ones
                card = entry["card"]
        if card:
            return self.say("evs.narr.dispatched_card", seat=self.player(seat), card=self.name(card),
                            tokens=p.get("tokens"))
        return self.say("evs.narr.dispatched", seat=self.player(seat), tokens=p.get("tokens"))

    def ev_basic_done(self, p):
        return self.say("evs.narr.basic_done", seat=self.player(p.get("seat")),
                        basic=basic_name(p.get("basic"), self.locale))

    def ev_declared(self, p):
        return self.say("evs.narr.declared", seat=self.player(p.get("seat")),
                        first=basic_name(p.get("first"), self.locale), second=basic_name(p.get("second"), self.locale))

    def ev_general(self, p):
        seat = p.get("seat")
        return self.say("evs.narr.general", seat=self.player(seat), unit=self.unit(p.get("uid"), seat),
                        command=self.name(p.get("command")))

    def ev_paid(self, p):
        return self.say("evs.narr.paid", seat=self.player(p.get("seat")), n=p.get("n"))

    def ev_attack(self, p):
        seat = p.get("seat")
        attackers = " + ".join(self.unit(u, seat) for u in p.get("attackers") or [])
        text = self.say("evs.narr.attack", seat=self.player(seat), target=self.unit(p.get("target"), seat),
                        attackers=attackers, power=p.get("power"), morale=p.get("morale"))
        pending = self.board.view.get("pending") or {}
        if pending.get("kind") == "defence" and pending.get("target") == p.get("target"):
            defender = pending.get("seat")
            text += " " + self.say("evs.narr.defence_window", defender=self.player(defender),
                                   target=self.unit(p.get("target"), defender))
        return text

    def ev_defended(self, p):
        card = p.get("card")
        return self.say("evs.narr.defended", seat=self.player(p.get("seat")),
                        target=self.unit(p.get("uid"), p.get("seat")),
                        card=self.name("defend" if card == GENERAL else card))

    def ev_no_defence(self, p):
        seat = p.get("seat")
        return self.say("evs.narr.no_defence", seat=self.player(seat), uid=self.unit(p.get("uid"), seat))

    def ev_destroyed(self, p):
        if p.get("uid") in self.wounded_to_death:  # told with the damage
            return None
        return self.say("evs.narr.destroyed", uid=self.unit(p.get("uid")))

    def ev_combat(self, p):
        return self.say("evs.narr.combat", target=self.unit(p.get("target")), power=p.get("power"),
                        defence=p.get("defence"), damage=p.get("damage"))

    def ev_wounded(self, p):
        uid = p.get("uid")
        if uid in self.destroyed:  # one sentence: the damage and the destruction
            self.wounded_to_death.add(uid)
            return self.say("evs.narr.wounded_destroyed", unit=self.unit(uid), n=p.get("n"))
        u = self.board.units.get(uid)
        card = u["card"] if u else self.cards.get(uid, (None, None))[0]
        hp = UNITS[card]["hp"] if card in UNITS else "?"
        return self.say("evs.narr.wounded", unit=self.unit(uid), n=p.get("n"), wounds=p.get("wounds"), hp=hp)

    def ev_shake(self, p):
        seat = p.get("seat")
        players = self.board.view.get("players") or []
        collapse = players[seat].get("collapse") if isinstance(seat, int) and seat < len(players) else "?"
        if not p.get("n"):
            return None
        return self.say("evs.narr.shake", seat=self.player(seat), n=p.get("n"), marker=p.get("marker"),
                        collapse=collapse)

    def ev_terrain_penalty(self, p):
        seat = p.get("seat")
        return self.say("evs.narr.terrain_penalty", seat=self.player(seat),
                        unit=self.unit(p.get("uid"), seat, where=False),
                        cell=p.get("cell"), penalty=t(f"evs.penalty.{p.get('option')}", self.locale))

    def ev_terrain_revealed(self, p):
        seat = p.get("seat")
        return self.say("evs.narr.terrain_revealed", seat=self.player(seat), card=self.name(p.get("card")),
                        unit=self.unit(p.get("uid"), seat))

    def ev_tokens_changed(self, p):
        seat, slot = p.get("seat"), p.get("slot")
        players = self.board.view.get("players") or []
        zone = players[seat].get("zone") or [] if isinstance(seat, int) and seat < len(players) else []
        entry = zone[slot] if isinstance(slot, int) and 0 <= slot < len(zone) else {}
        public = entry.get("revealed") or entry.get("face_up")  # revealed or staged face-up (ES-DEP-7)
        card = self.name(entry["card"]) if public and entry.get("card") else \
            t("evs.narr.zone_card", self.locale, n=(slot + 1) if isinstance(slot, int) else "?")
        key = "evs.narr.tokens_gained" if (p.get("n") or 0) >= 0 else "evs.narr.tokens_lost"
        return self.say(key, seat=self.player(seat), card=card, n=abs(p.get("n") or 0), tokens=p.get("tokens"))

    def ev_game_over(self, p):
        return self.say("evs.narr.game_over", winner=self.player(p.get("winner")), loser=self.player(p.get("loser")),
                        reason=t(f"evs.reason.{p.get('reason')}", self.locale))

    def move(self, seat, text: str) -> str:
        """A move whose events said nothing public (a secret pick)."""
        verb = (text or "").split()[0] if (text or "").split() else ""
        key = f"evs.narr.move.{verb}"
        if catalog().has(key):
            return self.say(key, seat=self.player(seat))
        return self.say("evs.narr.move", seat=self.player(seat), move=verb_name(verb, self.locale))


def narrate_events(board: Board, events: list, locale: str, moves=()) -> list[str]:
    """The narration of one publish: a sentence per public event, never none when a move is
    given. ``moves``: as ``(seat, notation)`` pairs (or logged moves), the first move gets a
    sentence of its own when the events said nothing; as ``(seat, notation, events)`` triples,
    each move is told with its own events, in order, and ``events`` is not used."""
    told = per_move(moves, lambda own, move: narrate_events(board, own, locale, move))
    if told is not None:
        return told
    pairs = move_pairs(moves)
    narrator = Narrator(board, locale)
    lines = narrator.lines([e for e in events if getattr(e, "visible_to", None) is None])
    if not lines and pairs:
        return [narrator.move(*pairs[0][:2])]
    return lines
