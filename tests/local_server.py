"""An HTTP server on 127.0.0.1 in a thread, for the tests that need one (the network is
not theirs to use): the browser tests serve a built site, the importer tests a fake
MediaWiki."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@contextmanager
def local_server(handler: Callable[..., BaseHTTPRequestHandler] | Any) -> Iterator[str]:
    """Serve with ``handler`` on a free port of 127.0.0.1; yields
    ``http://127.0.0.1:PORT`` (no slash), and stops the server and its thread after."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
