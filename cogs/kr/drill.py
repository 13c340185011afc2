"""The Kingdom Rush build drill-down: a build's placements chosen one piece at a time (tower ->
target horde -> placement), from the Act menu's build endings (cogs/kr/ui.py ``rest_items``).

Two entries, each a second select beside the Act menu's own (whose picks are unchanged: the
suggested build stays one pick after the card, or the card itself when it has one ending):
beside the first steps, *…or choose a tower's placements yourself* lists the cards in hand
that can be built; beside a build's suggested endings, the same site x facing endings. A card
with several endings asks for one first. Then a draft starts; each step shows the next piece
(an attack's tiles in printed order, then its soldiers):

* when it fits on more than one horde in range: a select of those trays, the suggested first;
* the placements on one horde: the close-up picture (``render.kr.horde_png``, the draft's
  earlier choices drawn on it as placed) with the options numbered, the suggested (best) one first and starred, and a select *1 · 2 · 3 …* (paged past
  25) with *the rest as suggested*, *another horde…* and, when the rules allow it, *leave it
  unplaced*.

Picking the last piece (or *the rest as suggested*) makes the move. Which options exist is
decided by engine/kr/build_options.py, from the seat's view (the snapshot's data, never the
stored state); pieces that fit nowhere are skipped.

Component values: verb ``drill``, custom-id argument ``ROUND.CARD``; each option's value is an
operation and the draft so far, ``OP SITE FACING DECISION…`` (placement notation, ``-`` for a
piece left unplaced: build_options.draft_text, under Discord's 100 characters for every card):
``* CARD`` (argument ``ROUND.``) the card's endings, ``+`` the next step, ``#`` the horde choice of the next piece, ``@TRAY[.PAGE]`` its placements
on TRAY, ``!`` the rest as suggested and the move. The draft lives only in the menus. Each step
is judged against the map as it is when it arrives (``drill`` is a fresh verb: a team-mate's
move in simultaneous play does not make the menu stale): a choice a team-mate's move made
illegal is answered privately, by name and with the engine's reason, nothing changed, with a
select to choose again; a menu of another round, or a build that can no longer start (card
gone, site taken, done), is refused as a stale choice: what the player can do now first
(cogs/act_menu.py ``stale``)."""
from __future__ import annotations

import importlib
import io
from typing import Protocol

import discord

from engine.base import ActionInfo, IllegalAction
from engine.kr import build_options as bo
from engine.kr.notation import format_action
from gamehost.i18n import t
from gamehost.snapshot import SeatSnapshot
from cogs.act_menu import LIMIT, MAX_OPTIONS, clip, stale
from cogs.host import Host, error_text, locale_of, send_ephemeral
from cogs.items import GameSelect, view_of
from cogs.kr.words import cells_text, facing_word, horde_name, tower_name


class DrillOwner(Protocol):
    """What a drill needs of the game's UI (cogs/kr/ui.py ``KrUI``): its host and a way to
    make a move. Named here so that drill.py does not import ui.py, which imports it."""

    host: Host

    async def make_move(self, interaction: discord.Interaction, mine: SeatSnapshot,
                        move: str) -> object: ...


VERB = "drill"


class Draft:
    """A build being drilled down: card, site, facing and the decisions so far."""

    def __init__(self, card: str, site: str, facing: str, decisions: list):
        self.card, self.site, self.facing, self.decisions = card, site, facing, list(decisions)

    def value(self, op: str, decisions: list | tuple | None = None) -> str:
        text = bo.draft_text(self.site, self.facing, self.decisions if decisions is None else decisions)
        return f"{op} {text}"


