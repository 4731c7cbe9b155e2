"""A `gdl serve` for the browser and security tests (test_web_browser.py,
test_web_security.py), and a Chromium for the browser tests.

The browser is Debian's chromium at CHROMIUM, driven by Playwright (Playwright's own
browsers are never downloaded). `.ci/run` installs chromium when it is missing and sets
GDL_REQUIRE_BROWSER=1, so there a missing browser fails the tests; elsewhere (`make test`
on a machine with only Python) they are skipped, saying so. Screenshots go to
GDL_WEB_SHOTS, or to a temporary folder; the path is printed.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
START_SECONDS = 60   # a loaded machine can take a while to import and bind


def _missing(what: str) -> None:
    if os.environ.get("GDL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{what}, and GDL_REQUIRE_BROWSER=1 (as .ci/run sets it)", pytrace=False)
    pytest.skip(f"{what}: `apt-get install chromium` runs these (.ci/run does)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(log_dir: Path, *args: str) -> Iterator[str]:
    """Run `gdl serve ARGS` on a free port of 127.0.0.1; yield its URL, stop it after."""
    port = _free_port()
    log_path = log_dir / f"serve-{port}.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    url = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "gdl", "serve", "--port", str(port), *args]
    # The output goes to a file, not a pipe: a full pipe would stall the server.
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=log,
                                   stderr=subprocess.STDOUT)
        try:
            _wait_until_up(process, url, log_path)
            yield url
        finally:
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The URL of a `gdl serve` started for the tests (stopped after them)."""
    with serving(tmp_path_factory.mktemp("serve")) as url:
        yield url


def _wait_until_up(process: subprocess.Popen, url: str, log_path: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            urllib.request.urlopen(url + "api/settings", timeout=2).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                out = log_path.read_text(errors="replace")
                pytest.fail(f"gdl serve did not start: {out}", pytrace=False)
            time.sleep(0.2)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is missing (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        _missing(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory):
    """The folder the screenshots go to (printed at the end)."""
    folder = Path(os.environ.get("GDL_WEB_SHOTS") or tmp_path_factory.mktemp("web-shots"))
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    print(f"\nweb board screenshots: {folder}")


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.base = server   # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"
