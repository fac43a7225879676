"""The static server for ``dist/`` on this machine: ``build.py serve`` and
``play``, the e2e tests (e2e/conftest.py) and the benches. It knows the MIME
types the site needs and sends the build's ``.br``/``.gz`` copies (see
tools/compression.py) to a browser that accepts them."""
import threading
import time
from email.utils import parsedate_to_datetime
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tools.compression import ENCODINGS
from tools.paths import DIST

MIME = {".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json",
        ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
        ".whl": "application/zip", ".zip": "application/zip",
        ".py": "text/plain", ".css": "text/css", ".html": "text/html"}


def accepted_encodings(header):
    """The content codings an ``Accept-Encoding`` header allows (q > 0)."""
    allowed = set()
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if coding and q > 0:
            allowed.add(coding.strip().lower())
    return allowed


class _Counting:
    """A socket file that counts the bytes written to it."""

    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def write(self, data):
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Link:
    """A network link shared by every response of a server (the benches'
    phone profile): each request waits ``latency_s`` first, and every byte
    sent waits its turn at ``bits_per_s``, whichever page or worker asked.
    Chromium's own emulation (CDP) slows only the page's requests, not its
    service worker's or its workers', which fetch most of a first visit."""

    def __init__(self, bits_per_s, latency_s):
        self.rate, self.latency = bits_per_s / 8, latency_s
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, n):
        """Blocks until ``n`` more bytes have crossed the link."""
        with self.lock:
            self.free_at = max(time.monotonic(), self.free_at) + n / self.rate
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


class _Paced:
    """A socket file whose writes cross a ``Link`` first."""

    def __init__(self, raw, link):
        self.raw, self.link = raw, link

    def write(self, data):
        self.link.send(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def make_server(root, host="127.0.0.1", port=0, *, compress=True, log=None, link=None):
    """A threaded static server for ``root`` with the MIME types the site
    needs (.mjs, .wasm, .webmanifest); used by ``serve`` and the e2e tests.

    With ``compress``, a GET or HEAD for ``f`` whose request accepts ``br``
    (else ``gzip``) is answered with the build's ``f.br`` (``f.gz``) when it
    exists: Content-Encoding, the Content-Type of ``f``, the Content-Length
    of what is sent, ``Vary: Accept-Encoding``. A Range request gets the raw
    file (this server ignores ranges and sends it whole, as before).
    ``log``, if given, is called with (path, status, encoding or None, bytes
    written to the socket) after every request (the bytes bench). ``link``,
    a ``Link``, paces every response (the phone bench)."""

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}
        encoding = None   # the Content-Encoding of the response being sent
        vary = False

        def log_message(self, *args):
            pass

        def setup(self):
            super().setup()
            if link is not None:
                self.wfile = _Paced(self.wfile, link)
            if log is not None:
                self.wfile = _Counting(self.wfile)

        def handle_one_request(self):
            if link is not None:
                time.sleep(link.latency)
            self.encoding, self.vary, self.status = None, False, None
            if log is not None:
                self.wfile.count = 0
            super().handle_one_request()
            if log is not None and self.status is not None:
                log(self.path, self.status, self.encoding, self.wfile.count)

        def send_response(self, code, message=None):
            self.status = int(code)
            super().send_response(code, message)

        def end_headers(self):
            # Revalidate on every visit: the service worker does the caching.
            self.send_header("Cache-Control", "no-cache")
            if self.vary:
                self.send_header("Vary", "Accept-Encoding")
            super().end_headers()

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not self.path.partition("?")[0].endswith("/"):
                    return super().send_head()      # the redirect to "dir/"
                path = path / "index.html"
            variants = {kind: path.with_name(path.name + ext) for kind, ext in ENCODINGS.items()}
            if not path.is_file() or not compress:
                return super().send_head()
            # A variant older than its file is stale (the file was rebuilt): never sent.
            variants = {kind: v for kind, v in variants.items()
                        if v.is_file() and v.stat().st_mtime >= path.stat().st_mtime}
            if not variants:
                return super().send_head()
            self.vary = True
            allowed = accepted_encodings(self.headers.get("Accept-Encoding"))
            kind = next((k for k in variants if k in allowed), None)
            if kind is None or "Range" in self.headers:
                return super().send_head()
            mtime = int(path.stat().st_mtime)
            since = self.headers.get("If-Modified-Since")
            if since and "If-None-Match" not in self.headers:
                try:
                    if mtime <= parsedate_to_datetime(since).timestamp():
                        self.send_response(HTTPStatus.NOT_MODIFIED)
                        self.end_headers()
                        return None
                except (TypeError, ValueError, IndexError, OverflowError):
                    pass
            f = open(variants[kind], "rb")
            self.encoding = kind
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", kind)
            self.send_header("Content-Length", str(variants[kind].stat().st_size))
            self.send_header("Last-Modified", self.date_time_string(mtime))
            self.end_headers()
            return f

    class Server(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass  # a browser closing a connection early is not our error

    return Server((host, port), partial(Handler, directory=str(root)))


def serve(port=8000, host="127.0.0.1", root=DIST):
    """Serves ``root`` until Ctrl+C."""
    httpd = make_server(root, host, port)
    print(f"Serving the card room at http://{host}:{httpd.server_port}/  (Ctrl+C to stop)",
          flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
