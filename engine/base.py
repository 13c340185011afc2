"""The contract every game engine implements (README.md, section "Architecture", "Engine contract").

Engines are pure: no I/O, no discord, no PIL. States, actions and views are plain
JSON-compatible values so that the match service can store them and renderers can draw
views without knowing the rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol

JSON = Any
Seat = int  # 0-based seat index


class IllegalAction(Exception):
    """An action the rules forbid. Carries a catalog key so the host can translate it.

    ``code`` is a message-catalog key (``"<game>.err.<reason>"``); ``params`` fill
    its placeholders; ``legal`` lists what would have been legal, in notation; ``tried`` is
    what the player typed when it was not the notation itself (a slash command and its
    arguments, set by the adapter), so the answer can restate it.
    """

    def __init__(self, code: str, message: str, *, legal: list[str] | None = None, **params: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.legal = legal or []
        self.tried = ""


@dataclass(frozen=True)
class Prompt:
    """A decision the game is waiting for."""

    seat: Seat
    kind: str  # "turn" | "reaction" | "simultaneous" | "setup"
    key: str  # catalog key describing the decision, "<game>.prompt.<decision>"
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """Something that happened; narrated through the catalog key ``f"{game}.ev.{kind}"``.

    ``visible_to``: ``None`` for a public event (narrated in the channel); a seat for an
    event only that seat may learn of (a landmark it peeked at, a relic it drew), which the
    host tells that seat privately and nobody else. The engine alone decides this."""

    kind: str
    params: dict = field(default_factory=dict)
    visible_to: Seat | None = None

    @property
    def public(self) -> bool:
        return self.visible_to is None


@dataclass(frozen=True)
class ActionInfo:
    """What the host needs to know about one move, decided by the engine from its notation,
    so adapters hold no rules.

    ``verb``: the notation's first word (``"play"``, ``"mv"``);
    ``command``: the name of the game's slash subcommand that makes this move (``"play"``,
    ``"move"``), ``""`` if only the generic ``act`` command does;
    ``args``: that command's argument values in order (for ``"mv u4 3,-5"``:
    ``("u4", "3,-5")``), so one autocomplete mechanism can offer, for argument ``i``, the
    ``args[i]`` of every legal move whose earlier arguments match what was typed, and the
    command can find the legal move whose ``args`` equal what was given;
    ``head`` / ``rest``: the two steps of a menu (``"play ember_drake"`` then ``"top"``;
    ``"mv u4"`` then ``"3,-5"``), ``rest`` ``""`` when one step is enough;
    ``subject``: the card / unit / thing the move is about, ``""`` if none;
    ``quiet``: the move only changes the mover's hidden plans or standing choices, so the
    host answers privately and posts no public board;
    ``continues``: the move ends the current step, phase or turn (what Continue may do);
    ``kinds``: what each of ``args`` is (the verb table's argument kind names, ``"cell"``,
    ``"uid"``, ``"card"``), so an adapter labels arguments without knowing the grammar.
    """

    text: str
    verb: str
    command: str = ""
    args: tuple[str, ...] = ()
    head: str = ""
    rest: str = ""
    subject: str = ""
    quiet: bool = False
    continues: bool = False
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    winners: list[Seat]
    placements: list[list[Seat]]  # best first; ties share a list
    reason: str  # catalog key suffix, e.g. "fort_destroyed"
    figures: dict = field(default_factory=dict)


class Game(Protocol):
    id: str
    min_seats: int
    max_seats: int

    def options_schema(self) -> dict[str, dict]: ...
    def seat_range(self, options: dict) -> tuple[int, int]:
        """The fewest and most seats a match with these (normalised) options can have."""
        ...
    def setup(self, seats: int, options: dict, seed: int) -> JSON: ...
    def prompts(self, state: JSON) -> list[Prompt]: ...
    def legal_actions(self, state: JSON, seat: Seat) -> list[JSON]: ...
    def apply(self, state: JSON, seat: Seat, action: JSON) -> tuple[JSON, list[Event]]: ...
    def view(self, state: JSON, viewer: Seat | None) -> JSON: ...
    def result(self, state: JSON) -> Result | None: ...
    def format_action(self, action: JSON) -> str: ...
    def parse_action(self, text: str) -> JSON: ...
    def bot_action(self, state: JSON, seat: Seat) -> JSON: ...
    def timeout_action(self, state: JSON, seat: Seat) -> JSON: ...

    def log_text(self, state: JSON, actor: Seat | None, viewer: Seat | None, text: str) -> str:
        """The notation ``text`` of one logged move by seat ``actor``, as seat ``viewer`` may
        see it now (``viewer=None``: a spectator or the channel). ``state`` is the match's
        current state, so a move can become visible once the rules make it public (a reveal,
        the end of the game). Public moves, the actor's own moves and system entries
        (``actor=None``; ``resign``/``timeout``/``abandon``) come back unchanged; another
        seat's hidden move comes back redacted, ``?`` standing for each hidden token
        (``build ?``)."""
        ...

    def log_hidden(self, text: str) -> bool:
        """Whether this move may be redacted for other seats (its verb can carry secrets)."""
        ...

    def action_info(self, text: str) -> ActionInfo:
        """How the host should present and treat the move written ``text`` (notation)."""
        ...

    def move_from_command(self, command: str, args: Iterable[str | None]) -> str | None:
        """The notation a slash subcommand's arguments spell (keywords put back), or None when
        they spell no move of that command (engine/verbs.py ``Grammar.move_from_command``)."""
        ...

    def continue_action(self, state: JSON, seat: Seat) -> JSON | None:
        """The move a Continue button makes for ``seat`` now (end the step, phase or turn),
        or ``None`` when there is nothing to continue."""
        ...


@dataclass(frozen=True)
class LogRule:
    """How moves with one notation verb show in the log to seats other than the actor.

    ``hidden``: the redacted notation shown instead, or ``None`` for a public verb.
    ``public_when(state, actor)``: whether the current state has made the move public
    (e.g. after a simultaneous reveal); ``None``: it stays hidden for good.
    ``rules``: the rule IDs behind the decision."""

    hidden: str | None = None
    public_when: Callable[[JSON, Seat], bool] | None = None
    rules: str = ""


PUBLIC = LogRule()
SYSTEM_LOG_TEXTS = frozenset({"resign", "timeout", "abandon"})


def redact_log_text(verbs: Mapping[str, LogRule], state: JSON, actor: Seat | None, viewer: Seat | None,
                    text: str) -> str:
    """``Game.log_text`` driven by a table verb -> LogRule. A verb missing from the table
    is treated as hidden entirely (``?``): an unknown move never leaks."""
    if actor is None or viewer == actor:
        return text
    words = text.split()
    if not words or (len(words) == 1 and words[0].lower() in SYSTEM_LOG_TEXTS):
        return text
    rule = verbs.get(words[0].lower())
    if rule is None:
        return "?"
    if rule.hidden is None or (rule.public_when is not None and state is not None
                               and rule.public_when(state, actor)):
        return text
    return rule.hidden


def log_verb_hidden(verbs: Mapping[str, LogRule], text: str) -> bool:
    """``Game.log_hidden`` for the same table."""
    words = text.split()
    if not words or (len(words) == 1 and words[0].lower() in SYSTEM_LOG_TEXTS):
        return False
    rule = verbs.get(words[0].lower())
    return rule is None or rule.hidden is not None


class SelfDestructiveMoves(Protocol):
    """Optional: moves that lose the mover the game by themselves (e.g. paying a cost with
    the last of one's health), so the host can ask before making them. Judged only from
    what the mover may know: never by playing out other seats' or an AI's hidden turns. It
    replays one move at most and the host asks it on the event loop, before the move is made:
    it must be that cheap (a card game's: 13 µs a move, 0.12 ms at most)."""

    def self_destructive(self, state: JSON, seat: Seat, action: JSON) -> bool: ...


class TeamGame(Protocol):
    """Optional: with these options the seats play in fixed teams; ``team_seats`` gives each
    team's seats (e.g. ``[[0, 2], [1, 3]]``), or None when every seat plays for itself. A
    tournament of fixed teams seats team members where this says."""

    def team_seats(self, options: dict) -> list[list[Seat]] | None: ...


class ConcedingGame(Protocol):
    """Resignation and forfeits are decided by the host but recorded by the engine,
    so that ``result(state)`` stays the single source of truth for who won."""

    def concede(self, state: JSON, seat: Seat, reason: str) -> tuple[JSON, list[Event]]: ...


class StandingPreferences(Protocol):
    """Optional: actions any seat may take at any time because they are standing choices
    (e.g. how its spires pick targets in others' turns), not moves in turn order."""

    def off_turn(self, action: JSON) -> bool: ...


class InPlaceMoves(Protocol):
    """Optional: the fast path of whole-game playouts (engine/playout.py). ``apply_inplace``
    makes ``action`` on ``state`` itself, as ``apply`` would on a copy, but checks nothing
    and reports no events: the action must be one of ``legal_actions(state, seat)`` or the
    game's own bot move for ``seat``. A game without it is played through ``apply``."""

    def apply_inplace(self, state: JSON, seat: Seat, action: JSON) -> None: ...
