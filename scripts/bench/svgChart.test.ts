import { describe, expect, it } from 'vitest';
import { barChartSvg, escapeXml, lineChartSvg } from './svgChart.ts';

/** The numbers drawn as text, in order: what a reader of the chart sees. */
const labels = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
const widths = (svg: string) => [...svg.matchAll(/<rect x="330" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('barChartSvg', () => {
  const svg = barChartSvg({
    title: 'CPU <per> request',
    unit: 'µs',
    groups: [
      {
        label: 'list',
        bars: [
          { series: 'raw', value: 50 },
          { series: 'mock', value: 100, note: '2.0× raw' },
        ],
      },
      {
        label: 'read',
        bars: [
          { series: 'raw', value: 25 },
          { series: 'mock', value: undefined },
        ],
      },
    ],
  });

  it('is one well-formed SVG document with its title escaped', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(labels(svg)[0]).toBe('CPU &lt;per&gt; request');
  });

  it('scales each group to its own largest value and labels each bar with its value, n/a when missing', () => {
    expect(widths(svg)).toEqual([210, 420, 420, 0]);
    expect(labels(svg)).toEqual(expect.arrayContaining(['50', '100  2.0× raw', '25', 'n/a']));
  });
});

describe('lineChartSvg', () => {
  const svg = lineChartSvg({
    title: 'by size',
    xLabel: 'groups',
    yLabel: 'req/s',
    logX: true,
    series: [
      {
        name: 'list',
        points: [
          { x: 1000, y: 5000 },
          { x: 100_000, y: 4000 },
          { x: 1_000_000, y: undefined },
        ],
      },
    ],
  });

  it('draws a point per measured value and skips the missing one', () => {
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(labels(svg)).toEqual(expect.arrayContaining(['1,000', '100,000', '1,000,000', '5,000', '4,000', 'list']));
  });

  it('places x on a log scale: 100,000 sits two thirds of the way from 1,000 to 1,000,000', () => {
    const xs = [...svg.matchAll(/<circle cx="([\d.]+)"/g)].map((m) => Number(m[1]));
    const [left, right] = [80, 760 - 220];
    expect(xs[0]).toBeCloseTo(left, 1);
    expect(xs[1]).toBeCloseTo(left + ((right - left) * 2) / 3, 1);
  });
});

describe('escapeXml', () => {
  it('escapes what would break the markup', () => {
    expect(escapeXml(`a<b>&"c"`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
  });
});
