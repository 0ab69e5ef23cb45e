"""Headless Chromium for tests that look at what a browser draws: the results website's pages
(tests/site) and the SVG pictures' layout (tests/pictures). Debian's ``chromium`` package
(``.ci/run`` installs it); without it such a test is skipped, or fails where
``BURGUNDY_REQUIRE_CHROMIUM`` is set."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def need_chromium() -> None:
    """Skip the calling test without Chromium (fail it where CI requires Chromium)."""
    if CHROMIUM is None:
        why = "headless Chromium (Debian's chromium package) is not installed"
        if os.environ.get("BURGUNDY_REQUIRE_CHROMIUM"):  # (.ci/run installs it: there, a failure)
            pytest.fail(why)
        pytest.skip(why)


def chromium(*args: str, cwd: Path) -> subprocess.Popen:
    """Start headless Chromium with its own profile folder under ``cwd``; its output is piped."""
    profile = cwd / f".profile-{abs(hash(args))}"
    return subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--no-first-run", f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                             *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def frames(pages: list[str], each: str, widths: tuple[int, ...] = (1100,), height: int = 700) -> str:
    """A page that opens each of ``pages`` in a frame of each of ``widths`` pixels (1100; a
    phone's and a desktop's to compare them), the width in the frame's ``data-view``, and, once
    all are loaded, writes what the script ``each`` pushes on ``report`` for each ``page`` (a
    frame's document) as JSON into its ``report`` element (file pages may read each other with
    --allow-file-access-from-files)."""
    framed = "\n".join(f'<iframe src="{p}" data-view="{w}" width="{w}" height="{height}" style="border:0"></iframe>'
                       for w in widths for p in pages)
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>all pages</title></head><body>
<pre id="report"></pre>
{framed}
<script>
window.addEventListener("load", () => {{
  const report = [];
  for (const frame of document.querySelectorAll("iframe")) {{
    const page = frame.contentDocument;
    {each}
  }}
  document.getElementById("report").textContent = JSON.stringify(report);
}});
</script></body></html>
"""


def report(dom: str, log: str) -> list[dict]:
    """What a page of :func:`frames` wrote, read from Chromium's ``--dump-dom``."""
    found = re.search(r'<pre id="report">(.*?)</pre>', dom, re.S)
    assert found, f"Chromium gave no report; its log ends: {log[-2000:]}"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                      .replace("&amp;", "&"))


def measure(folder: Path, pages: list[str], each: str) -> list[dict]:
    """Open ``pages`` (relative to ``folder``) in one Chromium, run ``each`` on every one
    (:func:`frames`) and return the report; the profile folders are removed after."""
    (folder / "_measure.html").write_text(frames(pages, each))
    try:
        return report(*chromium("--allow-file-access-from-files", "--virtual-time-budget=20000", "--dump-dom",
                                (folder / "_measure.html").as_uri(), cwd=folder).communicate(timeout=180))
    finally:
        for path in folder.glob(".profile-*"):
            shutil.rmtree(path, ignore_errors=True)
