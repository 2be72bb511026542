"""pyapp.zip: the pyapp package as the one archive the pages load."""

from __future__ import annotations

import zipfile
from pathlib import Path

APP_ARCHIVE = "pyapp.zip"


def pack_pyapp(source: Path, out: Path) -> None:
    """Pack the .py files under `source` (the pyapp folder) into `out`/pyapp.zip, as the package
    `pyapp/`: one fetch at boot, not one per module, and one file to write, which Python imports
    from where it lies (zipimport). Fixed dates and order keep the bytes, and so the build id, the
    same for the same sources."""
    with zipfile.ZipFile(out / APP_ARCHIVE, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(source.rglob("*.py")):
            relative = "pyapp/" + path.relative_to(source).as_posix()
            entry = zipfile.ZipInfo(relative, date_time=(2000, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path.read_bytes(), zipfile.ZIP_DEFLATED)
