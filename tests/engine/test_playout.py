"""engine/playout.py: whole-game playouts of every registered game over the engine contract:
the in-place fast path (engine.base.InPlaceMoves) plays the same game as ``apply``, the move
cap and the cut-off, policies per seat, the seat picker, ``watch`` and ``StopPlayout``."""
from __future__ import annotations

import copy
import random

import pytest

from engine.playout import (MoveCapReached, PlayoutError, StopPlayout, play, playout, random_seat,
                            uniform_policy)
from gamehost.registry import normalize_options, plugins

PLUGINS = plugins()
MOVES = 60  # moves compared between the fast path and apply


def seats_of(plugin) -> int:
    low, high = plugin.engine.seat_range(normalize_options(plugin.id, {}))
    return min(max(low, 2), high)


def options_of(plugin) -> dict:
    return normalize_options(plugin.id, {})


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_the_fast_path_plays_the_same_game_as_apply(plugin):
    """Uniformly random moves from the same seeds: in place (the engine's ``apply_inplace``
    when it has one) and through ``apply`` give equal states after every move."""
    engine, seats, options = plugin.engine, seats_of(plugin), options_of(plugin)
    for seed in (1, 2):
        slow: list = []
        fast: list = []
        through_apply = playout(engine, seats, seed, options=options, stop_after=MOVES, inplace=False,
                                watch=lambda st, seat, a, n: slow.append((seat, a, copy.deepcopy(st))))
        in_place = playout(engine, seats, seed, options=options, stop_after=MOVES,
                           watch=lambda st, seat, a, n: fast.append((seat, a, copy.deepcopy(st))))
        assert in_place.moves == through_apply.moves == len(slow) and fast == slow
        assert in_place.state == through_apply.state


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_a_random_game_plays_to_its_result(plugin):
    engine = plugin.engine
    done = playout(engine, seats_of(plugin), 3, options=options_of(plugin), max_moves=50_000)
    assert engine.result(done.state) is not None and done.moves > 0


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_the_bot_and_per_seat_policies(plugin):
    """``policy`` may be one per seat: seat 0 the bot, the others random; every move is made
    by the policy of the seat that moves."""
    engine, seats = plugin.engine, seats_of(plugin)
    used: list[tuple[str, int]] = []

    def tag(name, policy):
        def act(st, seat):
            used.append((name, seat))
            return policy(st, seat)
        return act
    rnd = uniform_policy(engine, random.Random(5))
    policies = [tag("bot", engine.bot_action)] + [tag("random", rnd)] * (seats - 1)
    state = engine.setup(seats, options_of(plugin), 5)
    done = play(engine, state, policies, stop_after=40)
    assert done.moves == len(used) > 0
    assert all((name == "bot") == (seat == 0) for name, seat in used)


def test_the_move_cap_raises_with_the_state_and_the_cut_off_does_not():
    plugin = PLUGINS[0]
    engine, seats, options = plugin.engine, seats_of(plugin), options_of(plugin)
    with pytest.raises(MoveCapReached, match="no result after 3 moves") as caught:
        playout(engine, seats, 1, options=options, max_moves=3)
    assert caught.value.moves == 3 and engine.result(caught.value.state) is None
    cut = playout(engine, seats, 1, options=options, stop_after=3)
    assert cut.moves == 3 and cut.state == caught.value.state
    assert playout(engine, seats, 1, options=options, stop_after=0).state == engine.setup(seats, options, 1)


def test_watch_stop_and_a_policy_without_a_move():
    plugin = PLUGINS[0]
    engine, seats, options = plugin.engine, seats_of(plugin), options_of(plugin)
    seen: list[int] = []

    def watch(st, seat, action, moves):
        seen.append(moves)
        if moves == 4:
            raise StopPlayout
    done = playout(engine, seats, 1, options=options, watch=watch)
    assert done.moves == 4 and seen == [1, 2, 3, 4]
    with pytest.raises(PlayoutError, match="has no move"):
        playout(engine, seats, 1, options=options, policy=lambda st, seat: None)


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])
def test_the_seat_picker_chooses_among_the_prompted_seats(plugin):
    engine, seats = plugin.engine, seats_of(plugin)
    rnd = random.Random(9)
    picked: list[tuple[int, set[int]]] = []
    pick = random_seat(rnd)

    def picker(prompts):
        seat = pick(prompts)
        picked.append((seat, {p.seat for p in prompts}))
        return seat
    playout(engine, seats, 9, options=options_of(plugin), rng=rnd, pick_seat=picker, stop_after=30)
    assert picked and all(seat in prompted for seat, prompted in picked)
