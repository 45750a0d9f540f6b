"""What a person sees, measured in the page: whether an element is on screen and on top
(`document.elementFromPoint`), where pieces of a line of text are drawn (Range rectangles),
and whether a focused element shows a focus ring. The browser tests assert with these rather
than with the DOM alone: an element can exist and still be hidden under the tab bar."""

from __future__ import annotations

from typing import Any

# '' when the element is inside the viewport and on top at its centre and near its corners
# (inset so rounded corners and pill buttons are hit inside); else what is wrong.
_UNCOVERED = """(element) => {
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height) return 'it has no size';
  const outside = box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5
    || box.right > innerWidth + 0.5;
  if (outside) {
    return `it is outside the ${innerWidth}×${innerHeight} viewport: `
      + `top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)}`;
  }
  const inset = Math.min(20, box.width / 4, box.height / 4);
  const points = [[box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset], [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset], [box.right - inset, box.bottom - inset]];
  for (const [x, y] of points) {
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === element || element.contains(top))) {
      const what = top ? top.outerHTML.slice(0, 100) : 'nothing';
      return `at (${Math.round(x)}, ${Math.round(y)}) the element on top is ${what}`;
    }
  }
  return '';
}"""


def uncovered(locator: Any) -> str:
    """'' when a person sees the whole element (in the viewport, nothing on top of it)."""
    return str(locator.evaluate(_UNCOVERED))


def wait_until_seen(locator: Any, timeout_ms: float = 15_000) -> None:
    """Wait until a person sees the whole element (`uncovered` is ''), or fail saying what
    still hides it. For the moments after an action that moves things (a scroll that keeps
    focus in sight runs on a frame, a card is drawn, a bar slides in): reading `uncovered` at
    once there races the page, a fixed sleep only makes the race rarer, and an element that
    stays hidden still fails, with the reason read last."""
    locator.wait_for()
    page = locator.page
    reason = uncovered(locator)
    waited = 0.0
    while reason and waited < timeout_ms:
        # Polled from Python: wait_for_function would evaluate its predicate in a way the
        # page's CSP (no 'unsafe-eval') refuses.
        page.wait_for_timeout(50)
        waited += 50
        reason = uncovered(locator)
    assert not reason, f"{locator} is not seen after {timeout_ms / 1000:g} s: {reason}"


# The drawn rectangle of characters [start, end) of an element's text (its text nodes in
# order), as {left, right, top, bottom}; lines of text are unioned.
_TEXT_BOX = """(element, [start, end]) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let seen = 0, started = false, node;
  while ((node = walker.nextNode())) {
    const length = node.textContent.length;
    if (!started && start < seen + length) { range.setStart(node, start - seen); started = true; }
    if (started && end <= seen + length) { range.setEnd(node, end - seen); break; }
    seen += length;
  }
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  if (!rects.length) return null;
  const edge = (pick, side) => pick(...rects.map((r) => r[side]));
  return { left: edge(Math.min, 'left'), right: edge(Math.max, 'right'),
    top: edge(Math.min, 'top'), bottom: edge(Math.max, 'bottom') };
}"""


def text_box(locator: Any, start: int, end: int) -> dict[str, float]:
    """Where characters [start, end) of the element's textContent are drawn."""
    box = locator.evaluate(_TEXT_BOX, [start, end]) if end > start else None
    assert box, f"characters {start}-{end} of {locator} are not drawn"
    return dict(box)


def text_of(locator: Any) -> str:
    """textContent, the string `text_box` offsets index (inner_text collapses spaces)."""
    return str(locator.evaluate("e => e.textContent"))


# Where a person sees a line break inside a word: between two letters of the given script
# with no space, one drawn on a later line than the other. Returns the offending pairs.
_MID_WORD_BREAKS = """(element, letters) => {
  const letter = new RegExp(letters, 'u');
  const breaks = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const text = node.textContent;
    let previous = null;
    for (let i = 0; i < text.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      if (!rect) { previous = null; continue; }
      if (previous && rect.top > previous.top + previous.height / 2
          && letter.test(text[i]) && letter.test(text[i - 1])) {
        breaks.push(text.slice(Math.max(0, i - 6), i) + '|' + text.slice(i, i + 6));
      }
      previous = { top: rect.top, height: rect.height };
    }
  }
  return breaks;
}"""


def mid_word_breaks(locator: Any, letters: str) -> list[str]:
    """Line breaks drawn between two letters matching the regex character class `letters`."""
    return list(locator.evaluate(_MID_WORD_BREAKS, letters))


def line_count(locator: Any) -> int:
    """How many lines the element's text is drawn on."""
    return int(locator.evaluate("""(element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top));
      return new Set(tops).size;
    }"""))


# A focus indicator a person can see: an outline (or a box-shadow ring) on the element.
_FOCUS_RING = """(element) => {
  const style = getComputedStyle(element);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const ring = style.boxShadow && style.boxShadow !== 'none';
  return outline || ring;
}"""


def shows_focus_ring(locator: Any) -> bool:
    return bool(locator.evaluate(_FOCUS_RING))


def focused(page: Any) -> Any:
    """The element that has keyboard focus (document.activeElement), as a handle."""
    return page.evaluate_handle("document.activeElement").as_element()


def describe_focus(page: Any) -> str:
    return str(page.evaluate(
        "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 140) : ''"))
