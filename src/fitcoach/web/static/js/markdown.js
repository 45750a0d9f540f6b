// The coach writes "clean markdown" (SPEC §7). This renders the small part a chat bubble needs
// (paragraphs, line breaks, bullet and numbered lists, **bold**, *italic*, `code`) as nodes,
// never as raw HTML, so nothing the model writes can inject markup.
import { html } from './lib.js';

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`)/g;

function inline(text) {
  const parts = String(text).split(INLINE).filter((part) => part !== '');
  return parts.map((part) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      return html`<strong>${part.slice(2, -2)}</strong>`;
    }
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      return html`<code>${part.slice(1, -1)}</code>`;
    }
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) {
      return html`<em>${part.slice(1, -1)}</em>`;
    }
    return part;
  });
}

const BULLET = /^\s*(?:[-*•])\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function Markdown({ text }) {
  const blocks = [];
  for (const chunk of String(text || '').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (!lines.length) continue;
    if (lines.every((line) => BULLET.test(line))) {
      blocks.push(html`<ul>${lines.map((line) => html`<li>${inline(BULLET.exec(line)[1])}</li>`)}</ul>`);
    } else if (lines.every((line) => NUMBERED.test(line))) {
      blocks.push(html`<ol>${lines.map((line) => html`<li>${inline(NUMBERED.exec(line)[1])}</li>`)}</ol>`);
    } else {
      const withBreaks = [];
      lines.forEach((line, index) => {
        if (index) withBreaks.push(html`<br />`);
        withBreaks.push(...inline(line.replace(/^#+\s*/, '')));
      });
      blocks.push(html`<p>${withBreaks}</p>`);
    }
  }
  return html`<div class="md" dir="auto">${blocks}</div>`;
}
