// Line icons drawn for fitcoach (24 × 24, stroke = currentColor). Decorative: the text next
// to an icon carries the meaning, so every icon is aria-hidden.
import { html } from './lib.js';

const PATHS = {
  coach: 'M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z M8.5 9.5h7 M8.5 12.5h4',
  today: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z M4 9h16 M8 2.5v3 M16 2.5v3 M12 12.5v3.5 M12 12.5h.01',
  week: 'M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z M4 9h16 M8 2.5v3 M16 2.5v3 M7.5 12.5h2 M11 12.5h2 M14.5 12.5h2 M7.5 16h2 M11 16h2',
  progress: 'M4 19h16 M6 15l4-4 3 3 5-6 M15 8h3v3',
  memory: 'M7 3.5h10a1 1 0 0 1 1 1V21l-6-4-6 4V4.5a1 1 0 0 1 1-1z',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5',
  dumbbell: 'M6.5 7v10 M17.5 7v10 M3.5 9.5v5 M20.5 9.5v5 M6.5 12h11',
  timer: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16z M12 9v4l2.5 2.5 M9.5 2.5h5',
  trophy: 'M8 4h8v5a4 4 0 0 1-8 0z M8 6H5a3 3 0 0 0 3 4 M16 6h3a3 3 0 0 1-3 4 M12 13v4 M8.5 20.5h7 M10 17h4',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  close: 'M6 6l12 12 M18 6L6 18',
  swap: 'M7 4L4 7l3 3 M4 7h12 M17 20l3-3-3-3 M20 17H8',
  send: 'M4.5 12L20 4.5 16 20l-4-6.5z M12 13.5l8-9',
  trash: 'M4.5 7h15 M9.5 7V4.5h5V7 M6.5 7l1 13h9l1-13 M10 11v5.5 M14 11v5.5',
  plus: 'M12 5v14 M5 12h14',
  minus: 'M5 12h14',
  play: 'M8 5.5v13l10.5-6.5z',
  chevron: 'M9.5 6l6 6-6 6',
  back: 'M14.5 6l-6 6 6 6',
  rest: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  spark: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  alert: 'M12 4l9 16H3z M12 10v4.5 M12 17.5h.01',
  note: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 11v5.5 M12 7.5h.01',
};

export function Icon({ name, size = 20, className = '' }) {
  const path = PATHS[name] || PATHS.note;
  return html`<svg class=${`icon ${className}`} width=${size} height=${size} viewBox="0 0 24 24"
    fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"
    stroke-linejoin="round" aria-hidden="true" focusable="false"><path d=${path} /></svg>`;
}
