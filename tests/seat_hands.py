"""The seat view's ``markHands`` (``templates/assets/kifuwiki.js``) on parsed HTML, for
tests that read a page without the script.

A game with a ``seat_hands`` rule (``"HAND|NAME|COUNT"``, written once a viewer on the
seat select as ``data-kw-hands``) leaves ``data-kw-seat`` and ``data-kw-count`` out of
its positions; the script adds them from the player's name and the count beside each
hand. This does the same to a BeautifulSoup document, so tests can keep asking
``[data-kw-seat]``. The browser tests check the script itself (``test_demo_site``:
the board's hand at every step carries the player's key and count).
"""

from __future__ import annotations

from bs4 import BeautifulSoup


def mark_hands(doc: BeautifulSoup) -> BeautifulSoup:
    """``doc`` with every hand the rule finds marked as the script marks it."""
    for select in doc.select(".kw-seat-view select[data-kw-hands]"):
        rule = str(select["data-kw-hands"]).split("|")
        assert len(rule) == 3, rule
        keys = {o.get_text(): str(o["value"]) for o in select.select("option") if o["value"]}
        viewer = select.find_parent(class_="kw-viewer")
        assert viewer is not None
        for hand in viewer.select(rule[0]):
            box = hand.parent
            name = box.select_one(f":scope>{rule[1]}") if box is not None else None
            if hand.has_attr("data-kw-seat") or name is None or name.get_text() not in keys:
                continue
            hand["data-kw-seat"] = keys[name.get_text()]
            count = box.select_one(f":scope>{rule[2]}") if box is not None else None
            if count is not None:
                digits = count.get_text().lstrip()
                number = digits[: len(digits) - len(digits.lstrip("0123456789"))]
                hand["data-kw-count"] = str(int(number)) if number else "NaN"
    return doc
