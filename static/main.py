"""Each game page's PyScript entry point. The browser layer itself is static/dice_page.py,
already imported in the boot snapshot (boot.mjs puts it and pyapp's files in place for every boot)."""

import dice_page

PAGE = dice_page.start()  # module-level: the page (and its event proxies) lives as long as the tab
