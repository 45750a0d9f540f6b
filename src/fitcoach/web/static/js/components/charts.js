// Hand-drawn charts (no library): an SVG line for strength over time, and bars against the
// 10-20 hard-set band. Both mirror for right-to-left languages, and both come with the same
// numbers as text for screen readers.
import { html, useEffect, useRef, useState } from '../lib.js';
import { isRtl, t } from '../i18n.js';
import * as fmt from '../format.js';
import { muscleName } from './plan.js';

function niceStep(range, ticks) {
  const raw = range / Math.max(1, ticks);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const nice = residual >= 5 ? 10 : residual >= 2 ? 5 : residual >= 1 ? 2 : 1;
  return nice * magnitude;
}

/** The element's width in CSS pixels, so the SVG is drawn at its real size (crisp text). */
function useWidth(fallback) {
  const ref = useRef(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => { if (element.clientWidth) setWidth(element.clientWidth); };
    measure();
    if (typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** points: [{at: ISO, value: a load in the user's unit}], oldest first. */
export function LineChart({ points, label }) {
  const [ref, measured] = useWidth(640);
  const width = Math.max(260, measured);
  const height = width < 480 ? 200 : 240;
  const pad = { top: 26, bottom: 30, side: 40, end: 24 };
  const values = points.map((p) => p.value);
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1) { low -= 2; high += 2; }
  const step = niceStep(high - low, 4);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const times = points.map((p) => new Date(p.at).getTime());
  const first = Math.min(...times);
  const last = Math.max(...times);
  const rtl = isRtl();
  const plotLeft = rtl ? pad.end : pad.side;
  const plotRight = rtl ? width - pad.side : width - pad.end;
  const x = (time) => {
    const share = last === first ? 0.5 : (time - first) / (last - first);
    return rtl ? plotRight - share * (plotRight - plotLeft) : plotLeft + share * (plotRight - plotLeft);
  };
  const y = (value) => pad.top + (1 - (value - low) / (high - low)) * (height - pad.top - pad.bottom);
  const ticks = [];
  for (let v = low; v <= high + step / 2; v += step) ticks.push(v);
  const coords = points.map((p, i) => [x(times[i]), y(p.value)]);
  const line = coords.map(([cx, cy], i) => `${i ? 'L' : 'M'}${cx.toFixed(1)},${cy.toFixed(1)}`).join(' ');
  const base = height - pad.bottom;
  const area = coords.length > 1
    ? `${line} L${coords[coords.length - 1][0].toFixed(1)},${base} L${coords[0][0].toFixed(1)},${base} Z` : '';
  const labelX = rtl ? width - pad.side + 8 : pad.side - 8;
  const anchor = rtl ? 'start' : 'end';
  const dateLabels = points.length > 1 ? [0, points.length - 1] : [0];
  const lastPoint = coords[coords.length - 1];
  const summary = t('progress.chartSummary', {
    name: label, from: fmt.load(values[0], { inUnit: true }), to: fmt.load(values[values.length - 1], { inUnit: true }),
    count: points.length,
  });
  return html`<figure class="chart" ref=${ref}>
    <svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img"
      aria-label=${summary} direction="ltr">
      <defs><linearGradient id="area-fill" x1="0" x2="0" y1="0" y2="1">
        <stop offset="0%" stop-color="var(--accent)" stop-opacity="0.28" />
        <stop offset="100%" stop-color="var(--accent)" stop-opacity="0" />
      </linearGradient></defs>
      ${ticks.map((v) => html`<g class="tick">
        <line x1=${plotLeft} x2=${plotRight} y1=${y(v)} y2=${y(v)} />
        <text x=${labelX} y=${y(v) + 4} text-anchor=${anchor}>${fmt.load(v, { inUnit: true, bare: true })}</text>
      </g>`)}
      <text class="axis-unit" x=${labelX} y=${12} text-anchor=${anchor}>${fmt.unitLabel()}</text>
      ${area ? html`<path d=${area} fill="url(#area-fill)" />` : null}
      <path d=${line} class="chart-line" fill="none" />
      ${coords.map(([cx, cy], i) => html`<circle cx=${cx} cy=${cy} r=${i === coords.length - 1 ? 6 : 4}
        class=${i === coords.length - 1 ? 'chart-dot chart-dot-last' : 'chart-dot'} />`)}
      <text class="chart-value" x=${lastPoint[0]} y=${lastPoint[1] - 12}
        text-anchor=${coords.length === 1 ? 'middle' : rtl ? 'start' : 'end'}>${fmt.load(values[values.length - 1], { inUnit: true, bare: true })}</text>
      ${dateLabels.map((i) => html`<text class="chart-date" x=${coords[i][0]} y=${height - 12}
        text-anchor=${points.length === 1 ? 'middle' : (i === 0) !== rtl ? 'start' : 'end'}>
        ${fmt.dateOnly(points[i].at)}</text>`)}
    </svg>
    <figcaption class="visually-hidden">${summary}</figcaption>
  </figure>`;
}

/** rows: [{group, hardSets, tonnage, landmark}] as GET /api/progress gives them (hard sets
 * with secondary groups at 0.5, tonnage in the user's unit, landmark below/within/above the
 * band); the band is the seed's 10-20 hard sets a week. */
// The server's landmark status (analytics/volume.py LandmarkStatus) → the zone's style and words.
const ZONE_OF_LANDMARK = { below: 'under', within: 'in', above: 'over' };

export function VolumeBars({ rows, low, high }) {
  const max = Math.max(high + 4, ...rows.map((r) => r.hardSets));
  const share = (v) => `${(v / max) * 100}%`;
  return html`<div class="volume">
    <div class="volume-legend" aria-hidden="true">
      <span><i class="swatch swatch-band"></i>${t('progress.band', { low, high })}</span>
      <span><i class="swatch swatch-under"></i>${t('progress.under')}</span>
      <span><i class="swatch swatch-in"></i>${t('progress.inBand')}</span>
      <span><i class="swatch swatch-over"></i>${t('progress.over')}</span>
    </div>
    <table class="volume-table">
      <caption class="visually-hidden">${t('progress.volumeCaption', { low, high })}</caption>
      <thead><tr>
        <th scope="col">${t('progress.group')}</th>
        <th scope="col">${t('progress.hardSets')}</th>
        <th scope="col" class="num">${t('progress.tonnage')}</th>
      </tr></thead>
      <tbody>${rows.map((row) => {
        const zone = ZONE_OF_LANDMARK[row.landmark] || 'in';
        return html`<tr class=${`zone-${zone}`}>
          <th scope="row">${muscleName(row.group)}</th>
          <td><div class="bar-cell">
            <span class="bar-track">
              <span class="bar-band" style=${`inset-inline-start:${share(low)};inline-size:${share(high - low)}`}></span>
              <span class="bar-fill" style=${`inline-size:${share(Math.min(row.hardSets, max))}`}></span>
            </span>
            <span class="bar-value">${fmt.number(row.hardSets)}<span class="visually-hidden">
              ${' '}${t(`progress.zone.${zone}`)}</span></span>
          </div></td>
          <td class="num">${row.tonnage > 0 ? fmt.load(row.tonnage, { inUnit: true, total: true }) : '—'}</td>
        </tr>`;
      })}</tbody>
    </table>
  </div>`;
}
