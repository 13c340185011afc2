"""Slash-command arguments that are words of a legal move, with one autocomplete mechanism
for every such argument of every game.

A game's engine tells, for each legal move, which subcommand makes it and that command's
argument values (``engine.base.ActionInfo.command`` / ``.args``). Declaring a parameter as
``MoveArg[i]`` makes its autocomplete offer argument ``i`` of the legal moves of the running
command whose earlier arguments match what the player already typed, labelled by the
game's adapter (``ui.arg_label``). The command then finds its move with ``move_for``.
"""
from __future__ import annotations

import discord
from discord import app_commands

from engine.base import IllegalAction
from gamehost.registry import plugin
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot
from cogs.host import locale_of

MAX_CHOICES = 25


def matching_moves(mine: SeatSnapshot, command: str, typed: tuple[str, ...]) -> list:
    """Legal moves of ``command`` whose first arguments are ``typed``."""
    return [m for m in mine.moves if m.command == command and m.args[:len(typed)] == typed]


def move_for(mine: SeatSnapshot, command: str, args: tuple[str | None, ...], shown: str = "") -> str:
    """The legal move ``command`` makes with exactly ``args``; otherwise a refusal that names
    the command as the player typed it (``shown``, e.g. ``<game> build``) and lists what
    it could do now, or, if nothing, every legal move."""
    given = tuple(a.strip() for a in args if a is not None and a.strip() != "")
    for move in mine.moves:
        if move.command == command and move.args == given:
            return move.text
    if not mine.prompted:
        waiting = mine.match.waiting
        raise ServiceError("not_your_turn", waiting=", ".join(mine.match.names[s] for s in waiting) or "-")
    options = [m.text for m in mine.moves if m.command == command]
    key = "host.err.move_not_legal" if options else "host.err.command_not_now"
    shown = shown or command
    raise IllegalAction(key, f"/{shown} {' '.join(given)} is not possible now", legal=options or mine.legal,
                        command=shown, given=" ".join(given))


def resolve_move(mine: SeatSnapshot, command: str, args: tuple[str | None, ...], shown: str = "") -> str:
    """The move a slash subcommand's arguments make, for every game: the legal move with
    exactly these arguments; else, when the game's verb table lets the command leave trailing
    arguments out (``fills``), the first legal move that fits (the engine lists its suggestion
    first); else the notation they spell (the engine's ``move_from_command``), so the engine's
    refusal says exactly why; else the refusal listing what the command could do now."""
    given = tuple(a.strip() for a in args if a is not None and a.strip())
    engine = plugin(mine.match.game).engine
    grammar = getattr(engine, "grammar", None)
    if grammar is not None and any(row.fills for row in grammar.by_command.get(command, ())):
        fits = [m for m in mine.moves if m.command == command and m.args[:len(given)] == given]
        if fits and given:
            return next((m.text for m in fits if m.args == given), fits[0].text)
    try:
        return move_for(mine, command, args, shown=shown)
    except IllegalAction as refusal:
        spell = getattr(engine, "move_from_command", None)
        spelled = spell(command, args) if spell is not None else None
        if spelled is None:
            raise refusal
        return spelled


async def make_command_move(cog, interaction: discord.Interaction, *args: str | None) -> None:
    """A move subcommand of any game: the caller's seat, the move its arguments make
    (``resolve_move``), handed to the game's adapter."""
    mine = await cog.my_seat(interaction)
    command = interaction.command
    assert isinstance(command, app_commands.Command)  # a slash subcommand runs this
    move = resolve_move(mine, command.name, args, shown=command.qualified_name)
    await cog.ui.make_move(interaction, mine, move)


class MoveArg(app_commands.Transformer):
    """Argument ``index`` (0-based) of the command's moves; see the module docstring."""

    def __init__(self, index: int):
        self.index = index

    def __class_getitem__(cls, index: int):
        return app_commands.Transform[str, cls(index)]

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[app_commands.Choice[str]]:
        command = interaction.command
        cog = getattr(command, "binding", None)
        if command is None or cog is None:
            return []
        try:
            mine = await cog.my_seat(interaction)
        except ServiceError:
            return []
        names = [p.name for p in command.parameters]
        typed = tuple(str(getattr(interaction.namespace, n, "") or "") for n in names[:self.index])
        locale = locale_of(interaction)
        current = (value or "").lower()
        seen: set[str] = set()
        choices = []
        for move in matching_moves(mine, command.name, typed):
            if len(move.args) <= self.index or move.args[self.index] in seen:
                continue
            word = move.args[self.index]
            seen.add(word)
            label = cog.ui.arg_label(mine, move, self.index, locale)
            if current in label.lower() or current in word.lower():
                choices.append(app_commands.Choice(name=label[:100], value=word[:100]))
            if len(choices) == MAX_CHOICES:
                break
        return choices
