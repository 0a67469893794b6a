"""leveler.app.link_later (issue 13): the link is written once, after the last change of a
burst, so a slider press shows its level before the address is written."""

from __future__ import annotations

import threading
from collections.abc import Callable

from leveler.app.link_later import LinkWriter


def test_a_burst_of_changes_writes_the_link_once_after_the_last() -> None:
    writes: list[int] = []
    waiting: list[Callable[[], None]] = []
    state = {"level": 0}
    writer = LinkWriter(lambda: writes.append(state["level"]), delay=0, spawn=waiting.append)
    for level in (1, 2, 3):
        state["level"] = level
        writer.soon()
    assert writes == []  # nothing written while the changes come
    for later in waiting:
        later()
    assert writes == [3]  # once, with the state after the last change
    state["level"] = 4
    writer.soon()
    waiting[-1]()
    assert writes == [3, 4]


def test_writes_from_threads_waking_together_never_overlap_and_the_last_one_writes() -> None:
    inside, most, writes = [0], [0], []
    lock = threading.Lock()

    def write() -> None:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        writes.append(1)
        with lock:
            inside[0] -= 1

    threads: list[threading.Thread] = []
    writer = LinkWriter(write, delay=0, spawn=lambda run: threads.append(threading.Thread(
        target=run)))
    for _ in range(8):
        writer.soon()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert writes == [1] and most[0] == 1

