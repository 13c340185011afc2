"""One seat's private picture, from that seat's own view, drawn for where Discord shows it
(W wide, 600-900 px tall): a title strip (faction, wave and phase, the seat's Source, gate,
power, CP and relics), then two columns of sections: its deployment stack in order, the
minions under its groups, the landmarks only it knows, its relics and standing policies,
its fortress reserves (in the same words as the board), the whole market (types, chip
supply, event, piles), and, as room allows, every seat's other facts and the legend (the
detail the board leaves out, in SMALL type). Private fields are used only when
``view["viewer"]`` is that seat. Every string a move needs is at least ESS px tall, every
line wrapped rather than cut."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import legibility
from render.common import BG, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, font, rounded_box

from .cards import barracks_text, numbers, seat_details
from .layout import map_model
from .legend import draw_legend, legend_height
from .names import any_name, faction_name, label, landmark_facts, name, policy_name, seat_name, unit_facts, unit_name
from .panels import market_box
from .sprites import draw_landmark, draw_unit
from .style import CHIPS, ESS, H, MARGIN, MAT_EDGE, SMALL, W, faction_of, player, section, seat_style, to_int
from .text import Pen, Row, line_height, wrap

PRIVATE_W = W
MIN_H = 600
P_BODY = ESS
P_NAME = P_BODY + 2
P_TITLE = P_BODY + 4
TOKEN_H = 30
COL_GAP = 12
COL_W = (PRIVATE_W - 2 * MARGIN - COL_GAP) // 2
CAPTION_W = 84
ROW_PAD = 8
DOT = "  \u00b7  "
#: sections that are detail (SMALL, left out when there is no room)
DETAIL = ("table", "legend")


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


# ---------------------------------------------------------------- the picture's sections


def all_sections(view: dict, seat: int, seat_names, lang: str) -> list[tuple[str, list]]:
    """The sections in reading order: the seat's own (private_sections), the market, then
    the detail: every seat's other facts and the legend."""
    out = list(private_sections(view, seat, lang))
    out.append(("", [("market",)]))  # the market box carries its own title
    model = map_model(view)
    infl = {s: {str(g) for g in gs} for s, gs in enumerate(view.get("influence") or []) if isinstance(gs, list)}
    rows = []
    for s in range(len(view.get("players") or [])):
        facts = seat_details(view, s, seat_names, infl, model, lang)
        who = f"{seat_style(view, s)['letter']} {seat_name(seat_names, s, lang)}:"
        rows.append(("small", [(who, TEXT)] + [(f, TEXT_SOFT) for f in facts]))
    if rows:
        out.append((label("private.title.table", lang), [("table", rows)]))
    out.append((label("private.title.legend", lang), [("legend",)]))
    return out


def _detail(rows: list) -> bool:
    return bool(rows) and rows[0][0] in DETAIL


class _Column:
    """A column of the picture: ``x0``..``x1``, the text's left (after the caption and
    the token) and right edges."""

    def __init__(self, x0: float, x1: float):
        self.x0, self.x1 = x0, x1
        self.caption_x = x0 + 14
        self.token_x = self.caption_x + CAPTION_W + 26
        self.text_x = self.token_x + 40
        self.right = x1 - 14

    def name_lines(self, text: str) -> list[str]:
        return wrap(text, P_NAME, self.right - self.text_x)

    def detail_lines(self, details: str) -> list[str]:
        return wrap(details, P_BODY, self.right - self.text_x)

    def text_lines(self, text: str) -> list[str]:
        return wrap(text, P_BODY, self.right - self.x0 - 30)


def _row_h(col: _Column, r, view: dict, lang: str) -> int:
    kind = r[0]
    if kind in ("unit", "lm"):
        h = line_height(P_NAME) * len(col.name_lines(r[3])) + line_height(P_BODY) * len(col.detail_lines(r[4]))
        return max(TOKEN_H + 12, h) + ROW_PAD
    if kind == "market":
        return int(market_box(None, (col.x0, 0, col.x1, 10), view, lang))
    if kind == "legend":
        return legend_height(col.x1 - col.x0 - 8, lang)
    if kind == "table":
        return int(sum(_flow(None, col, 0, items) for _k, items in r[1]))
    return line_height(P_BODY) * len(col.text_lines(r[1])) + 2


def _flow(d, col: _Column, y: float, items: list) -> float:
    pen = Pen(d, col.x0 + 16, col.right, y)
    pen.flow(items, SMALL)
    return pen.y - y + 2


def _section_h(col: _Column, title: str, rows, view: dict, lang: str) -> int:
    if not title:
        return sum(_row_h(col, r, view, lang) for r in rows)
    return (8 + line_height(P_NAME) * len(wrap(title, P_NAME, col.right - col.x0 - 8)) + 2
            + sum(_row_h(col, r, view, lang) for r in rows) + 6)


def _title_strip(d, view: dict, seat: int, lang: str) -> float:
    """The title strip: the seat's letter, faction and "only for you", wave and phase,
    its Source, gate, power, CP and relics. Returns its bottom."""
    st = seat_style(view, seat)
    p = player(view, seat)
    x0, x1 = MARGIN, PRIVATE_W - MARGIN
    row = Row(d, x0 + 14, x1 - 14, MARGIN + 6, line_height(P_TITLE) + 6, gap=16)
    row.add(36, lambda x, cy: _disc(d, x + 18, cy, 18, st))
    row.text(label("private.title", lang, faction=faction_name(faction_of(view, seat), lang)), P_TITLE, st["light"])
    wave, phase = to_int(view.get("wave")), view.get("phase")
    row.text(label("private.wave_phase", lang, wave=wave, phase=label(f"phase.{phase}", lang)) if phase is not None
             else label("header.wave", lang, wave=wave), P_BODY, TEXT_SOFT)
    if p:
        row.lh = max(row.lh, line_height(P_TITLE + 10))
        numbers(row, p, st, lang)
        row.text(label("panel.relics", lang, n=len(p.get("relics") or []) if "relics" in p
                       else to_int(p.get("relic_count"))), P_BODY + 2, TEXT)
    return row.end() + 6


