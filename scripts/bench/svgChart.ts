/** Hand-written SVG charts for the benchmark reports: no library, no script, readable in any browser. */

export interface BarGroup {
  label: string;
  bars: Array<{ series: string; value: number | undefined; note?: string }>;
}

export interface LineSeries {
  name: string;
  points: Array<{ x: number; y: number | undefined }>;
}

const COLOURS = ['#7f7f7f', '#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${escapeXml(content)}</text>`;
}

function legend(series: string[], x: number, y: number): string {
  return series
    .map((name, i) => `<rect x="${x}" y="${y + i * 16 - 9}" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/>${text(x + 15, y + i * 16, name)}`)
    .join('');
}

/**
 * Horizontal grouped bars: one group per request, one bar per server, each group scaled to its own largest
 * value (a 10,000-entity upload must not flatten the reads); missing values are drawn as "n/a".
 */
export function barChartSvg(options: { title: string; unit: string; groups: BarGroup[] }): string {
  const series = [...new Set(options.groups.flatMap((g) => g.bars.map((b) => b.series)))];
  const labelWidth = 330;
  const plotWidth = 420;
  const barHeight = 14;
  const groupHeight = series.length * barHeight + 30;
  const top = 48;
  const height = top + options.groups.length * groupHeight + series.length * 16 + 30;
  const width = labelWidth + plotWidth + 190;
  const parts: string[] = [
    text(10, 22, options.title, 'font-size="16" font-weight="bold"'),
    text(10, 40, `bars: ${options.unit} (shorter is better; each request on its own scale)`, 'fill="#555"'),
  ];
  options.groups.forEach((group, g) => {
    const y0 = top + g * groupHeight;
    const max = Math.max(1e-9, ...group.bars.map((b) => b.value ?? 0));
    parts.push(text(10, y0 + 14, group.label, 'font-weight="bold"'));
    group.bars.forEach((bar) => {
      const i = series.indexOf(bar.series);
      const y = y0 + 20 + i * barHeight;
      const w = bar.value === undefined ? 0 : Math.max(1, (bar.value / max) * plotWidth);
      parts.push(text(labelWidth - 6, y + barHeight - 3, bar.series, 'text-anchor="end" fill="#333"'));
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight - 2}" fill="${COLOURS[i % COLOURS.length]}"/>`);
      const value = bar.value === undefined ? 'n/a' : `${Math.round(bar.value).toLocaleString('en-US')}${bar.note ? `  ${bar.note}` : ''}`;
      parts.push(text(labelWidth + w + 5, y + barHeight - 3, value, 'fill="#333"'));
    });
  });
  parts.push(legend(series, 10, height - series.length * 16 - 4));
  return svg(width, height, parts);
}

/** Lines over x (log scale when asked, as for 1,000 → 1,000,000 groups), one per series, values labelled. */
export function lineChartSvg(options: { title: string; xLabel: string; yLabel: string; series: LineSeries[]; logX?: boolean }): string {
  const width = 760;
  const height = 420;
  const left = 80;
  const right = 220;
  const top = 50;
  const bottom = 60;
  const xs = [...new Set(options.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const ys = options.series.flatMap((s) => s.points.map((p) => p.y)).filter((y): y is number => y !== undefined && Number.isFinite(y));
  const maxY = Math.max(1, ...ys) * 1.1;
  const fx = (x: number): number => {
    const [lo, hi] = [xs[0] ?? 0, xs[xs.length - 1] ?? 1];
    const t = options.logX ? (hi === lo ? 0.5 : (Math.log10(x) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) : hi === lo ? 0.5 : (x - lo) / (hi - lo);
    return left + t * (width - left - right);
  };
  const fy = (y: number): number => height - bottom - (y / maxY) * (height - top - bottom);
  const parts: string[] = [text(10, 22, options.title, 'font-size="16" font-weight="bold"')];
  parts.push(`<line x1="${left}" y1="${height - bottom}" x2="${width - right}" y2="${height - bottom}" stroke="#333"/>`);
  parts.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${height - bottom}" stroke="#333"/>`);
  for (let i = 0; i <= 4; i++) {
    const y = (maxY * i) / 4;
    parts.push(`<line x1="${left - 4}" y1="${fy(y).toFixed(1)}" x2="${width - right}" y2="${fy(y).toFixed(1)}" stroke="#eee"/>`);
    parts.push(text(left - 8, fy(y) + 4, Math.round(y).toLocaleString('en-US'), 'text-anchor="end" fill="#555"'));
  }
  for (const x of xs) parts.push(text(fx(x), height - bottom + 18, x.toLocaleString('en-US'), 'text-anchor="middle" fill="#555"'));
  parts.push(text((left + width - right) / 2, height - 18, options.xLabel, 'text-anchor="middle"'));
  parts.push(text(14, top - 12, options.yLabel, 'fill="#555"'));
  options.series.forEach((s, i) => {
    const colour = COLOURS[(i + 1) % COLOURS.length];
    const pts = s.points.filter((p): p is { x: number; y: number } => p.y !== undefined && Number.isFinite(p.y));
    if (pts.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${pts.map((p) => `${fx(p.x).toFixed(1)},${fy(p.y).toFixed(1)}`).join(' ')}"/>`,
      );
    for (const p of pts) {
      parts.push(`<circle cx="${fx(p.x).toFixed(1)}" cy="${fy(p.y).toFixed(1)}" r="3.5" fill="${colour}"/>`);
      parts.push(text(fx(p.x) + 5, fy(p.y) - 6, Math.round(p.y).toLocaleString('en-US'), `fill="${colour}" font-size="11"`));
    }
    parts.push(`<rect x="${width - right + 15}" y="${top + i * 18 - 9}" width="10" height="10" fill="${colour}"/>`);
    parts.push(text(width - right + 30, top + i * 18, s.name));
  });
  return svg(width, height, parts);
}

function svg(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">\n<rect width="100%" height="100%" fill="#fff"/>\n${parts.join('\n')}\n</svg>\n`;
}
