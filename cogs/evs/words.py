"""Words for Empire vs Steppe on Discord: content names, what a unit or a cell is, labels for
the words of a move (autocomplete and menus), the defence summary and the narration of engine
events. No Discord objects here; everything is read from views (public or a seat's own)."""
from __future__ import annotations

import json
import os
import re
from functools import cache

from engine.evs.content import COMMANDS, DATA_DIR, FACTIONS, GENERAL_BY_ID, GENERALS, UNITS
from gamehost.i18n import catalog, t
from cogs.narration import move_pairs

UID = re.compile(r"^u\d+$")
CELL = re.compile(r"^[A-G][1-6]$")
PATH = re.compile(r"^[A-G][1-6](-[A-G][1-6])+$")
STANDARD = "standard"
GENERAL = "general"

# What each word of a move command is, by subcommand and argument position (the notation's
# keywords ``with`` and ``pay`` are not arguments). Unknown verbs are guessed word by word.
ARG_KINDS: dict[str, tuple[str, ...]] = {
    "declare": ("basic", "basic"),
    "deploy": ("unit_card", "cell"),
    "vanguard": ("unit_card", "cell"),
    "stage": ("card",), "clear": ("card",), "dispatch": ("card",), "reveal": ("card",),
    "pick": ("card",), "unpick": ("card",),
    "play": ("card", "uid", "pay"),
    "general": ("general", "uid", "pay"),
    "move": ("uid", "path"),
    "skip": ("uid",), "heal": ("uid",),
    "attack": ("uid", "with"),
    "defend": ("uid", "defence", "pay"),
    "place": ("terrain", "cell"),
    "penalty": ("penalty", "pay"),
    "morale": ("morale_card",),
    "token": ("slot",),
    "rally": ("morale_card", "pay"),
}
KEYWORDS = ("with", "pay")


def lang(locale: str) -> str:
    return "zh-CN" if locale == "zh-CN" else "en"


def _extra_names() -> dict[str, dict]:
    return {ident: entry["name"] for ident, entry in _extra_content().items()}


def extra_text(ident: str, locale: str) -> str:
    """The rules text of a faction effect or an expansion card ('' when it has none)."""
    text = (_extra_content().get(ident) or {}).get("text")
    return (text.get(lang(locale)) or text.get("en", "")) if isinstance(text, dict) else ""


@cache
def _extra_content() -> dict[str, dict]:
    """Content the core tables do not hold: faction effects, the expansions' cards (terrain,
    morale) read from the engine's data files."""
    names: dict[str, dict] = {}
    for faction in FACTIONS.values():
        for effect in faction.get("effects", []):
            names[effect["id"]] = effect
    for filename, top in (("terrain.json", "terrain"), ("morale.json", None)):
        try:
            with open(os.path.join(DATA_DIR, filename), encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError):
            continue
        entries = data.get(top, []) if isinstance(data, dict) and top else data
        if isinstance(entries, dict):
            entries = list(entries.values())
        for entry in entries if isinstance(entries, list) else []:
            if isinstance(entry, dict) and isinstance(entry.get("name"), dict) and entry.get("id"):
                names[entry["id"]] = entry
    return names


def content_name(ident, locale: str) -> str:
    """The display name of any card or content id (unit, command, general command, faction,
    faction effect, terrain or morale card); the id itself when unknown."""
    if not isinstance(ident, str):
        return str(ident)
    for table in (UNITS, COMMANDS, GENERAL_BY_ID, FACTIONS):
        entry = table.get(ident)
        if entry is not None:
            return entry["name"][lang(locale)]
    if ident in GENERALS:
        return GENERALS[ident]["name"][lang(locale)]
    extra = _extra_names().get(ident)
    if extra is not None:
        return extra.get(lang(locale)) or extra["en"]
    if ident == STANDARD:
        return t("evs.ui.standard_set", locale)
    return ident.replace("_", " ")


def basic_name(basic: str, locale: str) -> str:
    return t(f"evs.basic.{basic}", locale)


