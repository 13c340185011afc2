"""``/<game> new``, the kit's for every game (cogs/kit_commands.py adds it): one parameter per
option of the engine's options schema that the game describes in its catalog, then the
lobby's own (where, pace, timeout, minutes, board, language, ranked) and a free ``options``
text (``name=value``, autocompleted) when some option has no parameter of its own.

Words come from the catalog only:

- ``arg.<game>_<option>``: the option's description; an option without one has no parameter
  (it is set through ``options``);
- ``opt.<game>.<option>.<value>``, else the lobby's ``option.<game>.<option>.<value>``: a
  choice's label (a value with neither is shown as it is);
- ``arg.<game>_options``: the ``options`` text's description (else the kit's ``arg.kit_options``).

An option whose values are true/false is a boolean; one that takes several values
(``multiple``) is text joined by ``+`` with suggestions; any other is a choice of its values.
A game's cog may type an option as text with its own suggestions (``new_autocomplete``: the
option and the cog's method, Kingdom Rush's scenarios with the channel's campaign), add
parameters of its own after the lobby's (``new_extras``) and create the match its own way
(``create_new``, cogs/game_cog.py)."""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from gamehost.i18n import catalog, t
from gamehost.registry import plugin
from gamehost.turn_store import BOARD_MODES
from cogs.host import QUICK, locale_of
from cogs.options_text import option_suggestions
from cogs.lobby import (LANGUAGE_CHOICES, LANGUAGE_HELP, PACE_CHOICES, POLICY_CHOICES, RANKED_HELP, WHERE_CHOICES,
                        parse_options_text)

MAX_PARAMETERS = 25  # Discord: a command's parameters, at most
MAX_CHOICES = 25     # Discord: a parameter's choices (and an autocomplete's suggestions)
LIMIT = 100          # Discord: a choice's name and value
KEYWORD = inspect.Parameter.KEYWORD_ONLY
BOARD_CHOICES = [app_commands.Choice(name=_(t(f"host.option.board.{mode}", "en"), key=f"host.option.board.{mode}"),
                                     value=mode) for mode in BOARD_MODES]


@dataclass(frozen=True)
class LobbyChoices:
    """The lobby's parameters of ``/<game> new``, as given (cogs/lobby.py ``create_match``)."""

    where: str = "here"
    pace: str = "live"
    timeout: str = "auto"
    minutes: int | None = None
    language: str | None = None
    ranked: bool = False


def words(key: str) -> app_commands.locale_str:
    """A catalog text as a slash command's words (English shown, translated by its key)."""
    return _(t(key, "en"), key=key)


def choice_label(game_id: str, name: str, value: Any) -> app_commands.locale_str | str:
    for key in (f"opt.{game_id}.{name}.{value}", f"option.{game_id}.{name}.{value}"):
        if catalog().has(key):
            return words(key)
    return str(value)


def described_options(game_id: str) -> dict[str, dict]:
    """The schema's options the game describes (``arg.<game>_<option>``), in schema order."""
    schema = plugin(game_id).engine.options_schema()
    return {name: spec for name, spec in schema.items() if catalog().has(f"arg.{game_id}_{name}")}


def typed_value(spec: dict, value: Any) -> Any:
    """The schema's own value a Discord choice's text stands for (an int stays an int)."""
    return next((c for c in spec.get("choices") or () if str(c) == str(value)), value)


def value_label(game_id: str, name: str, value: Any, locale: str) -> str:
    key = f"option.{game_id}.{name}.{value}"
    return t(key, locale) if catalog().has(key) else str(value)


def several_suggestions(game_id: str, name: str, spec: dict, current: str,
                        locale: str) -> list[app_commands.Choice[str]]:
    """An option taking several values (joined by ``+``): what was typed and one more value."""
    *done, typed = [v.strip() for v in current.replace("|", "+").split("+")]
    done = [v for v in done if v]
    out: list[app_commands.Choice[str]] = []
    for value in spec["choices"]:
        label = value_label(game_id, name, value, locale)
        if str(value) in done or (typed.lower() not in str(value).lower() and typed.lower() not in label.lower()):
            continue
        shown = " + ".join([*(value_label(game_id, name, v, locale) for v in done), label])
        out.append(app_commands.Choice(name=shown[:LIMIT], value="+".join([*done, str(value)])[:LIMIT]))
    return out[:MAX_CHOICES]


def as_method(function: Callable, name: str) -> Callable:
    """``function`` named as a method of the kit, so discord.py passes the cog as ``self``."""
    function.__qualname__ = f"KitCommands.{name}"
    return function


