"""One seat's private picture, from that seat's own view: its deployment stack in order,
the minions under its groups, the landmarks only it knows, its relics and standing
policies. Private fields are used only when ``view["viewer"]`` is that seat."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import BG, PANEL, PANEL_EDGE, TEXT, TEXT_SOFT, draw_text, font, rounded_box, safe_text, wrap_text

from .names import faction_name, label, landmark_facts, name, policy_name, unit_facts, unit_name
from .sprites import draw_landmark, draw_unit
from .style import CHIPS, MAT_EDGE, faction_of, player, section, seat_style, to_int

PRIVATE_W = 640  # narrow, so a phone shrinks it less
ROW_PIECE_H = 60
ROW_TEXT_H = 26
PRIV_TITLE_H = 58
SECTION_TITLE_H = 32
PRIV_SIZE = 34.0 * 0.95  # the hex size the pieces are drawn for
PRIV_TEXT_X = 152
DOT = "  \u00b7  "


def private_size(view: dict, seat: int, lang: str = "en") -> tuple[int, int]:
    """(width, height) of the private picture of ``seat``."""
    return PRIVATE_W, _private_height(private_sections(view if isinstance(view, dict) else {}, seat, lang))


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
    stacks = {to_int(x.get("seat"), -1): x for x in view.get("stacks") or [] if isinstance(x, dict)}
    sk = stacks.get(seat) or {}
    prep = section(view, "prep")
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
    if rows:
        sections.append((label("private.title.stack", lang), rows))
    if own and isinstance(prep.get("earlier"), dict) and prep["earlier"]:
        for s_, ents in sorted(prep["earlier"].items()):
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
    rows = []
    for u in view.get("units") or []:
        if not isinstance(u, dict) or to_int(u.get("owner"), -1) != seat:
            continue
        mem = u.get("members") if own else None
        if u.get("grouped") and isinstance(mem, list) and mem:
            rows.append(_unit_row(u, str(u.get("pos")), lang, True))
    if rows:
        sections.append((label("private.title.groups", lang), rows))
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
        pol = DOT.join(label(f"private.policy.{k}", lang, value=policy_name(k, v, lang)) for k, v in p["policy"].items())
        sections.append((label("private.title.policies", lang), [("text", pol, TEXT_SOFT)]))
    if not sections:
        sections.append((label("private.title.nothing", lang), [("text", label("private.nothing", lang), TEXT_SOFT)]))
    return sections


def _lm_row(t, pos, caption: str, lang: str) -> tuple:
    info = landmark_facts(t)
    lm = {"type": t, "pos": pos, "revealed": True, "back": info["back"], "kind": info["kind"],
          "hp": info["hp"], "max_hp": info["hp"]}
    bits = [caption, label("private.back", lang, back=label(f"back.{info['back']}", lang)),
            label(f"lm_kind.{info['kind']}", lang)]
    if info["hp"]:
        bits.append(label("private.health", lang, n=info["hp"]))
    return ("lm", lm, str(pos), name("landmarks", t, lang), DOT.join(bits))


def _detail_lines(details: str) -> list[str]:
    return wrap_text(safe_text(details), font(14), PRIVATE_W - PRIV_TEXT_X - 24, 2, hyphenate=False)


def _text_lines(text: str) -> list[str]:
    return wrap_text(safe_text(text), font(15), PRIVATE_W - 48, 3, hyphenate=False)


def _row_h(r) -> int:
    if r[0] in ("unit", "lm"):
        return ROW_PIECE_H + 17 * (len(_detail_lines(r[4])) - 1)
    return ROW_TEXT_H + 18 * (len(_text_lines(r[1])) - 1)


def _private_height(sections) -> int:
    h = PRIV_TITLE_H + 16
    for _title, rows in sections:
        h += SECTION_TITLE_H + sum(_row_h(r) for r in rows) + 6 + 8
    return int(h)


def private_image(view: dict, seat: int, lang: str) -> Image.Image:
    sections = private_sections(view, seat, lang)
    height = _private_height(sections)
    img = Image.new("RGB", (PRIVATE_W, height), BG)
    d = ImageDraw.Draw(img)
    st = seat_style(view, seat)
    rounded_box(d, (8, 8, PRIVATE_W - 8, PRIV_TITLE_H), 12, fill=PANEL, outline=st["bright"], width=3)
    cy = (8 + PRIV_TITLE_H) / 2
    d.ellipse((20, cy - 17, 54, cy + 17), fill=st["bright"], outline=TEXT, width=2)
    d.text((37, cy), st["letter"], font=font(21), fill=TEXT, anchor="mm", stroke_width=1, stroke_fill=MAT_EDGE)
    wave, phase = to_int(view.get("wave")), view.get("phase")
    right = (label("private.wave_phase", lang, wave=wave, phase=label(f"phase.{phase}", lang)) if phase is not None
             else label("header.wave", lang, wave=wave))
    rf = font(17)
    d.text((PRIVATE_W - 22, cy), right, font=rf, fill=TEXT_SOFT, anchor="rm")
    title = label("private.title", lang, faction=faction_name(faction_of(view, seat), lang))
    draw_text(d, (66, cy), title, font(25), st["light"], anchor="lm",
              max_width=PRIVATE_W - 66 - 40 - rf.getlength(right))
    y = PRIV_TITLE_H + 8
    for title, rows in sections:
        sec_h = SECTION_TITLE_H + sum(_row_h(r) for r in rows) + 6
        rounded_box(d, (8, y, PRIVATE_W - 8, y + sec_h), 10, fill=PANEL, outline=PANEL_EDGE, width=2)
        draw_text(d, (20, y + 17), title, font(18), TEXT, anchor="lm", max_width=PRIVATE_W - 48)
        ry = y + SECTION_TITLE_H
        for r in rows:
            if r[0] in ("unit", "lm"):
                kind, piece, caption, piece_name, details = r
                mid = ry + ROW_PIECE_H / 2
                draw_text(d, (22, mid), caption, font(15), TEXT_SOFT, anchor="lm", max_width=58)
                if kind == "unit":
                    draw_unit(img, d, PRIV_SIZE, view, piece, 110, mid, 1.0)
                else:
                    draw_landmark(img, d, PRIV_SIZE, piece, 110, mid, lang)
                draw_text(d, (PRIV_TEXT_X, mid - 11), piece_name, font(19), TEXT, anchor="lm",
                          max_width=PRIVATE_W - PRIV_TEXT_X - 24)
                for k, line in enumerate(_detail_lines(details)):
                    d.text((PRIV_TEXT_X, mid + 13 + 17 * k), line, font=font(14), fill=TEXT_SOFT, anchor="lm")
            else:
                for k, line in enumerate(_text_lines(r[1])):
                    d.text((24, ry + ROW_TEXT_H / 2 + 18 * k), line, font=font(15), fill=r[2], anchor="lm")
            ry += _row_h(r)
        y += sec_h + 8
    return img
