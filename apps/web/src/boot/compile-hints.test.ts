import { describe, expect, it } from 'vitest';
import { startUpChunks } from '../../vite-plugins/compile-hints';

describe('startUpChunks (the build step that marks start-up code for eager compilation)', () => {
  it('takes the entry and what it imports statically, at any depth, and leaves lazy chunks and assets alone', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk' as const, isEntry: true, imports: ['assets/react.js', 'assets/i18n.js'] },
      'assets/react.js': { type: 'chunk' as const, isEntry: false, imports: ['assets/runtime.js'] },
      'assets/i18n.js': { type: 'chunk' as const, isEntry: false, imports: ['assets/runtime.js'] },
      'assets/runtime.js': { type: 'chunk' as const, isEntry: false, imports: [] },
      'assets/wallet.js': { type: 'chunk' as const, isEntry: false, imports: ['assets/react.js'] },
      'assets/index.css': { type: 'asset' as const },
    };
    expect([...startUpChunks(bundle)].sort()).toEqual([
      'assets/i18n.js',
      'assets/index.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
  });

  it('finds nothing without an entry', () => {
    expect(startUpChunks({ 'assets/a.js': { type: 'chunk', isEntry: false, imports: [] } }).size).toBe(0);
  });
});
