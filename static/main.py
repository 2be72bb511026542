"""Each game page's PyScript entry point: PyScript, where it runs, boots through the site's one boot
(pyscript.json's interpreter is boot.mjs, which writes pyapp and dice_page.py out) and this starts the
game on the page's own thread, joined to the page's agent by the same protocol as the game's thread."""

import dice_page
import js
from pyodide.ffi import create_proxy

AGENT = js.diceDungeonsAgent
PAGE = dice_page.start(AGENT.opened(), AGENT.apply)  # module-level: the page lives as long as the tab
AGENT.listen(create_proxy(PAGE.handle))
