"""One seat's private picture, from that seat's own view: its deployment stack in order,
the minions under its groups, the landmarks only it knows, its relics and standing
policies, then its fortress reserves (beside the barracks, heroes out, barracks) in the same
words as its card on the board. Private fields are used only when ``view["viewer"]`` is
that seat. PRIVATE_W wide, no string smaller than P_BODY (9 px capitals at phone width),
every line wrapped rather than cut."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import BG, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box

from .cards import barracks_text
from .names import any_name, faction_name, label, landmark_facts, name, policy_name, unit_facts, unit_name
from .sprites import draw_landmark, draw_unit
from .style import CHIPS, MAT_EDGE, faction_of, min_font, player, section, seat_style, to_int
from .text import line_height, wrap

PRIVATE_W = 640  # narrow, so a phone shrinks it less
P_BODY = min_font(PRIVATE_W)  # 21: nothing is smaller
P_NAME = P_BODY + 3
P_TITLE = P_BODY + 5
TOKEN_H = 32
CAPTION_X = 22
CAPTION_W = 76
TOKEN_X = CAPTION_X + CAPTION_W + 34
TEXT_X = TOKEN_X + 42
RIGHT = PRIVATE_W - 24
ROW_PAD = 10
DOT = "  \u00b7  "


def _pseudo_unit(seat, types: list, eq: list | None, kind: str) -> dict:
    """A unit dict for a stack entry that is not on the map yet (Prep)."""
    t = types[0] if types else None
    hp = unit_facts(t)[1]
    return {"owner": seat, "type": t, "kind": kind, "hp": hp, "max_hp": hp, "side": "basic", "up": {},
            "eq": list(eq or []), "grouped": len(types) > 1, "members": list(types[1:])}


def _unit_row(u: dict, caption: str, lang: str, show_members: bool) -> tuple:
    bits = [label("private.health_of", lang, hp=to_int(u.get("hp")), max=to_int(u.get("max_hp"))),
            label("word.hero" if u.get("kind") == "hero" else "word.minion", lang)]
    if u.get("side") == "promoted":
        bits.append(label("word.promoted", lang))
    ups = u.get("up") or {}
    upt = " ".join(f"{CHIPS[k]['letter']}{to_int(ups.get(k))}" for k in "afr" if to_int(ups.get(k)))
    if upt:
        bits.append(label("private.upgrades", lang, chips=upt))
    if u.get("eq"):
        bits.append(label("private.equipped", lang, names=", ".join(name("market", x, lang) for x in u["eq"])))
    mem = u.get("members")
    if show_members and isinstance(mem, list) and mem:
        bits.append(label("private.with", lang, names=", ".join(unit_name(t, lang) for t in mem)))
    return ("unit", u, caption, unit_name(u.get("type"), lang), DOT.join(bits))


def _caption(i: int, lang: str) -> str:
    return label("private.top", lang) if i == 0 else label("private.nth", lang, n=i + 1)


def private_sections(view: dict, seat: int, lang: str) -> list[tuple[str, list]]:
    """[(title, rows)]; rows are ("unit", unit, caption, title, details),
    ("lm", landmark, caption, title, details) or ("text", str, colour)."""
    own = view.get("viewer") == seat and isinstance(seat, int)
    sections: list[tuple[str, list]] = []
    prep = section(view, "prep")
    rows = _stack_rows(view, seat, own, prep, lang)
    if rows:
        sections.append((label("private.title.stack", lang), rows))
    if own and isinstance(prep.get("earlier"), dict) and prep["earlier"]:
        sections += _locked_stacks(view, prep["earlier"], lang)
    rows = []
    for u in view.get("units") or []:
        if not isinstance(u, dict) or to_int(u.get("owner"), -1) != seat:
            continue
        mem = u.get("members") if own else None
        if u.get("grouped") and isinstance(mem, list) and mem:
            rows.append(_unit_row(u, str(u.get("pos")), lang, True))
    if rows:
        sections.append((label("private.title.groups", lang), rows))
    rows = _landmark_rows(view, own, lang)
    if rows:
        sections.append((label("private.title.landmarks", lang), rows))
    p = player(view, seat) if isinstance(seat, int) else {}
    rows = []
    if own:
        for r in p.get("relics") or []:
            rows.append(("text", name("relics", r, lang), TEXT))
    if rows:
        sections.append((label("private.title.relics", lang), rows))
    if own and isinstance(p.get("policy"), dict) and p["policy"]:
        sections.append((label("private.title.policies", lang),
                         [("text", label(f"private.policy.{k}", lang, value=policy_name(k, v, lang)), TEXT_SOFT)
                          for k, v in p["policy"].items()]))
    if not sections:
        sections.append((label("private.title.nothing", lang), [("text", label("private.nothing", lang), TEXT_SOFT)]))
    rows = _fortress_rows(p, lang)
    if rows:
        sections.append((label("private.title.fortress", lang), rows))
    return sections


def _stack_rows(view: dict, seat: int, own: bool, prep: dict, lang: str) -> list:
    """The seat's deployment stack: every entry in order (its own view), else the top and the
    height, else (Prep) the stack being assembled with the CP paid for each entry."""
    stacks = {to_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    rows: list = []
    entries = sk.get("entries") if own else None
    if isinstance(entries, list) and entries:
        for i, u in enumerate(entries):
            if isinstance(u, dict):
                rows.append(_unit_row(u, _caption(i, lang), lang, True))
    elif to_int(sk.get("height")):
        top = sk.get("top") if isinstance(sk.get("top"), dict) else None
        if top:
            rows.append(_unit_row(top, _caption(0, lang), lang, own))
        rows.append(("text", label("private.stack_units", lang, n=to_int(sk.get("height"))), TEXT_SOFT))
    elif own and prep.get("own"):
        for i, e in enumerate(prep["own"]):
            if not isinstance(e, dict):
                continue
            u = _pseudo_unit(seat, list(e.get("types") or []), e.get("eq"), "hero" if e.get("k") == "hero" else "minion")
            row = _unit_row(u, _caption(i, lang), lang, True)
            paid = sum(to_int(x) for x in e.get("paid") or [])
            rows.append(row[:4] + (row[4] + DOT + label("private.cp_paid", lang, n=paid),))
        if seat not in (prep.get("locked") or []):
            rows.append(("text", label("private.assembling", lang), TEXT_SOFT))
    return rows


def _locked_stacks(view: dict, earlier: dict, lang: str) -> list[tuple[str, list]]:
    """One section per stack locked earlier in Prep, by seat."""
    sections = []
    for s_, ents in sorted(earlier.items()):
        rows = []
        for i, e in enumerate(ents or []):
            if isinstance(e, dict):
                u = _pseudo_unit(to_int(s_), list(e.get("types") or []), e.get("eq"),
                                 "hero" if e.get("k") == "hero" else "minion")
                rows.append(_unit_row(u, _caption(i, lang), lang, True))
        if not rows:
            rows.append(("text", label("private.empty", lang), TEXT_SOFT))
        title = label("private.title.locked_stack", lang, letter=seat_style(view, s_)["letter"],
                      faction=faction_name(faction_of(view, s_), lang))
        sections.append((title, rows))
    return sections


def _landmark_rows(view: dict, own: bool, lang: str) -> list:
    """The landmark being peeked at, then the unrevealed landmarks only this seat knows."""
    rows = []
    peek = section(view, "turn").get("peek") if own else None
    if isinstance(peek, dict):
        rows.append(_lm_row(peek.get("type"), peek.get("pos"), label("private.peeking", lang), lang))
    if own:
        for lm in view.get("landmarks") or []:
            if isinstance(lm, dict) and not lm.get("revealed") and lm.get("known") and lm.get("type"):
                if isinstance(peek, dict) and peek.get("pos") == lm.get("pos"):
                    continue
                rows.append(_lm_row(lm.get("type"), lm.get("pos"), label("private.explored", lang), lang))
    return rows


def _fortress_rows(p: dict, lang: str) -> list:
    """The seat's fortress reserves, in the same words as its card on the board."""
    rows = []
    if p.get("beside"):
        rows.append(("text", label("panel.beside", lang, names=", ".join(any_name(b, lang) for b in p["beside"])),
                     TEXT_SOFT))
    if p.get("heroes_removed"):
        rows.append(("text", label("panel.heroes_out", lang,
                                   names=", ".join(unit_name(b, lang) for b in p["heroes_removed"])), TEXT_SOFT))
    if p.get("barracks") or p.get("spire_barracks"):
        rows.append(("text", barracks_text(p, lang), TEXT_SOFT))
    return rows


