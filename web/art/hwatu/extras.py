"""Bonus cards and the card back."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .svg import (H, W, card, circle, corner_index, g, line, path, polar,
                  rect, scallop, text)


def _pouch(body, dark, trim):
    """A lucky pouch (bokjumeoni) with a knotted cord and tassels."""
    return g(
        # tassels
        line("M86,176L78,214M92,178L88,220M108,178L112,220M114,176L122,214",
             "#e0a82a", 2.4),
        # gathered top frill
        path("M62,150C54,128 70,116 82,126C86,110 114,110 118,126"
             "C130,116 146,128 138,150Z", body, stroke=dark, stroke_width=2),
        # body
        path("M66,160C36,190 34,262 100,270C166,262 164,190 134,160Z", body,
             stroke=dark, stroke_width=2.5),
        path("M70,168C52,196 52,240 80,258C64,236 62,200 78,170Z", "#ffffff",
             opacity=".18"),
        # cord band
        path("M62,148C80,160 120,160 138,148L136,162C118,172 82,172 64,162Z", trim,
             stroke=dark, stroke_width=1.5),
        circle(100, 166, 7, trim, stroke=dark, stroke_width=1.5),
    )


def bonus_card(cid: int, worth: int, title: str) -> str:
    body, dark = ("#c8283a", "#6a0e18") if worth == 2 else ("#2a5cb0", "#122a5a")
    bg = "#1f2f4f" if worth == 2 else "#3a1f3f"
    stars = "".join(
        path(f"M{x},{y - 5}L{x + 1.4},{y - 1.4}L{x + 5},{y}L{x + 1.4},{y + 1.4}"
             f"L{x},{y + 5}L{x - 1.4},{y + 1.4}L{x - 5},{y}L{x - 1.4},{y - 1.4}Z",
             "#f5d27a", opacity=".8")
        for x, y in [(160, 80), (176, 124), (146, 112), (40, 130), (170, 176),
                     (28, 200), (176, 236), (30, 262)])
    art = g(
        rect(0, 0, W, H, bg),
        path(scallop(100, 198, 86, 18, 1.2), "#ffffff", opacity=".06"),
        stars,
        _pouch(body, dark, "#f2c230"),
        circle(100, 222, 30, "#fff4d6", stroke="#e0a82a", stroke_width=3),
        text(100, 222 + 32 * .36, f"+{worth}", 32, dark, weight="900",
             letter_spacing="-1"),
        text(112, 60, "보너스", 22, "#f5d27a", weight="900"),
        text(112, 88, f"피 {worth}장", 18, "#ffffff", weight="700"),
    )
    index = corner_index(f"+{worth}", "junk", label_fill="#f2c230",
                         label_text="#2a1a00")
    return card(cid, title, bg, art, index, frame="#b8860b", face="#fff4d6")


def back_card(title: str = "Hwatu card back") -> str:
    red, deep, gold = "#b3141f", "#8a0d16", "#e6b54a"
    # a diagonal trellis, kept subtle
    tile = (f'<pattern id="bkp" width="20" height="20" patternUnits="userSpaceOnUse">'
            f'<path d="M0,10L10,0L20,10L10,20Z" fill="none" stroke="{deep}" '
            f'stroke-width="1.4"/></pattern>')
    petals = "".join(
        path(f"M0,0C-9,-8-9,-22 0,-28C9,-22 9,-8 0,0Z", "none", stroke=gold,
             stroke_width=2.2, transform=f"translate(100 150) rotate({72 * i})")
        for i in range(5))
    corners = "".join(
        path("M0,0h18M0,0v18M5,5h9M5,5v9", "none", stroke=gold, stroke_width=1.6,
             transform=f"translate({x} {y}) scale({sx} {sy})")
        for x, y, sx, sy in [(20, 20, 1, 1), (180, 20, -1, 1), (20, 280, 1, -1),
                             (180, 280, -1, -1)])
    t = escape(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W}" height="{H}" role="img" aria-label="{t}"><title>{t}</title>'
        f"<defs>{tile}</defs>"
        + rect(1, 1, W - 2, H - 2, red, rx=14, stroke="#5a060c", stroke_width=2)
        + rect(12, 12, W - 24, H - 24, "url(#bkp)", rx=8)
        + rect(12, 12, W - 24, H - 24, "none", rx=8, stroke=gold, stroke_width=2)
        + rect(7, 7, W - 14, H - 14, "none", rx=11, stroke=deep, stroke_width=2)
        + corners
        + circle(100, 150, 46, red, stroke=gold, stroke_width=2.5)
        + circle(100, 150, 40, "none", stroke=deep, stroke_width=1.5)
        + petals
        + "".join(circle(*polar(100, 150, 53, 15 * i), 1.6, gold) for i in range(24))
        + "".join(path(f"M{x},{y - 6}L{x + 4},{y}L{x},{y + 6}L{x - 4},{y}Z", gold)
                  for x, y in [(100, 12), (100, 288), (12, 150), (188, 150)])
        + circle(100, 150, 6, gold)
        + "".join(circle(*polar(100, 150, 16, -90 + 36 + 72 * i), 2, gold)
                  for i in range(5))
        + "</svg>\n"
    )
