"""The engine contract (engine/base.py), checked for every registered game over seeded random
games in every seat count and a few option sets: deterministic setup, pure and replayable
moves, JSON states and views, notation and action metadata, illegal moves, prompts,
results, Continue, events and the redacted log."""
from __future__ import annotations

import copy
import json
from itertools import zip_longest

import pytest

from engine.base import ActionInfo, Event, IllegalAction, Prompt, Result
from gamehost.i18n import catalog

from .conftest import Config, OptionSet, play_to_end, snapshot, strings, trace, traces

PROMPT_KINDS = {"turn", "reaction", "simultaneous", "setup"}
SYSTEM_TEXTS = ("resign", "timeout", "abandon")
GARBAGE = [None, 7, "", "frobnicate the widget", [], {}, {"nonsense": True}, ["play"], 3.5]


def json_round_trip(value):
    return json.loads(json.dumps(value))


def notation_set(engine, actions) -> set[str]:
    return {engine.format_action(a) for a in actions}


def allowed_off_turn(engine, action) -> bool:
    """engine.base.StandingPreferences: a standing choice any seat may make at any time."""
    off_turn = getattr(engine, "off_turn", None)
    return bool(off_turn and off_turn(action))


# ---------------------------------------------------------------------------- set-up

def test_seat_range_lies_within_the_games_bounds(option_set: OptionSet):
    engine = option_set.engine
    low, high = engine.seat_range(option_set.options)
    assert isinstance(engine.min_seats, int) and isinstance(engine.max_seats, int)
    assert engine.min_seats <= low <= high <= engine.max_seats
    assert option_set.plugin.seat_range(option_set.options) == (low, high)
    for seats in range(low, high + 1):
        engine.setup(seats, option_set.options, 1)      # every seat count in the range sets up
    for seats in (engine.min_seats - 1, engine.max_seats + 1):
        if seats >= 0:
            with pytest.raises(IllegalAction):
                engine.setup(seats, option_set.options, 1)


def test_setup_is_deterministic_and_leaves_the_options_alone(config: Config):
    engine = config.engine
    options = copy.deepcopy(config.options)
    for seed in (1, 99):
        first = engine.setup(config.seats, options, seed)
        assert engine.setup(config.seats, options, seed) == first, "same seed, different state"
        assert json.dumps(engine.setup(config.seats, options, seed), sort_keys=True) == json.dumps(first, sort_keys=True)
    assert options == config.options, "setup changed the options it was given"


# ---------------------------------------------------------------------------- playing

def test_apply_is_pure_and_replaying_the_moves_reproduces_every_state(config: Config):
    """Replays every recorded game from its seed, the games interleaved move by move (so no
    module-level state can carry from one game into another): each move leaves its input
    untouched and yields exactly the recorded state."""
    engine = config.engine
    games = traces(config)
    states = [engine.setup(config.seats, config.options, t.seed) for t in games]
    for g, t in enumerate(games):
        assert states[g] == t.state(0)
    for i, steps in enumerate(zip_longest(*(t.moves for t in games))):
        for g, step in enumerate(steps):
            if step is None:
                continue
            seat, action = step
            before = snapshot(states[g])
            after, _ = engine.apply(states[g], seat, snapshot(action))
            assert states[g] == before, f"apply changed its input state (seed {games[g].seed}, move {i})"
            assert after == games[g].state(i + 1), f"replaying seed {games[g].seed}: move {i} gave another state"
            states[g] = after
    for g, t in enumerate(games):
        assert states[g] == t.final, f"replaying seed {t.seed} gave another state"


def test_states_and_every_view_round_trip_through_json(config: Config):
    engine = config.engine
    for t in traces(config):
        viewed = set(t.positions(20))
        for i in range(len(t.moves) + 1):
            state = t.state(i)
            assert json_round_trip(state) == state, f"state after {i} moves (seed {t.seed})"
            if i not in viewed:
                continue
            for viewer in config.viewers:
                view = engine.view(state, viewer)
                assert json_round_trip(view) == view, f"view for {viewer} after {i} moves (seed {t.seed})"
            assert state == t.state(i), "view() changed the state"


def test_prompts_name_seats_in_range_until_the_game_ends(config: Config):
    engine = config.engine
    for t in traces(config):
        for i in range(len(t.moves) + 1):
            state = t.state(i)
            result = engine.result(state)
            prompts = engine.prompts(state)
            if result is not None:
                assert i == len(t.moves)
                assert prompts == [], "a finished game still prompts"
                continue
            assert prompts, f"after {i} moves (seed {t.seed}) the game is not over but prompts nobody"
            for p in prompts:
                assert isinstance(p, Prompt)
                assert p.seat in range(config.seats), f"prompt for seat {p.seat} of {config.seats}"
                assert p.kind in PROMPT_KINDS, p.kind
                assert isinstance(p.key, str) and p.key.startswith(f"{config.game}."), p.key
                assert json_round_trip(p.params) == p.params
                assert engine.legal_actions(state, p.seat), f"seat {p.seat} is prompted but has no legal move"


