"""Running the browser's ES modules (``server/static/js``) under node, as the page runs
them: the tests of its sentences, its refusals and its check of a round."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

NODE = shutil.which("node")
"""The node program; ``None`` where node is not installed."""
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
"""Skip a test that runs the browser's modules where node is not installed."""
JS = Path(__file__).parents[1] / "src" / "croupier" / "server" / "static" / "js"
"""The browser's ES modules."""


def imports(module: str, *names: str) -> str:
    """The ES import of ``names`` from the browser's ``module`` (a path under ``JS``)."""
    return f"import {{ {', '.join(names)} }} from {json.dumps((JS / module).as_uri())};"


def run_node(script: str, data: Any = None) -> Any:
    """Run the ES module ``script`` with ``data`` (JSON) as its standard input, bound to
    ``input``; returns what it prints (JSON)."""
    assert NODE is not None
    prelude = "import { readFileSync } from 'node:fs';const input = JSON.parse(readFileSync(0));"
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", prelude + script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)
