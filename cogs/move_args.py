"""Slash-command arguments that are words of a legal move, with one autocomplete mechanism
for every such argument of every game.

A game's engine tells, for each legal move, which subcommand makes it and that command's
argument values (``engine.base.ActionInfo.command`` / ``.args``). Declaring a parameter as
``app_commands.Transform[str, MoveArg(i)]`` makes its autocomplete offer argument ``i`` of the
legal moves of the running command whose earlier arguments match what the player already
typed, labelled by the game's adapter (``ui.arg_label``). The command then finds its move with
``resolve_move`` (or ``move_for``, the exact match only).

Discord carries at most 100 characters in an autocomplete choice's or a select option's value:
a longer value (a hero's whole plan, a build's placements) is offered as its ``token`` (``~``
and a hash of the text) and matched back to the legal move it came from, for every game.

A refused move (``explained``) first says in words what the player can do now: one catalog
hint per verb of the legal moves (``<game>.hint.<verb>``: what the move does and the command
to type), then the refusal and the legal moves in notation as before.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from engine.base import ActionInfo, IllegalAction
from gamehost.i18n import catalog, t
from gamehost.registry import plugin
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot
from cogs.host import error_text, locale_of
from cogs.text_split import clip

MAX_CHOICES = 25
LIMIT = 100  # Discord: an autocomplete choice's or a select option's value
TOKEN = "~"
HINTS_SHOWN = 4  # a refusal's "what you can do now" sentences, at most


def token(text: str) -> str:
    """A value Discord can carry for ``text``: itself, or ``~`` and a hash when too long."""
    return text if len(text) <= LIMIT else TOKEN + hashlib.sha1(text.encode()).hexdigest()[:16]


def untoken(value: str, values: Iterable[str]) -> str | None:
    """The one of ``values`` that ``value`` carries: ``value`` itself unless it is a token,
    else the value whose token it is; None for a token none of them has (a stale suggestion)."""
    if not value.startswith(TOKEN):
        return value
    return next((v for v in values if token(v) == value), None)


def _given(args: Iterable[str | None]) -> tuple[str, ...]:
    return tuple(a.strip() for a in args if a is not None and a.strip())


def _carries(values: tuple[str, ...], given: tuple[str, ...]) -> bool:
    """Whether ``given`` are the first of ``values``, each as it is or as its token."""
    return len(given) <= len(values) and all(g == v or g == token(v) for v, g in zip(values, given))


def matching_moves(mine: SeatSnapshot, command: str, typed: tuple[str, ...]) -> list[ActionInfo]:
    """Legal moves of ``command`` whose first arguments are ``typed``."""
    return [m for m in mine.moves if m.command == command and _carries(m.args, typed)]


def why_not_asked(mine: SeatSnapshot) -> IllegalAction | None:
    """The engine's reason why ``mine``, not asked now, may not act, when it says more than
    whose decision it is (its optional ``why_waiting(state, seat)``: Kingdom Rush's seat done
    for the phase), or None."""
    if mine.prompted or mine.match.status != "active":
        return None
    why = getattr(mine._engine, "why_waiting", None)  # GamePlugin.why_waiting, for this seat's engine
    return why(mine._state, mine.seat) if why is not None else None


def move_for(mine: SeatSnapshot, command: str, args: tuple[str | None, ...], shown: str = "") -> str:
    """The legal move ``command`` makes with exactly ``args``; otherwise a refusal that names
    the command as the player typed it (``shown``, e.g. ``<game> build``) and lists what
    it could do now, or, if nothing, every legal move."""
    given = _given(args)
    for move in mine.moves:
        if move.command == command and len(move.args) == len(given) and _carries(move.args, given):
            return move.text
    if not mine.prompted:
        refusal = why_not_asked(mine)
        if refusal is not None:
            raise refusal
        waiting = mine.match.waiting
        raise ServiceError("not_your_turn", waiting=", ".join(mine.match.names[s] for s in waiting) or "-")
    options = [m.text for m in mine.moves if m.command == command]
    key = "host.err.move_not_legal" if options else "host.err.command_not_now"
    shown = shown or command
    raise IllegalAction(key, f"/{shown} {' '.join(given)} is not possible now", legal=options or mine.legal,
                        command=shown, given=" ".join(given))


def resolve_move(mine: SeatSnapshot, command: str, args: tuple[str | None, ...], shown: str = "") -> str:
    """The move a slash subcommand's arguments make, for every game: the legal move with
    exactly these arguments (a long one given as its token); else, when the game's verb table
    lets the command leave trailing arguments out (``fills``), the first legal move that fits
    (the engine lists its suggestion first); else the notation they spell (the engine's
    ``move_from_command``), so the engine's refusal says exactly why; else (or for a token no
    legal move has any more) the refusal listing what the command could do now. A seat the
    game is not asking hears the engine's reason first (``why_not_asked``)."""
    unasked = why_not_asked(mine)
    if unasked is not None:
        raise unasked
    given = _given(args)
    engine = plugin(mine.match.game).engine
    fits = matching_moves(mine, command, given)
    exact = next((m.text for m in fits if len(m.args) == len(given)), None)
    if exact is not None:
        return exact
    grammar = getattr(engine, "grammar", None)
    if fits and given and grammar is not None and any(row.fills for row in grammar.by_command.get(command, ())):
        return fits[0].text
    try:
        return move_for(mine, command, args, shown=shown)
    except IllegalAction as refusal:
        spell = getattr(engine, "move_from_command", None)
        stale = any(g.startswith(TOKEN) for g in given)
        spelled = spell(command, args) if spell is not None and not stale else None
        if spelled is None:
            raise refusal
        return spelled


