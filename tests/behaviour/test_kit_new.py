"""``/<game> new`` from the kit for every game (cogs/kit_new.py), through SimCord: each game's
described options with their choices and words in both languages, the lobby's parameters
(default pace live, ``board``), an ``options`` text with suggestions where some option has no
parameter, Kingdom Rush's scenario suggestions and moderator override; and a rematch keeps
the ``board`` setting."""
from __future__ import annotations

import pytest

from gamehost.i18n import t
from gamehost.registry import plugin
from gamehost.turn_store import turn_post
from tests.behaviour.helpers import moved

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LOBBY = ["where", "pace", "timeout", "minutes", "board", "language", "ranked"]
#: what each game's /new offered before the kit made it (kept: names, choices, order of values)
OFFERED = {"clash": {"mode": ["duel", "solo"], "format": ["precon", "draft", "constructed"], "champions": None},
           "cloudspire": {"map": ["random", "guided", "tutorial"], "factions": ["random", "pick"],
                          "mode": ["ffa", "teams", "solo", "coop", "endless"],  # issue 24: the designed modes
                          "encounter": None, "difficulty": ["easy", "normal", "hard"],  # (autocompleted, choices)
                          "events": ["on", "off"], "waves": ["4", "5", "6", "7", "8"],
                          "spire_policy": ["lowest_health", "nearest_gate", "heroes_first", "manual"]},
           "evs": {"advanced": ["off", "on"], "hands": ["standard", "pick"],
                   "factions": ["random", "empire_steppe", "steppe_empire"], "terrain": ["off", "on"],
                   "morale": ["off", "on"]},
           "kr": {"scenario": None, "difficulty": ["easy", "normal", "hard"],
                  **{f"hero{n}": ["alleria", "lilith", "malik", "magnus", "ignus"] for n in range(1, 5)},
                  "bench": None}}
#: choice labels players saw before, in both languages
LABELS = {("clash", "mode", "solo"): ("solo vs AI", "单人对抗 AI"),
          ("cloudspire", "events", "on"): ("on", "开"),
          ("cloudspire", "spire_policy", "nearest_gate"): ("nearest my gate first", "优先最接近我城门"),
          ("evs", "factions", "random"): ("random", "随机"),
          ("evs", "terrain", "on"): ("on", "开启"),
          ("kr", "hero2", "magnus"): ("Magnus Spellbane", "马格纳斯·灾祸魔导")}


def new_command(game: str):
    """The game's /new as its cog class declares its group (the kit adds it at class creation)."""
    import importlib
    from discord import app_commands
    module = importlib.import_module(plugin(game).cog_module)
    group = next(v for cls in vars(module).values() if isinstance(cls, type)
                 for v in vars(cls).values() if isinstance(v, app_commands.Group) and v.name == game)
    return group.get_command("new")


@pytest.mark.parametrize("game", sorted(OFFERED))
def test_every_games_new_keeps_its_options_and_adds_the_lobbys(game):
    command = new_command(game)
    names = [p.name for p in command.parameters]
    assert names[:len(OFFERED[game])] == list(OFFERED[game]), names
    assert [n for n in names if n in LOBBY] == LOBBY
    assert len(names) <= 25
    schema = plugin(game).engine.options_schema()
    assert ("options" in names) == (set(OFFERED[game]) != set(schema)), "options text only for options left over"
    for parameter in command.parameters:
        if OFFERED[game].get(parameter.name):
            assert [c.value for c in parameter.choices] == OFFERED[game][parameter.name]
        assert parameter.required is False
        description = parameter._Parameter__parent.description  # the catalog's words, both languages
        assert t(description.extras["key"], "zh-CN") != description.extras["key"]
    assert [c.value for c in next(p for p in command.parameters if p.name == "board").choices] == ["turn", "move"]
    assert next(p for p in command.parameters if p.name == "pace").default == "live"
    for (label_game, option, value), (en, zh) in LABELS.items():
        if label_game == game:
            choice = next(c for c in next(p for p in command.parameters if p.name == option).choices
                          if c.value == value)
            assert choice.name == en and t(choice._locale_name.extras["key"], "zh-CN") == zh


async def test_board_and_options_given_to_new_reach_the_match(world):
    result = await world.alice.slash(world.channel, "clash new", mode="solo", board="move",
                                     options="solo_game=custom ai_base_mana=8")
    assert moved(result)
    row = await world.match()
    assert row.options["mode"] == "solo" and row.options["solo_game"] == "custom" and row.options["ai_base_mana"] == 8
    assert (await turn_post(world.service.store, row.id)).mode == "move"
    lobby = world.channel.last_message
    assert "a new message per move" in lobby.embeds[0].fields[0].value


async def test_the_options_text_is_suggested_from_what_has_no_parameter(world):
    result = await world.alice.autocomplete(world.channel, "clash new", "options", "solo_game=custom ai_f")
    values = [c["value"] if isinstance(c, dict) else c.value for c in result]
    assert "solo_game=custom ai_first=true" in values
    assert not any("mode=" in v.split()[-1] for v in values), "mode has its own parameter"


async def test_kr_new_suggests_scenarios_and_bench_heroes(world):
    scenarios = await world.alice.autocomplete(world.channel, "kr new", "scenario", "")
    assert len(scenarios) == 8
    bench = await world.alice.autocomplete(world.channel, "kr new", "bench", "malik+ig")
    assert [c["value"] if isinstance(c, dict) else c.value for c in bench] == ["malik+ignus"]


async def test_a_rematch_keeps_the_board_setting(world):
    assert moved(await world.alice.slash(world.channel, "clash new", board="move", pace="live"))
    await world.bob.click(world.channel.last_message, label="Join")
    assert (await world.alice.click(world.channel.last_message, label="Start")).acknowledged
    first = await world.match()
    assert moved(await world.alice.slash(world.channel, "match resign"))
    again = await world.bob.slash(world.channel, "match rematch")
    row = await world.match()
    assert row.id != first.id and row.status == "lobby"
    assert (await turn_post(world.service.store, row.id)).mode == "move"
    assert "a new message per move" in again.response.embeds[0].fields[0].value
