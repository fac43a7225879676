"""Rules pages: the text in our words, and the engine's examples on a board
the reader steps through or plays."""
import pytest

from site_helpers import DESKTOP, PHONE
from gostop.scenarios import load_scenario, scenario_ids

READY = "() => document.documentElement.dataset.busy === '0' && document.querySelector('.scn')"


GAMES = ["matgo", "gostop", "stopgo", "stop", "go-stop-2005"]


def event_kinds(game, sid):
    """The kinds of event the reader sees while stepping through an example."""
    from gostop.core.game import events_for
    from gostop.scenarios import build
    state, steps = build(game, sid)
    viewer = load_scenario(game, sid)["viewer"]
    return {e["type"] for p, a in steps for e in events_for(state.apply(a, p), viewer)}


def stepped_by_default(game):
    """The examples stepped through in the browser by default: the one that
    shows the most kinds of event, and gostop's bomb (its flip-only turn was
    once labelled "take card 50"). The engine's moves of every example are
    checked under CPython (tests/test_scenarios.py); ``-m slow`` steps the
    rest through in the browser too."""
    ids = scenario_ids(game)
    most = max(ids, key=lambda sid: (len(event_kinds(game, sid)), -ids.index(sid)))
    return [most] + [sid for sid in ("bomb",) if game == "gostop" and sid != most]


def step_through(t, game, ids):
    """Next through every step of each example, then Back to the start:
    never an error notice, never a page error, never a Python traceback."""
    page = t.page
    # Python's tracebacks outside a click's handler reach only the console.
    tracebacks = []
    page.on("console", lambda m: tracebacks.append(m.text) if m.type == "error" else None)
    error = "#notice.error:not([hidden])"
    for sid in ids:
        total = len(load_scenario(game, sid)["steps"])
        page.click(f"[data-do=scenario][data-id='{sid}']")
        page.wait_for_selector(f".scn[data-scenario='{sid}'][data-step='0']")
        page.wait_for_function(READY)
        for i in range(1, total + 1):
            page.click("[data-do=scn-next]")
            page.wait_for_function(
                f"() => document.documentElement.dataset.busy === '0' && "
                f"(document.querySelector(\".scn[data-step='{i}']\") || document.querySelector('{error}'))")
            assert page.locator(error).count() == 0, (
                f"{game}/{sid} step {i}: {page.locator('#notice').inner_text()}")
        assert page.locator("[data-do=scn-next]").is_disabled()
        for i in range(total - 1, -1, -1):
            page.click("[data-do=scn-back]")
            page.wait_for_function(
                f"() => document.documentElement.dataset.busy === '0' && "
                f"(document.querySelector(\".scn[data-step='{i}']\") || document.querySelector('{error}'))")
            assert page.locator(error).count() == 0, (
                f"{game}/{sid} back to step {i}: {page.locator('#notice').inner_text()}")
        assert t.errors == [], f"{game}/{sid}: {t.errors}"
        assert tracebacks == [], f"{game}/{sid}: " + "\n".join(tracebacks)


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_lists_its_examples_and_steps_through_one(table_factory, game):
    t = table_factory(PHONE)
    page = t.page
    page.goto(t.base + f"rules-{game}.html?speed=fast")
    # The rules text is static HTML: there before Python runs.
    assert page.locator(".rules-text p, .rules-text li").count() >= 5
    ids = page.eval_on_selector_all("[data-do=scenario]", "els => els.map(e => e.dataset.id)")
    assert ids == scenario_ids(game)
    t.wait_ready()
    page.wait_for_function(READY)
    first = load_scenario(game, ids[0])
    assert page.locator(".scn-title").inner_text() == first["title"]["en"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    step_through(t, game, stepped_by_default(game))


def test_stepping_through_an_example_and_playing_its_key_move(table_factory):
    t = table_factory(DESKTOP)
    page = t.page
    page.goto(t.base + "rules-matgo.html")
    t.wait_ready()
    page.click("[data-do=scenario][data-id=ppuk]")
    page.wait_for_selector(".scn[data-scenario=ppuk][data-step='0']")
    data = load_scenario("matgo", "ppuk")
    key = data["steps"][data["key_step"]]
    # Playing a different card is refused with the example's move named.
    other = next(c for c in t.state()["view"]["hand"] if c != key["action"])
    page.click(f".hhand [data-card='{other}']")
    page.wait_for_selector("#notice:not([hidden])")
    assert key["label"] in page.locator("#notice").inner_text()
    # Playing the key move itself advances the example and shows the rule.
    page.click(f".hhand [data-card='{key['action']}']")
    page.wait_for_selector(".scn[data-step='1']")
    page.wait_for_function(READY)
    assert t.state()["view"]["ppuks"] == [1, 0]
    assert page.locator(".stack-mark").count() == 1
    # Back returns to the start; Next replays the move.
    page.click("[data-do=scn-back]")
    page.wait_for_selector(".scn[data-step='0']")
    assert t.state()["view"]["ppuks"] == [0, 0]
    page.click("[data-do=scn-next]")
    page.wait_for_selector(".scn[data-step='1']")
    t.screenshot("rules-matgo-ppuk")


def test_embed_shows_an_example_by_name_and_rejects_unknown_ones(table_factory):
    t = table_factory(PHONE)
    page = t.page
    page.goto(t.base + "embed.html?game=gostop&scenario=bomb")
    t.wait_ready()
    page.wait_for_selector(".scn[data-scenario=bomb]")
    page.goto(t.base + "embed.html?game=gostop&scenario=nope")
    t.wait_ready()
    assert "no example 'nope'" in page.locator("#notice").inner_text()


def test_score_calculator_adds_up_like_the_engine(table_factory):
    from gostop.games.hwatu.cards import mask
    from gostop.games.hwatu.scoring import breakdown
    t = table_factory(PHONE)
    page = t.page
    page.goto(t.base + "rules-matgo.html")
    t.wait_ready()
    page.wait_for_selector("#calculator .calc-cards")
    picked = [0, 8, 28, 4, 12, 29, 1, 5, 9]    # 3 brights, godori, hongdan
    for c in picked:
        page.click(f"#calculator [data-card='{c}']")
        page.wait_for_selector(f"#calculator [data-card='{c}'][aria-pressed=true]")
    base = breakdown(mask(picked))["base"]
    assert base == 3 + 5 + 3
    assert int(page.locator("[data-calc-base]").inner_text()) == base
    for _ in range(3):
        page.click("#calculator [data-do=calc-go][data-delta='1']")
    page.wait_for_selector("#calculator .calc-gos span:text('3 Go')")
    assert int(page.locator("[data-calc-total]").inner_text()) == base * 2   # matgo: 3 Go doubles
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_other_example_steps_to_its_end_and_back(table_factory, game):
    """The examples not stepped through by default, on a desktop."""
    t = table_factory(DESKTOP)
    t.page.goto(t.base + f"rules-{game}.html?speed=fast")
    t.wait_ready()
    t.page.wait_for_function(READY)
    default = stepped_by_default(game)
    step_through(t, game, [sid for sid in scenario_ids(game) if sid not in default])