def hints(game_id: str, legal: Iterable[str], locale: str) -> list[str]:
    """What the legal moves let the player do, in words: the game's hint for each verb among
    them (``<game>.hint.<verb>``), in the order the moves come, at most ``HINTS_SHOWN`` and a
    last line saying there is more."""
    verbs = list(dict.fromkeys(text.split(maxsplit=1)[0] for text in legal if text.strip()))
    keys = [f"{game_id}.hint.{verb}" for verb in verbs if catalog().has(f"{game_id}.hint.{verb}")]
    lines = [t(key, locale) for key in keys[:HINTS_SHOWN]]
    if len(keys) > HINTS_SHOWN:
        lines.append(t("help.hint_more", locale))
    return lines


def explained(refusal: IllegalAction, mine: SeatSnapshot, locale: str) -> IllegalAction:
    """``refusal`` worded to start with what ``mine`` can do now (``hints`` of the moves it
    lists, else of every legal move), then the refusal as the host words it (the command as
    typed and the reason); the legal moves in notation still follow. A seat the game is not
    asking, or one with nothing to do, gets the refusal as it is."""
    legal = refusal.legal or mine.legal
    lines = hints(mine.match.game, legal, locale) if mine.prompted else []
    if not lines or refusal.code == "help.refused":
        return refusal
    bare = IllegalAction(refusal.code, refusal.message, **refusal.params)
    bare.tried = refusal.tried
    out = IllegalAction("help.refused", refusal.message, legal=legal, hint="\n".join(lines),
                        reason=error_text(bare, locale))
    return out


async def make_command_move(cog: Any, interaction: discord.Interaction, *args: str | None) -> None:
    """A move subcommand of any game: the caller's seat, the move its arguments make
    (``resolve_move``), handed to the game's adapter; a refusal says first what the caller
    can do now (``explained``)."""
    mine = await cog.my_seat(interaction)
    command = interaction.command
    assert isinstance(command, app_commands.Command)  # a slash subcommand runs this
    try:
        move = resolve_move(mine, command.name, args, shown=command.qualified_name)
        await make_resolved(cog, interaction, mine, move, tried=" ".join([command.qualified_name, *_given(args)]))
    except IllegalAction as refusal:
        raise explained(refusal, mine, locale_of(interaction)) from refusal


async def make_resolved(cog: Any, interaction: discord.Interaction, mine: SeatSnapshot, move: str, *,
                        tried: str) -> None:
    """Make a resolved move; when it was not a legal move but the notation the command's
    arguments spell, the engine's refusal restates the command as typed (``tried``)."""
    try:
        await cog.ui.make_move(interaction, mine, move)
    except IllegalAction as refusal:
        if move not in mine.legal:
            refusal.tried = tried
        raise


def move_choices(mine: SeatSnapshot, current: str, label_of: Callable[[str], str]) -> list[app_commands.Choice[str]]:
    """A whole move's autocomplete (``/<game> act``): the legal moves whose notation or label
    (``label_of(move)``, the game's words) holds what was typed, at most 25, each carried as
    its ``token``."""
    typed = (current or "").lower()
    out: list[app_commands.Choice[str]] = []
    for move in mine.legal:
        label = label_of(move)
        if typed in move.lower() or typed in label.lower():
            out.append(app_commands.Choice(name=clip(label, LIMIT), value=token(move)))
            if len(out) == MAX_CHOICES:
                break
    return out


class MoveArg(app_commands.Transformer):
    """Argument ``index`` (0-based) of the command's moves; see the module docstring."""

    def __init__(self, index: int):
        self.index = index

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> str:
        return str(value)

    async def autocomplete(self, interaction: discord.Interaction, value: int | float | str, /
                           ) -> list[app_commands.Choice[int | float | str]]:
        command = interaction.command
        if not isinstance(command, app_commands.Command) or command.binding is None:
            return []
        cog = command.binding
        try:
            mine = await cog.my_seat(interaction)
        except ServiceError:
            return []
        names = [p.name for p in command.parameters]
        typed = tuple(str(getattr(interaction.namespace, n, "") or "") for n in names[:self.index])
        locale = locale_of(interaction)
        current = str(value or "").lower()
        seen: set[str] = set()
        choices: list[app_commands.Choice[int | float | str]] = []
        for move in matching_moves(mine, command.name, typed):
            if len(move.args) <= self.index or move.args[self.index] in seen:
                continue
            word = move.args[self.index]
            seen.add(word)
            label = cog.ui.arg_label(mine, move, self.index, locale)
            if current in label.lower() or current in word.lower():
                choices.append(app_commands.Choice(name=clip(label, LIMIT), value=token(word)))
            if len(choices) == MAX_CHOICES:
                break
        return choices
