import { describe, expect, it } from 'vitest';
import { comboSelection, selectionLayout } from './selection-layout';

describe('selectionLayout', () => {
  it('lays plain selections out one by one', () => {
    expect(selectionLayout(['big', 'small'])).toEqual({ kind: 'plain', values: ['big', 'small'] });
    expect(selectionLayout(['01', '02'])).toEqual({ kind: 'plain', values: ['01', '02'] });
  });

  it('groups positional selections by position, in order', () => {
    expect(selectionLayout(['A:0', 'A:1', 'B:0', 'B:1'])).toEqual({
      kind: 'positional',
      positions: [
        { position: 'A', values: ['0', '1'] },
        { position: 'B', values: ['0', '1'] },
      ],
    });
    expect(selectionLayout(['1v10:dragon', '1v10:tiger']).kind).toBe('positional');
  });

  it('picks k balls for combinations, written ascending', () => {
    expect(selectionLayout(['01,02', '01,03', '02,03'])).toEqual({ kind: 'combo', size: 2, balls: ['01', '02', '03'] });
    expect(comboSelection(['07', '03', '07'])).toBe('03,07');
  });
});
