"""The generated playing-card (stopgo) and stop-deck art: small,
self-contained, accessible, deterministic SVG files."""

import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "web", "art"))

import playing_art  # noqa: E402
import stop_art  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
NAMESPACE_URIS = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink")

PLAYING = {f"{i}.svg" for i in range(52)} | {"back.svg"}
STOP_FACES = [str(i) for i in range(10)] + ["skip", "exchange", "plusx"]
STOP = ({f"{c}-{f}.svg" for c in ("red", "yellow", "green", "blue")
         for f in STOP_FACES} | {"free.svg", "back.svg"})


def _check_file(path, name):
    raw = path.read_bytes()
    assert len(raw) < 12 * 1024, f"{name} is {len(raw)} bytes"
    text = raw.decode("utf-8")
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg", name
    title = root.find(SVG_NS + "title")
    assert title is not None and title.text and title.text.strip(), name
    assert root.get("role") == "img", name
    assert root.get("aria-label") == title.text, name
    stripped = text
    for uri in NAMESPACE_URIS:
        stripped = stripped.replace(f'"{uri}"', '""')
    assert "http" not in stripped, f"{name} has an external reference"
    assert "<script" not in text.lower(), name
    assert root.find(".//" + SVG_NS + "script") is None, name
    assert root.find(".//" + SVG_NS + "image") is None, name
    assert root.find(".//" + SVG_NS + "foreignObject") is None, name
    # every internal reference points at an id defined in the same file
    ids = set(re.findall(r'\bid="([^"]+)"', text))
    refs = set(re.findall(r'href="#([^"]+)"', text))
    refs |= set(re.findall(r"url\(#([^)]+)\)", text))
    assert refs <= ids, f"{name} has dangling references {refs - ids}"
    # only the allowed font families
    for fam in re.findall(r'font-family="([^"]+)"', text):
        assert fam == "'Noto Sans','DejaVu Sans',sans-serif", (name, fam)
    return title.text


def _check_deck(tmp_path, module, expected):
    out = tmp_path / "out"
    module.write_all(str(out))
    names = set(os.listdir(out))
    assert names == expected
    titles = {name: _check_file(out / name, name) for name in sorted(names)}
    # two runs are byte-identical
    again = tmp_path / "again"
    module.write_all(str(again))
    total = 0
    for name in expected:
        assert (out / name).read_bytes() == (again / name).read_bytes(), name
        total += (out / name).stat().st_size
    assert total < 500 * 1024
    return titles


def test_playing_deck(tmp_path):
    titles = _check_deck(tmp_path, playing_art, PLAYING)
    assert len(titles) == 53
    assert len(set(titles.values())) == 53
    spades, hearts, diamonds, clubs = range(4)
    name = lambda s, r: titles[f"{playing_art.id_of(s, r)}.svg"]  # noqa: E731
    assert name(spades, 1) == "Ace of spades"
    assert name(spades, 13) == "King of spades"
    assert name(hearts, 12) == "Queen of hearts"
    assert name(diamonds, 1) == "Ace of diamonds"
    assert name(clubs, 11) == "Jack of clubs"
    assert name(spades, 10) == "Ten of spades"
    assert titles["back.svg"]


def test_playing_id_mapping():
    seen = set()
    for cid in range(52):
        suit, rank = playing_art.card_of(cid)
        assert 0 <= suit < 4 and 1 <= rank <= 13
        assert playing_art.id_of(suit, rank) == cid
        seen.add((suit, rank))
    assert len(seen) == 52


def test_playing_ids_match_the_stopgo_engine():
    """The art's id layout agrees with the engine's card table."""
    try:
        from engine.gostop.games.stopgo import cards
    except ImportError:  # pragma: no cover - engine not present
        import pytest
        pytest.skip("stopgo engine not importable")
    for cid in range(cards.NUM_CARDS):
        assert playing_art.card_of(cid) == (cards.SUIT[cid], cards.RANK[cid])
        assert playing_art.title_for(cid) == cards.NAME_EN[cid]


def test_stop_deck(tmp_path):
    titles = _check_deck(tmp_path, stop_art, STOP)
    assert len(titles) == 4 * 13 + 2
    assert titles["red-7.svg"] == "Red 7"
    assert titles["blue-skip.svg"] == "Blue Skip"
    assert titles["green-exchange.svg"] == "Green Card Exchange"
    assert titles["yellow-plusx.svg"] == "Yellow +X"
    assert titles["free.svg"] == "Free Choice"
    assert len(set(titles.values())) == len(titles)


def test_stop_six_and_nine_are_marked(tmp_path):
    """6 and 9 carry an underline (an extra rect) that other digits lack."""
    def rects(colour, face):
        return stop_art.card_svg(colour, face).count("<rect")
    for colour in ("red", "blue"):
        assert rects(colour, "6") > rects(colour, "8")
        assert rects(colour, "9") > rects(colour, "8")