class Drill:
    def __init__(self, ui: DrillOwner):
        self.ui = ui

    # -- the entries beside the Act menu's selects ------------------------------------------

    @staticmethod
    def endings(mine: SeatSnapshot, card: str) -> list[tuple[str, str]]:
        """The listed (site, facing) of ``card``'s builds, in the menu's order."""
        return list(dict.fromkeys((m.args[1], m.args[2]) for m in mine.moves
                                  if m.verb == "build" and len(m.args) >= 3 and m.args[0] == card))

    def menu_items(self, mine: SeatSnapshot, locale: str) -> list[discord.ui.Item]:
        """*…or choose a tower's placements yourself*: one option per card that can be built."""
        cards = list(dict.fromkeys(m.args[0] for m in mine.moves if m.verb == "build" and len(m.args) >= 3))
        options = [discord.SelectOption(label=clip(t("kr.drill.card_option", locale, tower=tower_name(c, locale)),
                                                     LIMIT), value=f"* {c}", emoji="✏️")
                   for c in cards[:MAX_OPTIONS]]
        return [self.select(mine, "", options, t("kr.drill.menu_placeholder", locale))] if options else []

    def entry_items(self, mine: SeatSnapshot, locale: str, moves: list[ActionInfo]) -> list[discord.ui.Item]:
        """*…or choose the placements yourself*: one option per site x facing of ``moves``."""
        builds = [m for m in moves if m.verb == "build" and len(m.args) >= 3]
        options: list[discord.SelectOption] = []
        seen: set[tuple[str, str]] = set()
        for move in builds:
            site, facing = move.args[1], move.args[2]
            if (site, facing) in seen or len(options) == MAX_OPTIONS:
                continue
            seen.add((site, facing))
            options.append(discord.SelectOption(
                label=clip(t("kr.drill.entry", locale, site=site, facing=facing_word(facing, locale)), LIMIT),
                value=f"+ {site} {facing}", emoji="✏️"))
        if not options:
            return []
        return [self.select(mine, builds[0].args[0], options, t("kr.drill.entry_placeholder", locale))]

    def select(self, mine: SeatSnapshot, card: str, options: list, placeholder: str) -> GameSelect:
        snap = mine.match
        return GameSelect(snap.match_id, snap.version, VERB, arg=f"{mine.view.get('round')}.{card}",
                          options=options, placeholder=clip(placeholder, 150))

    # -- a step --------------------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, mine: SeatSnapshot, arg: str, value: str) -> None:
        locale = locale_of(interaction)
        view = mine.view
        round_, _, card = arg.partition(".")
        op, _, text = value.partition(" ")
        if op == "*" and round_ == str(view.get("round")) and mine.prompted:   # a card: its endings
            card, endings = text.strip(), self.endings(mine, text.strip())
            if len(endings) > 1:
                items = self.entry_items(mine, locale, [m for m in mine.moves if m.verb == "build"
                                                        and m.args[:1] == (card,)])
                await send_ephemeral(interaction, t("kr.drill.where", locale, tower=tower_name(card, locale)),
                                     view=view_of(items))
                return
            op, text = "+", " ".join(endings[0]) if endings else ""
        try:
            draft = Draft(card, *bo.parse_draft(card, text))
        except (IllegalAction, KeyError):
            draft = None
        if (draft is None or round_ != str(view.get("round")) or not mine.prompted
                or bo.start_refusal(view, mine.seat, card, draft.site, draft.facing) is not None):
            raise stale(mine, locale)  # what can be done now, then why (cogs/act_menu.py)
        try:
            if op == "!":
                action = bo.complete(view, mine.seat, card, draft.site, draft.facing, draft.decisions)
                await self.ui.make_move(interaction, mine, format_action(action))
                return
            step = bo.step(view, mine.seat, card, draft.site, draft.facing, draft.decisions)
            if step is None:
                action = bo.build_action(card, draft.site, draft.facing, draft.decisions)
                await self.ui.make_move(interaction, mine, format_action(action))
            elif op.startswith("@"):
                tray, _, page = op[1:].partition(".")
                await self.show_placements(interaction, mine, draft, step, tray, int(page) if page.isdigit() else 0)
            elif op == "#" or len(step.trays) > 1:
                await self.show_trays(interaction, mine, draft, step)
            else:
                await self.show_placements(interaction, mine, draft, step, step.trays[0], 0)
        except IllegalAction as refusal:
            if "choice" not in refusal.params:
                raise
            await self.refused(interaction, mine, draft, refusal)

    def header(self, draft: Draft, step: bo.Step, locale: str) -> tuple[str, list[str]]:
        """The message's title and its first lines: the piece, the choices so far."""
        title = t("kr.drill.title", locale, tower=tower_name(draft.card, locale), site=draft.site,
                  facing=facing_word(draft.facing, locale))
        piece, pieces = step.piece, bo.pieces(draft.card)
        same = [p for p in pieces if p.attack == piece.attack and p.kind == piece.kind]
        if piece.kind == "soldier":
            line = t("kr.drill.soldier", locale, n=piece.number + 1, total=len(same))
        else:
            line = t("kr.drill.tile", locale, n=piece.number + 1, total=len(same), shape=piece.shape.replace("x", "×"))
        if len({p.attack for p in pieces}) > 1:
            line = t("kr.drill.attack", locale, n=piece.attack + 1) + " · " + line
        lines = [f"**{line}**"]
        chosen = [bo.decision_text(p) if p is not None else t("kr.drill.unplaced", locale)
                  for p in step.decisions]
        if chosen:
            lines.append(t("kr.drill.chosen", locale, placements=", ".join(chosen)))
        return title, lines

    def extras(self, draft: Draft, step: bo.Step, locale: str, *, other_tray: bool) -> list[discord.SelectOption]:
        """The choices besides a number or a horde: the rest as suggested, another horde, leave it."""
        out = [discord.SelectOption(label=t("kr.drill.rest", locale), value=draft.value("!", step.decisions),
                                    emoji="✨", description=t("kr.drill.rest_detail", locale))]
        if other_tray and len(step.trays) > 1:
            out.append(discord.SelectOption(label=t("kr.drill.other_tray", locale),
                                            value=draft.value("#", step.decisions), emoji="↩️"))
        if step.skippable:
            out.append(discord.SelectOption(label=t("kr.drill.leave", locale),
                                            value=draft.value("+", list(step.decisions) + [None]), emoji="⏭️"))
        return out

    async def show_trays(self, interaction: discord.Interaction, mine: SeatSnapshot, draft: Draft, step: bo.Step,
                         note: str = "") -> None:
        locale, view = locale_of(interaction), mine.view
        title, lines = self.header(draft, step, locale)
        extras = self.extras(draft, step, locale, other_tray=False)
        options = []
        for tid in step.trays[:MAX_OPTIONS - len(extras)]:
            tray = view["trays"][tid]
            label = t("kr.drill.tray_option", locale, tray=tid, horde=horde_name(tray["card"], locale),
                      cell=tray.get("cell", "?"))
            if tid == step.suggested:
                label += " " + t("kr.drill.suggested", locale)
            count = len(bo.placement_options(view, draft.card, draft.site, draft.facing, step.decisions, tid))
            options.append(discord.SelectOption(label=clip(label, LIMIT), value=draft.value(f"@{tid}", step.decisions),
                                                description=t("kr.drill.n_placements", locale, n=count)))
        lines.append(t("kr.drill.which_tray", locale))
        embed = discord.Embed(title=clip(title, 256), description=clip("\n".join(lines), 4000),
                              colour=discord.Colour(0x2E8B57))
        select = self.select(mine, draft.card, options + extras, t("kr.drill.pick_tray", locale))
        await send_ephemeral(interaction, note, embed=embed, view=view_of([select]))

    async def show_placements(self, interaction: discord.Interaction, mine: SeatSnapshot, draft: Draft,
                              step: bo.Step, tray: str, page: int) -> None:
        locale, view = locale_of(interaction), mine.view
        placements = bo.placement_options(view, draft.card, draft.site, draft.facing, step.decisions, tray)
        if not placements:       # the map changed: nothing of this piece fits there now
            note = "⚠️ " + t("kr.drill.tray_full", locale, tray=tray)
            await self.show_trays(interaction, mine, draft, step, note)
            return
        extras = self.extras(draft, step, locale, other_tray=True)
        size = len(placements) if len(placements) + len(extras) <= MAX_OPTIONS else MAX_OPTIONS - len(extras) - 1
        pages = (len(placements) + size - 1) // size
        page = page % pages
        first = page * size
        shown = placements[first:first + size]
        options = []
        for n, p in enumerate(shown, first + 1):
            label = f"{n}. {cells_text(p.get('cells') or [p.get('cell')])}"
            if n == 1:
                label += " " + t("kr.drill.suggested", locale)
            options.append(discord.SelectOption(label=clip(label, LIMIT),
                                                value=draft.value("+", list(step.decisions) + [p])))
        if pages > 1:
            options.append(discord.SelectOption(label=t("kr.drill.page", locale, page=(page + 1) % pages + 1,
                                                        pages=pages),
                                                value=draft.value(f"@{tray}.{(page + 1) % pages}", step.decisions)))
        pictured = [{"cells": p.get("cells") or [p.get("cell")], "number": n, "suggested": n == 1}
                    for n, p in enumerate(shown, first + 1)]
        covers = bo.draft_covers(view, draft.card, draft.site, draft.facing, step.decisions)  # the choices so far
        drawn = {**view, "trays": {tid: {**t, "cover": covers.get(tid, t["cover"])} for tid, t in view["trays"].items()}}
        renderer = importlib.import_module("render.kr")
        png = await self.ui.host.renderer.run((renderer.horde_png, {"view": drawn, "tray_id": tray, "lang": locale,
                                                                      "options": pictured}))
        title, lines = self.header(draft, step, locale)
        tray_info = view["trays"][tray]
        lines.append(t("kr.drill.numbered", locale, tray=t("kr.drill.tray_option", locale, tray=tray, horde=horde_name(
            tray_info["card"], locale), cell=tray_info.get("cell", "?"))))
        embed = discord.Embed(title=clip(title, 256), description=clip("\n".join(lines), 4000),
                              colour=discord.Colour(0x2E8B57))
        select = self.select(mine, draft.card, options + extras, t("kr.drill.pick_number", locale))
        await send_ephemeral(interaction, embed=embed, view=view_of([select]),
                             file=discord.File(io.BytesIO(png), filename="horde.png"))

    async def refused(self, interaction: discord.Interaction, mine: SeatSnapshot, draft: Draft,
                      refusal: IllegalAction) -> None:
        """A choice of the draft no longer fits the map: say which and why; choose again."""
        locale = locale_of(interaction)
        k = refusal.params["choice"]
        bad = bo.decision_text(draft.decisions[k]) if k < len(draft.decisions) else "?"
        kept = draft.decisions[:k]
        options = [discord.SelectOption(label=t("kr.drill.again", locale), value=draft.value("+", kept), emoji="✏️")]
        if kept:
            options.append(discord.SelectOption(label=t("kr.drill.restart", locale), value=draft.value("+", []),
                                                emoji="🔁"))
        options.append(discord.SelectOption(label=t("kr.drill.rest", locale), value=draft.value("!", kept), emoji="✨",
                                            description=t("kr.drill.rest_detail", locale)))
        text = "⚠️ " + t("kr.drill.no_longer", locale, choice=bad, reason=error_text(refusal, locale))
        select = self.select(mine, draft.card, options, t("kr.drill.pick_again", locale))
        await send_ephemeral(interaction, clip(text, 2000), view=view_of([select]))
