"""Each game page's PyScript entry point; the browser layer (static/dice_page.py) is in the boot snapshot."""
import sys

if "/home/pyodide/pyapp.zip" not in sys.path:  # a plain boot; a snapshot's heap imported pyapp from there
    sys.path.insert(0, "/home/pyodide/pyapp.zip")  # where PyScript writes the build's pyapp.zip (pyscript.json)
import dice_page  # noqa: E402

PAGE = dice_page.start()  # module-level: the page (and its event proxies) lives as long as the tab
