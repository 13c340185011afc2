"""Games for the benchmark, taken from the registry (``gamehost.registry``): seat counts,
bot-vs-bot games and mid-game positions of any registered game, through the engine
contract only (``engine.base.Game``), so the figures never name a game.

* usual seat count: the fewest seats of a game between players (at least 2) that the
  game's default options allow; largest: the most they allow;
* a bot-vs-bot game: every seat plays the engine's ``bot_action``, from ``setup`` with the
  default options until ``result`` is decided or ``MAX_MOVES`` moves were made;
* a mid-game position: the state of such a game after a fraction of its moves between 25%
  and 75% (varied by seed) of the length that game turned out to have.

In smoke mode (``bench.run``) a game is cut off after ``SMOKE_MOVES`` moves instead.
"""
from __future__ import annotations

import functools
from typing import Callable

from bench.run import sized
from engine import playout
from engine.base import JSON
from gamehost.registry import GamePlugin, normalize_options, plugin, plugins

MAX_MOVES = 5000  # a bot-vs-bot game that has not ended by then is cut off
SMOKE_MOVES = 40  # the same in smoke mode
_KEPT = 64  # positions kept per game while looking for a mid-game one (thinned as it grows)


def max_moves() -> int:
    """Moves after which a game is cut off: ``MAX_MOVES``, or ``SMOKE_MOVES`` in smoke mode."""
    return sized(MAX_MOVES, SMOKE_MOVES)


def game_ids() -> list[str]:
    return [p.id for p in plugins()]


def default_options(game_id: str) -> dict:
    return normalize_options(game_id, {})


def seat_counts(game_id: str) -> range:
    lo, hi = plugin(game_id).seat_range(default_options(game_id))
    return range(lo, hi + 1)


def usual_seats(game_id: str) -> int:
    counts = seat_counts(game_id)
    return min(max(counts.start, 2), counts.stop - 1)


def largest_seats(game_id: str) -> int:
    return seat_counts(game_id).stop - 1


def seat_names(seats: int) -> list[str]:
    return [f"player{s}" for s in range(seats)]


def _keeper(keep: list[tuple[int, JSON]]) -> Callable[[int, JSON], None]:
    """Appends ``(move number, state)`` to ``keep``, at most ``_KEPT`` of them evenly spread:
    every move at first, every other one once there are too many, and so on."""
    stride = 1

    def kept(made: int, state: JSON) -> None:
        nonlocal stride
        if made % stride == 0:
            keep.append((made, state))
            if len(keep) > _KEPT:
                keep[:] = [(n, s) for n, s in keep if n % (2 * stride) == 0]
                stride *= 2
    return kept


def play(game: GamePlugin, seats: int, seed: int, *, moves: int | None = None,
         keep: list[tuple[int, JSON]] | None = None) -> tuple[JSON, int]:
    """A bot-vs-bot game of ``seats`` seats with the default options and ``seed``, played
    for at most ``moves`` moves (``engine.playout.play`` through ``apply``, every seat
    ``bot_action``): (last state, moves made). With ``keep``, positions of the game before
    each move and the decided end are appended to it as ``(move number, state)``, at most
    ``_KEPT`` of them evenly spread (every move at first, every other one once there are too
    many, and so on)."""
    engine = game.engine
    moves = max_moves() if moves is None else moves
    state = engine.setup(seats, default_options(game.id), seed)
    watch = None
    if keep is not None and moves > 0:
        kept = _keeper(keep)
        kept(0, state)

        def watch(after: JSON, _seat: int, _action: JSON, made: int) -> None:
            if made < moves:
                kept(made, after)
    done = playout.play(engine, state, engine.bot_action, stop_after=moves, inplace=False, watch=watch)
    return done.state, done.moves


def random_play(game: GamePlugin, seats: int, seed: int, *, moves: int | None = None) -> tuple[JSON, int]:
    """A game of uniformly random legal moves (``engine.playout.uniform_policy`` with
    ``random.Random(seed)``: a seat with no listed move plays its bot move), with the default
    options and ``seed``, for at most ``moves`` moves, every move through ``apply`` (state
    copies, as the service plays): (last state, moves made)."""
    moves = max_moves() if moves is None else moves
    done = playout.playout(game.engine, seats, seed, options=default_options(game.id), stop_after=moves,
                           inplace=False)
    return done.state, done.moves


@functools.cache
def mid_game_states(game_id: str, seats: int | tuple[int, ...], count: int) -> tuple[tuple[int, object], ...]:
    """``count`` mid-game positions ``(seats, state)`` of bot-vs-bot games (seed 0, 1, ...)
    with ``seats`` seats (a tuple: seed k uses ``seats[k % len(seats)]``)."""
    game = plugin(game_id)
    cycle = (seats,) if isinstance(seats, int) else seats
    positions = []
    for seed in range(count):
        kept: list = []
        seated = cycle[seed % len(cycle)]
        _final, length = play(game, seated, seed, keep=kept)
        target = (0.25 + 0.5 * ((seed * 0.6180339887) % 1.0)) * length
        before_end = [(n, s) for n, s in kept if n < length] or kept
        positions.append((seated, min(before_end, key=lambda kept_state: abs(kept_state[0] - target))[1]))
    return tuple(positions)


def ranged_states(game_id: str, count: int) -> tuple[tuple[int, object], ...]:
    """Mid-game positions across the game's seat counts (seed k: the k-th count, cycling)."""
    return mid_game_states(game_id, tuple(seat_counts(game_id)), count)


def board_job(game_id: str, seats: int, state, lang: str = "en") -> tuple:
    """(the game's ``board_png``, its keyword arguments) for the public view of ``state``."""
    game = plugin(game_id)
    return game.renderer.board_png, {"view": game.engine.view(state, None), "seat_names": seat_names(seats),
                                     "lang": lang}


def private_job(game_id: str, seats: int, state, seat: int, lang: str = "en") -> tuple:
    """(the game's ``private_png``, its keyword arguments) for ``seat``'s own view."""
    game = plugin(game_id)
    return game.renderer.private_png, {"view": game.engine.view(state, seat), "seat": seat,
                                       "seat_names": seat_names(seats), "lang": lang}
