import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.ts';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"><img src=x onerror=alert(1)>', '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'],
    ["O'Brien & Filhos", 'O&#39;Brien &amp; Filhos'],
    ['Colégio Horizonte', 'Colégio Horizonte'],
  ])('%s', (value, want) => {
    expect(escapeHtml(value)).toBe(want);
  });
});
