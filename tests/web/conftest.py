"""Fixtures of the browser tests: ``chieu serve`` in a subprocess and Chromium (one of each per
xdist worker), a fresh browser context per test, and a folder for screenshots.

``$CHIEU_WEB_BASE`` points the tests at a server already running instead. Screenshots (the
layouts', and every page of a failed test) go to ``$CHIEU_ARTEFACTS`` or to
``$TMPDIR/chieu-web-artefacts/<run>/``; the failure report prints their paths.
Without /usr/bin/chromium the tests are skipped, unless ``$CI`` is set: then it is a failure
(`make system` installs Debian's chromium).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import CHROMIUM, CHROMIUM_ARGS, ServeProcess

ARTEFACTS_ENV = "CHIEU_ARTEFACTS"


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pytest_configure(config: pytest.Config) -> None:
    # one folder per run, made by the controller before the xdist workers start (they inherit
    # the environment); never inside the repository
    if not hasattr(config, "workerinput") and not os.environ.get(ARTEFACTS_ENV):
        os.environ[ARTEFACTS_ENV] = tempfile.mkdtemp(prefix="chieu-web-artefacts-")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folder = Path(os.environ.get(ARTEFACTS_ENV, ""))
    if folder.is_dir() and any(folder.iterdir()):
        terminalreporter.write_line(f"browser test screenshots: {folder}")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def artefacts(request: pytest.FixtureRequest) -> Path:
    """Where screenshots go: ``$CHIEU_ARTEFACTS``, else a folder of this run under the system's
    temporary directory (never the repository)."""
    given = os.environ.get(ARTEFACTS_ENV)
    if given:
        folder = Path(given)
    else:
        try:
            run = str(request.getfixturevalue("testrun_uid"))  # pytest-xdist: one per run
        except pytest.FixtureLookupError:
            run = f"pid{os.getpid()}"
        folder = Path(tempfile.gettempdir()) / "chieu-web-artefacts" / run
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    proc = ServeProcess(tmp_path_factory.mktemp("serve"))
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="session")
def base(request: pytest.FixtureRequest) -> str:
    """The server's address: ``$CHIEU_WEB_BASE`` (a server you started, to debug against),
    else this worker's own ``chieu serve``."""
    given = os.environ.get("CHIEU_WEB_BASE")
    if given:
        return given.rstrip("/")
    server: ServeProcess = request.getfixturevalue("server")
    return server.base


@pytest.fixture(scope="session", autouse=True)
def require_chromium() -> None:
    """Every test here needs Chromium and playwright: a skip without them, a failure in CI
    (checked before the server starts)."""
    why = None
    if not CHROMIUM.exists():
        why = f"Chromium is missing ({CHROMIUM}): run `make system` (Debian's chromium package)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError as exc:  # the test extra is not installed
            why = f"playwright is missing ({exc}): pip install -e '.[test]'"
    if why is not None:
        if _in_ci():
            pytest.fail(why, pytrace=False)
        pytest.skip(why)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def new_context(
    browser: Any, artefacts: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Any]]:
    """``new_context(**options)``: a fresh context (closed after the test) whose dialogs are
    accepted (a fault's ``confirm()``); on failure each page's screenshot is saved."""
    made: list[Any] = []

    def make(**options: Any) -> Any:
        options.setdefault("viewport", {"width": 1366, "height": 768})
        options.setdefault("locale", "vi-VN")
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(15_000)
        ctx.on("dialog", lambda d: d.accept())
        made.append(ctx)
        return ctx

    yield make
    failed = request.node.stash.get(_FAILED, False)
    for i, ctx in enumerate(made):
        if failed:
            for j, page in enumerate(ctx.pages):
                name = f"FAILED-{request.node.name}-{i}-{j}.png".replace("/", "_")
                try:
                    page.screenshot(path=str(artefacts / name), full_page=True, timeout=5000)
                    print(f"screenshot: {artefacts / name}")
                except Exception as exc:
                    print(f"no screenshot of page {i}-{j}: {exc}")
        ctx.close()


@pytest.fixture
def context(new_context: Callable[..., Any]) -> Any:
    return new_context()


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()
