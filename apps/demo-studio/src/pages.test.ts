import { describe, expect, it } from 'vitest';
import { gamePage } from './pages.ts';

describe('a game page', () => {
  it('carries the demo mark, the escaped name, its script and a config no `<` can close', () => {
    const page = gamePage({
      language: 'en',
      name: 'Fortune <Tiger>',
      script: 'slot',
      config: { name: '</script><b>' },
    });
    expect(page).toContain('data-testid="studio-mark"');
    expect(page).toContain('<h1 class="title" data-testid="studio-game-name">Fortune &#60;Tiger&#62;</h1>');
    expect(page).toContain('<script type="module" src="/assets/slot.js"></script>');
    expect(page).toContain('"name":"\\u003c/script>\\u003cb>"');
    expect(page).toContain('<main class="studio" id="studio">');
    expect(page).not.toContain('dealer-note');
  });

  it('tells a player without JavaScript what to do, in Bengali by default', () => {
    const page = gamePage({ language: 'bn', name: 'লাইভ বাকারা', script: 'live', config: {}, modifier: 'live' });
    expect(page).toContain('<html lang="bn">');
    expect(page).toContain('<main class="studio studio--live" id="studio">');
    expect(page).toContain('<noscript><p class="notice">এই গেম খেলতে ব্রাউজারে জাভাস্ক্রিপ্ট চালু করুন</p></noscript>');
  });

  it('puts a note under the title when it has one', () => {
    const page = gamePage({ language: 'en', name: 'Table 1', script: 'live', config: {}, note: 'Dealt by software' });
    expect(page).toContain(
      '<h1 class="title" data-testid="studio-game-name">Table 1</h1>\n<p class="dealer-note" data-testid="studio-dealer-note">Dealt by software</p>',
    );
  });
});
