"""Cloudspire's own narration cases (the shared checks: tests/test_narration.py): a Continue
that causes no public event, moves told in order, a board-less match."""
from __future__ import annotations

from engine.base import Event
from gamehost.snapshot import snapshot
from gamehost.store import LoggedAction
from tests.support.narration import Step, narrated, steps, ui_of

GAME = "cloudspire"


def test_a_continue_is_always_told():
    """A Continue ("next", "skip") is always narrated, with or without events."""
    continues = [lines for step, locale, lines in narrated(GAME) if step.move in ("next", "skip") and locale == "en"]
    assert continues and all(continues)


def test_a_move_without_events_is_narrated_from_the_move():
    """Continue in Cloudspire ("next") often causes no public event: the board still says
    who did what, from the move the host passes (pairs, or the logged moves themselves)."""
    step = next(s for s in steps(GAME) if s.move == "next" and not [e for e in s.events if e.visible_to is None])
    ui = ui_of(GAME)
    snap = snapshot(step.row())
    name = f"Player{step.seat + 1}"
    assert ui.narrate(snap, [], "en", moves=[(step.seat, "next")]) == [f"{name} is done with this step."]
    assert ui.narrate(snap, [], "zh-CN", moves=[(step.seat, "next")]) == [f"{name}结束了这一步。"]
    logged = [LoggedAction(5, step.seat, 1, "action", "next", 0.0)]
    assert ui.narrate(snap, [], "en", moves=logged) == [f"{name} is done with this step."]
    # a secret change to a deployment stack says that much, and nothing of what changed
    assert ui.narrate(snap, [], "en", moves=[(step.seat, "add aerin")]) == [f"{name} works on their deployment stack."]


def test_moves_with_their_own_events_are_narrated_in_order():
    """Given ``(seat, notation, events)`` per move (a person's move, then the bots'), each
    move is told in order, a Continue among them included."""
    cs = [Step(s.game, s.seats, s.options, s.seat, s.move, tuple(e for e in s.events if e.visible_to is None),
               s.state) for s in steps(GAME) if s.seats == 2]
    k = next(i for i in range(1, len(cs) - 2) if cs[i].move == "next" and not cs[i].events
             and cs[i - 1].events and cs[i + 1].events)
    group = cs[k - 1:k + 2]
    ui = ui_of(GAME)
    snap = snapshot(group[-1].row())
    told = ui.narrate(snap, [e for s in group for e in s.events], "en",
                      moves=[(s.seat, s.move, list(s.events)) for s in group])
    name = f"Player{group[1].seat + 1}"
    assert f"{name} is done with this step." in told
    first = ui.narrate(snap, list(group[0].events), "en", moves=[(group[0].seat, group[0].move)])
    assert told[:len(first)] == first
    # as pairs only the first move (the person's) can be told apart from the bots' events
    flat = ui.narrate(snap, [e for s in group[1:] for e in s.events], "en",
                      moves=[(s.seat, s.move) for s in group[1:]])
    assert flat[0] == f"{name} is done with this step."


def test_a_match_without_a_board_is_still_narrated():
    """A cancelled match has no state and an empty view: its events are still told."""
    step = steps(GAME)[0]
    empty = Step(GAME, step.seats, step.options, 0, "", (Event("conceded", {"seat": 0, "reason": "resigned"}),),
                 None)
    assert ui_of(GAME).narrate(snapshot(empty.row()), list(empty.events), "en") == ["Player1 concedes."]


def test_the_designed_modes_objective_and_endless_are_told_in_both_languages():
    """CS-DM-14: the objective's progress (each kind), its outcome (each reason), a threatened
    well and endless's escalation are narrated from the catalog in English and Chinese, with
    the seat's name and the numbers, and no raw key."""
    from cogs.cloudspire.words import Board, narrate_event
    from engine.cloudspire import GAME as ENGINE

    st = ENGINE.setup(2, {"mode": "solo", "encounter": "drifting_well"}, 1)
    board = Board(ENGINE.view(st, None), ["Ann", "Cloud"])
    cases = [
        ("objective_progress", {"kind": "survive", "wave": 1, "progress": 1, "target": 3}, ["1", "3"]),
        ("objective_progress", {"kind": "protect_well", "wave": 2, "progress": 2, "target": 4, "well": "0,0"},
         ["0,0", "2", "4"]),
        ("objective_progress", {"kind": "break_gate", "wave": 1, "progress": 1, "target": 4, "cloud_gate": 6},
         ["4", "6"]),
        ("objective_progress", {"kind": "endless", "wave": 5, "progress": 5, "target": 30}, ["5"]),
        ("well_threatened", {"seat": 1, "well": "0,0"}, ["Cloud", "0,0"]),
        ("endless_wave", {"wave": 6, "level": 5, "source": 5, "cp": -7, "upgrades": 3, "harsh": False}, ["6", "5"]),
        ("endless_wave", {"wave": 7, "level": 6, "source": 6, "cp": -7, "upgrades": 0, "harsh": True}, ["7", "6"]),
    ]
    for reason in ("survived", "well_held", "cloud_gate_broken", "endless_cap"):
        cases.append(("objective_met", {"kind": "survive", "reason": reason, "wave": 3, "survived": 3}, []))
    for reason in ("gate_broken", "run_over", "deadline", "well_taken"):
        cases.append(("objective_failed", {"kind": "survive", "reason": reason, "wave": 4, "survived": 3}, ["4"]))
    seen = set()
    for kind, params, must in cases:
        for locale in ("en", "zh-CN"):
            text = narrate_event(board, kind, params, locale)
            assert text and "cloudspire." not in text and "{" not in text, (kind, locale, text)
            assert all(m in text for m in must), (kind, locale, text)
            seen.add(text)
    assert len(seen) == 2 * len(cases)  # every case its own sentence, in each language


def test_an_upgrade_counts_a_run_of_the_same_chip():
    """Two fortifications at once read "fortification ×2", not the word twice; the stack's
    order is kept (a different chip between them is its own entry)."""
    step, upgrade = next((s, e) for s in steps(GAME) for e in s.events if e.kind == "spire_upgraded")
    ui = ui_of(GAME)
    snap = snapshot(step.row())

    def told(chips: str) -> str:
        return ui.narrate(snap, [Event("spire_upgraded", {**upgrade.params, "chips": chips})], "en")[0]

    one = told("f")
    word = one.split(" with ")[1].split(" (")[0]
    assert "×" not in one
    assert f"{word} ×2" in told("ff") and told("ff").count(word) == 1
    assert "×" not in told("faf") and told("faf").count(word) == 2