def command_detail(card: str, locale: str) -> str:
    """``cost 1 · power 2 · Mobility 1. Engage, melee.`` for a command card or general command."""
    spec = COMMANDS.get(card) or GENERAL_BY_ID.get(card) or GENERALS.get(card)
    if spec is None:
        return ""
    parts = [t("evs.ui.cost", locale, n=spec["cost"])]
    if card in COMMANDS:
        parts.append(t("evs.ui.power", locale, n=spec["power"]))
        unit = spec.get("unit")
        if unit:
            parts.append(t("evs.ui.only_unit", locale, unit=content_name(unit, locale)))
    markers = [t(f"evs.marker.{m}", locale) for m, on in spec["markers"].items() if on and m != "action"]
    if markers:
        parts.append("/".join(markers))
    return " · ".join(parts) + ": " + spec["text"][lang(locale)]


def unit_card_detail(card: str, locale: str) -> str:
    u = UNITS.get(card)
    if u is None:
        return ""
    key = f"evs.role.{u['role']}"
    role = t(key, locale) if catalog().has(key) else u["role"].replace("_", " ")
    return t("evs.ui.unit_card", locale, power=u["power"], hp=u["hp"], role=role)


class Board:
    """Lookups over one view of the game (the public one or a seat's own)."""

    def __init__(self, view: dict | None, seat_names: list[str], viewer: int | None = None):
        view = {"units": [], "players": [], **(view or {})}  # a match with no state has an empty view
        self.view = view
        self.names = list(seat_names)
        self.viewer = viewer
        self.units = {u["uid"]: u for u in view["units"]}
        self.at = {u["cell"]: u for u in view["units"]}
        terrain = view.get("terrain") or {}
        self.terrain = dict(terrain.get("cells") or {})

    def seat(self, seat, locale: str) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return t("evs.ui.seat", locale, n=(seat + 1) if isinstance(seat, int) else seat)

    def faction(self, seat) -> str | None:
        factions = self.view.get("factions") or []
        return factions[seat] if isinstance(seat, int) and seat < len(factions) else None

    def unit(self, uid: str, locale: str, *, owner: bool | None = None, cell: bool = True) -> str:
        """``Legionary u5 (B2, ❤2/3)``; another seat's unit is ``bob's Legionary u5 (…)``."""
        u = self.units.get(uid)
        if u is None:
            return uid
        name = f"{content_name(u['card'], locale)} {uid}"
        show_owner = owner if owner is not None else u["seat"] != self.viewer
        if show_owner:
            name = t("evs.narr.owned", locale, seat=self.seat(u["seat"], locale), thing=name)
        if cell:
            name += f" ({u['cell']}, ❤{u['hp'] - u['wounds']}/{u['hp']})"
        return name

    def unit_status(self, uid: str, locale: str) -> str:
        """What a unit is doing this turn: its command in progress and its phase, a defence."""
        u = self.units.get(uid) or {}
        parts = []
        command = u.get("command")
        if command:
            phase = command.get("phase")
            parts.append(content_name(command["card"], locale)
                         + (f" → {t(f'evs.phase.{phase}', locale)}" if phase else ""))
        if u.get("defence"):
            parts.append("🛡 " + content_name(u["defence"]["card"], locale))
        if u.get("acted") and not command:
            parts.append(t("evs.ui.acted", locale))
        return " · ".join(parts)

    def cell(self, cell: str, locale: str) -> str:
        """``C4 · Low Hill · bob's Legionary u3``: what someone choosing this cell wants to know."""
        parts = [cell]
        card = self.terrain.get(cell)
        if card:
            parts.append(content_name(card, locale))
        u = self.at.get(cell)
        if u is not None:
            parts.append(self.unit(u["uid"], locale, cell=False))
        return " · ".join(parts)

    def slot(self, slot: str, locale: str) -> str:
        """A command-zone slot a tokens effect changes (the owner's zone named in the decision)."""
        pending = self.view.get("pending") or {}
        owner = pending.get("owner", self.viewer)
        players = self.view.get("players") or []
        zone = players[owner].get("zone") or [] if isinstance(owner, int) and owner < len(players) else []
        i = int(slot) if str(slot).isdigit() else -1
        entry = zone[i] if 0 <= i < len(zone) else {}
        name = content_name(entry["card"], locale) if entry.get("card") else "▢"
        tokens = t("evs.ui.tokens", locale, n=entry.get("tokens", 0)) if entry else ""
        return t("evs.ui.slot", locale, n=i + 1, card=name) + (f" · {tokens}" if entry.get("tokens") else "")

    def zone_card(self, seat: int, card: str, locale: str) -> str:
        """A command-zone card with its reveal state and tokens, as this view shows it."""
        players = self.view.get("players") or []
        for entry in (players[seat]["zone"] if seat < len(players) else []):
            if entry.get("card") == card:
                extra = []
                if entry.get("revealed"):
                    extra.append(t("evs.ui.revealed", locale))
                if entry.get("tokens"):
                    extra.append(t("evs.ui.tokens", locale, n=entry["tokens"]))
                return content_name(card, locale) + (f" ({', '.join(extra)})" if extra else "")
        return content_name(card, locale)


