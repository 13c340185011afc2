"""The Kingdom Rush adapter the host calls: the board embed and picture, narration, the team's
hands (public in this co-operative game), the board's buttons, the drill-down Act menu and
the horde close-up. It reads snapshots (views, prompts, the engine's move metadata), never
the stored state.

Moves carry the slash-command arguments the engine's verb table gives them
(``ActionInfo.args``, labelled by their ``kinds``): ``build CARD SITE FACING PLACEMENTS``,
``pass CARD SEAT [VARIANT]``, ``hero FIGURE ACTION``, ``spell SPELL DETAILS``, ``exclude COLOUR``,
``propose BUYS``. A value longer than Discord's 100 characters (a hero action with its
placements and choice) travels as a short token (cogs/move_args.py ``token``) that names the
legal move it came from.

The Act menu is the kit's (cogs/act_menu.py: **Act** opens, privately, a select of the first
steps, the engine's ``ActionInfo.head``: *Build Archer Tower L1*, *Lilith*, *Done*; a step that
is a whole move is made at once, any other opens one select of its endings, paged past 25).
This game gives its words (a first step as the whole move when it is one, with its number of
endings; a build's site, facing and placements; the hero's path, facing and action), no
Continue or Default beside the menu (the board's **Done** continues) and ``pick`` as a fresh
verb: in simultaneous play a team-mate's move does not make the menu stale, the engine judges
the picked move against the map as it is. Beside the first steps and beside a build's endings
a second select starts the drill-down that chooses a build's placements piece by piece
instead of the suggested ones (cogs/kr/drill.py)."""
from __future__ import annotations

import importlib
import io

import discord

from engine.base import ActionInfo, IllegalAction
from gamehost.i18n import t
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob
from cogs.act_menu import MAX_OPTIONS, PAGE, ActMenu, clip
from cogs.host import Host, locale_of, send_ephemeral
from cogs.items import GameButton, view_of
from cogs.kr.drill import VERB as DRILL, Drill
from cogs.kr.words import (Board, arg_label, buys_of, buys_text, displacement_line, hero_name, hero_rest, move_label,
                           narrate_events, prompt_text, result_text, tower_name)
from cogs.ui import PrivateMessage

RENDER_MODULE = "render.kr"


def renderer():
    return importlib.import_module(RENDER_MODULE)


def pages():
    """The seat's whole picture set (render/kr/pages.py: hand and hero sheets)."""
    return importlib.import_module(RENDER_MODULE + ".pages")