def _lm_row(t, pos, caption: str, lang: str) -> tuple:
    info = landmark_facts(t)
    lm = {"type": t, "pos": pos, "revealed": True, "back": info["back"], "kind": info["kind"],
          "hp": info["hp"], "max_hp": info["hp"]}
    bits = [caption, label("private.back", lang, back=label(f"back.{info['back']}", lang)),
            label(f"lm_kind.{info['kind']}", lang)]
    if info["hp"]:
        bits.append(label("private.health", lang, n=info["hp"]))
    return ("lm", lm, str(pos), name("landmarks", t, lang), DOT.join(bits))


def _name_lines(text: str) -> list[str]:
    return wrap(text, P_NAME, RIGHT - TEXT_X)


def _detail_lines(details: str) -> list[str]:
    return wrap(details, P_BODY, RIGHT - TEXT_X)


def _text_lines(text: str) -> list[str]:
    return wrap(text, P_BODY, RIGHT - 24)


def _row_h(r) -> int:
    if r[0] in ("unit", "lm"):
        h = line_height(P_NAME) * len(_name_lines(r[3])) + line_height(P_BODY) * len(_detail_lines(r[4]))
        return max(TOKEN_H + 16, h) + ROW_PAD
    return line_height(P_BODY) * len(_text_lines(r[1])) + 4


