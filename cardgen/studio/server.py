"""Starting the studio: its sockets on the loopback addresses (or the one asked for), its
token, its workspace, the browser opened on its address, and a clean stop on Ctrl-C."""

from __future__ import annotations

import secrets
import shutil
import signal
import socket
import tempfile
import webbrowser
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from cardgen.errors import InputError, Terminated
from cardgen.messages import Message
from cardgen.studio.guard import LOOPBACK_NAMES

LOOPBACK_ADDRESSES = ("127.0.0.1", "::1")


def listening_sockets(host: str | None, port: int) -> list[socket.socket]:
    """Sockets on 127.0.0.1 and ::1 (where this computer has IPv6), or on `host`; all on
    one port, the one given or the first free one of 127.0.0.1."""
    addresses = [host] if host else list(LOOPBACK_ADDRESSES)
    sockets: list[socket.socket] = []
    try:
        for address in addresses:
            try:
                sockets.append(_bind(address, port))
            except OSError as exc:
                if address == "::1" and sockets:
                    continue  # no IPv6 here: 127.0.0.1 serves alone
                raise InputError(
                    Message("studio.cannot_listen", address=address, port=port, reason=exc.strerror or str(exc))
                ) from None
            port = sockets[0].getsockname()[1]
    except BaseException:
        for made in sockets:
            made.close()
        raise
    return sockets


def _bind(address: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    made = socket.socket(family, socket.SOCK_STREAM)
    try:
        if family == socket.AF_INET6:
            made.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        made.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        made.bind((address, port))
        made.listen(64)
    except BaseException:
        made.close()
        raise
    made.setblocking(False)
    return made


@contextmanager
def workspace_folder(given: Path | None):
    """The folder the studio works in: the one given (made if missing), or a new
    temporary one removed when the studio stops."""
    if given is not None:
        given.mkdir(parents=True, exist_ok=True)
        yield given.resolve()
        return
    made = Path(tempfile.mkdtemp(prefix="cardgen-studio-"))
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)


def serve(
    port: int = 0,
    host: str | None = None,
    workspace: Path | None = None,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve until Ctrl-C (KeyboardInterrupt reaches the caller)."""
    import uvicorn

    from cardgen.studio.app import create_app

    token = secrets.token_urlsafe(24)
    sockets = listening_sockets(host, port)
    port = sockets[0].getsockname()[1]
    shown = host if host else LOOPBACK_ADDRESSES[0]
    address = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/print?token={token}"
    with workspace_folder(workspace) as folder, _stopped_as_by_ctrl_c() as serving:
        hosts = (*LOOPBACK_NAMES, host) if host else LOOPBACK_NAMES
        app = create_app(token, port, folder, hosts)
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
        serving.append(uvicorn.Server(config))
        say(f"cardgen studio: {address}")
        say(Message("studio.open_it").text())
        if open_browser:
            webbrowser.open(address)
        serving[0].run(sockets=sockets)


@contextmanager
def _stopped_as_by_ctrl_c():
    """Ctrl-C, SIGTERM and SIGHUP (a closed terminal window) end the studio alike: through
    the `with` that removes its workspace. Once the server is made (the caller puts it in
    the list yielded), a signal only asks it to stop, and the stop is raised here when it
    has: an exception raised wherever the signal lands could be swallowed there, or leave a
    half-made object behind."""
    serving: list = []
    stopped: list[int] = []

    def stop(signum, frame):
        if not serving:
            raise KeyboardInterrupt if signum == signal.SIGINT else Terminated
        stopped.append(signum)
        serving[0].should_exit = True

    hangup = getattr(signal, "SIGHUP", None)  # not on Windows
    caught = [signal.SIGINT, signal.SIGTERM, *([hangup] if hangup else [])]
    previous = {sig: signal.signal(sig, stop) for sig in caught}
    try:
        yield serving
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if stopped:
        raise KeyboardInterrupt if stopped[0] == signal.SIGINT else Terminated