def check_result(config: Config, result) -> None:
    assert isinstance(result, Result)
    placed = [s for group in result.placements for s in group]
    assert len(placed) == len(set(placed)), f"a seat is placed twice: {result.placements}"
    assert set(range(config.seats)) <= set(placed), f"not every seat is placed: {result.placements}"
    # a non-human side (a rulebook AI, the hordes of a co-operative game) is placed as the one
    # index right after the human seats (gamehost/ratings.py reads it so)
    assert set(placed) - set(range(config.seats)) <= {config.seats}, result.placements
    assert set(result.winners) <= set(placed)
    if result.winners:
        assert set(result.winners) <= set(result.placements[0]), "a winner is not placed first"
    assert isinstance(result.reason, str) and result.reason
    assert json_round_trip(result.figures) == result.figures


def test_result_is_none_until_the_end_and_then_names_placed_seats(config: Config):
    engine = config.engine
    for t in traces(config):
        for i in range(len(t.moves)):
            assert engine.result(t.state(i)) is None, f"a result after {i} moves, yet the game went on"
        if t.finished:
            check_result(config, engine.result(t.final))


def test_a_game_played_to_the_end_has_a_result(config: Config):
    if config.label != "default":
        pytest.skip("played to the end for the default options only")
    state, moves = play_to_end(config, seed=11)
    result = config.engine.result(state)
    assert result is not None, f"no result after {moves} moves"
    check_result(config, result)
    assert config.engine.prompts(state) == []


def test_conceding_ends_the_game_for_the_conceding_seat(config: Config):
    engine = config.engine
    if not hasattr(engine, "concede"):
        pytest.skip("the game does not record concessions")
    t = traces(config)[0]
    for i in t.positions(3)[:-1]:
        state = t.state(i)
        seat = config.seats - 1
        after, events = engine.concede(state, seat, "resigned")
        assert state == t.state(i), "concede changed its input"
        assert all(isinstance(e, Event) for e in events)
        result = engine.result(after)
        if config.seats <= 2:
            assert result is not None, f"conceding after {i} moves leaves a game of {config.seats} going on"
        if result is not None:
            assert seat not in result.winners
            check_result(config, result)
        else:   # in a game of more than two the others may play on, and are asked to
            assert engine.prompts(after) and all(p.seat != seat for p in engine.prompts(after))
        assert json_round_trip(after) == after


# ---------------------------------------------------------------------------- notation

def sampled_states(config: Config, per_game: int = 40):
    for t in traces(config):
        for i in t.positions(per_game):
            yield t, i, t.state(i)


def test_every_legal_move_round_trips_through_notation(config: Config):
    engine = config.engine
    for t, i, state in sampled_states(config):
        for seat in range(config.seats):
            for action in engine.legal_actions(state, seat):
                assert json_round_trip(action) == action, f"{action!r} is not a JSON value"
                text = engine.format_action(action)
                assert isinstance(text, str) and text.strip() == text and text
                assert engine.parse_action(text) == action, f"parse(format(a)) != a for {text!r}"
                assert engine.format_action(engine.parse_action(text)) == text


def test_action_info_matches_the_notation(config: Config):
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=25):
        for seat in range(config.seats):
            for action in engine.legal_actions(state, seat):
                text = engine.format_action(action)
                info = engine.action_info(text)
                assert isinstance(info, ActionInfo), f"action_info({text!r}) is {info!r}"
                assert info.text == text
                assert info.verb == text.split()[0]
                assert isinstance(info.command, str) and isinstance(info.subject, str)
                assert all(isinstance(a, str) for a in info.args), info.args
                assert info.head, f"{text!r}: a move needs a first menu step"
                if info.rest:
                    assert text.endswith(" " + info.rest), f"{text!r}: rest {info.rest!r} does not complete it"


def test_commands_name_each_legal_move_once(config: Config):
    """A slash subcommand with its argument values (ActionInfo.command / args) picks exactly
    one legal move, so the host can make moves from commands without knowing the notation."""
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=25):
        for seat in range(config.seats):
            made: dict[tuple, str] = {}
            for action in engine.legal_actions(state, seat):
                text = engine.format_action(action)
                info = engine.action_info(text)
                if not info.command:
                    continue
                key = (info.command, info.args)
                assert key not in made, f"{key} makes both {made[key]!r} and {text!r}"
                made[key] = text


def test_a_commands_arguments_spell_its_move(config: Config):
    """The verb table's inverse (engine/verbs.py): the arguments a slash subcommand gets for
    a legal move spell that move again, keywords put back, so an adapter holds no grammar."""
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=25):
        for seat in range(config.seats):
            for action in engine.legal_actions(state, seat):
                text = engine.format_action(action)
                info = engine.action_info(text)
                if info.command:
                    assert len(info.kinds) == len(info.args), info
                    spelled = engine.move_from_command(info.command, info.args)
                    assert spelled is not None and engine.format_action(engine.parse_action(spelled)) == text, \
                        f"/{info.command} {info.args} spells {spelled!r}, not {text!r}"


