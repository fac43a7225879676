"""The generated hwatu card art: 51 small, self-contained, valid SVG files."""

import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "web", "art"))

import hwatu_art  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
EXPECTED = {f"{i}.svg" for i in range(50)} | {"back.svg"}
NAMESPACE_URIS = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink")


def test_writes_all_cards(tmp_path):
    hwatu_art.write_all(str(tmp_path))
    names = set(os.listdir(tmp_path))
    assert names == EXPECTED
    assert len(names) == 51
    for name in sorted(names):
        path = tmp_path / name
        raw = path.read_bytes()
        assert len(raw) < 12 * 1024, f"{name} is {len(raw)} bytes"
        text = raw.decode("utf-8")
        root = ET.fromstring(text)
        assert root.tag == SVG_NS + "svg", name
        title = root.find(SVG_NS + "title")
        assert title is not None and title.text and title.text.strip(), name
        assert root.get("role") == "img"
        assert root.get("aria-label") == title.text
        stripped = text
        for uri in NAMESPACE_URIS:
            stripped = stripped.replace(f'"{uri}"', '""')
        assert "http" not in stripped, f"{name} has an external reference"
        assert "<script" not in text.lower(), name
        assert root.find(".//" + SVG_NS + "script") is None, name
        assert root.find(".//" + SVG_NS + "image") is None, name
        # every internal reference points at an id defined in the same file
        ids = set(re.findall(r'\bid="([^"]+)"', text))
        refs = set(re.findall(r'href="#([^"]+)"', text))
        refs |= set(re.findall(r"url\(#([^)]+)\)", text))
        assert refs <= ids, f"{name} has dangling references {refs - ids}"


def test_deterministic_and_small(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    hwatu_art.write_all(str(a))
    hwatu_art.write_all(str(b))
    total = 0
    for name in EXPECTED:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
        total += (a / name).stat().st_size
    assert total < 300 * 1024


def test_titles_name_the_cards():
    assert "January" in hwatu_art.title_for(0) and "crane" in hwatu_art.title_for(0)
    assert "bright" in hwatu_art.title_for(44)
    assert "double junk" in hwatu_art.title_for(43)
    assert "Bonus" in hwatu_art.title_for(48) and "3" in hwatu_art.title_for(49)