def guess_kind(word: str) -> str:
    if UID.match(word):
        return "uid"
    if CELL.match(word):
        return "cell"
    if PATH.match(word):
        return "path"
    if "+" in word and all(UID.match(w) for w in word.split("+")):
        return "with"
    return "thing"


def arg_words(text: str) -> tuple[str, list[str]]:
    """The verb of a move in notation and its argument words (keywords left out)."""
    words = text.split()
    return (words[0] if words else ""), [w for w in words[1:] if w not in KEYWORDS]


def kind_of(verb: str, index: int, word: str) -> str:
    kinds = ARG_KINDS.get(verb, ())
    return kinds[index] if index < len(kinds) else guess_kind(word)


def word_short(board: Board, kind: str, word: str, locale: str) -> str:
    """The name of one argument word: short enough for a menu option's label."""
    if kind == "basic":
        return basic_name(word, locale)
    if kind in ("card", "unit_card", "terrain", "thing", "morale_card"):
        return content_name(word, locale)
    if kind == "penalty":
        return t(f"evs.penalty.{word}", locale)
    if kind == "slot":
        return board.slot(word, locale)
    if kind == "general":
        return content_name(word, locale)
    if kind == "defence":
        return content_name("defend" if word == GENERAL else word, locale)
    if kind == "uid":
        return board.unit(word, locale)
    if kind == "cell":
        return board.cell(word, locale)
    if kind == "path":
        return " → ".join(word.split("-"))
    if kind == "pay":
        return t("evs.ui.pay", locale, cards=" + ".join(content_name(c, locale) for c in word.split("+")))
    if kind == "with":
        return " + ".join(board.unit(u, locale, owner=False, cell=False) for u in word.split("+"))
    return word


def word_detail(board: Board, kind: str, word: str, locale: str) -> str:
    """More about one argument word (a card's cost and text, a unit's command): '' if nothing."""
    if kind == "card":
        if word == STANDARD:
            return t("evs.ui.standard_detail", locale)
        return command_detail(word, locale) if word in COMMANDS else unit_card_detail(word, locale)
    if kind == "unit_card":
        return unit_card_detail(word, locale)
    if kind in ("morale_card", "terrain"):
        return extra_text(word, locale)
    if kind == "general":
        return command_detail(word, locale)
    if kind == "defence":
        return command_detail("defend" if word == GENERAL else word, locale)
    if kind == "uid":
        return board.unit_status(word, locale)
    if kind == "with":
        return " · ".join(filter(None, (board.unit_status(u, locale) for u in word.split("+"))))
    return ""


