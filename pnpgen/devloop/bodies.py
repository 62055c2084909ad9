"""What the local servers accept of a request: a declared, bounded body length and, for JSON, a bounded depth.

A request that states no length, a negative or unreadable one, more bytes than the server takes, or JSON nested
deeper than anything it sends is answered with a 4xx at once: the server never waits for a body that will not
come, never reads past what it takes, and never recurses over what a client nested.
"""

from __future__ import annotations

import json
from typing import Any

MOST_DEPTH = 32  # brackets inside brackets: the page's own actions nest four deep


class BadRequest(Exception):
    """A request refused before it reaches the server's work: the status to answer and why, in a sentence."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def declared_length(headers) -> int | None:
    """The body's length as the request's one Content-Length header states it (None: it states none); BadRequest
    for a negative, unreadable or repeated length."""
    values = headers.get_all("Content-Length") or []
    if not values:
        return None
    texts = {v.strip() for v in values}
    if len(texts) > 1:
        raise BadRequest(400, "the request states two different lengths (Content-Length)")
    text = texts.pop()
    if not text.isascii() or not text.isdigit():
        raise BadRequest(400, f"Content-Length must be a whole number of bytes, got '{text[:40]}'")
    return int(text)


def read_body(handler, most: int) -> bytes:
    """A request's whole body of at most `most` bytes: 411 when it states no length, 413 when it is longer."""
    length = declared_length(handler.headers)
    if length is None:
        raise BadRequest(411, "the request must state its body's length (Content-Length)")
    if length > most:
        raise BadRequest(413, f"the body is {length} bytes; at most {most} are taken")
    try:
        data = handler.rfile.read(length)
    except TimeoutError:
        raise BadRequest(408, f"the body did not come: {length} bytes were announced") from None
    handler.body_read = True
    if len(data) < length:
        raise BadRequest(400, f"the body ended after {len(data)} of the {length} bytes it announced")
    return data


def nesting(data: bytes) -> int:
    """How deep a JSON text's brackets nest (strings skipped), counted without recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def read_json(handler, most: int) -> Any:
    """A request's body as JSON (at most `most` bytes, nested at most MOST_DEPTH deep); BadRequest otherwise."""
    data = read_body(handler, most)
    if nesting(data) > MOST_DEPTH:
        raise BadRequest(400, f"the JSON body nests deeper than {MOST_DEPTH} levels")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as e:  # UnicodeDecodeError is a ValueError
        raise BadRequest(400, f"the body is not JSON: {str(e)[:120]}") from None


def drain(handler, most: int = 1 << 20, seconds: float = 0.5) -> None:
    """Read and drop what a refused request sent as its body, so that its client reads the answer rather than a
    reset connection: up to the length it states (or, stating none or a bad one, whatever comes) and at most
    `most` bytes, waiting at most `seconds` for each piece; a body that does not come is not waited for."""
    if getattr(handler, "body_read", False):
        return
    try:
        length = declared_length(handler.headers)
    except BadRequest:
        length = None
    if length is None and handler.command in ("GET", "HEAD"):
        return  # stating no length, these send no body
    left = most if length is None else min(length, most)
    try:
        handler.connection.settimeout(seconds)
        while left > 0:
            chunk = handler.rfile.read1(min(left, 65536))
            if not chunk:
                break
            left -= len(chunk)
    except OSError:  # the timeout among them: nothing more came
        pass
