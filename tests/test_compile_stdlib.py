"""The standard library the snapshot boots mount (sitebuild/compile_stdlib.py), checked in CPython:
the build runs the same code inside the pinned Pyodide, whose bytecode it then is."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

from sitebuild.compile_stdlib import bundle, compile_app, imported_members, read_bundle, split_members

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


def split(tmp_path, n=0):
    """SOURCES split as the build splits Pyodide's: used.py and pack/ shipped (used.py and pack's
    __init__ compiled, as what a boot imports first), the rest apart."""
    (tmp_path / f"rest{n}").mkdir()
    target = tmp_path / f"shipped{n}.zip"
    apart = split_members(str(tmp_path / "stdlib.zip"), str(target), ["used.py", "pack/__init__.py", "pack/inner.py"],
                          str(tmp_path / f"rest{n}"), {}, frozenset({"used.py", "pack/__init__.py"}))
    return target, apart


def test_what_a_boot_imports_first_is_shipped_as_bytecode_the_rest_of_what_pages_use_as_sources(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    target, apart = split(tmp_path)
    assert apart == ["data.txt", "unused"]
    with zipfile.ZipFile(target) as archive:
        assert archive.namelist() == ["used.pyc", "pack/__init__.pyc", "pack/inner.py"]
        assert archive.read("pack/inner.py").decode() == SOURCES["pack/inner.py"]
        assert all(info.date_time == (2026, 1, 2, 3, 4, 6) for info in archive.infolist())
        assert archive.read("used.pyc")[:4] == importlib.util.MAGIC_NUMBER


def test_zipimport_loads_the_bytecode_and_the_sources_alike(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    target, _ = split(tmp_path)
    sys.path.insert(0, str(target))
    try:
        used, pack = (importlib.import_module(name) for name in ("used", "pack"))
        assert used.answer() == 42 and pack.VALUE == "inner"
        assert used.__file__.endswith("used.pyc") and pack.inner.__file__.endswith("inner.py")
        # A traceback names the module's place in the zip, as it did from the source.
        assert used.answer.__code__.co_filename == f"{tmp_path / 'stdlib.zip'}/used.py"
        assert imported_members(str(target)) == ["pack/inner.py"]  # only sources count: the rest is compiled
    finally:
        sys.path.remove(str(target))
        for name in ("used", "pack", "pack.inner"):
            sys.modules.pop(name, None)


def test_the_same_inputs_give_the_same_archive(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    made = [split(tmp_path, n)[0].read_bytes() for n in range(2)]
    assert made[0] == made[1]


def load_finder(tmp_path, apart):
    """static/stdlib_on_demand.py as the build ships it, told which names are apart, its files under tmp_path."""
    source = (Path(__file__).resolve().parent.parent / "static" / "stdlib_on_demand.py").read_text()
    spec = importlib.util.spec_from_loader("stdlib_on_demand_under_test", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(source + f"\nSHIPPED_APART = frozenset({sorted(apart)!r})\n", module.__dict__)
    module.HOME = str(tmp_path / "on-demand")
    return module


def test_the_shipped_zip_holds_what_the_pages_import_and_the_rest_waits_apart(tmp_path):
    write_zip(tmp_path / "stdlib.zip", SOURCES)
    (tmp_path / "rest").mkdir()
    apart = split_members(str(tmp_path / "stdlib.zip"), str(tmp_path / "shipped.zip"), ["used.py", "pack/__init__.py"],
                          str(tmp_path / "rest"), {"stdlib_on_demand.py": b"# the finder\n"})
    assert apart == ["data.txt", "pack", "unused"]
    with zipfile.ZipFile(tmp_path / "shipped.zip") as archive:
        assert archive.namelist() == ["used.py", "pack/__init__.py", "stdlib_on_demand.py"]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in archive.infolist())  # the file travels packed
    with zipfile.ZipFile(tmp_path / "rest" / "pack.zip") as archive:
        assert archive.namelist() == ["pack/inner.py"]
    with zipfile.ZipFile(tmp_path / "rest" / "unused.zip") as archive:
        assert archive.read("unused.py").decode() == SOURCES["unused.py"]


def test_a_module_shipped_apart_is_fetched_once_on_its_first_import_even_inside_a_shipped_package(tmp_path):
    write_zip(tmp_path / "stdlib.zip", {**SOURCES, "pack/__init__.py": "VALUE = 'shipped'\n"})
    (tmp_path / "rest").mkdir()
    apart = split_members(str(tmp_path / "stdlib.zip"), str(tmp_path / "shipped.zip"), ["used.py", "pack/__init__.py"],
                          str(tmp_path / "rest"), {})
    finder_module = load_finder(tmp_path, apart)
    asked = []

    def fetch(url):
        asked.append(url)
        return (tmp_path / "rest" / url.removeprefix("site/stdlib/")).read_bytes()

    finder = finder_module.OnDemand(fetch=fetch, folder=lambda: "site/stdlib/")
    sys.path.insert(0, str(tmp_path / "shipped.zip"))
    sys.meta_path.append(finder)
    try:
        pack = importlib.import_module("pack")
        assert pack.VALUE == "shipped" and asked == []
        assert importlib.import_module("pack.inner").VALUE == "inner"  # the rest of a package shipped in part
        assert importlib.import_module("unused").later() == "still a source"
        assert asked == ["site/stdlib/pack.zip", "site/stdlib/unused.zip"]
        try:
            importlib.import_module("not_in_the_standard_library")
        except ModuleNotFoundError:
            pass
        assert len(asked) == 2  # a name the standard library does not have fetches nothing
    finally:
        sys.meta_path.remove(finder)
        sys.path.remove(str(tmp_path / "shipped.zip"))
        for name in [n for n in sys.path if n.startswith(str(tmp_path))]:
            sys.path.remove(name)
        for name in ("used", "pack", "pack.inner", "unused"):
            sys.modules.pop(name, None)


APP = {
    "app/__init__.py": b'"""The package\'s docstring."""\n',
    "app/rules.py": b'''"""Rules."""
from __future__ import annotations


class Die:
    """A die."""

    def roll(self, face: int) -> int:
        """Its face."""
        assert face > 0, "no face"
        return face


def only_docstring():
    """Nothing else."""
''',
}


