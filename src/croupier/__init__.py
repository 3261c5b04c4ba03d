"""croupier: Pennsylvania table games (58 Pa. Code, Subpart K) as software.

The engine (`croupier.engine`, `croupier.games`), the mathematics
(`croupier.analysis`) and the Rules Submissions (`croupier.rules`).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("croupier")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
