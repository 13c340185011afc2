"""No two entries of an Act menu read the same (issue 22, item 8): over seeded random games of
every registered game, at every position, the first level's labels (one per first step of the
prompted seats' legal moves) are all different, and so are the labels of each first step's
endings, in both languages. A game's adapter words them (``head_label``, ``rest_label`` of
cogs/act_menu.ActMenu); two copies of one card, say, are told apart by their number."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from gamehost import registry
from gamehost.snapshot import snapshot
from tests.games import game_ids
from tests.support.narration import Step, configs, ui_of

MOVES = 150      # moves per game played
CONFIGS = 3      # option sets per game (the narration walk's, tests/support/narration.configs)


def repeated(labels: list[str]) -> list[str]:
    return [label for label, count in Counter(labels).items() if count > 1]


@pytest.mark.parametrize("game", game_ids())
def test_menu_entries_are_told_apart(game):
    engine, ui = registry.plugin(game).engine, ui_of(game)
    bad: list[str] = []
    looked = 0
    for seats, options in configs(game)[:CONFIGS]:
        state, rnd = engine.setup(seats, options, 3), random.Random(3)
        for _ in range(MOVES):
            if engine.result(state) is not None:
                break
            prompted = sorted({p.seat for p in engine.prompts(state)})
            snap = snapshot(Step(game, seats, options, None, "", (), state).row())
            for seat in prompted:
                mine = ui.seat_of(snap, seat)
                heads = ui.heads(mine)
                for locale in ("en", "zh-CN"):
                    looked += 1
                    labels = [ui.head_label(mine, head, moves, locale)[0] for head, moves in heads.items()]
                    bad += [f"{locale} first level: {label!r} ({sorted(heads)[:6]})" for label in repeated(labels)]
                    for head, moves in heads.items():
                        if len(moves) > 1 and ui.special_items(mine, locale, head, moves) is None:
                            ends = [ui.rest_label(mine, m, locale) for m in moves]
                            bad += [f"{locale} {head!r}: {label!r}" for label in repeated(ends)]
            seat = rnd.choice(prompted)
            bot = rnd.random() < 0.6
            action = engine.bot_action(state, seat) if bot else rnd.choice(engine.legal_actions(state, seat))
            state, _ = engine.apply(state, seat, action)
    assert looked
    assert not bad, f"{len(bad)} menus with entries that read the same, e.g.:\n" + "\n".join(sorted(set(bad))[:20])
