import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, '../../../public/banners');
const files = fs.readdirSync(dir).filter((file) => file.endsWith('.svg'));

// The demo banners' art (public/banners): drawn, light, with no words of its own (the page renders them over it, in
// its language), in one group `#art` that the page draws in place (isDrawnBannerArt).
describe('the demo banner art', () => {
  it.each(files)('%s is a small 3:1 drawing with no text, in its #art group', (file) => {
    const svg = fs.readFileSync(path.join(dir, file), 'utf8');
    expect(svg.length).toBeLessThan(6_000);
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1200 400"/);
    expect(svg).toMatch(/^<svg [^>]*><g id="art">[\s\S]*<\/g><\/svg>\s*$/);
  });
});
