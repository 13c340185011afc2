"""The Cloudspire adapter the host calls: board picture and embed, narration, private views
(stacks, relics, landmark peeks), drill-down menus of legal moves and the board's buttons.
It reads snapshots (views, prompts, the engine's move metadata), never the stored state."""
from __future__ import annotations

import discord

from engine.base import ActionInfo
from engine.cloudspire.content import load
from gamehost.i18n import t
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob
from cogs import choices
from cogs.act_menu import ActMenu
from cogs.cloudspire import designed
from cogs.cloudspire.words import Board, arg_label, content_name, move_label, narrate_events, word_label
from cogs.host import Host
from cogs.items import GameButton, GameSelect, view_of
from cogs.ui import PrivateMessage
from cogs.text_split import clip
from render import cloudspire as cloudspire_render

FACTION_COLOURS = {"grey": (150, 150, 160), "green": (70, 160, 90), "purple": (150, 90, 200),
                   "blue": (70, 130, 220)}


def faction_colour(faction: str | None) -> discord.Colour | None:
    rgb = FACTION_COLOURS.get(load()["factions"].get(faction, {}).get("colour")) if faction else None
    return discord.Colour.from_rgb(*rgb) if rgb else None


class CloudspireUI(ActMenu):
    game_id = "cloudspire"
    title_key = "game.cloudspire"
    # Buttons that only open a private view or a menu of the current choices work on any
    # board message; buttons that make a move check the board's version.
    fresh_verbs = {"view", "menu"}
    # the Act menu's words where Cloudspire says them its own way
    choose_key = "cloudspire.ui.choose"
    done_key = "cloudspire.ui.done"
    default_key = "cloudspire.btn.default"
    not_yours_key = "cloudspire.ui.not_your_decision"
    must_choose_key = "cloudspire.ui.must_choose"

    def __init__(self, host: Host):
        self.host = host

    def seat_names(self, snap: Snapshot) -> list[str]:
        return snap.names

    def board(self, mine: SeatSnapshot) -> Board:
        return Board(mine.view, mine.match.names)

    # -- public board --------------------------------------------------------------------

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        return cloudspire_render.board_png, {"view": snap.view, "seat_names": snap.names, "lang": locale}

    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed:
        view = snap.view
        colour = faction_colour(view["factions"][view["active"][0]]) if view["active"] else None
        embed = discord.Embed(title=t("game.cloudspire", locale) + f" · #{snap.match_id}", colour=colour)
        embed.set_footer(text=t("cloudspire.ui.footer", locale, wave=view["wave"], last=view["last_wave"],
                                phase=t(f"cloudspire.phase.{view['phase']}", locale), round=view["round"]))
        if view.get("designed"):  # CS-DM: the objective as it stands, and the wave count
            self.add_objective(embed, view, locale)
        return embed

    def add_objective(self, embed: discord.Embed, view: dict, locale: str) -> None:
        block = view["designed"]
        eid = "endless" if block.get("mode") == "endless" else block.get("encounter")
        title = designed.encounter_label(eid, locale) if eid in ("endless", *designed.ENCOUNTERS) else "?"
        wave = (t("cloudspire.dm.board.wave_endless", locale, wave=block.get("wave", view["wave"]))
                if block.get("mode") == "endless"
                else t("cloudspire.dm.board.wave", locale, wave=block.get("wave", view["wave"]), last=view["last_wave"]))
        embed.add_field(name=f"🎯 {title}", value=f"{designed.progress_words(block, locale)}\n{wave} · "
                        f"{designed.difficulty_word(block.get('difficulty'), locale)}", inline=False)

    # -- lobbies and the match history (cogs/host.py, cogs/lobby.py: optional) ------------------

    def lobby_fields(self, options: dict, locale: str) -> list[tuple[str, str]]:
        """A designed mode's lobby explained in words (CS-DM): encounter and story, who plays,
        the objective, the difficulty."""
        return designed.lobby_fields(options, locale)

    def history_words(self, options: dict, result: dict, locale: str) -> str | None:
        """``/match history``'s words for a designed game: mode, encounter, difficulty and result."""
        return designed.history_words(options, result, locale)

    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]:
        return [GameButton(snap.match_id, snap.version, "menu", label=t("cloudspire.btn.act", locale),
                           style=discord.ButtonStyle.primary, emoji="🎯"),
                GameButton(snap.match_id, snap.version, "next", label=t("host.btn.continue", locale), emoji="⏭️"),
                GameButton(snap.match_id, snap.version, "view", label=t("host.btn.view", locale), emoji="🔒")]

    def narrate(self, snap: Snapshot, events: list, locale: str, moves=()) -> list[str]:
        """Short sentences for what the public saw happen, players, units, spires and
        landmarks by name. ``moves``: the ``(seat, notation)`` of the moves behind the events:
        a move with no event of its own (Continue to the next step) still gets a sentence."""
        return narrate_events(Board(snap.view, snap.names), [e for e in events if e.visible_to is None], locale,
                              moves=moves)

    # -- private view --------------------------------------------------------------------

    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage:
        view, seat = mine.view, mine.seat
        board = self.board(mine)
        me = view["players"][seat]
        embed = discord.Embed(title=t("cloudspire.ui.private_title", locale, id=mine.match.match_id),
                              colour=faction_colour(me["faction"]))
        lines = []
        for prompt in mine.prompts:
            params = {k: v for k, v in prompt.params.items() if not isinstance(v, (list, dict))}
            lines.append("👉 " + t(prompt.key, locale, **params))
        if not lines:
            lines.append(t("cloudspire.ui.waiting", locale))
        peek = (view.get("turn") or {}).get("peek")
        if peek:
            lines.append(t("cloudspire.ui.peek", locale, pos=peek["pos"], type=content_name(peek["type"], locale),
                           detail=self.landmark_detail(peek["type"], locale)))
        known = [lm for lm in view["landmarks"] if lm.get("known") and not lm.get("revealed")]
        if known:
            lines.append(t("cloudspire.ui.known", locale, landmarks=", ".join(
                f"{lm['pos']} {content_name(lm['type'], locale)}" for lm in known)))
        prep = view.get("prep") or {}
        if prep.get("own"):
            entries = [" + ".join(content_name(x, locale) for x in e["types"]) for e in prep["own"]]
            lines.append(t("cloudspire.ui.stack_building", locale, entries=" › ".join(entries)))
        own_stack = view["stacks"][seat].get("entries") or []
        if own_stack:
            lines.append(t("cloudspire.ui.stack_locked", locale, entries=" › ".join(
                content_name(u["type"], locale) for u in own_stack)))
        for s, entries in (prep.get("earlier") or {}).items():
            lines.append(t("cloudspire.ui.stack_earlier", locale, seat=board.seat(int(s), locale),
                           entries=" › ".join(" + ".join(content_name(x, locale) for x in e.get("types", []))
                                              for e in entries)))
        if me.get("relics"):
            lines.append(t("cloudspire.ui.relics", locale, relics=", ".join(
                content_name(r, locale) for r in me["relics"])))
        policy = me.get("policy") or {}
        if policy:
            lines.append(t("cloudspire.ui.policies", locale, **{k: t(f"cloudspire.policy.{k}.{v}", locale)
                                                                   for k, v in policy.items()}))
        embed.description = "\n".join(lines)
        embed.add_field(name=t("cloudspire.ui.source", locale), value=f"{me['source']}/{me['cap']}")
        embed.add_field(name=t("cloudspire.ui.gate", locale), value=str(me["gate"]))
        if view["phase"] == "prep":
            embed.add_field(name="CP", value=str(me["cp"]))
        png_job = (cloudspire_render.private_png, {"view": view, "seat": seat, "seat_names": mine.match.names,
                                                   "lang": locale}) if image else None
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(self.decision_items(mine, locale)))

    def landmark_detail(self, landmark: str, locale: str) -> str:
        lm = load()["landmarks"].get(landmark, {})
        kind = t(f"cloudspire.ui.landmark_kind.{lm.get('kind', 'inert')}", locale)
        return f"{kind}, ❤{lm['hp']}" if lm.get("hp") else kind

    def arg_label(self, mine: SeatSnapshot, move: ActionInfo, index: int, locale: str) -> str:
        """The autocomplete label of argument ``index`` of ``move``, by its kind."""
        return arg_label(self.board(mine), move.kinds[index], move.args[index], locale)

    def act_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """``/cloudspire act``'s suggestion: the notation, then the move in words."""
        return f"{move} — {move_label(self.board(mine), move, locale)}"

    # -- menus: the Act menu (cogs/act_menu.py) a word at a time ---------------------------

    def menu_items(self, mine: SeatSnapshot, locale: str, page: int = 0) -> list[discord.ui.Item]:
        return self.level_items(mine, locale, (), page)

    def next_items(self, mine: SeatSnapshot, locale: str, value: str) -> list[discord.ui.Item]:
        if value.startswith(">"):
            return self.level_items(mine, locale, *choices.decode_level(value))
        return super().next_items(mine, locale, value)

    def level_items(self, mine: SeatSnapshot, locale: str, prefix: tuple[str, ...] = (),
                    page: int = 0) -> list[discord.ui.Item]:
        """One level of the drill-down (cogs/choices.py): the next words of the legal moves
        after ``prefix``, each labelled for what it names (a unit, a hex, a spire...); a word
        that completes a move makes it. A build has more steps (type, hex, order) than the
        kit's two levels of first steps and endings."""
        if not mine.legal:
            return []
        snap = mine.match
        board = self.board(mine)
        menu = choices.level(mine.legal, prefix, page)
        options = []
        for option in menu.options:
            words = list(menu.prefix) + [option.word]
            label = word_label(board, words, len(words) - 1, locale)
            description = move_label(board, option.value[1:], locale) if option.complete else None
            options.append(discord.SelectOption(label=clip(label, 100), value=option.value[:100],
                                                description=clip(description, 100) if description else None))
        if menu.more:
            options.append(discord.SelectOption(label=t("host.menu.more", locale),
                                                value=choices.encode_level(menu.prefix, page + 1)))
        if not options:
            return []
        placeholder = (t(self.choose_key, locale) if not menu.prefix
                       else move_label(board, " ".join(menu.prefix), locale) + " …")
        return [GameSelect(snap.match_id, snap.version, "pick", options=options,
                           placeholder=clip(placeholder, 150))]

    def decision_items(self, mine: SeatSnapshot, locale: str) -> list[discord.ui.Item]:
        """The kit's menu, Continue and Default; a landmark's peek is answered with two buttons."""
        snap = mine.match
        if mine.legal and {m.command for m in mine.moves} == {"peek"}:  # reveal or keep face down
            return [GameButton(snap.match_id, snap.version, "do", arg=m.text,
                               label=t(f"cloudspire.btn.{m.text}", locale),
                               style=discord.ButtonStyle.success if m.text == "reveal" else discord.ButtonStyle.secondary,
                               emoji="👁️" if m.text == "reveal" else "🙈") for m in mine.moves]
        return super().decision_items(mine, locale)

    async def on_game_component(self, interaction: discord.Interaction, snap: Snapshot, mine: SeatSnapshot,
                                verb: str, arg: str, values: list[str]) -> None:
        if verb != "do":  # a peek's answer
            raise ServiceError("not_allowed")
        await self.make_move(interaction, mine, arg, expected_version=snap.version)