def _disc(d, cx, cy, r, st) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=st["bright"], outline=TEXT, width=2)
    d.text((cx, cy), st["letter"], font=font(P_TITLE), fill=TEXT, anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)


def private_layout(view: dict, seat: int, seat_names, lang: str) -> tuple[int, float, list]:
    """(height, title strip bottom, [(title, rows, box)]): each section in the column
    that is shorter so far; detail that does not fit in H is left out."""
    top = _title_strip(None, view, seat, lang)
    cols = [_Column(MARGIN, MARGIN + COL_W), _Column(PRIVATE_W - MARGIN - COL_W, PRIVATE_W - MARGIN)]
    ys = [top + 8, top + 8]
    placed = []
    for title, rows in all_sections(view, seat, seat_names, lang):
        order = sorted(range(2), key=lambda i: ys[i])
        hs = {i: _section_h(cols[i], title, rows, view, lang) for i in order}
        fits = [i for i in order if ys[i] + hs[i] <= H - MARGIN]
        if not fits and _detail(rows):
            continue
        i = (fits or order)[0]
        placed.append((title, rows, (cols[i].x0, ys[i], cols[i].x1, ys[i] + hs[i])))
        ys[i] += hs[i] + 8
    height = int(min(H, max(MIN_H, max(ys) + MARGIN - 8)))
    return height, top, placed


def private_size(view: dict, seat: int, lang: str = "en", seat_names=None) -> tuple[int, int]:
    """(width, height) of the private picture of ``seat``."""
    view = view if isinstance(view, dict) else {}
    return PRIVATE_W, private_layout(view, seat, seat_names, lang)[0]


def layout_boxes(view: dict, seat: int, lang: str, seat_names=None) -> list[tuple]:
    """The title strip and one box per section: every string is drawn inside one of them."""
    _h, top, placed = private_layout(view, seat, seat_names, lang)
    return [(MARGIN, MARGIN, PRIVATE_W - MARGIN, top)] + [box for _t, _r, box in placed]


def private_image(view: dict, seat: int, lang: str, seat_names=None) -> Image.Image:
    height, top, placed = private_layout(view, seat, seat_names, lang)
    img = Image.new("RGB", (PRIVATE_W, height), BG)
    d = ImageDraw.Draw(img)
    st = seat_style(view, seat)
    with legibility.essential():
        rounded_box(d, (MARGIN, MARGIN, PRIVATE_W - MARGIN, top), 10, fill=PANEL, outline=st["bright"], width=3)
        _title_strip(d, view, seat, lang)
        for title, rows, box in placed:
            if _detail(rows):
                continue
            _draw_section(img, d, view, title, rows, box, lang)
    for title, rows, box in placed:
        if _detail(rows):
            _draw_section(img, d, view, title, rows, box, lang)
    return img


def _draw_section(img, d, view: dict, title: str, rows: list, box: tuple, lang: str) -> None:
    col = _Column(box[0], box[2])
    if not title:  # the market: its own box
        market_box(d, box, view, lang)
        return
    rounded_box(d, box, 10, fill=PANEL, outline=PANEL_EDGE, width=2)
    y = box[1] + 6
    for line in wrap(title, P_NAME, col.right - col.x0 - 8):
        d.text((col.x0 + 12, y + line_height(P_NAME) / 2), line, font=font(P_NAME), fill=TEXT, anchor="lm")
        y += line_height(P_NAME)
    y += 2
    for r in rows:
        rh = _row_h(col, r, view, lang)
        kind = r[0]
        if kind in ("unit", "lm"):
            _draw_piece_row(img, d, col, view, r, y, rh)
        elif kind == "legend":
            draw_legend(d, (col.x0 + 4, y, col.x1 - 4, y + rh), lang)
        elif kind == "table":
            ty = y
            for _k, items in r[1]:
                ty += _flow(d, col, ty, items)
        else:
            ty = y
            for line in col.text_lines(r[1]):
                d.text((col.x0 + 16, ty + line_height(P_BODY) / 2), line, font=font(P_BODY), fill=r[2], anchor="lm")
                ty += line_height(P_BODY)
        y += rh


def _draw_piece_row(img, d, col: _Column, view: dict, r: tuple, y: float, rh: float) -> None:
    kind, piece, caption, piece_name, details = r
    mid = y + (rh - ROW_PAD) / 2
    cap = wrap(caption, P_BODY, CAPTION_W)
    for k, line in enumerate(cap):
        d.text((col.caption_x, mid + (k - 0.5 * (len(cap) - 1)) * line_height(P_BODY)), line, font=font(P_BODY),
               fill=TEXT_SOFT, anchor="lm")
    if kind == "unit":
        draw_unit(img, d, view, piece, col.token_x, mid, TOKEN_H, P_BODY)
    else:
        draw_landmark(img, d, piece, col.token_x, mid, TOKEN_H, P_BODY)
    ty = y + 2
    for line in col.name_lines(piece_name):
        d.text((col.text_x, ty + line_height(P_NAME) / 2), line, font=font(P_NAME), fill=TEXT, anchor="lm")
        ty += line_height(P_NAME)
    for line in col.detail_lines(details):
        d.text((col.text_x, ty + line_height(P_BODY) / 2), line, font=font(P_BODY), fill=TEXT_SOFT, anchor="lm")
        ty += line_height(P_BODY)
