/** A bot's Elo after each rated game, drawn with uPlot at the width of its box. */
import uPlot from 'uplot';
import { el } from './dom.ts';

export interface RatingChart {
  readonly element: HTMLElement;
  destroy(): void;
}

export function ratingChart(history: readonly { readonly rating: number }[]): RatingChart {
  const box = el('div', { class: 'chart', role: 'img', 'aria-label': `Elo after each of ${history.length} rated games, from ${Math.round(history[0]?.rating ?? 0)} to ${Math.round(history.at(-1)?.rating ?? 0)}` });
  const styles = getComputedStyle(document.documentElement);
  const ink = styles.getPropertyValue('--ink').trim() || '#222';
  const accent = styles.getPropertyValue('--accent').trim() || '#2563eb';
  const grid = styles.getPropertyValue('--line').trim() || '#ddd';
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const data: uPlot.AlignedData = [history.map((_, i) => i + 1), history.map((point) => point.rating)];
  const height = (): number => (box.clientWidth < 500 ? 200 : 260);
  let plot: uPlot | null = null;
  // drawn once the box is in the page and has a width; redrawn at the new width when it changes
  const observer = new ResizeObserver(() => {
    const width = box.clientWidth;
    if (width === 0) return;
    if (plot === null) {
      plot = new uPlot({
        width, height: height(),
        scales: { x: { time: false } },
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        series: [{ label: 'Rated game' }, { label: 'Elo', stroke: accent, width: 2, points: { show: history.length <= 60 } }],
        axes: [{ ...axis, label: 'rated game', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] }, { ...axis, label: 'Elo', size: 56 }],
      }, data, box);
    } else plot.setSize({ width, height: height() });
  });
  observer.observe(box);
  return {
    element: box,
    destroy() {
      observer.disconnect();
      plot?.destroy();
    },
  };
}
