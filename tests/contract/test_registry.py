"""The registry (gamehost/registry.py) turns a game on with one line: every installed id has
its package in each layer and its catalog, the catalog narrates every event and prompt the
game produces, and no shared file names a game."""
from __future__ import annotations

import importlib
import inspect
import json
import re
from pathlib import Path

import pytest

from engine.base import Game
from gamehost import registry
from tests.contract.conftest import EXTRA_PLUGINS
from gamehost.i18n import catalog

from .conftest import configs, event_kinds_seen, traces

ROOT = Path(__file__).resolve().parents[2]

# Files every game shares: none of them may name a game (the registry's INSTALLED line aside).
# The loose modules of each layer are shared too (a game's own code lives in its package).
SHARED_FILES = ["bot.py", "bench/__main__.py", "playground.py", "cogs/host.py", "cogs/lobby.py", "cogs/ui.py",
                "cogs/items.py", "cogs/game_cog.py", "tools/import_map.py",
                # the shared tests: every registered game, what it adds from tests/games/<id>/__init__.py
                "tests/test_narration.py", "tests/engine/test_log_redaction.py", "tests/test_catalog.py",
                "tests/support/narration.py", "tests/support/logs.py", "tests/games/__init__.py"]
SHARED_GLOBS = ["gamehost/*.py", "engine/*.py", "render/*.py", "cogs/*.py", "bench/*.py", "tools/*.py"]


def test_installed_ids_are_the_plugins():
    extras = {p.id for p in EXTRA_PLUGINS}  # the contract folder adds its test games
    assert [p.id for p in registry.plugins() if p.id not in extras] == list(registry.INSTALLED)
    assert len(set(registry.INSTALLED)) == len(registry.INSTALLED)
    for game_id in registry.INSTALLED:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", game_id), game_id


def test_the_engine_package_exposes_game(plugin):
    if plugin.id not in registry.INSTALLED:
        pytest.skip("a game that lives in tests/ (the kits' example) is laid out under tests/support")
    assert (ROOT / "engine" / plugin.id / "__init__.py").is_file()
    module = importlib.import_module(f"engine.{plugin.id}")
    engine = module.GAME
    assert engine is plugin.engine and engine.id == plugin.id
    for name in [n for n, v in vars(Game).items() if callable(v) and not n.startswith("_")]:
        assert callable(getattr(engine, name, None)), f"engine.{plugin.id}.GAME lacks {name}()"
    assert plugin.data_dir.is_dir(), f"no content folder {plugin.data_dir}"


def test_the_render_package_draws_board_and_private_images(plugin):
    if plugin.id not in registry.INSTALLED:
        pytest.skip("a game that lives in tests/ (the kits' example) is laid out under tests/support")
    assert (ROOT / "render" / plugin.id / "__init__.py").is_file(), f"render/{plugin.id}/ is not a package"
    module = plugin.renderer
    assert module.__name__ == f"render.{plugin.id}"
    for name, params in (("board_png", ["view", "seat_names", "lang"]),
                         ("private_png", ["view", "seat", "seat_names", "lang"])):
        fn = getattr(module, name, None)
        assert callable(fn), f"render.{plugin.id} lacks {name}"
        assert list(inspect.signature(fn).parameters)[:len(params)] == params, f"{name}{inspect.signature(fn)}"
        assert inspect.signature(fn).parameters["lang"].default == "en"


def test_the_cog_package_is_a_discord_extension(plugin):
    if plugin.id not in registry.INSTALLED:
        pytest.skip("a game that lives in tests/ (the kits' example) is laid out under tests/support")
    assert (ROOT / "cogs" / plugin.id / "__init__.py").is_file(), f"cogs/{plugin.id}/ is not a package"
    module = importlib.import_module(plugin.cog_module)
    assert module.__name__ == f"cogs.{plugin.id}"
    assert inspect.iscoroutinefunction(getattr(module, "setup", None)), f"cogs.{plugin.id} lacks async setup(bot)"


def test_catalogs_exist_and_load(plugin):
    if plugin.id not in registry.INSTALLED:
        pytest.skip("a game that lives in tests/ (the kits' example) is laid out under tests/support")
    assert plugin.catalogs, f"no locales/{plugin.id}*.json"
    keys: set[str] = set()
    for path in plugin.catalogs:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict) and data, f"{path.name} is empty"
        keys |= set(data)
    assert any(key.startswith(f"{plugin.id}.") for key in keys), f"no {plugin.id}.* key in {plugin.catalogs}"
    assert keys <= set(catalog().entries), "the shared catalog does not load these files"


def test_every_event_the_game_produces_is_in_the_catalog(plugin):
    kinds = event_kinds_seen().get(plugin.id, set())
    assert kinds, "the random games produced no event"
    missing = sorted(k for k in kinds if not catalog().has(f"{plugin.id}.ev.{k}"))
    assert not missing, f"catalog lacks {[f'{plugin.id}.ev.{k}' for k in missing]}"


def test_every_prompt_the_game_shows_is_in_the_catalog(plugin):
    keys = set()
    for config in configs():
        if config.game == plugin.id:
            for t in traces(config):
                for i in t.positions(30):
                    keys |= {p.key for p in plugin.engine.prompts(t.state(i))}
    missing = sorted(k for k in keys if not catalog().has(k))
    assert not missing, f"catalog lacks {missing}"


def shared_files() -> list[Path]:
    files = [ROOT / f for f in SHARED_FILES]
    for pattern in SHARED_GLOBS:
        files += sorted(ROOT.glob(pattern))
    return [f for f in dict.fromkeys(files) if f.is_file()]


def names_of_games(path: Path) -> list[str]:
    """``file:line: text`` for every line naming an installed game id as a word."""
    ids = "|".join(map(re.escape, registry.INSTALLED))
    word = re.compile(rf"(?<![\w-])({ids})(?![\w-])", re.IGNORECASE)
    found = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if path.name == "registry.py" and line.startswith("INSTALLED"):
            continue
        if word.search(line):
            found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    return found


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shared_file_names_a_game(path):
    found = names_of_games(path)
    assert not found, "a shared file names a game:\n" + "\n".join(found)


def test_the_optional_hooks_are_declared_once_in_the_plugin(plugin):
    """GamePlugin declares what a game may add (teams, standing choices, a reason for an unasked
    seat, campaign rules, its own bench figures); each answers for every game, present or not."""
    options = registry.normalize_options(plugin.id, {})
    low, high = plugin.seat_range(options)
    state = plugin.engine.setup(low, options, 1)
    teams = plugin.teams(options)
    assert teams is None or sorted(s for team in teams for s in team) == list(range(len(sum(teams, []))))
    for seat in range(low):
        for action in plugin.engine.legal_actions(state, seat)[:5]:
            assert isinstance(plugin.off_turn(action), bool)
        why = plugin.why_waiting(state, seat)
        assert why is None or isinstance(why, Exception)
    campaign = plugin.campaign
    if campaign is not None:
        for name in ("empty", "normalize", "record", "check_new"):
            assert callable(getattr(campaign, name, None)), f"{plugin.id} campaign lacks {name}()"
    figures = plugin.bench_figures
    if figures is not None:
        assert all(name.startswith(f"{plugin.id}.") for name, _ in figures.figures())