def arg_label(board: Board, verb: str, args: tuple[str, ...] | list[str], index: int, locale: str) -> str:
    """The autocomplete label of argument ``index`` of a move (its name, then its details)."""
    word = args[index]
    kind = kind_of(verb, index, word)
    short = word_short(board, kind, word, locale)
    detail = word_detail(board, kind, word, locale)
    return f"{short} — {detail}" if detail else short


def verb_name(verb: str, locale: str) -> str:
    key = f"evs.verb.{verb}"
    return t(key, locale) if catalog().has(key) else verb


def move_label(board: Board, text: str, locale: str) -> str:
    """``Play · Forward Strike · Legionary u5 (B2, ❤3/3) · pay: Ride``."""
    verb, args = arg_words(text)
    parts = [verb_name(verb, locale)]
    parts += [word_short(board, kind_of(verb, i, w), w, locale) for i, w in enumerate(args)]
    return " · ".join(parts)


def tail_label(board: Board, text: str, skip: int, locale: str) -> str:
    """The labels of a move's arguments after the first ``skip`` (a menu's second step)."""
    verb, args = arg_words(text)
    return " · ".join(word_short(board, kind_of(verb, i, w), w, locale) for i, w in enumerate(args) if i >= skip)


def head_label(board: Board, head: str, locale: str) -> tuple[str, str]:
    """A first-level menu entry (the engine's ``head`` of a move): its label and description."""
    verb, args = arg_words(head)
    label = move_label(board, head, locale)
    detail = word_detail(board, kind_of(verb, len(args) - 1, args[-1]), args[-1], locale) if args else ""
    return label, detail


# -- the defence window ---------------------------------------------------------------------

def defence_summary(board: Board, pending: dict, locale: str) -> str:
    """Who attacks which unit with what, the summed power against the defence, the target's
    wounds and the damage if it is not defended (the view's numbers, never recomputed)."""
    target = board.units.get(pending["target"]) or {}
    defender = pending.get("seat")
    attacker = 1 - defender if isinstance(defender, int) else None
    damage = max(0, int(pending.get("power", 0)) - max(0, int(pending.get("defence", 0))))
    return t("evs.ui.defence_summary", locale,
             attacker=board.seat(attacker, locale), defender=board.seat(defender, locale),
             target=board.unit(pending["target"], locale, owner=False, cell=False),
             cell=target.get("cell", "?"),
             attackers=" + ".join(board.unit(u, locale, owner=False, cell=False) for u in pending["attackers"]),
             power=pending.get("power", 0), morale=pending.get("morale", 0), defence=pending.get("defence", 0),
             wounds=target.get("wounds", 0), hp=target.get("hp", "?"), damage=damage)


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
        self.destroyed: set[str] = set()
        self.wounded_to_death: set[str] = set()
        self.pos: dict[str, str] = {}

    def say(self, key: str, /, **params) -> str:
        return sentence(t(key, self.locale, **params), self.board.names)

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
        for key in ("seat", "winner", "loser", "by", "shaken"):
            if isinstance(p.get(key), int):
                params[key] = self.player(p[key])
        for key in ("card", "unit", "effect", "faction", "command"):
            if isinstance(p.get(key), str):
                params[key] = self.name(p[key])
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
        return self.say("evs.narr.staged", seat=self.player(p.get("seat")), count=int(p.get("slot", 0)) + 1)

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
            if entry and entry.get("revealed") and entry.get("card"):  # public only once revealed
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
        card = self.name(entry["card"]) if entry.get("revealed") and entry.get("card") else \
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
    pairs = move_pairs(moves)
    if pairs and all(len(m) == 3 for m in pairs):
        out: list[str] = []
        for seat, text, own in pairs:
            for line in narrate_events(board, list(own), locale, [(seat, text)]):
                if not out or out[-1] != line:
                    out.append(line)
        return out
    narrator = Narrator(board, locale)
    lines = narrator.lines([e for e in events if getattr(e, "visible_to", None) is None])
    if not lines and pairs:
        return [narrator.move(*pairs[0][:2])]
    return lines
