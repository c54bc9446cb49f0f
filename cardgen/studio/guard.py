"""Who may talk to the studio: a request from this computer's browser, to a loopback
name, carrying the run's secret token, and, when it changes something, sent by one of the
studio's own pages.

- The token comes once in the address the command prints (`?token=`); the answer then
  sets it as a cookie (HttpOnly, SameSite=Strict) and sends the browser on without it,
  so it stays out of the history and of any Referer. Without it: 403.
- A `Host` other than the names the server listens on is refused (400): a web page whose
  domain an attacker points at 127.0.0.1 (DNS rebinding) names its own domain there.
- A POST from another origin (`Origin`, or `Sec-Fetch-Site: cross-site`) is refused (403).
"""

from __future__ import annotations

import hmac
import re
from urllib.parse import parse_qsl, urlencode

from h11 import LocalProtocolError
from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from cardgen.messages import Message
from cardgen.studio.words import page_lang

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
SAFE_METHODS = ("GET", "HEAD")
TOKEN_PARAMETER = "token"
# the headers of every answer: nothing is loaded from elsewhere, no page may frame ours
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # no-referrer would make a form's Origin "null"
    "cache-control": "no-store",
}


def cookie_name(port: int) -> str:
    """Cookies are shared by every port of a host: two studios each keep their own."""
    return f"cardgen-studio-{port}"


# a Host header: a name or an address, or an IPv6 address in brackets; then a port, or none
_HOST = re.compile(r"(?P<name>[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?")


def host_name(host: str) -> str | None:
    """'127.0.0.1:8000' -> '127.0.0.1', '[::1]:8000' -> '::1', in lower case; None for a Host
    that is not a name and a port ('[::1].evil.example', '[::1]@evil.example')."""
    found = _HOST.fullmatch(host.strip().lower())
    return found["name"].strip("[]") if found else None


class Guard:
    """The ASGI middleware that lets through only what the module's docstring allows."""

    def __init__(self, app: ASGIApp, token: str, port: int, hosts: tuple[str, ...] = LOOPBACK_NAMES):
        self.app, self.token, self.port = app, token, port
        self.hosts = {host.strip("[]").lower() for host in hosts}
        self.cookie = cookie_name(port)

    def origins(self) -> set[str]:
        named = (f"[{host}]" if ":" in host else host for host in self.hosts)
        return {f"http://{host}:{self.port}" for host in named}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, _with_headers(send))

    def _refusal(self, scope: Scope):
        headers = Headers(scope=scope)
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        lang = page_lang(query.get("lang"), headers.get("accept-language", ""))
        if host_name(headers.get("host", "")) not in self.hosts:
            return refuse(400, Message("studio.wrong_host"), lang)
        if scope["method"] not in SAFE_METHODS and not self._same_origin(headers):
            return refuse(403, Message("studio.other_page"), lang)
        if self._is_token(query.get(TOKEN_PARAMETER, "")) and scope["method"] in SAFE_METHODS:
            return self._welcome(scope, query)
        if not self._is_token(_cookie(headers, self.cookie)):
            return refuse(403, Message("studio.no_token"), lang)
        return None

    def _is_token(self, given: str) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.token.encode())

    def _same_origin(self, headers: Headers) -> bool:
        origin = headers.get("origin")
        if origin is not None:
            return origin.lower() in self.origins()
        return headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")

    def _welcome(self, scope: Scope, query: dict[str, str]):
        """The token as a cookie, and the same address without it."""
        rest = urlencode({key: value for key, value in query.items() if key != TOKEN_PARAMETER})
        # the path from the studio's own root: '//evil.example' would be another site's address
        path = "/" + scope["path"].lstrip("/\\")
        response = RedirectResponse(path + (f"?{rest}" if rest else ""), status_code=303)
        response.set_cookie(self.cookie, self.token, httponly=True, samesite="strict", path="/")
        for name, value in SECURITY_HEADERS.items():
            response.headers[name] = value
        return response


def _cookie(headers: Headers, name: str) -> str:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


def refuse(status: int, message: Message, lang: str) -> PlainTextResponse:
    """A request refused before any page is reached: its one sentence, in the page's language."""
    return PlainTextResponse(message.text(lang), status_code=status, headers=SECURITY_HEADERS)


def _with_headers(send: Send) -> Send:
    async def sending(message) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.encode() not in present]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        try:
            await send(message)
        except LocalProtocolError:  # the server refused a broken request itself, and is closing the connection
            pass

    return sending