class KrUI(ActMenu):
    game_id = "kr"
    title_key = "game.kr"
    choose_key = "kr.ui.choose"
    done_key = "kr.ui.done_note"
    not_yours_key = "kr.ui.not_your_decision"
    # reading buttons, and moves the engine judges against the map as it is now (a team-mate's
    # move in simultaneous play does not make them stale)
    fresh_verbs = {"view", "menu", "pick", "done", DRILL}

    def __init__(self, host: Host):
        self.host = host
        self.drill = Drill(self)

    def seat_names(self, snap: Snapshot) -> list[str]:
        return snap.names

    def board(self, mine: SeatSnapshot) -> Board:
        return Board(mine.view, mine.match.names, mine.seat)

    # -- public board --------------------------------------------------------------------

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        return renderer().board_png, {"view": snap.view, "seat_names": snap.names, "lang": locale}

    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed:
        view = snap.view
        board = Board(view, snap.names)
        embed = discord.Embed(title=t("game.kr", locale) + f" · #{snap.match_id}",
                              colour=discord.Colour(0x2E8B57))
        portals = view.get("portals") or {}
        embed.add_field(name=t("kr.ui.status", locale, round=view.get("round"), phase=self.phase_word(view, locale)),
                        value=t("kr.ui.status_line", locale, hearts=view.get("hearts"), crystals=view.get("crystals"),
                                destroyed=portals.get("destroyed", 0), total=portals.get("total", 0),
                                soldiers=view.get("soldiers")), inline=False)
        for seat in range(len(view.get("seats") or [])):
            embed.add_field(name=clip(self.seat_title(board, seat, locale), 256),  # side by side
                            value=clip(self.hand_text(board, seat, locale), 1024), inline=True)
        question = displacement_line(board, locale)
        if question and snap.status == "active":   # KR-SPN-7, KR-AMB-61: who is asked, and about what
            embed.add_field(name="⏳", value=clip(question, 1024), inline=False)
        if snap.status == "finished":
            result = snap.result or {}
            won = bool(result.get("winners"))
            outcome = "victory" if won else "defeat"
            embed.add_field(name="🏁", value=result_text(outcome, result.get("reason"), locale), inline=False)
        embed.set_footer(text=self.footer(snap, board, locale))
        return embed

    def result_words(self, result: dict, locale: str) -> str:
        """The co-operative result in words, for the host's game-over line and the match
        history (an empty winner list is the team's defeat here, not a draw)."""
        return result_text("victory" if result.get("winners") else "defeat", result.get("reason"), locale)

    def phase_word(self, view: dict, locale: str) -> str:
        return t(f"kr.ui.phase.{view.get('phase')}", locale)

    def seat_title(self, board: Board, seat: int, locale: str) -> str:
        p = board.view["seats"][seat]
        colours = ", ".join(t(f"kr.colour.{c}", locale) for c in p.get("colours") or [])
        done = " ✅" if p.get("done") else ""
        return f"{board.seat(seat, locale)} · {hero_name(p.get('hero', ''), locale)} · {colours}{done}"

    def hand_text(self, board: Board, seat: int, locale: str) -> str:
        p = board.view["seats"][seat]
        hand = ", ".join(tower_name(c, locale) for c in p.get("hand") or []) or "—"
        lines = [t("kr.ui.hand", locale, n=len(p.get("hand") or []), cards=hand)]
        if p.get("pending"):
            lines.append(t("kr.ui.pending", locale, cards=", ".join(tower_name(c, locale) for c in p["pending"])))
        return "\n".join(lines)

    def footer(self, snap: Snapshot, board: Board, locale: str) -> str:
        if snap.status != "active":
            return t("kr.ui.phase.over", locale)
        waiting = ", ".join(board.seat(s, locale) for s in snap.waiting) or "—"
        proposal = next((p.params.get("proposal") for p in snap.prompts if p.params.get("proposal")), None)
        text = t("kr.ui.footer", locale, phase=self.phase_word(snap.view, locale), players=waiting)
        if proposal:
            text += " · " + t("kr.ui.proposal", locale, proposal=buys_text(board, buys_of(proposal), locale))
        return text

    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]:
        return [GameButton(snap.match_id, snap.version, "menu", label=t("kr.btn.act", locale),
                           style=discord.ButtonStyle.primary, emoji="🎯"),
                GameButton(snap.match_id, snap.version, "done", label=t("kr.btn.done", locale), emoji="✅"),
                GameButton(snap.match_id, snap.version, "view", label=t("host.btn.view", locale), emoji="🔒")]

    def narrate(self, snap: Snapshot, events: list, locale: str, moves=()) -> list[str]:
        return narrate_events(Board(snap.view, snap.names), [e for e in events if e.visible_to is None], locale,
                              moves=moves)

    # -- the team's hands (public) ----------------------------------------------------------

    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage:
        board = self.board(mine)
        embed = discord.Embed(title=t("kr.ui.team_title", locale, id=mine.match.match_id),
                              colour=discord.Colour(0x2E8B57))
        lines = []
        for prompt in mine.prompts:
            lines.append("👉 " + prompt_text(board, prompt, locale))
        if not mine.prompts:
            lines.append(self.not_yours(mine.match, locale))
        embed.description = clip("\n".join(lines), 4000)
        for seat in range(len(board.view.get("seats") or [])):
            title = ("➤ " if seat == mine.seat else "") + self.seat_title(board, seat, locale)
            embed.add_field(name=clip(title, 256),
                            value=clip(self.hand_text(board, seat, locale), 1024), inline=False)
        png_job = pages_job = None
        if image:  # the hand sheet by DM; the hand and hero sheets when the player asks
            drawn = {"view": mine.view, "seat": mine.seat, "seat_names": mine.match.names, "lang": locale}
            png_job, pages_job = (renderer().private_png, drawn), (pages().private_pngs, drawn)
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(self.decision_items(mine, locale)),
                              pages_job=pages_job)

    # -- the Act menu (cogs/act_menu.py): this game's words and the drill-down beside it ------

    def head_label(self, mine: SeatSnapshot, head: str, moves: list[ActionInfo], locale: str) -> tuple[str, str]:
        """A first step in words (the whole move when it is one), and how many endings it has."""
        label = move_label(self.board(mine), moves[0].text if len(moves) == 1 else head, locale)
        return label, t("kr.ui.choices", locale, n=len(moves)) if len(moves) > 1 else ""

    def rest_label(self, mine: SeatSnapshot, move: ActionInfo, locale: str) -> str:
        if move.verb == "hero":
            return hero_rest(move.rest, locale) or move.rest
        if move.verb == "build" and len(move.args) >= 3:   # card, site, facing[, placements]
            return t("kr.ui.build_rest", locale, site=move.args[1], facing=t(f"kr.facing.{move.args[2]}", locale),
                     placements=" ".join(move.args[3:]) or "—")
        return move.rest or move.text

    def menu_items(self, mine: SeatSnapshot, locale: str, page: int = 0) -> list[discord.ui.Item]:
        """The kit's first steps and, beside them, choose a tower's placements (cogs/kr/drill.py)."""
        items = super().menu_items(mine, locale, page)
        return [*items, *self.drill.menu_items(mine, locale)] if items else []

    def rest_items(self, mine: SeatSnapshot, locale: str, head: str, page: int = 0) -> list[discord.ui.Item]:
        """The kit's endings and, beside a build's, choose its placements (cogs/kr/drill.py)."""
        items = super().rest_items(mine, locale, head, page)
        moves = self.heads(mine).get(head, [])
        if items and moves[0].verb == "build":
            shown = moves if len(moves) <= MAX_OPTIONS else moves[page * PAGE:(page + 1) * PAGE]
            items += self.drill.entry_items(mine, locale, shown)
        return items

    def decision_items(self, mine: SeatSnapshot, locale: str) -> list[discord.ui.Item]:
        """The menu alone: the board's Done button continues (no Continue, no Default here)."""
        return self.menu_items(mine, locale) if mine.legal else []

    def no_continue(self, mine: SeatSnapshot, locale: str) -> str:
        return self.not_yours(mine.match, locale)

    def act_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """``/kr act``'s suggestion: the move in words, then its notation."""
        return f"{move_label(self.board(mine), move, locale)} — {move}"

    def arg_label(self, mine: SeatSnapshot, move: ActionInfo, index: int, locale: str) -> str:
        """The autocomplete label of argument ``index`` of ``move`` (cogs/move_args.py)."""
        return arg_label(self.board(mine), move, index, locale)

    async def on_game_component(self, interaction: discord.Interaction, snap: Snapshot, mine: SeatSnapshot,
                                verb: str, arg: str, values: list[str]) -> None:
        """``done``: the board's Done (the seat's continue move, judged against the map as it
        is now); ``drill``: a step of the placements drill-down."""
        if verb == "done":
            await self.continue_(interaction, mine)
        elif verb == DRILL:
            await self.drill.on_component(interaction, mine, arg, values[0])
        else:
            raise ServiceError("not_allowed")

    # -- the horde close-up ----------------------------------------------------------------

    def tray_options(self, mine: SeatSnapshot, tray: str, card: str | None = None) -> list[tuple[str, list]]:
        """The caller's listed legal moves placing something on ``tray`` (those of ``card``
        when given): each with the card squares it covers there."""
        engine, out = mine._engine, []
        for move in mine.moves:
            if move.verb not in ("build", "hero", "spell") or (card and move.args[:1] != (card,)):
                continue
            action = engine.parse_action(move.text)
            groups = action.get("attacks") or [action.get("placements") or []]
            cells: list[list[int]] = []
            for p in (p for group in groups for p in group if p.get("tray") == tray):
                cells += p.get("cells") or ([p["cell"]] if "cell" in p else [])
            if cells:
                out.append((move.text, cells))
        return out

    async def horde_message(self, interaction: discord.Interaction, mine: SeatSnapshot, tray: str,
                            card: str | None) -> None:
        locale = locale_of(interaction)
        if tray not in (mine.view.get("trays") or {}):
            raise IllegalAction("kr.err.no_such_tray", f"no tray {tray!r}", tray=tray)
        options = self.tray_options(mine, tray, card)[:20]
        png = await self.host.renderer.run((renderer().horde_png, {"view": mine.view, "tray_id": tray, "lang": locale,
                                                                     "options": [c for _, c in options] or None}))
        board = self.board(mine)
        lines = [board.tray(tray, locale)]
        lines += [f"**{i}.** {clip(move_label(board, m, locale), 180)}\n`{clip(m, 300)}`"
                  for i, (m, _) in enumerate(options, 1)]
        if not options:
            lines.append(t("kr.ui.no_options", locale))
        embed = discord.Embed(title=t("kr.ui.horde_title", locale, tray=tray), description=clip("\n".join(lines), 4000))
        await send_ephemeral(interaction, embed=embed, file=discord.File(io.BytesIO(png), filename="horde.png"))
