"""Raw HTTP for the server tests: a request sent byte for byte, its status and body read back, and the hostile
bodies every local server must answer with a 4xx (deep nesting, lengths that are missing, negative or lies)."""

from __future__ import annotations

import socket

WAIT = 15  # a server waits 5 s for a body that was announced but does not come
DEEP = b"[" * 100_000 + b"]" * 100_000
DEEP_OBJECT = b'{"action": ' + b'{"a": ' * 5_000 + b"1" + b"}" * 5_001


def raw(port: int, data: bytes, wait: float = WAIT) -> tuple[int | None, bytes]:
    """Send `data` as it is; (the answer's status or None, its body). A server that keeps the client waiting
    longer than `wait` seconds fails the test (socket.timeout)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    try:
        s.sendall(data)
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    finally:
        s.close()
    head, _, body = got.partition(b"\r\n\r\n")
    parts = head.split(b"\r\n", 1)[0].split()
    return (int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None), body


def post(port: int, path: str, body: bytes, length: str | None = "auto", kind: str = "application/json") -> bytes:
    """A POST request's bytes: `length` the Content-Length header's text ('auto': the body's length, None: no
    such header)."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: {kind}\r\nConnection: close\r\n"
    if length is not None:
        head += f"Content-Length: {len(body) if length == 'auto' else length}\r\n"
    return head.encode() + b"\r\n" + body


def hostile(port: int, path: str) -> list[tuple[str, bytes]]:
    """(what, request) for each hostile body posted to `path`: each must get a 4xx, quickly."""
    return [("deep list", post(port, path, DEEP)),
            ("deep object", post(port, path, DEEP_OBJECT)),
            ("negative length", post(port, path, b'{"action": {"type": "pass"}}', "-1")),
            ("garbage length", post(port, path, b'{"action": {"type": "pass"}}', "12abc")),
            ("two lengths", post(port, path, b"{}", "2\r\nContent-Length: 3")),
            ("no length", post(port, path, b'{"action": {"type": "pass"}}', None)),
            ("a length longer than the body", post(port, path, b"{}", "50")),
            ("a huge length", post(port, path, b"{}", str(10 ** 12))),
            ("not JSON", post(port, path, b"\xff\xfe{{{")),
            ("GET with a negative length", f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: -1\r\n"
                                           "Connection: close\r\n\r\n".encode())]
