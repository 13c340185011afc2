"""Kingdom Rush words: content names (from engine/kr/content's ``name`` fields), players,
squares, the narration of the engine's events (``kr.ev.<kind>``) and the labels of moves and
of their arguments for menus and autocomplete. Reads views and notation, decides nothing."""
from __future__ import annotations

from typing import Any

from engine.base import ActionInfo, IllegalAction
from engine.kr.content import HEROES, SPELLS, TOWERS
from engine.kr.names import NAMES
from engine.kr.notation import parse_action
from gamehost.i18n import t
from cogs.narration import counted, zero_effect

# counts a sentence tells with a noun: sentence key -> parameter -> the catalog's count phrase
COUNTED = {"kr.ev.crystals_saved": {"crystals": "kr.count.crystals"},
           "kr.ev.tray_destroyed": {"crystals": "kr.count.crystals"},
           "kr.ev.tower_bought": {"cost": "kr.count.crystals"},
           "kr.ev.kingdom_damaged": {"damage": "kr.count.hearts"},
           "kr.ev.setup": {"hearts": "kr.count.hearts", "crystals": "kr.count.crystals"}}
# the amounts of an effect: a sentence with one of them at 0 is not said ("heals 0")
EFFECTS = {"kr.ev.hero_healed": ("healed",), "kr.ev.kingdom_damaged": ("damage",),
           "kr.ev.hero_damaged": ("damage",)}

GRID = "abcdefghijklmnopqrstuvwxyz"


def _name(kind: str, ident: Any, locale: str) -> str:
    """A content name (engine/kr/names.py, as the pictures draw it); the id, spaced, if unknown."""
    return NAMES.name(kind, ident, locale) if NAMES.has(kind, ident) else str(ident).replace("_", " ")


def tower_name(card: str, locale: str) -> str:
    spec = TOWERS.get(card)
    if spec is None:
        return str(card).replace("_", " ")
    level = f"{spec['level']}{(spec.get('variant') or '').upper()}"
    return f"{_name('towers', card, locale)} L{level}"


def hero_name(figure: str, locale: str) -> str:
    if figure == "wildcat":
        return t("kr.ui.wildcat", locale)
    return _name("heroes", figure, locale)


def horde_name(card: str, locale: str) -> str:
    return _name("hordes", card, locale)


def spell_name(spell: str, locale: str) -> str:
    return _name("spells", spell, locale)


def scenario_name(scenario: str, locale: str) -> str:
    return _name("scenarios", scenario, locale)


def ability_name(ability: str, locale: str) -> str:
    return NAMES.name("abilities", ability, locale) if NAMES.has("abilities", ability) else ""


def boss_rule_name(rule: str, locale: str) -> str:
    """A boss rule's name (hordes.json ``boss.rules``), "" for none."""
    return NAMES.name("boss_rules", rule, locale) if NAMES.has("boss_rules", rule) else ""


def cause_word(cause: Any, locale: str) -> str:
    """Why a hero was hurt, moved or healed: an ability, a tower, a spell, a boss rule or a rule."""
    text = str(cause or "")
    if ability_name(text, locale):
        return ability_name(text, locale)
    if boss_rule_name(text, locale):
        return boss_rule_name(text, locale)
    if text in TOWERS:
        return tower_name(text, locale)
    if text in SPELLS:
        return spell_name(text, locale)
    if text in HEROES or text == "wildcat":
        return hero_name(text, locale)
    key = f"kr.cause.{text}"
    word = t(key, locale)
    return text.replace("_", " ") if word == key else word


def colour_word(colour: str, locale: str) -> str:
    key = f"kr.colour.{colour}"
    word = t(key, locale)
    return colour if word == key else word


def grid_cell(cell: Any) -> str:
    try:
        return f"{GRID[int(cell[0])]}{int(cell[1]) + 1}"
    except (TypeError, ValueError, IndexError):
        return "?"


def cells_text(cells: Any) -> str:
    return "+".join(grid_cell(c) for c in cells or [])


class Board:
    """A public view and the seats' names: what every label is made from."""

    def __init__(self, view: dict, names: list[str], seat: int | None = None):
        self.view = view
        self.names = names
        self.me = seat

    def seat(self, seat: Any, locale: str) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return t("kr.ui.seat_n", locale, n=(seat + 1) if isinstance(seat, int) else "?")

    def hero_of(self, seat: int) -> str:
        seats = self.view.get("seats") or []
        return seats[seat].get("hero", "") if 0 <= seat < len(seats) else ""

    def tray(self, tray: Any, locale: str, card: Any = None) -> str:
        """A horde tray by its card, id and square; one that has left the board (it reached
        the Kingdom in the same move) by the card its event names."""
        info = (self.view.get("trays") or {}).get(tray)
        if not info:
            return f"{horde_name(card, locale)} ({tray})" if isinstance(card, str) else str(tray)
        return f"{horde_name(info['card'], locale)} ({tray}, {info.get('cell', '?')})"

    def site_colour(self, site: str) -> str:
        for spec in _sites(self.view):
            if spec.get("cell") == site:
                return spec.get("colour", "")
        return ""


