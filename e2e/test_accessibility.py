"""axe-core on every screen: no serious or critical findings; keyboard play."""
import json

import pytest

from site_helpers import ARTIFACTS, DESKTOP, PHONE, ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RESULTS = {}


def axe(page, name):
    """Runs axe-core (served from node_modules, never from the network)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # An injected inline script: the contexts here bypass the page's CSP
        # for it (every other e2e test runs under the CSP).
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice']}});
        return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                                       help: v.help, target: v.nodes[0].target}));
    }""")
    RESULTS[name] = result
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "axe-results.json").write_text(json.dumps(RESULTS, indent=1))
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    assert bad == [], f"{name}: {json.dumps(bad, indent=1)}"
    return result


@pytest.mark.parametrize("viewport, size", [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_every_screen_passes_axe(table_factory, viewport, size):
    t = table_factory(viewport, bypass_csp=True)
    page = t.open("?speed=fast")
    axe(page, f"home-{size}")
    for game in ("go-stop-2005", "matgo", "gostop", "stopgo", "stop"):
        page.click(f"[data-do=open][data-game='{game}']")
        axe(page, f"setup-{game}-{size}")
        page.fill("#opt-seed", "12")
        page.click("[data-do=start]")
        page.wait_for_function("() => document.documentElement.dataset.busy === '0' && "
                               "document.querySelector('[data-waiting=human]')", timeout=60_000)
        axe(page, f"table-{game}-{size}")
        page.click("#home-btn")


@pytest.mark.parametrize("path", ["rules-matgo.html", "rules-gostop.ko.html", "rules-stop.uk.html",
                                  "embed.html?game=stopgo&scenario=shaking", "?lang=ko"])
def test_rules_embed_and_other_languages_pass_axe(table_factory, path):
    t = table_factory(PHONE, bypass_csp=True)
    page = t.open(path)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    axe(page, f"page-{path}")


def test_matgo_can_be_played_with_the_keyboard(table_factory):
    t = table_factory(DESKTOP, bypass_csp=True)
    page = t.open("?game=matgo&seed=5&speed=fast")
    page.focus("[data-do=start]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.htable[data-waiting=human]') && "
                           "document.documentElement.dataset.busy === '0'", timeout=60_000)
    before = t.state()["actions"]
    page.focus(".hhand .card-btn")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == page.eval_on_selector_all(".hhand .card-btn", "e => e[1].dataset.card")
    # Focus is visible: the focused card has an outline.
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    page.keyboard.press("Enter")            # play (one way to play it: one key)
    page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}")


def test_go_stop_2005_can_be_played_with_the_keyboard(table_factory):
    t = table_factory(PHONE, bypass_csp=True)
    page = t.open("?game=go-stop-2005&seed=5&speed=fast")
    page.focus("[data-do=start]")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.t2005[data-waiting=human]') && "
                           "document.documentElement.dataset.busy === '0'", timeout=60_000)
    before = t.state()["actions"]
    page.keyboard.press("g")                # the G key plays Go
    page.wait_for_function(f"() => JSON.parse(window.cardroomState()).actions > {before}")
