"""cogs/move_args.py, for every game: a command's arguments find their legal move (exactly, or
the first that fits when the verb table lets trailing arguments be left out), a value longer
than Discord's 100 characters travels as its token and is matched back, a stale token is
refused rather than spelled, and a seat the game is not asking hears the engine's reason."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from cogs.move_args import LIMIT, matching_moves, resolve_move, token, untoken, why_not_asked
from engine.base import IllegalAction
from engine.kr.game import GAME
from gamehost.service import ServiceError


class Seat:
    """A Kingdom Rush seat's snapshot, as cogs/move_args.py reads it."""

    def __init__(self, state: dict, seat: int, moves: list[str] | None = None):
        self._state, self._engine, self.seat = state, GAME, seat
        self.legal = moves if moves is not None else [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]
        self.moves = [GAME.action_info(m) for m in self.legal]
        self.prompted = any(p.seat == seat for p in GAME.prompts(state))
        waiting = sorted({p.seat for p in GAME.prompts(state)})
        self.match = SimpleNamespace(game="kr", status="active", waiting=waiting, names=["alice", "bob"])


LONG = ('hero malik path J5-I5 face N engage b1 ability hammer_time choice {"then":{"act":"basic","placements":'
        '[{"cells":[[0,0],[0,1],[0,2]],"tile":0,"tray":"t21"}]}}')


def test_tokens_carry_long_values_only():
    assert token("t1:a1") == "t1:a1"
    tail = LONG.split(" ", 2)[2]
    assert len(tail) > LIMIT and token(tail).startswith("~") and len(token(tail)) == 17
    assert untoken(token(tail), ["x", tail]) == tail and untoken("x", []) == "x"
    assert untoken("~0123456789abcdef", [tail]) is None          # a suggestion no longer listed


def test_a_long_argument_given_as_its_token_makes_its_move():
    seat = Seat(GAME.setup(2, {}, 1), 0, moves=[LONG, "done"])
    figure, tail = GAME.action_info(LONG).args
    assert matching_moves(seat, "hero", (figure, token(tail)))[0].text == LONG
    assert resolve_move(seat, "hero", (figure, token(tail))) == LONG
    assert resolve_move(seat, "hero", (figure,)) == LONG               # fills: the first that fits
    with pytest.raises(IllegalAction) as refusal:                      # stale: refused, not spelled
        resolve_move(seat, "hero", (figure, "~0123456789abcdef"))
    assert refusal.value.code == "host.err.move_not_legal"


def test_trailing_arguments_left_out_take_the_first_listed_move():
    st = GAME.setup(2, {}, 1)
    seat = Seat(st, 0)
    build = next(m for m in seat.moves if m.verb == "build" and len(m.args) == 4)
    assert resolve_move(seat, "build", build.args[:3]) == next(
        m.text for m in seat.moves if m.command == "build" and m.args[:3] == build.args[:3])
    other = f"build {build.args[0]} {build.args[1]} {build.args[2]} t99:a1"
    assert resolve_move(seat, "build", (*build.args[:3], "t99:a1")) == other   # the engine judges it


def test_a_seat_done_for_the_phase_hears_so():
    st, _ = GAME.apply(GAME.setup(2, {}, 1), 0, "done")
    done, other = Seat(st, 0), Seat(st, 1)
    assert why_not_asked(other) is None
    with pytest.raises(IllegalAction) as refusal:
        resolve_move(done, "build", ("archer_1", "F2", "N"))
    assert refusal.value.code == "kr.err.already_done"
    plain = Seat(st, 0)
    plain._engine = SimpleNamespace()              # an engine with no reason of its own
    with pytest.raises(ServiceError):
        resolve_move(plain, "build", ("archer_1", "F2", "N"))


def test_hints_say_what_each_verb_of_the_legal_moves_does_in_order_and_at_most_four():
    from cogs.move_args import HINTS_SHOWN, hints
    from gamehost.i18n import t
    legal = ["done", "build archer_1 F2 S", "done", "pass archer_1 to 2", "hero alleria path J3 face N basic",
             "spell rain", "propose mage_2>2", "nonsense"]
    lines = hints("kr", legal, "en")
    assert lines[:HINTS_SHOWN] == [t(f"kr.hint.{v}", "en") for v in ("done", "build", "pass", "hero")]
    assert lines[-1] == t("help.hint_more", "en") and len(lines) == HINTS_SHOWN + 1
    assert hints("kr", ["approve"], "zh-CN") == [t("kr.hint.approve", "zh-CN")]
    assert hints("kr", [], "en") == [] and hints("kr", ["nonsense"], "en") == []


def test_a_refusal_is_explained_first_in_words_then_as_the_host_words_it():
    from cogs.host import error_text
    from cogs.move_args import explained
    from gamehost.i18n import t
    state = GAME.setup(2, {}, 7)
    seat = GAME.prompts(state)[0].seat
    mine = Seat(state, seat)
    refusal = IllegalAction("host.err.command_not_now", "no", command="kr approve")
    refusal.tried = "kr approve"
    text = error_text(explained(refusal, mine, "en"), "en")  # type: ignore[arg-type]
    first_verb = mine.legal[0].split()[0]
    assert text.startswith(t(f"kr.hint.{first_verb}", "en")), text
    assert "`/kr approve`: `/kr approve` is not possible now." in text and "`" + mine.legal[0] + "`" in text
    idle = Seat(state, seat, moves=[])  # nothing to do: the refusal as it is
    assert explained(refusal, idle, "en") is refusal  # type: ignore[arg-type]
