"""A real ``nats-server`` (Debian's, with JetStream) for the tests of the bus (issue #33),
started on a free port with a store of its own; ``.ci/run`` installs the binary."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

BINARY = shutil.which("nats-server") or (
    "/usr/sbin/nats-server" if Path("/usr/sbin/nats-server").exists() else None
)
"""The nats-server found on this machine, or ``None``."""
MISSING = "nats-server is not installed (apt-get install nats-server; .ci/run installs it)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class NatsServer:
    """``nats-server -js`` on 127.0.0.1 at a free port, storing its streams in ``store``;
    :meth:`stop` and :meth:`start` again on the same port and store (a bus restart)."""

    def __init__(self, store: Path) -> None:
        assert BINARY is not None, MISSING
        self.store = store
        self.port = free_port()
        self.url = f"nats://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        assert BINARY is not None
        self.process = subprocess.Popen(
            [BINARY, "-js", "-a", "127.0.0.1", "-p", str(self.port), "-sd", str(self.store)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise AssertionError(f"nats-server did not listen on port {self.port} in 10 s")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None
