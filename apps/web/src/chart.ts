/**
 * A bot's Elo after each rated game, by date, drawn with uPlot at the width of its box, with a
 * dashed mark where each version played its first rated game (a new version starts from the
 * previous one's Elo). The marks are also listed in words under the chart, for everyone.
 */
import uPlot from 'uplot';
import type { RatingPoint } from '@xix/server/api-types';
import { el, formatTime } from './dom.ts';

export interface RatingChart {
  readonly element: HTMLElement;
  destroy(): void;
}

/** Where each version starts: its first rated game. */
export function versionStarts(history: readonly RatingPoint[]): { version: number; at: number; rating: number }[] {
  const starts: { version: number; at: number; rating: number }[] = [];
  for (const point of history) {
    if (starts.some((start) => start.version === point.version)) continue;
    starts.push({ version: point.version, at: point.at, rating: point.rating - point.change });
  }
  return starts;
}

export function ratingChart(history: readonly RatingPoint[]): RatingChart {
  const starts = versionStarts(history);
  const first = history[0];
  const last = history.at(-1);
  const described = first === undefined || last === undefined ? 'No rated games'
    : `Elo after each of ${history.length} rated games, from ${Math.round(first.rating)} on ${formatTime(first.at)} to ${Math.round(last.rating)} on ${formatTime(last.at)}`;
  const plotBox = el('div', { class: 'chart-plot', role: 'img', 'aria-label': described });
  const box = el('figure', { class: 'chart', 'data-points': history.length },
    plotBox,
    el('figcaption', { class: 'muted small' },
      `${described}. `,
      el('span', { class: 'version-marks' }, ...starts.flatMap((start, i) => [
        i === 0 ? '' : ' · ',
        el('span', { 'data-version-start': start.version }, `v${start.version} from ${formatTime(start.at)} (at ${Math.round(start.rating)})`),
      ]))),
  );
  const styles = getComputedStyle(document.documentElement);
  const ink = styles.getPropertyValue('--ink').trim() || '#222';
  const muted = styles.getPropertyValue('--muted').trim() || '#666';
  const accent = styles.getPropertyValue('--accent').trim() || '#2563eb';
  const grid = styles.getPropertyValue('--line').trim() || '#ddd';
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  // uPlot's time scale is in seconds; games stored in the same second stay in their order
  const data: uPlot.AlignedData = [history.map((point, i) => point.at / 1000 + i * 1e-6), history.map((point) => point.rating)];
  const height = (): number => (plotBox.clientWidth < 500 ? 200 : 260);
  const drawStarts = (u: uPlot): void => {
    const { ctx } = u;
    const ratio = devicePixelRatio;
    ctx.save();
    ctx.strokeStyle = muted;
    ctx.fillStyle = ink;
    ctx.lineWidth = ratio;
    ctx.setLineDash([4 * ratio, 4 * ratio]);
    ctx.font = `${12 * ratio}px system-ui, sans-serif`;
    for (const start of starts) {
      const index = history.findIndex((point) => point.version === start.version);
      const x = Math.round(u.valToPos(data[0][index]!, 'x', true));
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.fillText(`v${start.version}`, x + 4 * ratio, u.bbox.top + 14 * ratio);
    }
    ctx.restore();
  };
  let plot: uPlot | null = null;
  // drawn once the box is in the page and has a width; redrawn at the new width when it changes
  const observer = new ResizeObserver(() => {
    const width = plotBox.clientWidth;
    if (width === 0) return;
    if (plot === null) {
      plot = new uPlot({
        width, height: height(),
        scales: { x: { time: true } },
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        series: [{ label: 'Date' }, { label: 'Elo', stroke: accent, width: 2, points: { show: history.length <= 60 } }],
        axes: [{ ...axis }, { ...axis, label: 'Elo', size: 56 }],
        hooks: { draw: [drawStarts] },
      }, data, plotBox);
    } else plot.setSize({ width, height: height() });
  });
  observer.observe(plotBox);
  return {
    element: box,
    destroy() {
      observer.disconnect();
      plot?.destroy();
    },
  };
}
