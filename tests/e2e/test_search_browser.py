"""The Pool tab's band search in a real browser: the table narrows to what
:func:`leveler.search.search` finds, and a malformed query says where it is wrong."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from leveler import LevelerCard, Zone, load_pool
from leveler.search import search
from tests.e2e.test_app_browser import expect_rows, library_rows, open_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pool() -> dict[str, LevelerCard]:
    return load_pool()


def _type_query(page: Page, query: str) -> None:
    field = page.get_by_role("textbox", name="Band stats (on the battlefield)")
    field.fill(query)
    field.press("Enter")


def test_band_search_narrows_the_pool_table_to_the_matching_cards(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    """711.2a/b: cards that reach power 4 with three level counters or fewer."""
    open_app(page, app_url)
    matching = [match.name for match in search(pool, "pow>=4 lvl<=3")]
    assert 0 < len(matching) < len(pool)
    _type_query(page, "pow>=4 lvl<=3")
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, matching))

    _type_query(page, "pow>=4 lvl<=x")  # malformed: said, and the last good filter stays
    warning = page.get_by_text("The band search is not understood")
    expect(warning).to_be_visible()
    expect(page.get_by_text("a number term compares with a whole number")).to_be_visible()
    page.wait_for_timeout(500)
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, matching))

    _type_query(page, "")
    expect(warning).to_have_count(0)
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD))
