"""Seats a game plays itself: the lobby's limits, bots refused, and the game's seats added
when a match starts (for every game; nothing here names one).

A game may seat players of its own after the people of a lobby (the engine's ``people_range``
and ``house_seats``, engine/kit.py GameBase, asked through gamehost/registry.py GamePlugin):
a designed mode's opposing side, say. Then

- a lobby offers ``people_range(options)`` seats (joins and the start are checked against it);
- Add bot is refused: the game's own seats are its side, not a rival a person may add;
- at the start, the game's seats are appended after the people's (before the engine's
  ``setup``, so the engine sees every seat), each ``{"bot": True, ...}`` as the engine gives
  it, marked ``"house": True`` (a rematch leaves them to the game again), with ``user_id``
  None and a name in the match's language (``seat_name``): a catalog text given the seat's
  number ``n`` and every field of the seat whose value the game's content names
  (``GamePlugin.names``), by its name; in a run the game scores in its records (endless),
  marked ``"rated": False`` too, so ratings leave the match out.

The service plays those seats as it plays bot seats (``MatchService._run_automatic``), and
ratings rate them as the game's AI (gamehost/ratings.py ``seat_identity``).
"""
from __future__ import annotations

from string import Formatter
from typing import Any

from gamehost.i18n import catalog, t
from gamehost.outcome import ServiceError
from gamehost.registry import plugin
from gamehost.store_rows import MatchRow


def lobby_limits(game: str, options: dict) -> tuple[int, int]:
    """How many seats (people and bots) a lobby of ``game`` with these options takes."""
    return plugin(game).people_range(options)


def house_count(game: str, options: dict, people: int | None = None) -> int:
    """How many seats the game adds itself for ``people`` (default: the fewest a lobby takes)."""
    if people is None:
        people = max(1, lobby_limits(game, options)[0])
    return len(plugin(game).house_seats(options, people))


def check_add_bot(row: MatchRow) -> None:
    """Refuse a bot in a lobby whose opposing seats the game plays itself, or in a full one."""
    house = house_count(row.game, row.options, max(1, len(row.seats)))
    if house:
        raise ServiceError("house_seats_no_bots", n=house)
    most = lobby_limits(row.game, row.options)[1]
    if len(row.seats) >= most:
        raise ServiceError("lobby_full", seats=most)


def seat_name(game: str, seat: dict[str, Any], n: int, locale: str) -> str:
    """A seat the game adds, named in ``locale`` (see the module docstring): the first of
    ``<game>.house_seat``, ``<game>.house_seat_numbered`` and ``host.house_seat`` whose every
    placeholder the seat fills (a seat whose side is not known yet has no faction to name)."""
    names = plugin(game).names
    params: dict[str, Any] = {"n": n}
    for field, value in seat.items():
        if isinstance(value, str) and field != "name":
            kind = names.find(value) if names is not None else None
            params[field] = names.name(kind, value, locale) if names is not None and kind is not None else value
    for key in (f"{game}.house_seat", f"{game}.house_seat_numbered", "host.house_seat"):
        if catalog().has(key) and placeholders(catalog().entries[key]["en"]) <= set(params):
            return t(key, locale, **params)
    return f"{n}"


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field}


def with_house_seats(row: MatchRow) -> list[dict]:
    """The match's seats at its start: the lobby's, then the game's own (see above)."""
    people = [dict(seat) for seat in row.seats]
    house = plugin(row.game).house_seats(row.options, len(people))
    scored = records_count(row.game, row.options)
    out = list(people)
    for seat in house:
        seat = {**seat, "bot": True, "house": True, "user_id": None, **({"rated": False} if scored else {})}
        seat.setdefault("name", seat_name(row.game, seat, len(out) + 1, row.locale))
        out.append(seat)
    return out


def records_count(game: str, options: dict) -> bool:
    """Whether a match with these options is a run the game scores in its records
    (gamehost/endless_records.py) rather than a contest: its seats are marked ``rated``
    False and ratings leave it out (a run always ends in a loss; its score is the record)."""
    game_records = plugin(game).records
    return bool(game_records is not None and game_records.counts(options))
