"""``python -m benchmarks``: every benchmark in one run (see benchmarks/run.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import main

sys.exit(main())