def test_bot_and_timeout_moves_are_legal(config: Config):
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=12):
        if engine.result(state) is not None:
            continue
        for seat in sorted({p.seat for p in engine.prompts(state)}):
            for name in ("bot_action", "timeout_action"):
                action = getattr(engine, name)(state, seat)
                assert json_round_trip(action) == action
                try:
                    engine.apply(state, seat, action)
                except IllegalAction as e:
                    pytest.fail(f"{name} for seat {seat} after {i} moves: {action!r} is refused: {e}")


def test_continue_is_none_or_a_legal_move_that_continues(config: Config):
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=25):
        for seat in range(config.seats):
            action = engine.continue_action(state, seat)
            if action is None:
                continue
            text = engine.format_action(action)
            assert text in notation_set(engine, engine.legal_actions(state, seat)), \
                f"continue_action for seat {seat} after {i} moves: {text!r} is not legal"
            assert engine.action_info(text).continues, f"Continue makes {text!r}, which does not continue"


# ---------------------------------------------------------------------------- illegal moves

def assert_illegal(config: Config, state, seat, action, why: str, before=None) -> None:
    engine = config.engine
    before = snapshot(state) if before is None else before
    with pytest.raises(IllegalAction) as raised:
        engine.apply(state, seat, action)
    assert state == before, f"a refused move ({why}) changed the state"
    code = raised.value.code
    assert isinstance(code, str) and code.startswith(f"{config.game}."), f"error code {code!r} ({why})"
    assert catalog().has(code), f"error code {code} ({why}) is not in the catalog"


def test_illegal_moves_raise_and_change_nothing(config: Config):
    engine = config.engine
    for t, i, state in sampled_states(config, per_game=4):
        prompted = sorted({p.seat for p in engine.prompts(state)})
        before = snapshot(state)
        for seat in range(config.seats):
            for action in GARBAGE:
                assert_illegal(config, state, seat, action, f"garbage {action!r} by seat {seat}", before)
        # another seat's move, for a seat that may not make it
        legal = {seat: notation_set(engine, engine.legal_actions(state, seat)) for seat in range(config.seats)}
        for owner in prompted:
            for action in engine.legal_actions(state, owner)[:6]:
                for seat in range(config.seats):
                    if allowed_off_turn(engine, action) or engine.format_action(action) in legal[seat]:
                        continue
                    assert_illegal(config, state, seat, action, f"seat {owner}'s move {action!r} by seat {seat}",
                                   before)
        for seat in (-1, config.seats):                                   # no such seat
            for owner in prompted[:1]:
                action = engine.legal_actions(state, owner)[0]
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, action)
    for t in traces(config):                                           # nothing after the end
        if t.finished and t.moves:
            seat, action = t.moves[-1]
            assert_illegal(config, t.final, seat, action, "a move after the end")


def test_unknown_notation_is_refused_with_illegal_action(plugin):
    engine = plugin.engine
    for text in ("", "frobnicate the widget", "?", "play play play play play play"):
        with pytest.raises(IllegalAction):
            engine.parse_action(text)


# ---------------------------------------------------------------------------- events and log

def test_events_are_well_formed_and_private_ones_go_to_a_real_seat(config: Config):
    for t in traces(config):
        for events in t.events:
            for e in events:
                assert isinstance(e, Event)
                assert isinstance(e.kind, str) and e.kind
                assert json_round_trip(e.params) == e.params, f"{e.kind} params are not JSON"
                visible_to = getattr(e, "visible_to", None)
                assert visible_to is None or (isinstance(visible_to, int) and visible_to in range(config.seats)), \
                    f"{e.kind} is visible to {visible_to!r}"


def test_log_text_shows_other_viewers_only_what_their_view_shows(config: Config):
    """The actor and system entries see the move as written; a public move reads the same
    for everybody; a move that may be hidden names nothing, for another viewer, that only
    the actor's view shows (before or after the move) and that viewer's view does not, nor
    the move's public events (a card played and discarded in one move is named by the event
    that says it was played, though no view shows it afterwards)."""
    engine = config.engine
    final = trace(config, 1).final
    for text in SYSTEM_TEXTS:
        assert not engine.log_hidden(text)
        for viewer in config.viewers:
            assert engine.log_text(final, None, viewer, text) == text
    for t in traces(config):
        for i, (seat, action) in enumerate(t.moves):
            after = t.state(i + 1)
            text = engine.format_action(action)
            assert engine.log_text(after, seat, seat, text) == text
            hidden = engine.log_hidden(text)
            if not hidden:
                for viewer in config.viewers:
                    assert engine.log_text(after, seat, viewer, text) == text, f"public move {text!r} redacted"
                continue
            before = t.state(i)
            actor_knows = strings(engine.view(before, seat)) | strings(engine.view(after, seat))
            for viewer in config.viewers:
                if viewer == seat:
                    continue
                shown = engine.log_text(after, seat, viewer, text)
                assert isinstance(shown, str) and shown
                sees = strings(engine.view(before, viewer)) | strings(engine.view(after, viewer)) | strings(
                    [e.params for e in t.events[i] if e.visible_to is None])
                leaked = {w for w in shown.split() if w in actor_knows and w not in sees}
                assert not leaked, f"{text!r} shows {leaked} to viewer {viewer} as {shown!r}"
