"""A loaded What if… situation in the page's link: one value, packed.

A situation loaded from a file has what no control holds (its own card, its effects), so
once one is loaded the link keeps the whole situation the view resolves (the one "Save
the situation" downloads) under :data:`leveler.app.link.PACKED_KEY`, as compact JSON,
zlib-compressed, in base64url: :func:`pack`. A judge's custom ruling then has a link
like any other.

What a link holds is untrusted. :func:`unpack` takes at most
:data:`leveler.app.link.MAX_PACKED` characters of the base64url alphabet, inflates at most
the bytes a situation file may hold (:data:`leveler.io.budget.SITUATION_BUDGET`: a short
link cannot unpack into a large file), then reads them as an uploaded situation file is
read, under the same budget, every error naming the field. Pure: no marimo here.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any

from leveler.app.link import MAX_PACKED, PACKED_KEY, WHATIF_KEYS, Packed, Screen, query_fits
from leveler.app.whatif_view import MAX_SITUATION_BYTES, read_situation_file
from leveler.model import LevelerCard

__all__ = ["SOURCE", "keep_in_link", "linked_situation", "pack", "unpack"]

SOURCE = "the link's situation"
"""How an error names a packed situation (as a file's errors name the file)."""


def pack(situation: Mapping[str, Any]) -> str:
    """``situation`` as one link value: compact JSON, zlib at its best, base64url with no
    padding (every character unreserved in a URL: nothing is escaped)."""
    data = json.dumps(situation, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).rstrip(b"=").decode("ascii")


def unpack(text: str, pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    """The situation a link's packed value holds, every field written out; ValueError
    saying what is wrong (``the link's situation: counters.level: …``) for text that is
    too long, not base64url, not zlib, unpacks to more than a situation file may hold, or
    is not a situation of ``pool``."""
    if Packed().parse(text) is None:
        raise ValueError(f"{SOURCE}: not {MAX_PACKED:,} or fewer characters of A-Z, a-z, "
                         "0-9, '-' and '_'")
    try:
        compressed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(f"{SOURCE}: not base64url") from None
    inflate = zlib.decompressobj()
    try:
        data = inflate.decompress(compressed, MAX_SITUATION_BYTES + 1)
    except zlib.error:
        raise ValueError(f"{SOURCE}: not a packed situation (zlib)") from None
    if len(data) > MAX_SITUATION_BYTES or inflate.unconsumed_tail:
        raise ValueError(f"{SOURCE}: unpacks to more than the {MAX_SITUATION_BYTES:,} bytes "
                         "of a situation file")
    if not inflate.eof:
        raise ValueError(f"{SOURCE}: cut off")
    return read_situation_file(SOURCE, data, pool)


def linked_situation(screen: Screen, pool: Mapping[str, LevelerCard]
                     ) -> tuple[dict[str, Any] | None, str | None]:
    """The situation packed in ``screen``'s link (None when it holds none), and why it
    could not be read (:func:`unpack`'s message; the key is then dropped, so the link
    starts over with the view)."""
    text = screen.get(PACKED_KEY)
    if not isinstance(text, str) or not text:
        return None, None
    try:
        return unpack(text, pool), None
    except ValueError as error:
        screen.reset([PACKED_KEY])
        return None, str(error)


def keep_in_link(screen: Screen, situation: Mapping[str, Any]) -> int | None:
    """Keep ``situation`` as the What if… part of ``screen``'s link: packed under
    :data:`PACKED_KEY`, the controls' own keys put back to their defaults (it stands for
    them). None when it fits; else the packed length, and the link then holds no What
    if… key (a link too long is read as no link at all)."""
    screen.reset([key for key in WHATIF_KEYS if key != PACKED_KEY])
    packed = pack(situation)
    if screen.set(PACKED_KEY, packed) and query_fits(screen.state, screen.schema):
        return None
    screen.reset([PACKED_KEY])
    return len(packed)
