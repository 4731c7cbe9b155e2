"""The package: the wheel carries every rules file, the grammar, py.typed and the licence;
the metadata and the version agree."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from gdl import catalog

import gdl

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """A wheel built (pip wheel, no dependencies) from a copy of the sources, so that the
    build leaves nothing in the working tree."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "gdl", source / "gdl",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(out), str(source)], check=True, capture_output=True)
    (built,) = out.glob("gdl-*.whl")
    return zipfile.ZipFile(built)


@pytest.mark.slow
def test_the_wheel_holds_every_rules_file_and_the_grammar(wheel):
    names = set(wheel.namelist())
    rules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "gdl").rglob("*.gdl")}
    assert len(rules) == len(catalog.bundled_games()) > 20   # every bundled game is a rules file
    assert rules <= names
    assert "gdl/grammar/rules.lark" in names
    assert "gdl/py.typed" in names


@pytest.mark.slow   # the wheel is built first
def test_the_wheel_metadata(wheel):
    (meta_name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    meta = Parser().parsestr(wheel.read(meta_name).decode())
    assert meta["Version"] == gdl.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta["Author"] == "gdl developers"
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in wheel.namelist())
    entry = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    assert "gdl = gdl.__main__:run" in wheel.read(entry[0]).decode()


def test_the_version_has_one_source():
    project = (ROOT / "pyproject.toml").read_text().split("[project]")[1].split("\n[")[0]
    assert "\nversion" not in project and 'dynamic = ["version"]' in project
    assert gdl.__version__.count(".") == 2