def _sites(view: dict) -> list[dict]:
    from engine.kr.content import map_dict
    try:
        return list(map_dict(view["scenario"]).get("sites") or [])
    except (KeyError, TypeError):
        return []


# -- narration ------------------------------------------------------------------------------

TRAY_NAMED = {"tile_placed", "soldier_placed", "hero_engaged", "heal", "tray_blocked", "tray_moved", "soldier_lost"}
BOSS_EVENTS = {"boss_entered", "boss_extra_spawn", "boss_stage_cleared", "boss_stage_begins", "boss_defeated",
               "boss_heal_trays", "boss_shield_down", "boss_shield_up"}
HORDE_EVENTS = {"spawn", "ghost_spawn", "spawn_overflow", "tray_destroyed", "portal_destroyed",
                "horde_reached_kingdom", "kingdom_damaged", "tray_moved"} | BOSS_EVENTS


def event_params(board: Board, kind: str, params: dict, locale: str) -> dict:
    """The event's parameters in words (names for ids, ``b2`` for card squares)."""
    p: dict = {}
    for name, value in params.items():
        if name in ("seat", "to") and isinstance(value, int) and not isinstance(value, bool):
            p[name] = board.seat(value, locale)
        elif name == "card" and isinstance(value, str):
            p[name] = horde_name(value, locale) if kind in HORDE_EVENTS else tower_name(value, locale)
        elif name == "received" and isinstance(value, str):
            p[name] = tower_name(value, locale)
        elif name == "figure":
            p[name] = hero_name(value, locale)
        elif name == "ability":
            p[name] = ability_name(str(value), locale) or t("kr.ui.basic_attack", locale)
        elif name in ("spell",):
            p[name] = spell_name(str(value), locale)
        elif name == "spells":
            p[name] = ", ".join(spell_name(s, locale) for s in value or []) or "—"
        elif name == "heroes":
            p[name] = ", ".join(hero_name(h, locale) for h in value or [])
        elif name == "cards":
            p[name] = ", ".join(tower_name(c, locale) for c in value or []) or "—"
        elif name == "preference":
            p[name] = t(f"opt.kr.displace.{value}", locale)
        elif name == "buys":
            p[name] = buys_text(board, list(value or []) + list(params.get("takes") or []), locale)
        elif name == "source":
            p[name] = cause_word(value, locale)
        elif name == "cause":
            p[name] = cause_word(value, locale)
        elif name == "damage" and isinstance(value, str):
            p[name] = t(f"kr.damage.{value}", locale)
        elif name == "colour":
            p[name] = colour_word(value, locale)
        elif name == "scenario":
            p[name] = scenario_name(value, locale)
        elif name == "difficulty":
            p[name] = t(f"option.kr.difficulty.{value}", locale)
        elif name == "cells":
            p[name] = cells_text(value)
        elif name in ("at",) or (name == "cell" and isinstance(value, list)):
            p[name] = grid_cell(value)
        elif name == "effect":
            p[name] = ability_name(str(value), locale) or cause_word(value, locale)
        elif name == "rule" and kind in BOSS_EVENTS:
            p[name] = boss_rule_name(str(value), locale) or str(value)
        elif name == "rules" and kind in BOSS_EVENTS:
            p[name] = ", ".join(boss_rule_name(str(r), locale) or str(r) for r in value or []) or "—"
        elif name == "icon":
            p[name] = t(f"kr.icon.{value}", locale)
        elif name == "facing" and isinstance(value, str):
            p[name] = facing_word(value, locale)
        elif name == "trays":
            p[name] = ", ".join(str(v) for v in value or []) or "—"
        elif name == "squares":
            p[name] = ", ".join(value.split() if isinstance(value, str) else map(str, value or [])) or "—"
        elif name == "path":
            p[name] = "-".join(value or []) or "—"
        elif name == "reason" and kind in ("spawn_skipped",):
            p[name] = t(f"kr.skip.{value}", locale)
        elif name == "reason" and kind == "purchase_failed":
            key = "kr.fail." + str(value).rsplit(".", 1)[-1]
            p[name] = t(key if t(key, locale) != key else "kr.fail.other", locale)
        elif name == "reason" and kind == "victory_pending":
            p[name] = t(f"host.reason.victory_{value}", locale)
        else:
            p[name] = value
    if kind in TRAY_NAMED and params.get("tray"):
        p["tray"] = board.tray(params["tray"], locale, params.get("card"))
    return p


