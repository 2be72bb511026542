"""What a page audit checks, held in place on the real pages: headings that never skip
a level, every button's visible text inside its accessible name (WCAG "label in name"),
the rest of axe-core's WCAG A/AA rules (the engine Lighthouse's audit runs), and no use
of an API the browser reports as deprecated."""

from pathlib import Path

import pytest

from pyapp import registry

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

HEADINGS = """() => Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'))
  .map(h => [Number(h.tagName[1]), h.textContent.trim().slice(0, 40)])"""

AXE_RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },  // experimental in axe, run by Lighthouse
  });
  return result.violations.map(v => `${v.id}: ${v.nodes.length} × ${v.nodes[0].html.slice(0, 160)}`);
}"""

# Deprecation reports, as the browser files them (Lighthouse's "uses deprecated APIs").
DEPRECATIONS = """
window.__deprecations = [];
if (window.ReportingObserver) new ReportingObserver((reports) => {
  for (const r of reports) window.__deprecations.push(r.body.message || r.body.id);
}, { types: ['deprecation'], buffered: true }).observe();
"""


def game_under_way(open_page, slug):
    visit = open_page(f"{slug}/?seed=audit", init_script=DEPRECATIONS)
    for _ in range(6):  # monsters, threats, sheets, a grown map
        if visit.page.is_disabled("#auto-step"):
            break
        visit.page.click("#auto-step")
    visit.page.wait_for_timeout(300)
    visit.page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    return visit


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_headings_names_and_the_rest_of_an_accessibility_audit(open_page, slug):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: npm ci installs it (package.json devDependencies)")
    visit = game_under_way(open_page, slug)
    levels = visit.page.evaluate(HEADINGS)
    assert levels[0][0] == 1
    for (before, _), (level, text) in zip(levels, levels[1:]):
        assert level <= before + 1, f"{slug}: h{level} {text!r} follows an h{before}"
    visit.page.evaluate(AXE.read_text())  # devtools' evaluation: no inline script tag the page's CSP would refuse
    assert visit.page.evaluate(AXE_RUN) == []
    visit.assert_clean()


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_no_deprecated_api_is_used(open_page, slug):
    visit = game_under_way(open_page, slug)
    visit.page.wait_for_timeout(500)  # reports are delivered in a task of their own
    assert visit.page.evaluate("() => window.__deprecations") == []
