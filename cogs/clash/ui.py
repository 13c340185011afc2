"""The Clash of Decks adapter the host calls: board picture and embed, narration, private
hands and the menus of legal moves. It reads snapshots (views, prompts, the engine's move
metadata), never the stored state."""
from __future__ import annotations

import discord

from gamehost.i18n import t
from gamehost.service import ServiceError
from gamehost.snapshot import SeatSnapshot, Snapshot
from gamehost.workers import RenderJob
from cogs.act_menu import ActMenu
from cogs.host import Host, locale_of, send_ephemeral
from cogs.items import GameButton, GameSelect, view_of
from cogs.move_args import resolve_move
from cogs.ui import PrivateMessage
from cogs.clash.help import card_help
from cogs.clash.words import action_label, card_line, card_name, describe_destination, narrate_events
from cogs.text_split import clip
from render import clash as clash_render

SEAT_COLOURS = (discord.Colour.from_rgb(52, 120, 246), discord.Colour.from_rgb(226, 68, 68))


class ClashUI(ActMenu):
    """The kit's Act menu (cogs/act_menu.py) with Clash's own choices: a card, then where it
    goes, or a deck, a pick, a champion (:meth:`decision_items`), shown by ``/clash menu`` and
    the **Play a card** and **Choose** buttons; **End turn** and **My hand** beside them."""
    game_id = "clash"
    title_key = "game.clash"
    fresh_verbs = {"hand"}  # read-only: works on any board, even a finished match's
    not_yours_key = "clash.ui.not_your_decision"

    def __init__(self, host: Host):
        self.host = host

    # -- images and embeds ---------------------------------------------------------------

    def seat_names(self, snap: Snapshot) -> list[str]:
        """Seated players, then the rulebook AI's seat in a solo game."""
        names = snap.names
        if snap.options.get("mode") == "solo":
            names.append("AI")
        return names

    def board_job(self, snap: Snapshot, locale: str) -> RenderJob:
        return clash_render.board_png, {"view": snap.view, "seat_names": self.seat_names(snap), "lang": locale}

    def board_embed(self, snap: Snapshot, locale: str) -> discord.Embed:
        view = snap.view
        turn_player = view.get("turn_player")
        colour = SEAT_COLOURS[turn_player] if isinstance(turn_player, int) and turn_player < 2 else None
        embed = discord.Embed(title=t("game.clash", locale) + f" · #{snap.match_id}", colour=colour)
        stage = view.get("stage")
        if stage == "play":
            embed.set_footer(text=t("clash.ui.footer_turn", locale, turn=view.get("turn", 1),
                                    player=self.seat_names(snap)[view["turn_player"]],
                                    phase=t(f"clash.ui.phase.{view.get('phase') or 'summon'}", locale)))
        else:
            embed.set_footer(text=t(f"clash.ui.stage.{stage}", locale))
        return embed

    def board_items(self, snap: Snapshot, locale: str) -> list[discord.ui.Item]:
        stage = snap.view.get("stage")
        items: list[discord.ui.Item] = []
        if stage == "play":
            items.append(GameButton(snap.match_id, snap.version, "play", label=t("clash.btn.play", locale),
                                    style=discord.ButtonStyle.primary, emoji="🃏"))
            items.append(GameButton(snap.match_id, snap.version, "end", label=t("clash.btn.end", locale),
                                    style=discord.ButtonStyle.danger, emoji="⚔️"))
        elif stage in ("deck_choice", "draft", "champion"):
            items.append(GameButton(snap.match_id, snap.version, "choose", label=t("clash.btn.choose", locale),
                                    style=discord.ButtonStyle.primary))
        items.append(GameButton(snap.match_id, snap.version, "hand", label=t("clash.btn.hand", locale), emoji="🔒"))
        return items

    def narrate(self, snap: Snapshot, events: list, locale: str, moves=()) -> list[str]:
        """Short sentences for what the public saw happen: players, cards and lanes by name,
        "the AI" for the solo AI. ``moves``: the ``(seat, notation)`` of the moves behind the
        events, for a sentence when the events themselves said nothing."""
        ai_seat = len(snap.names) if snap.options.get("mode") == "solo" else None
        return narrate_events([e for e in events if e.visible_to is None], snap.names, locale,
                              ai_seat=ai_seat, moves=moves)

    # -- private hand --------------------------------------------------------------------

    def private_message(self, mine: SeatSnapshot, locale: str, *, image: bool = True) -> PrivateMessage:
        view, seat = mine.view, mine.seat
        me = view["seats"][seat]
        embed = discord.Embed(title=t("clash.ui.private_title", locale, id=mine.match.match_id),
                              colour=SEAT_COLOURS[seat % 2])
        lines = []
        for index, slot in enumerate(me.get("hand", []), start=1):
            if slot.get("fort"):
                lines.append(f"`{index:>2}` 🏰 **{t('clash.ui.side.' + slot['side'], locale)}**")
            elif slot.get("card"):
                mark = "▶" if slot.get("playable") else "·"
                card = slot["card"]
                lines.append(f"`{index:>2}` {mark} **{card_name(card, locale)}** · {card_help(card, locale, limit=180)}")
        if not lines:
            lines = [t(p.key, locale, **{k: v for k, v in p.params.items() if not isinstance(v, (list, dict))})
                     for p in mine.prompts] or [t("clash.ui.not_your_decision", locale)]
        embed.description = "\n".join(lines)
        if view.get("stage") in ("play", "finished"):  # before the play there is neither yet
            embed.add_field(name=t("clash.ui.health", locale), value=str(me.get("health", "-")))
            embed.add_field(name=t("clash.ui.mana", locale), value=str(me.get("mana", 0)))
        if me.get("champion"):
            champ = me["champion"]
            embed.add_field(name=t("clash.ui.champion", locale),
                            value=f"{card_name(champ['card'], locale)} · {champ['state']}")
        if view.get("draft"):
            embed.add_field(name=t("clash.ui.revealed", locale), inline=False,
                            value="\n".join(card_line(c, locale) for c in view["draft"]["revealed"]) or "-")
        png_job = sheet_job = None
        if image:  # each stage has its sheet: the hand in the play, the choice in front of the seat before it
            sheet_job = (clash_render.private_png, {"view": view, "seat": seat,
                                                    "seat_names": self.seat_names(mine.match), "lang": locale})
        # By DM, not the draft's sheet: the draft's DM must reach the picker at every pick (its
        # select is tied to the pick), and the host DMs a picture only when the seat's own part
        # of the view changed (cogs/private_views.py private_digest_of), which the other seat's pick does
        # not; the DM lists the revealed cards in its text. Asked for (My hand, /clash view),
        # every stage's sheet comes.
        if view.get("stage") != "draft":
            png_job = sheet_job
        return PrivateMessage(embed=embed, png_job=png_job, view=view_of(self.decision_items(mine, locale)),
                              pages_job=sheet_job)

    def move_label(self, mine: SeatSnapshot, move: str, locale: str) -> str:
        """A move in words, as the menus name it: the card and where it goes (Play a card's
        two selects), or the pick, deck or champion (Choose)."""
        info = mine.info(move)
        if info.verb != "play" or not info.subject:
            return action_label(info, locale)
        try:
            where = describe_destination(mine.match.view, self.seat_names(mine.match), move, locale)
        except (KeyError, ValueError, TypeError):  # a card that goes nowhere in particular
            return card_name(info.subject, locale)
        return f"{card_name(info.subject, locale)} → {where}"

    # -- decisions -----------------------------------------------------------------------

    def card_id(self, mine: SeatSnapshot, card: str) -> str:
        """``champion`` stands for this seat's champion card."""
        if card != "champion":
            return card
        champ = mine.view["seats"][mine.seat].get("champion") or {}
        return champ.get("card", card)

    def card_label(self, mine: SeatSnapshot, card: str, locale: str) -> str:
        name = card_name(self.card_id(mine, card), locale)
        return f"★ {name}" if card == "champion" else name

    def playable_cards(self, mine: SeatSnapshot) -> list[str]:
        """The cards (or ``champion``) this seat may play now, each once, in a stable order."""
        return sorted({m.args[0] for m in mine.moves if m.command == "play" and m.args})

    def destinations(self, mine: SeatSnapshot, card: str) -> list[tuple[str, str]]:
        """``(move, destination)`` for every legal way to play ``card`` (or the moves whose
        first menu step is ``card``: menus drawn before 2026-11 sent ``play <card>``)."""
        return [(m.text, m.rest) for m in mine.moves
                if m.command == "play" and (m.args[:1] == (card,) or m.head == card)]

    def decision_items(self, mine: SeatSnapshot, locale: str) -> list[discord.ui.Item]:
        """A select of what this seat may do now, for DMs and ephemeral replies."""
        snap = mine.match
        if not mine.legal:
            return []
        if snap.view.get("stage") == "play":
            cards = self.playable_cards(mine)
            if not cards:
                return []
            options = [discord.SelectOption(label=clip(self.card_label(mine, c, locale), 100), value=c[:100],
                                            description=card_help(self.card_id(mine, c), locale))
                       for c in cards[:25]]
            return [GameSelect(snap.match_id, snap.version, "card", options=options,
                               placeholder=t("clash.ui.pick_card", locale))]
        if len(mine.legal) > 25:
            return []
        options = [discord.SelectOption(label=clip(action_label(m, locale), 100), value=m.text[:100])
                   for m in mine.moves]
        return [GameSelect(snap.match_id, snap.version, "do", options=options,
                           placeholder=t("clash.ui.choose", locale))]

    async def show_menu(self, interaction: discord.Interaction, mine: SeatSnapshot) -> None:
        """What this seat may choose now, privately; when no card is playable, a note that
        **End turn** is what is left."""
        locale = locale_of(interaction)
        items = self.decision_items(mine, locale)
        if not items:
            key = "clash.ui.nothing_playable" if mine.legal else self.not_yours_key
            await send_ephemeral(interaction, t(key, locale))
            return
        await send_ephemeral(interaction, t("clash.ui.choose_prompt", locale), view=view_of(items))

    async def on_game_component(self, interaction: discord.Interaction, snap: Snapshot, mine: SeatSnapshot,
                                verb: str, arg: str, values: list[str]) -> None:
        if verb == "hand":
            await self.host.send_private(snap, mine.seat, interaction, ephemeral=True)
        elif verb == "end":  # the /clash end command's move
            await self.make_move(interaction, mine, resolve_move(mine, "end", ()), expected_version=snap.version)
        elif verb in ("play", "choose"):
            await self.show_menu(interaction, mine)
        elif verb == "card":
            await self.play_card(interaction, mine, values[0])
        elif verb == "do":
            await self.make_move(interaction, mine, values[0] if values else arg, expected_version=snap.version)
        else:
            raise ServiceError("not_allowed")

    async def play_card(self, interaction: discord.Interaction, mine: SeatSnapshot, card: str) -> None:
        """A card picked: played at once where it can go one way only, else a select of where."""
        snap, locale = mine.match, locale_of(interaction)
        options = self.destinations(mine, card)
        if len(options) == 1:
            await self.make_move(interaction, mine, options[0][0], expected_version=snap.version)
            return
        if not options:
            await send_ephemeral(interaction, t("host.stale_board", locale))
            return
        names = self.seat_names(snap)
        select = [discord.SelectOption(label=clip(describe_destination(snap.view, names, move, locale), 100),
                                       value=move[:100]) for move, _dest in options[:25]]
        card = mine.info(options[0][0]).args[0]  # the card, or ``champion``
        await send_ephemeral(interaction, t("clash.ui.where", locale, card=self.card_label(mine, card, locale)),
                             view=view_of([GameSelect(snap.match_id, snap.version, "do", options=select,
                                                      placeholder=t("clash.ui.where_short", locale))]))