def test_pyapp_is_shipped_compiled_sourceless_without_docstrings_and_with_its_asserts(tmp_path):
    """compile_app, as the snapshot maker runs it in the pinned Pyodide: every module a .pyc with no
    source beside it, which Python imports as the source; docstrings gone, the rules' asserts kept."""
    (tmp_path / "sources").write_bytes(bundle(APP))
    assert compile_app(str(tmp_path / "sources"), str(tmp_path / "compiled"), str(tmp_path / "home")) == 2
    compiled = read_bundle((tmp_path / "compiled").read_bytes())
    assert sorted(compiled) == ["app/__init__.pyc", "app/rules.pyc"]
    for name, data in compiled.items():
        path = tmp_path / "site" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        import app.rules

        assert app.__doc__ is None and app.rules.__doc__ is None and app.rules.Die.__doc__ is None
        assert app.rules.__file__.endswith("rules.pyc") and app.rules.__spec__.loader.get_source("app.rules") is None
        assert app.rules.Die().roll(3) == 3 and app.rules.only_docstring() is None
        assert app.rules.Die.roll.__code__.co_filename == str(tmp_path / "home" / "app" / "rules.py")
        assert app.rules.Die.roll.__annotations__ == {"face": "int", "return": "int"}
        with pytest.raises(AssertionError, match="no face"):
            app.rules.Die().roll(0)
    finally:
        sys.path.remove(str(tmp_path / "site"))
        for name in ("app", "app.rules"):
            sys.modules.pop(name, None)
