"""Helpers shared by the browser tests."""

from __future__ import annotations

from typing import Any


def injected_elements(page: Any) -> list[int]:
    """Elements a hostile card could have injected: images with its src, scripts calling
    alert, javascript: links. All must be 0 when every field is shown as text."""
    counts: list[int] = page.evaluate("""() => [
        document.querySelectorAll('img[src=x], img[src=y], img[src=z]').length,
        [...document.querySelectorAll('script')].filter(
            s => s.textContent.includes('alert(')).length,
        document.querySelectorAll('a[href^="javascript:"]').length]""")
    return counts


def chart_csv(page: Any, url: str) -> str:
    """The CSV a chart's spec points at: a ``data:`` URL in the spec (the app inlines its
    charts' frames, leveler/app/inline_chart.py), else a file fetched from the page's server."""
    from base64 import b64decode
    from urllib.parse import unquote, urljoin

    if url.startswith("data:"):
        header, _, payload = url.partition(",")
        if header.endswith(";base64"):
            return b64decode(payload).decode("utf-8")
        return unquote(payload)
    response = page.request.get(urljoin(page.url, url))  # the page has ?draft=
    assert response.ok, url
    text: str = response.text()
    return text


UPLOAD_TIMEOUT = 120_000
"""A 16 MB file takes the page seconds to read on a shared machine."""


def upload_and_submit(scope: Any, path: Any) -> None:
    """Choose ``path`` in the ``mo.ui.file`` form inside ``scope`` and press its OK, once the
    page has read the file: marimo's form submits the value it holds when OK is pressed, so an
    OK pressed while a large file is still being read sends the file chosen before it. The
    earlier file is cleared first, so "Uploaded" shows only once the new one is read."""
    from playwright.sync_api import expect

    clear = scope.get_by_role("button", name="Click to clear files.")
    if clear.count():
        clear.first.click()
    expect(clear).to_have_count(0, timeout=UPLOAD_TIMEOUT)
    scope.locator("input[type=file]").set_input_files(str(path))
    expect(clear).to_have_count(1, timeout=UPLOAD_TIMEOUT)
    scope.get_by_role("button", name="OK").click()


def whatif_field(page: Any, label: str) -> Any:
    """The What if… field whose label is exactly ``label`` (``<label class="lv-wi-field">
    <span>label</span>control</label>``, leveler/app/whatif_view.py): not a field whose
    options merely contain the word, such as the caster's "each card's usual caster"."""
    return page.locator(".lv-whatif .lv-wi-field").filter(
        has=page.locator("span").get_by_text(label, exact=True))


def show_stage_table(page: Any) -> None:
    """Scroll the Pool tab's stage table into view: marimo draws it only then (``mo.lazy``)."""
    page.locator(".lv-stages").first.evaluate("box => box.scrollIntoView()")


class WidgetStates:
    """Every trait value marimo's kernel sent the page for its widgets (anywidget models),
    read off the page's websocket: what the page was given to draw, not what the notebook
    meant to send; and every value the page's widgets reported back (``reported``: the
    chart's script reports its Vega view's parameters as they are after each change).
    Made before the page is opened."""

    def __init__(self, page: Any) -> None:
        self.models: dict[str, dict[str, Any]] = {}
        self.reported: dict[str, dict[str, Any]] = {}
        page.on("websocket", lambda socket: socket.on("framereceived", self._received))
        page.on("request", self._sent)

    def _sent(self, request: Any) -> None:
        import json

        if request.method != "POST" or not request.url.endswith("/set_model_value"):
            return
        message = json.loads(request.post_data or "{}")
        state = (message.get("message") or {}).get("state")
        if isinstance(state, dict):
            self.reported.setdefault(str(message.get("modelId")), {}).update(state)

    def pool_chart_drawn(self) -> list[str] | None:
        """The cards the page's pool chart draws: its Vega view's ``shown`` parameter as the
        page last reported it (None: not reported yet)."""
        found = [model_id for model_id, state in self.models.items()
                 if isinstance(state.get("spec"), dict) and "repeat" in state["spec"]]
        drawn = self.reported.get(found[-1], {}).get("_params", {}) if found else {}
        shown: list[str] | None = drawn.get("shown")
        return shown

    def _received(self, payload: Any) -> None:
        import json

        if not isinstance(payload, str) or '"model-lifecycle"' not in payload:
            return
        message = json.loads(payload)
        data = message.get("data", message)
        state = (data.get("message") or {}).get("state")
        if isinstance(state, dict):
            self.models.setdefault(str(data.get("model_id")), {}).update(state)

    def pool_chart(self) -> dict[str, Any]:
        """The pool chart's widget: the model whose spec repeats a Power panel."""
        found = [state for state in self.models.values()
                 if isinstance(state.get("spec"), dict) and "repeat" in state["spec"]]
        assert found, "the page was sent no pool chart"
        return found[-1]

    def pool_chart_rows(self, page: Any) -> list[dict[str, str]]:
        """The rows of the pool chart's data (a CSV ``data:`` URL in its spec), every card."""
        import csv
        import io

        url = self.pool_chart()["spec"]["data"]["url"]
        return list(csv.DictReader(io.StringIO(chart_csv(page, url))))

    def pool_chart_shown(self) -> list[str]:
        """The cards the pool chart draws: its ``shown`` parameter as last sent."""
        shown: list[str] = self.pool_chart()["_params"]["shown"]
        return shown
