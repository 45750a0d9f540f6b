// Keeping things in sight. The top bar, the phone's tab bar, the coach's message box and the
// rest timer are fixed or sticky: the browser's own scrolling (scrollIntoView, focus) does not
// know they cover the page, so a reply, a button or a focused field could end up under them.
// Each of those bars is marked data-cover="top" or data-cover="bottom"; this module scrolls
// what matters into the band between them.

const GAP = 8; // px of air between what is revealed and a bar
const FLOAT = 24; // px a floating bar may sit above the screen's edge or the bar under it

/** The part of the viewport no bar covers: {top, bottom} in viewport pixels. */
export function visibleBand() {
  let top = 0;
  let bottom = window.innerHeight;
  const bars = [...document.querySelectorAll('[data-cover]')]
    .map((bar) => ({ side: bar.dataset.cover, box: bar.getBoundingClientRect() }))
    .filter(({ box }) => box.height > 0 && box.width > 0); // hidden at this width
  // Bars stack (the message box sits on the tab bar): walk them from the screen's edge in.
  for (const { box } of bars.filter((b) => b.side === 'top').sort((a, b) => a.box.top - b.box.top)) {
    if (box.top <= top + 1 && box.bottom > top) top = box.bottom;
  }
  for (const { box } of bars.filter((b) => b.side === 'bottom').sort((a, b) => b.box.bottom - a.box.bottom)) {
    // Only bars at the band's edge count (the rest timer floats a few pixels above the tab
    // bar); a sticky bar that is not stuck (the message box under a short transcript) sits
    // mid-page as ordinary content.
    if (box.bottom >= bottom - FLOAT && box.top < bottom) bottom = box.top;
  }
  return { top, bottom };
}

/** How much the bars at the bottom cover, for CSS (sticky actions sit just above them). */
export function coveredBelow() {
  return Math.max(0, window.innerHeight - visibleBand().bottom);
}

/**
 * Scroll so `element` is in the uncovered band. When it fits, it is shown whole (its end just
 * above the bottom bars when it was below, its start just under the top bar when it was
 * above); when it is taller than the band, its start is shown, so a reply reads from its
 * first line.
 */
export function reveal(element, { prefer = 'nearest' } = {}) {
  if (!element || !element.isConnected) return;
  const { top, bottom } = visibleBand();
  const box = element.getBoundingClientRect();
  const room = bottom - top - 2 * GAP;
  let delta = 0;
  if (box.height > room || prefer === 'start') delta = box.top - (top + GAP);
  else if (prefer === 'end' || box.bottom > bottom - GAP) delta = box.bottom - (bottom - GAP);
  else if (box.top < top + GAP) delta = box.top - (top + GAP);
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: 'instant' });
}

/** Whether an element lies (partly) under a bar, or outside the viewport. */
export function isCovered(element) {
  const { top, bottom } = visibleBand();
  const box = element.getBoundingClientRect();
  return box.top < top || box.bottom > bottom;
}

/**
 * Focus that lands under a bar (Tab onto a field behind the tab bar or the rest timer) is
 * scrolled into the free band, so the focus ring is always seen. Elements that are part of a
 * bar are in view by definition.
 */
export function keepFocusInSight() {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof Element) || target === document.body) return;
    if (target.closest('[data-cover], dialog')) return;
    if (target.getAttribute('tabindex') === '-1') return; // headings focused on navigation
    // After the browser's own scroll for this focus change.
    requestAnimationFrame(() => { if (document.activeElement === target && isCovered(target)) reveal(target); });
  });
}
