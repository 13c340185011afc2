"""The board of a designed game (issue 24; CS-DM): the status strip shows the objective as it
stands (progress, met or failed, the difficulty) and the wave count (endless: no last wave),
in both languages, at the legible size, for every viewer of the same public view; and the
Discord words of the designed modes (lobby, board embed, campaign, records, history) read in
English and Simplified Chinese. The views come from the real engine at fixed seeds."""
from __future__ import annotations

import copy

import pytest

from cogs.cloudspire import designed
from engine.cloudspire import GAME
from engine.cloudspire.modes import encounter_ids
from render.cloudspire import board_png
from render.cloudspire.panels import designed_text
from render.cloudspire.style import ESS
from tests.render.text_recorder import recording

NAMES = ["Alice", "Cloud · Heirs", "Cloud · Narora", "Cloud · Brawnen"]


def started(options: dict, seats: int, seed: int = 3) -> dict:
    return GAME.setup(seats, options, seed)


def drawn(view: dict, lang: str = "en") -> list:
    with recording() as texts:
        board_png(view, NAMES[:len(view["players"])], lang)
    return texts


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_solo_board_shows_the_objective_and_the_waves_cs_dm(lang):
    """CS-DM-14 objectives on the board: "hold out (0/3 waves)" with the difficulty, at least the
    legible size, and the wave pill counts to the encounter's last wave."""
    state = started({"mode": "solo", "encounter": encounter_ids("solo")[0]}, 2)
    view = GAME.view(state, None)
    texts = drawn(view, lang)
    objective = designed_text(view, lang)
    assert objective == ("Objective: hold out (0/3 waves) · normal" if lang == "en"
                         else "目标：坚守（0/3 个兵潮） · 普通")
    shown = [t for t in texts if t.text in objective or objective.startswith(t.text)]
    assert shown and all(t.posted_px >= ESS for t in shown)
    assert any(t.text in ("Wave 1/3", "第 1/3 波") or "1/3" in t.text for t in texts)


def test_the_objective_met_or_failed_is_said_and_other_games_draw_none():
    state = started({"mode": "solo", "encounter": encounter_ids("solo")[2]}, 2)
    view = GAME.view(state, None)
    assert designed_text(view, "en") == "Objective: break a Cloud gate by wave 4 (waves done: 0) · normal"
    done = copy.deepcopy(view)
    done["designed"]["objective"]["status"] = "failed"
    assert designed_text(done, "en").endswith("— failed · normal")
    assert designed_text(GAME.view(started({}, 2), None), "en") == ""


def test_an_endless_board_counts_waves_without_a_last_one():
    """CS-SOLO-2, CS-DM-13: endless goes on; the strip says the waves survived and no "of 30"."""
    state = started({"mode": "endless", "difficulty": "hard"}, 4)
    view = GAME.view(state, None)
    assert designed_text(view, "en") == "Endless: 0 waves survived · hard"
    texts = [t.text for t in drawn(view)]
    assert not any("/30" in t for t in texts)
    assert all(GAME.view(state, seat)["designed"] == view["designed"] for seat in range(4))


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_designed_modes_words_read_in_both_languages(locale):
    """CS-DM-9, CS-DM-12: the lobby's explanation (difficulty numbers, endless escalation),
    the campaign lines and the history words of every encounter
    and endless, in English and Chinese: no catalog key left raw, no English in the Chinese."""
    options = [{"mode": "solo", "encounter": e, "difficulty": d} for e in encounter_ids("solo")
               for d in ("easy", "hard")]
    options += [{"mode": "coop", "encounter": e} for e in encounter_ids("coop")]
    options += [{"mode": "endless", "difficulty": d} for d in ("easy", "normal", "hard")]
    for opts in options:
        text = " ".join(f"{name} {value}" for name, value in designed.lobby_fields(opts, locale))
        text += designed.history_words(opts, {"winners": [0], "figures": {"waves_survived": 4}}, locale) or ""
        assert "cloudspire." not in text and "{" not in text, text
        if locale == "zh-CN":
            assert "Survive" not in text and "Cloud" not in text, text
    assert designed.lobby_fields({"mode": "ffa"}, locale) == []
    lines = designed.campaign_lines(None, "coop", locale)
    assert lines[0].startswith("🔓 1.") and lines[2].startswith("🔒 2.")