def _title_lines(view: dict, seat: int, lang: str) -> tuple[list[str], str]:
    title = label("private.title", lang, faction=faction_name(faction_of(view, seat), lang))
    wave, phase = to_int(view.get("wave")), view.get("phase")
    sub = (label("private.wave_phase", lang, wave=wave, phase=label(f"phase.{phase}", lang)) if phase is not None
           else label("header.wave", lang, wave=wave))
    return wrap(title, P_TITLE, RIGHT - 70), sub


def _title_h(view: dict, seat: int, lang: str) -> int:
    lines, _sub = _title_lines(view, seat, lang)
    return 16 + line_height(P_TITLE) * len(lines) + line_height(P_BODY) + 12


def _section_h(title: str, rows) -> int:
    return 12 + line_height(P_NAME) * len(wrap(title, P_NAME, RIGHT - 20)) + 4 + sum(_row_h(r) for r in rows) + 8


def _private_height(view: dict, seat: int, lang: str, sections) -> int:
    return int(8 + _title_h(view, seat, lang) + 8 + sum(_section_h(t, rows) + 8 for t, rows in sections) + 4)


def private_size(view: dict, seat: int, lang: str = "en") -> tuple[int, int]:
    """(width, height) of the private picture of ``seat``."""
    view = view if isinstance(view, dict) else {}
    return PRIVATE_W, _private_height(view, seat, lang, private_sections(view, seat, lang))


def layout_boxes(view: dict, seat: int, lang: str) -> list[tuple]:
    """The title box and one box per section: every string is drawn inside one of them."""
    sections = private_sections(view, seat, lang)
    boxes = [(8, 8, PRIVATE_W - 8, 8 + _title_h(view, seat, lang))]
    y = boxes[0][3] + 8
    for title, rows in sections:
        h = _section_h(title, rows)
        boxes.append((8, y, PRIVATE_W - 8, y + h))
        y += h + 8
    return boxes


def private_image(view: dict, seat: int, lang: str) -> Image.Image:
    sections = private_sections(view, seat, lang)
    height = _private_height(view, seat, lang, sections)
    img = Image.new("RGB", (PRIVATE_W, height), BG)
    d = ImageDraw.Draw(img)
    st = seat_style(view, seat)
    boxes = layout_boxes(view, seat, lang)
    tb = boxes[0]
    rounded_box(d, tb, 12, fill=PANEL, outline=st["bright"], width=3)
    lines, sub = _title_lines(view, seat, lang)
    y = tb[1] + 12
    d.ellipse((22, y + 2, 58, y + 38), fill=st["bright"], outline=TEXT, width=2)
    d.text((40, y + 20), st["letter"], font=font(P_TITLE), fill=TEXT, anchor="mm", stroke_width=1,
           stroke_fill=MAT_EDGE)
    for line in lines:
        d.text((70, y + line_height(P_TITLE) / 2), line, font=font(P_TITLE), fill=st["light"], anchor="lm")
        y += line_height(P_TITLE)
    d.text((70, y + line_height(P_BODY) / 2), sub, font=font(P_BODY), fill=TEXT_SOFT, anchor="lm")
    for (title, rows), box in zip(sections, boxes[1:]):
        rounded_box(d, box, 10, fill=PANEL, outline=PANEL_EDGE, width=2)
        y = box[1] + 10
        for line in wrap(title, P_NAME, RIGHT - 20):
            d.text((20, y + line_height(P_NAME) / 2), line, font=font(P_NAME), fill=TEXT, anchor="lm")
            y += line_height(P_NAME)
        y += 4
        for r in rows:
            rh = _row_h(r)
            if r[0] in ("unit", "lm"):
                kind, piece, caption, piece_name, details = r
                mid = y + (rh - ROW_PAD) / 2
                for k, line in enumerate(wrap(caption, P_BODY, CAPTION_W)):
                    d.text((CAPTION_X, mid + (k - 0.5 * (len(wrap(caption, P_BODY, CAPTION_W)) - 1))
                            * line_height(P_BODY)), line, font=font(P_BODY), fill=TEXT_SOFT, anchor="lm")
                if kind == "unit":
                    draw_unit(img, d, view, piece, TOKEN_X, mid, TOKEN_H, P_NAME)
                else:
                    draw_landmark(img, d, piece, TOKEN_X, mid, TOKEN_H, P_NAME)
                ty = y + 4
                for line in _name_lines(piece_name):
                    d.text((TEXT_X, ty + line_height(P_NAME) / 2), line, font=font(P_NAME), fill=TEXT, anchor="lm")
                    ty += line_height(P_NAME)
                for line in _detail_lines(details):
                    d.text((TEXT_X, ty + line_height(P_BODY) / 2), line, font=font(P_BODY), fill=TEXT_SOFT,
                           anchor="lm")
                    ty += line_height(P_BODY)
            else:
                ty = y
                for line in _text_lines(r[1]):
                    d.text((24, ty + line_height(P_BODY) / 2), line, font=font(P_BODY), fill=r[2], anchor="lm")
                    ty += line_height(P_BODY)
            y += rh
    return img
