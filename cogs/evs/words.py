"""Words for Empire vs Steppe on Discord: content names, what a unit or a cell is, labels for
the words of a move (autocomplete and menus), the defence summary and the narration of engine
events (cogs/evs/narrate.py). No Discord objects here; everything is read from views (public or
a seat's own)."""
from __future__ import annotations

import re
from typing import Mapping

from engine.evs.content import COMMANDS, GENERAL_BY_ID, GENERALS, UNITS
from engine.evs.names import NAMES
from engine.evs.notation import GRAMMAR
from gamehost.i18n import catalog, t

UID = re.compile(r"^u\d+$")
CELL = re.compile(r"^[A-G][1-6]$")
PATH = re.compile(r"^[A-G][1-6](-[A-G][1-6])+$")
STANDARD = "standard"
GENERAL = "general"
CARD_KINDS = ("units", "commands", "generals", "factions")
EXTRA_KINDS = ("effects", "terrain", "morale")  # faction effects, the expansions' cards



def lang(locale: str) -> str:
    return "zh-CN" if locale == "zh-CN" else "en"


def extra_text(ident: str, locale: str) -> str:
    """The rules text of a faction effect or an expansion card ('' when it has none)."""
    kind = NAMES.find(ident, EXTRA_KINDS)
    text = NAMES.entries(kind)[ident].get("text") if kind is not None else None
    return (text.get(lang(locale)) or text.get("en", "")) if isinstance(text, Mapping) else ""


def content_name(ident, locale: str) -> str:
    """The display name of any card or content id (unit, command, general command, by id or
    by its notation word, faction, faction effect, terrain or morale card:
    engine/evs/names.py, as the pictures draw it); the id itself when unknown."""
    if not isinstance(ident, str):
        return str(ident)
    kind = NAMES.find(ident, CARD_KINDS)
    if kind is None and ident in GENERALS:  # a general command by its notation word
        ident, kind = GENERALS[ident]["id"], "generals"
    kind = kind or NAMES.find(ident, EXTRA_KINDS)
    if kind is not None:
        return NAMES.name(kind, ident, locale)
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
                elif entry.get("face_up"):  # staged face-up (ES-DEP-7)
                    extra.append(t("evs.ui.face_up", locale))
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
    """The verb of a move (or of its first menu step) and its argument words, the verb
    table's keywords (``with``, ``pay``) left out."""
    words = text.split()
    verb = words[0] if words else ""
    literals = GRAMMAR.literals(verb)
    return verb, [w for w in words[1:] if w not in literals]


def kind_of(verb: str, index: int, word: str) -> str:
    """What argument ``index`` of a verb is (the engine's verb table says)."""
    kinds = GRAMMAR.arg_kinds(verb)
    return kinds[index] if index < len(kinds) else guess_kind(word)


def word_short(board: Board, kind: str, word: str, locale: str) -> str:
    """The name of one argument word: short enough for a menu option's label."""
    if kind == "basic":
        return basic_name(word, locale)
    if kind in ("card", "unit_card", "terrain", "thing", "morale_card"):
        return content_name(word, locale)
    if kind == "penalty":
        return t(f"evs.penalty.{word}", locale)
    if kind == "face":  # ``stage CARD up`` (ES-DEP-7)
        return t(f"evs.face.{word}", locale)
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
