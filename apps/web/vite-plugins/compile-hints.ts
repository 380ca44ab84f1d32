import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file eagerly. */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

interface ChunkLike {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  imports?: string[];
}

/** The entry chunks and every chunk they import statically: the code each page runs at start. */
export function startUpChunks(bundle: Record<string, ChunkLike>): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (found.has(fileName) || chunk?.type !== 'chunk') return;
    found.add(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [fileName, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
  return found;
}

/**
 * Marks the start-up chunks for eager compilation. Without the hint V8 compiles each function on the page's main
 * thread the first time it is called, during the modules' evaluation and React's first render; with it, while the
 * file streams in, on a background thread. Chunks loaded later keep lazy compilation: most of their functions may
 * never run. Build only.
 */
export function compileHints(): Plugin {
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    // Last, after Vite's own code (its preload helper's table) has gone on top: the hint must be the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of startUpChunks(bundle)) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') continue;
          chunk.code = ALL_FUNCTIONS_CALLED_ON_LOAD + chunk.code;
          // One line more at the top: a source map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