def _several_autocomplete(game_id: str, name: str, spec: dict) -> Callable:
    async def suggest(self: Any, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return several_suggestions(game_id, name, spec, current or "", locale_of(interaction))
    return as_method(suggest, f"new_{name}_autocomplete")


def _options_autocomplete(game_id: str, skip: frozenset[str]) -> Callable:
    async def suggest(self: Any, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return option_suggestions(game_id, current or "", skip)
    return as_method(suggest, "new_options_autocomplete")


def option_parameter(game_id: str, name: str, spec: dict, text: bool) -> tuple[inspect.Parameter, list | None]:
    """An option's parameter and its choices (None: a boolean, or text)."""
    values = spec.get("choices") or []
    if text or spec.get("multiple") or not values or len(values) > MAX_CHOICES:
        return inspect.Parameter(name, KEYWORD, annotation=str | None, default=None), None
    if all(isinstance(v, bool) for v in values):
        return inspect.Parameter(name, KEYWORD, annotation=bool | None, default=None), None
    choices = [app_commands.Choice(name=choice_label(game_id, name, v), value=str(v)) for v in values]
    return inspect.Parameter(name, KEYWORD, annotation=str | None, default=None), choices


def lobby_parameters(with_options: bool) -> list[inspect.Parameter]:
    params = [inspect.Parameter("where", KEYWORD, annotation=str, default="here"),
              inspect.Parameter("pace", KEYWORD, annotation=str, default="live"),
              inspect.Parameter("timeout", KEYWORD, annotation=str, default="auto"),
              inspect.Parameter("minutes", KEYWORD, annotation=app_commands.Range[int, 1, 10080] | None, default=None),
              inspect.Parameter("board", KEYWORD, annotation=str | None, default=None)]
    if with_options:
        params.append(inspect.Parameter("options", KEYWORD, annotation=str, default=""))
    return params + [inspect.Parameter("language", KEYWORD, annotation=str | None, default=None),
                     inspect.Parameter("ranked", KEYWORD, annotation=bool, default=False)]


def chosen_options(options: dict[str, dict], given: dict[str, Any]) -> dict[str, Any]:
    """The options given: the ``options`` text's, then each option's own parameter."""
    chosen = parse_options_text(given.get("options") or "")
    for name, spec in options.items():
        if given.get(name) is not None:
            chosen[name] = given[name] if spec.get("multiple") else typed_value(spec, given[name])
    if given.get("board") is not None:
        chosen["board"] = given["board"]
    return chosen


def new_command(game_id: str, cog_class: type) -> app_commands.Command:
    """``/<game> new``; see the module docstring."""
    options = described_options(game_id)
    texts: dict[str, str] = getattr(cog_class, "new_autocomplete", {})
    extras: dict[str, tuple[Any, Any, app_commands.locale_str]] = getattr(cog_class, "new_extras", {})
    with_options = set(options) != set(plugin(game_id).engine.options_schema())
    if len(options) + len(lobby_parameters(with_options)) + len(extras) > MAX_PARAMETERS:
        raise ValueError(f"/{game_id} new: more than {MAX_PARAMETERS} parameters; describe fewer options")

    async def new(self: Any, interaction: discord.Interaction, **given: Any) -> None:
        lobby = LobbyChoices(given["where"], given["pace"], given["timeout"], given.get("minutes"),
                             given.get("language"), bool(given.get("ranked")))
        await self.create_new(interaction, chosen_options(options, given), lobby,
                              {name: given.get(name, default) for name, (_kind, default, _words) in extras.items()})

    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    choices: dict[str, list] = {}
    for name, spec in options.items():
        parameter, listed = option_parameter(game_id, name, spec, name in texts)
        params.append(parameter)
        if listed is not None:
            choices[name] = listed
    params += lobby_parameters(with_options)
    params += [inspect.Parameter(name, KEYWORD, annotation=kind, default=default)
               for name, (kind, default, _words) in extras.items()]
    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # discord.py reads the signature
    as_method(new, "new")
    options_key = f"arg.{game_id}_options" if catalog().has(f"arg.{game_id}_options") else "arg.kit_options"
    described: Any = app_commands.describe(
        **{name: words(f"arg.{game_id}_{name}") for name in options},
        **({"options": words(options_key)} if with_options else {}),
        **{name: description for name, (_kind, _default, description) in extras.items()},
        where=words("arg.where"), pace=words("arg.pace"), timeout=words("arg.timeout"), minutes=words("arg.minutes"),
        board=words("arg.board"), language=LANGUAGE_HELP, ranked=RANKED_HELP)(new)
    chosen = app_commands.choices(where=WHERE_CHOICES, pace=PACE_CHOICES, timeout=POLICY_CHOICES,
                                  board=BOARD_CHOICES, language=LANGUAGE_CHOICES, **choices)(described)
    key = f"cmd.{game_id}.new"
    command: app_commands.Command = app_commands.Command(name="new", callback=chosen, extras=QUICK,
                                   description=words(key) if catalog().has(key) else words("cmd.kit.new"))
    for name, spec in options.items():
        if name in texts:
            command.autocomplete(name)(getattr(cog_class, texts[name]))
        elif spec.get("multiple"):
            command.autocomplete(name)(_several_autocomplete(game_id, name, spec))
    if with_options:
        command.autocomplete("options")(_options_autocomplete(game_id, frozenset(options)))
    return command
