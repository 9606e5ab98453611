"""`pip install .` works: the wheel carries the templates and assets inside the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # No build isolation: the test runs offline with the hatchling the test extra installs.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(ROOT)],
        check=True,
    )  # fmt: skip
    (path,) = out.glob("kifuwiki-*.whl")
    return path


def test_wheel_contains_templates_assets_and_types(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "kifuwiki/py.typed",
        "kifuwiki/templates/viewer.html",
        "kifuwiki/templates/record.html",
        "kifuwiki/templates/assets/kifuwiki.js",
        "kifuwiki/templates/assets/kifuwiki.js.min",  # its prebuilt minified copy
        "kifuwiki/templates/assets/kifuwiki.css",
        # Each game's presentation ships inside its own package.
        "kifuwiki/games/prime_daifugo/templates/state.html",
        "kifuwiki/games/prime_daifugo/assets/prime-daifugo.js.min",
        "kifuwiki/games/prime_daifugo/assets/prime-daifugo.css",
        "kifuwiki/games/prime_daifugo/assets/prime-daifugo.js",
        "kifuwiki/games/catan/templates/state.html",
        "kifuwiki/games/catan/templates/extra.html",
    }
    assert expected <= names
    # No game's files in the shared templates folder.
    assert not [n for n in names if n.startswith("kifuwiki/templates/") and n.count("/") > 3]
    # One copy of each template: nothing of the top-level folder lands outside the package.
    assert not [n for n in names if n.startswith("templates/")]
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[mkdocs.plugins]" in text
    # The built-in games register through the same entry-point group as any plug-in.
    assert "[kifuwiki.games]" in text
    assert "prime-daifugo = kifuwiki.games.prime_daifugo:GAME" in text
    assert "catan = kifuwiki.games.catan:GAME" in text
    assert "kifuwiki = kifuwiki.cli:main" in text


def test_installed_wheel_renders_from_its_own_templates(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site-packages"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True,
    )  # fmt: skip
    script = (
        "import kifuwiki, pathlib\n"
        "from kifuwiki.render.resources import templates_dir\n"
        "from kifuwiki.archive import load_text\n"
        "from kifuwiki.games import get_game\n"
        "from kifuwiki.render.environment import make_environment\n"
        "from kifuwiki.render.record import render_viewer\n"
        "print(pathlib.Path(kifuwiki.__file__).parent)\n"
        "print(templates_dir())\n"
        "(r,) = load_text('A:(7)\\nB:(K)\\nA:7#\\n', 'x.kifu')\n"
        "html = render_viewer(get_game(r.game).view(r), make_environment(), 'en')\n"
        "print('kw-viewer' in html and 'kw-card' in html)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True, env=env
    ).stdout.splitlines()
    package, templates, rendered = out
    assert Path(package).is_relative_to(target)
    assert Path(templates) == Path(package) / "templates"
    assert rendered == "True"
