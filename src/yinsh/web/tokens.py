"""Seat tokens and invitations: unguessable, stored only as hashes.

A seat token (``new_token``: 32 random bytes from ``secrets``) is handed once
to whoever takes the seat; an invitation (``new_invite``: 16 bytes) opens
one seat once. The database keeps ``digest(text)`` (SHA-256, hex) and
``matches`` compares in constant time, so neither a database dump nor a
timing measurement gives a token away.

>>> token = new_token()
>>> len(token), matches(token, digest(token)), matches(token + "x", digest(token))
(43, True, False)
>>> matches(None, digest(token)), matches(token, None)
(False, False)
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Optional

__all__ = ["new_token", "new_invite", "new_game_id", "digest", "matches", "find", "MAX_LENGTH"]

MAX_LENGTH = 64     # characters of a token or invitation a client may send


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe text."""
    return secrets.token_urlsafe(32)


def new_invite() -> str:
    """An invitation: 128 random bits, URL-safe text."""
    return secrets.token_urlsafe(16)


def new_game_id() -> str:
    """A game id: 128 random bits, URL-safe text (public: the spectators' link)."""
    return secrets.token_urlsafe(16)


def digest(text: str) -> str:
    """The stored form of a token or invitation."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def matches(text: Optional[str], stored: Optional[str]) -> bool:
    """Whether text is the token whose digest is stored (constant time)."""
    if not isinstance(text, str) or not isinstance(stored, str) or len(text) > MAX_LENGTH:
        return False
    return hmac.compare_digest(digest(text), stored)


def find(text: Optional[str], stored: list[Optional[str]]) -> Optional[int]:
    """The index of the digest in stored that text matches, None for none
    (``matches`` for each, text hashed once: every one compared, each in
    constant time).

    >>> token = new_token()
    >>> find(token, [None, digest("x"), digest(token)]), find("y", [digest(token)]), find(None, [None])
    (2, None, None)
    """
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        return None
    hashed = digest(text)
    found = None
    for index, one in enumerate(stored):
        if isinstance(one, str) and hmac.compare_digest(hashed, one):
            found = index
    return found
