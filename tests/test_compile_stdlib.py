"""The standard library the snapshot boots mount (sitebuild/compile_stdlib.py), checked in CPython:
the build runs the same code inside the pinned Pyodide, whose bytecode it then is."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zipfile

from sitebuild.compile_stdlib import compile_members, imported_members

SOURCES = {
    "used.py": "def answer():\n    return 42\n",
    "pack/__init__.py": "from .inner import VALUE\n",
    "pack/inner.py": "VALUE = 'inner'\n",
    "unused.py": "def later():\n    return 'still a source'\n",
    "data.txt": "not Python",
}


def write_zip(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 2, 3, 4, 6)), text)


def test_the_modules_named_become_bytecode_and_everything_else_stays_as_it_was(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    count = compile_members(str(tmp_path / "stdlib.zip"), str(tmp_path / "out.zip"),
                            ["used.py", "pack/__init__.py", "pack/inner.py"], "/lib/python.zip")
    assert count == 3
    with zipfile.ZipFile(tmp_path / "out.zip") as archive:
        names = archive.namelist()
        assert names == ["used.pyc", "pack/__init__.pyc", "pack/inner.pyc", "unused.py", "data.txt"]
        assert archive.read("unused.py").decode() == SOURCES["unused.py"]
        assert archive.read("data.txt").decode() == "not Python"
        assert all(info.date_time == (2026, 1, 2, 3, 4, 6) for info in archive.infolist())
        assert archive.read("used.pyc")[:4] == importlib.util.MAGIC_NUMBER


def test_zipimport_loads_the_bytecode_and_the_sources_alike(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    target = tmp_path / "out.zip"
    compile_members(str(tmp_path / "stdlib.zip"), str(target), ["used.py", "pack/__init__.py", "pack/inner.py"],
                    str(target))
    sys.path.insert(0, str(target))
    try:
        used, pack, unused = (importlib.import_module(name) for name in ("used", "pack", "unused"))
        assert used.answer() == 42 and pack.VALUE == "inner" and unused.later() == "still a source"
        assert used.__file__.endswith("used.pyc") and unused.__file__.endswith("unused.py")
        # A traceback names the module's place in the zip, as it did from the source.
        assert used.answer.__code__.co_filename == f"{target}/used.py"
        assert imported_members(str(target)) == ["unused.py"]  # only sources count: the rest is compiled
    finally:
        sys.path.remove(str(target))
        for name in ("used", "pack", "pack.inner", "unused"):
            sys.modules.pop(name, None)


def test_the_same_inputs_give_the_same_archive(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    made = []
    for n in range(2):
        compile_members(str(tmp_path / "stdlib.zip"), str(tmp_path / f"out{n}.zip"), ["used.py"], "/lib/python.zip")
        made.append((tmp_path / f"out{n}.zip").read_bytes())
    assert made[0] == made[1]
