"""What a page audit checks, held in place on the real pages: headings that never skip
a level, and every button's visible text inside its accessible name (WCAG "label in name")."""

import pytest

from pyapp import registry

HEADINGS = """() => Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'))
  .map(h => [Number(h.tagName[1]), h.textContent.trim().slice(0, 40)])"""

# Each button's visible text (less what is hidden from assistive technology, such
# as the key-number badge) and the name the browser computed for it.
VISIBLE = """(els) => els.map(el => {
  const hidden = Array.from(el.querySelectorAll('[aria-hidden=true], title, desc'));  // SVG titles are not drawn
  const parked = hidden.map(n => [n, n.parentNode, n.nextSibling]);
  hidden.forEach(n => n.remove());
  const text = el.closest('svg') ? el.textContent : el.innerText;
  parked.forEach(([n, parent, next]) => parent.insertBefore(n, next));
  return text;
})"""


def accessible_names(page):
    """(visible text, computed accessible name) of every button and link, from Chromium's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    wanted = [n for n in tree if n.get("role", {}).get("value") in ("button", "link") and "backendDOMNodeId" in n
              and not n.get("ignored")]
    names = [n.get("name", {}).get("value", "") for n in wanted]
    handles = []
    for node in wanted:
        remote = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})["object"]
        handles.append(remote["objectId"])
    texts = []
    for object_id in handles:
        texts.append(cdp.send("Runtime.callFunctionOn", {
            "objectId": object_id, "returnByValue": True,
            "functionDeclaration": "function () { return (" + VISIBLE + ")([this])[0]; }"})["result"].get("value", ""))
    cdp.detach()
    return list(zip(texts, names))


def squeeze(text):
    return "".join(text.split()).lower()


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_headings_descend_one_level_at_a_time_and_names_contain_the_visible_text(open_page, slug):
    visit = open_page(f"{slug}/?seed=audit")
    for _ in range(6):  # a game under way: monsters, threats, sheets, a grown map
        if visit.page.is_disabled("#auto-step"):
            break
        visit.page.click("#auto-step")
    visit.page.wait_for_timeout(300)
    visit.page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    levels = visit.page.evaluate(HEADINGS)
    assert levels[0][0] == 1
    for (before, _), (level, text) in zip(levels, levels[1:]):
        assert level <= before + 1, f"{slug}: h{level} {text!r} follows an h{before}"
    names = accessible_names(visit.page)
    assert len(names) > 5, "no buttons found"
    for visible, name in names:
        if not any(ch.isalnum() for ch in visible):
            continue  # a symbol (a stairs arrow, a die face) is no label to speak
        assert squeeze(visible) in squeeze(name), f"{slug}: visible {visible!r} is not in the name {name!r}"
    visit.assert_clean()
