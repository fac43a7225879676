"""House rules on the setup screen of matgo and gostop: a named set (this
site's rules as written, Hangame-style matgo, traditional gostop for 3 or 4)
and each switch on its own. The choices come from the engine's tables
(``gostop.games.hwatu.rules.HOUSE_OPTIONS`` and ``HOUSE_PRESETS``), so a
switch the engine gains shows up here with a label to write."""
from gostop.games.hwatu.rules import HOUSE_OPTIONS, HOUSE_PRESETS
from gostop.games.hwatu.scoring import PIBAK_LENIENT_MAX, PIBAK_UNDER

from .i18n import N_, _

PRESET_NAMES = {"site": N_("This site's rules (as written)"), "hangame": N_("Hangame-style"),
                "traditional": N_("Traditional table rules (3 or 4 players)")}
SWITCHES = {
    "shake": N_("Shaking: show three of a month (×2)"),
    "bomb": N_("Bombs: three in hand and the fourth on the field"),
    "go_bak": N_("Go-bak: a Go that fails pays double"),
    "first_ppuk": N_("A ppuk on your first turn is paid 7 points"),
    "three_ppuk_points": N_("Three ppuks win"),
    "pibak": N_("Pi-bak when the loser has"),
    "cup": N_("The sake cup"),
    "bonus": N_("Bonus cards in the pack"),
    "ppuk": N_("Ppuk"),
    "steals": N_("Ttadak, chok and sweep take junk"),
    "bak": N_("Bak penalties"),
}
VALUES = {
    "pibak": {"literal": N_("fewer than {n} junk"), "lenient": N_("{n} or fewer junk, 0 exempt")},
    "cup": {"best": N_("counted the best way for its owner"), "owner": N_("its owner chooses when it matters")},
    "three_ppuk_points": {5: N_("with 5 points"), 7: N_("with 7 points")},
}


# the numbers some of those words hold: the engine's
NUMBERS = {("pibak", "literal"): PIBAK_UNDER, ("pibak", "lenient"): PIBAK_LENIENT_MAX}


def offered(game_id):
    return game_id in HOUSE_OPTIONS


def _values(game_id, chosen):
    house = chosen.get("house", "site")
    if house not in HOUSE_PRESETS[game_id]:
        house = "site"
    values = dict(HOUSE_PRESETS[game_id][house])
    for key, (allowed, _off) in HOUSE_OPTIONS[game_id].items():
        if key in chosen:
            v = chosen[key]
            v = bool(v) if isinstance(allowed[0], bool) else v
            if v in allowed:
                values[key] = v
    return house, values


def setup_html(game_id, chosen=None):
    """The fields, set to ``chosen`` (options, e.g. a shared deal's)."""
    house, values = _values(game_id, chosen or {})
    presets = "".join(f'<option value="{k}"{" selected" if k == house else ""}>{_(PRESET_NAMES[k])}</option>'
                      for k in HOUSE_PRESETS[game_id])
    rows = []
    for key, (allowed, _off) in HOUSE_OPTIONS[game_id].items():
        if isinstance(allowed[0], bool):
            rows.append(f'<label class="check"><input type="checkbox" id="opt-h-{key}" data-house="{key}"'
                        f'{" checked" if values[key] else ""}> {_(SWITCHES[key])}</label>')
        else:
            opts = "".join(f'<option value="{i}"{" selected" if v == values[key] else ""}>'
                           f'{_(VALUES[key][v], n=NUMBERS.get((key, v), ""))}</option>'
                           for i, v in enumerate(allowed))
            rows.append(f'<label class="field">{_(SWITCHES[key])}<select id="opt-h-{key}" data-house="{key}">'
                        f'{opts}</select></label>')
    return (f'<label class="field">{_("Rules")}<select id="opt-house">{presets}</select></label>'
            f'<details class="house-rules"{" open" if house != "site" else ""}><summary>{_("The rules one by one")}</summary>'
            f'{"".join(rows)}</details>')


def read(game_id, document):
    """The options the fields say: {} for this site's rules untouched (the
    preset exactly as before), else the set and every switch."""
    house = str(document.getElementById("opt-house").value)
    out = {}
    for key, (allowed, off) in HOUSE_OPTIONS[game_id].items():
        node = document.getElementById(f"opt-h-{key}")
        out[key] = bool(node.checked) if isinstance(allowed[0], bool) else allowed[int(node.value)]
    if house == "site" and all(out[k] == off for k, (_a, off) in HOUSE_OPTIONS[game_id].items()):
        return {}
    return {"house": house, **out}


def show_preset(game_id, document):
    """The switches set to the chosen set's (the Rules select changed)."""
    house = str(document.getElementById("opt-house").value)
    values = HOUSE_PRESETS[game_id].get(house, {})
    for key, (allowed, _off) in HOUSE_OPTIONS[game_id].items():
        node = document.getElementById(f"opt-h-{key}")
        if node is None or key not in values:
            continue
        if isinstance(allowed[0], bool):
            node.checked = bool(values[key])
        else:
            node.value = str(allowed.index(values[key]))


def short_name(rules_view):
    """The set of house rules a table plays, for the line above it ("" for none)."""
    house = (rules_view or {}).get("house") or ""
    return _(PRESET_NAMES[house]) if house and house != "site" else ""
