"""The tables under the house rules, under CPython (the glue's browser
modules stubbed, see test_glue_text): every event of random hands of each
house preset is narrated, every decision panel and end-of-hand dialog is
drawn in the three languages without a missing label, and the setup's house
fields read back what they show."""
import random
import re
import types

import pytest

import test_glue_text as glue
from app import house_setup, i18n
from app.legal import Legal
from app import match_view as hv
from app.hwatu_table import GoStopTable, MatgoTable
from gostop.core.registry import make
from gostop.games.hwatu.rules import HOUSE_OPTIONS, HOUSE_PRESETS
from gostop.session import Session

PRESETS = [(MatgoTable, "matgo", {"house": "hangame"}), (GoStopTable, "gostop", {"players": 3, "house": "traditional"}),
           (GoStopTable, "gostop", {"players": 4, "house": "traditional"})]


def hands(game_id, options, n, seed0=0):
    for seed in range(seed0, seed0 + n):
        g = make(game_id, seed, **options)
        rng = random.Random(seed)
        states = []
        events = list(g.deal_events)
        while not g.is_terminal():
            p = g.to_move()[0]
            legal = g.legal_actions(p)
            events += g.apply(legal[rng.randrange(len(legal))], p)
            states.append(Session(g, ["human"] + ["easy"] * (g.num_players - 1), 0).state())
        yield g, states, events


@pytest.mark.parametrize("cls,game_id,options", PRESETS, ids=["matgo-hangame", "gostop3-trad", "gostop4-trad"])
@pytest.mark.parametrize("lang", ["en", "ko", "uk"])
def test_every_event_and_panel_of_a_house_hand_has_words(cls, game_id, options, lang):
    i18n.set_lang(lang)
    try:
        seen = set()
        for g, states, events in hands(game_id, options, 25):
            table = glue.bare(cls, Session(g, ["human"] + ["easy"] * (g.num_players - 1), 0))
            table.panel = None
            table.selected = None
            for e in events:
                seen.add(e["type"])
                line = table.narrate(e)
                assert line is None or "{" not in line
            for st in states:
                html = table.decision_html(st, Legal(st["legal"]))
                assert "{" not in glue.text(html)
                kind = (st["view"]["pending"] or {}).get("kind")
                if kind == "cup" and st["to_move"] == [0]:
                    assert {f'data-action="{a["id"]}"' for a in st["legal"]} <= set(re.findall(r'data-action="\d+"', html))
            v = states[-1]["view"] if states else g.view(0)     # (chongtong: over at the deal)
            if v["result"]:
                dialog = hv.result_panel(table.deck, v, table.result_title(v["result"]))
                assert "{" not in glue.text(dialog)
                for step in v["result"]["steps"]:
                    assert f'data-step="{step["key"]}"' in dialog
                for paid in v["result"].get("paid") or []:
                    assert f'data-first-ppuk="{paid["player"]}"' in dialog
                for pay in v["result"].get("payments") or []:
                    assert f'data-pays="{pay["player"]}"' in dialog
        assert "shake" in seen or "bomb" in seen
    finally:
        i18n.set_lang("en")


class FakeDocument:
    """The setup's fields as the browser would hold them after ``setup_html``."""

    def __init__(self, html):
        self.nodes = {}
        for m in re.finditer(r'<(input|select) [^>]*id="([^"]+)"[^>]*>', html):
            tag, id_ = m.group(1), m.group(2)
            node = types.SimpleNamespace(checked=" checked" in m.group(0), value="0")
            if tag == "select":
                body = html[m.end():html.index("</select>", m.end())]
                sel = re.search(r'<option value="([^"]+)" selected', body) or re.search(r'<option value="([^"]+)"', body)
                node.value = sel.group(1)
            self.nodes[id_] = node

    def getElementById(self, id_):
        return self.nodes.get(id_)


@pytest.mark.parametrize("game_id", ["matgo", "gostop"])
def test_the_house_fields_read_back_what_they_show(game_id):
    # This site's rules untouched: no option at all (the preset as written).
    assert house_setup.read(game_id, FakeDocument(house_setup.setup_html(game_id, {}))) == {}
    for house, values in HOUSE_PRESETS[game_id].items():
        doc = FakeDocument(house_setup.setup_html(game_id, {"house": house}))
        got = house_setup.read(game_id, doc)
        if house != "site":
            assert got == {"house": house, **values}
        # Switching the set puts its values in the fields.
        doc.nodes["opt-house"].value = house
        house_setup.show_preset(game_id, doc)
        assert (house_setup.read(game_id, doc) or {"house": "site", **values}) == {"house": house, **values}
    # One switch on its own, from a shared link (1/0).
    key = next(k for k, (vals, _off) in HOUSE_OPTIONS[game_id].items() if isinstance(vals[0], bool))
    got = house_setup.read(game_id, FakeDocument(house_setup.setup_html(game_id, {key: 1})))
    assert got["house"] == "site" and got[key] is True
    options = {"players": 3} if game_id == "gostop" else {}
    assert make(game_id, 1, **options, **got).options[key] is True
