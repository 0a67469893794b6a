"""The "copy link" control: a button that copies the page's address, state and all.

marimo strips event handlers from ``mo.Html``, so the button lives in a small
``mo.iframe`` document served from the same origin as the page: its script reads the
page's address (``parent.location``, the link :mod:`leveler.app.link` keeps up to date)
and copies it with the page's clipboard (``navigator.clipboard``, a secure context such
as localhost or HTTPS), else by selecting it in a text box and ``execCommand('copy')``
(plain HTTP on a LAN). The address is also shown in the box, selected, for a copy by
hand. Every word is escaped; the script takes no value from the page but its address.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

__all__ = ["HEIGHT", "copy_link_document"]

HEIGHT = "2.75rem"
"""The frame's height: one line, the button and the address box beside it."""

_SCRIPT = """
const button = document.getElementById('copy'), box = document.getElementById('link');
const words = JSON.parse(document.getElementById('words').textContent);
function fallback(url) {
  box.value = url; box.select();
  return document.execCommand('copy');
}
button.addEventListener('click', async () => {
  // the browser's own keys (the bench's draft token) stay out of a link given away
  const link = new URL(window.parent.location.href);
  for (const key of words.private) link.searchParams.delete(key);
  const url = link.href;
  box.value = url;
  let copied = false;
  try {
    await window.parent.navigator.clipboard.writeText(url);
    copied = true;
  } catch (error) {
    copied = fallback(url);
  }
  box.select();
  button.dataset.copied = copied ? 'yes' : 'no';
  button.textContent = copied ? words.copied : words.failed;
  setTimeout(() => { button.textContent = words.copy; }, 2500);
});
"""

_STYLE = """
body{margin:0;font:14px system-ui,sans-serif;display:flex;gap:.5rem;align-items:center;
 padding:2px}
button{font:inherit;padding:.3rem .8rem;border:1px solid #8a8372;border-radius:.35rem;
 background:#f3f1ea;color:#1d1b16;cursor:pointer}
button:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
input{box-sizing:border-box;flex:1;min-width:0;font:12px ui-monospace,monospace;
 color:#444;border:1px solid #cfc8b4;padding:.15rem .3rem}
label{position:absolute;left:-9999px}
"""


def copy_link_document(text: Mapping[str, str], private: Sequence[str] = ("draft",)) -> str:
    """The frame's HTML: a "copy link" button (words ``copy_link``, ``link_copied``,
    ``link_copy_failed``) and the address box (``link_box``), in ``text``'s language. The
    query keys ``private`` (the browser's draft token: whoever has it sees the draft) are
    left out of the copied link."""
    copy = text.get("copy_link", "Copy link to this view")
    words = {"copy": copy, "copied": text.get("link_copied", "Link copied"),
             "failed": text.get("link_copy_failed", "Select the link and copy it"),
             "private": list(private)}
    # </ cannot close the script: the words are data, and JSON escapes '<' as \\u003c
    data = json.dumps(words).replace("<", "\\u003c")
    label = html.escape(text.get("link_box", "Link to this view"))
    return (f'<!doctype html><html lang="{html.escape(text.get("language_code", "en"))}">'
            f"<head><meta charset=\"utf-8\"><style>{_STYLE}</style></head><body>"
            f'<button id="copy" type="button">{html.escape(copy)}</button>'
            f'<label for="link">{label}</label>'
            f'<input id="link" readonly placeholder="{label}">'
            f'<script type="application/json" id="words">{data}</script>'
            f"<script>{_SCRIPT}</script></body></html>")