def buys_text(board: Board, buys: Any, locale: str) -> str:
    """Purchases ``{card, to}`` and white-site takes ``{site, card, to}`` (KR-WHT-3)."""
    return ", ".join(t("kr.ui.take_item", locale, card=tower_name(b["card"], locale), site=b["site"],
                       seat=board.seat(b["to"], locale)) if "site" in b
                     else f"{tower_name(b['card'], locale)} → {board.seat(b['to'], locale)}" for b in buys or []) or "—"


def narrate_event(board: Board, event, locale: str) -> str:
    kind, params = event.kind, dict(event.params)
    if kind == "game_over":
        return result_text(params.get("outcome"), params.get("reason"), locale)
    if kind == "tower_passed" and params.get("upgraded"):
        kind = "tower_passed_up"
    if kind == "hero_moved" and not params.get("path"):
        kind = "hero_moved_nowhere"
    if kind == "hero_attacked" and not params.get("trays"):
        kind = "hero_attacked_none"
    if kind == "hero_displaced" and not params.get("to"):
        kind = "hero_displaced_board"
    if kind == "horde_reached_kingdom" and not params.get("tray"):  # straight from its spawn point
        kind = "horde_reached_kingdom_direct"
    if kind == "boss_extra_spawn" and not params.get("left"):
        kind = "boss_extra_spawn_empty"
    key = f"kr.ev.{kind}"
    if kind == "tray_destroyed" and not params.get("crystals"):
        key = "kr.narr.tray_destroyed_plain"  # no "+0 crystals"
    if zero_effect(key, params, EFFECTS):
        return ""
    return t(key, locale, **counted(key, event_params(board, event.kind, params, locale), COUNTED, locale))


def result_text(outcome: Any, reason: Any, locale: str) -> str:
    """Victory, or the defeat with its reason (the engine's Result reason or the event's)."""
    reason = str(reason or "")
    if outcome == "victory":
        reason = reason if reason.startswith("victory_") else f"victory_{reason}"
        return t("kr.ui.victory", locale, reason=t(f"host.reason.{reason}", locale))
    return t("kr.ui.defeat", locale, reason=t(f"host.reason.{reason}", locale))


def narrate_events(board: Board, events: list, locale: str, moves=()) -> list[str]:
    lines = [line for line in (narrate_event(board, e, locale) for e in events) if line]
    if not lines:
        for move in moves:
            lines.append(t("kr.ui.moved", locale, player=board.seat(move.seat, locale)))
    return lines


# -- moves ----------------------------------------------------------------------------------

def facing_word(facing: str, locale: str) -> str:
    return t(f"kr.facing.{facing}", locale)


def placements_text(words: list[str], locale: str) -> str:
    return " ".join(words) if words else t("kr.ui.no_placements", locale)


def move_label(board: Board, move: str, locale: str) -> str:
    """A legal move in words: ``Build Archer Tower L1 on F2 facing south (t1:c2+c3)``."""
    words = move.split()
    if not words:
        return move
    verb, args = words[0], words[1:]
    if verb == "build" and len(args) >= 3:
        return t("kr.move.build", locale, card=tower_name(args[0], locale), site=args[1],
                 facing=facing_word(args[2], locale), placements=placements_text(args[3:], locale))
    if verb == "build" and args:
        return t("kr.move.build_card", locale, card=tower_name(args[0], locale))
    if verb == "pass" and len(args) >= 3:
        return t("kr.move.pass", locale, card=tower_name(args[0], locale),
                 player=board.seat(_seat_index(args[2]), locale)) + (f" ({args[3].upper()})" if len(args) > 3 else "")
    if verb == "pass" and args:
        return t("kr.move.pass_card", locale, card=tower_name(args[0], locale))
    if verb == "hero" and args:
        rest = " ".join(args[1:])
        return t("kr.move.hero", locale, figure=hero_name(args[0], locale)) + (f": {hero_rest(rest, locale)}"
                                                                               if rest else "")
    if verb == "spell" and args:
        rest = " ".join(args[1:])
        return t("kr.move.spell", locale, spell=spell_name(args[0], locale)) + (f": {rest}" if rest else "")
    if verb == "exclude" and args:
        return t("kr.move.exclude", locale, colour=colour_word(args[0], locale))
    if verb == "propose" and args:
        return t("kr.move.propose", locale, buys=buys_text(board, buys_of(move), locale))
    if verb in ("done", "approve", "object"):
        return t(f"kr.move.{verb}", locale)
    if verb == "pol" and len(args) == 2:
        return t("kr.move.pol", locale, preference=t(f"opt.kr.displace.{args[1]}", locale))
    if verb == "displace" and len(args) == 2:
        return t("kr.move.displace", locale, figure=hero_name(args[0], locale), to=square_label(board, args[1], locale))
    return move


