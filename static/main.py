"""Each game page's PyScript entry point: PyScript, where it runs, boots through the site's one boot
(pyscript.json's interpreter is boot.mjs, which writes pyapp out) and this starts the page's controller
on the page's own thread, joined to the page's agent by the same protocol as the game's thread."""

import js
from pyodide.ffi import create_proxy

from pyapp.webapp import controller

AGENT = js.diceDungeonsAgent
PAGE = controller.start(AGENT.opened(), AGENT.apply)  # module-level: the page lives as long as the tab
AGENT.listen(create_proxy(PAGE.handle))