def square_label(board: Board, square: str, locale: str) -> str:
    """``B2: red building site`` / ``B3: road square`` (where a displaced hero may go)."""
    colour = board.site_colour(square)
    what = (t("kr.ui.square_site", locale, colour=colour_word(colour, locale)) if colour
            else t("kr.ui.square_road", locale))
    return t("kr.ui.displace_square", locale, square=square, what=what)


def displacement_line(board: Board, locale: str) -> str | None:
    """The question waiting for a displaced hero's owner, in words (the public board)."""
    d = board.view.get("displacement")
    if not d:
        return None
    return t("kr.ev.displacement_asked", locale, **event_params(board, "displacement_asked", d, locale))


def prompt_text(board: Board, prompt: Any, locale: str) -> str:
    """A prompt of the engine in words (the displaced hero's question names the squares)."""
    p = prompt.params
    if prompt.key == "kr.prompt.displace":
        squares = "; ".join(square_label(board, c, locale) for c in str(p.get("squares") or "").split())
        return t(prompt.key, locale, round=p.get("round"), figure=hero_name(str(p.get("figure")), locale),
                 cell=p.get("cell"), cause=cause_word(p.get("cause"), locale), squares=squares)
    return t(prompt.key, locale, round=p.get("round"), crystals=p.get("crystals"))


def hero_rest(rest: str, locale: str) -> str:
    """``path J3-I3 face N basic t1:b2`` → ``path J3-I3 · face north · basic attack · t1:b2``."""
    words = rest.split()
    out, i = [], 0
    while i < len(words):
        w = words[i]
        if w == "path" and i + 1 < len(words):
            out.append(t("kr.ui.path", locale, path=words[i + 1]))
            i += 2
        elif w == "face" and i + 1 < len(words):
            out.append(t("kr.ui.face", locale, facing=facing_word(words[i + 1], locale)))
            i += 2
        elif w == "engage" and i + 1 < len(words):
            out.append(t("kr.ui.engage", locale, cell=words[i + 1]))
            i += 2
        elif w == "basic":
            out.append(t("kr.ui.basic_attack", locale))
            i += 1
        elif w == "ability" and i + 1 < len(words):
            out.append(ability_name(words[i + 1], locale) or words[i + 1])
            i += 2
        elif w in ("recover", "none", "act-first"):
            out.append(t(f"kr.ui.act.{w}", locale))
            i += 1
        elif w == "choice":
            out.append(t("kr.ui.with_choice", locale))
            break
        else:
            out.append(w)
            i += 1
    return " · ".join(out)


def _seat_index(text: str) -> int | None:
    return int(text) - 1 if text.isdigit() else None


def buys_of(proposal: str) -> list[dict]:
    """The purchases, then the white-site takes (these carry their ``site``), of a ``propose``
    move (the engine reads it; nothing for text it does not read)."""
    try:
        action = parse_action(proposal)
    except IllegalAction:
        return []
    return list(action.get("buys") or []) + list(action.get("takes") or [])


def arg_label(board: Board, move: ActionInfo, index: int, locale: str) -> str:
    """The autocomplete label of argument ``index`` of a move, by what the engine's verb table
    says it is (``ActionInfo.kinds``; cogs/move_args.py)."""
    word = move.args[index] if index < len(move.args) else ""
    kind = move.kinds[index] if index < len(move.kinds) else ""
    if kind == "card":
        return f"{tower_name(word, locale)} ({word})"
    if kind == "site":
        colour = board.site_colour(word)
        return t("kr.ui.site_label", locale, site=word, colour=colour_word(colour, locale)) if colour else word
    if kind == "facing":
        return f"{word} — {facing_word(word, locale)}"
    if kind == "seat":
        return board.seat(_seat_index(word), locale)
    if kind == "variant":
        return t("kr.ui.variant", locale, variant=word.upper())
    if kind == "figure":
        return hero_name(word, locale)
    if kind == "square":
        return square_label(board, word, locale)
    if kind == "spell":
        return spell_name(word, locale)
    if kind == "colour":
        return colour_word(word, locale)
    if kind == "buys":
        return buys_text(board, buys_of(move.text), locale)
    if kind == "placements":
        return t("kr.ui.suggested", locale, placements=word)
    if kind == "rest" and move.verb == "hero":   # path, facing, action, placements, choice
        return hero_rest(word, locale)
    return word
