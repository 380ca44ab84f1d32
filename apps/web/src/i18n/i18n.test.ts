import type { Language } from '@portal/shared/constants';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from '.';

type Tree = { [key: string]: string | Tree };

/** Every leaf as a dotted path with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [childPath, childValue] of leaves(value, path)) result.set(childPath, childValue);
    } else {
      result.set(path, value);
    }
  }
  return result;
}

// Every catalogue in the app: the main one here, and those of features (and shared components) that load their
// own strings with their pages, each in an `i18n/` folder with one `<language>.json` per language. All are checked
// together; none may reuse a top-level key of another, or one would hide the other's strings.
const files = import.meta.glob<Tree>('../**/i18n/*.json', { eager: true, import: 'default' });
const folders = new Map<string, Map<string, Tree>>();
for (const [file, tree] of Object.entries(files)) {
  const [, folder = '', language = ''] = file.match(/^(.*)\/([^/]+)\.json$/) ?? [];
  folders.set(folder, (folders.get(folder) ?? new Map()).set(language, tree));
}
const bundles = Object.fromEntries(
  APP_LANGUAGES.map((language) => [
    language,
    [...folders.values()].flatMap((byLanguage) => byLanguage.get(language) ?? []),
  ]),
);
const catalogues = Object.fromEntries(
  APP_LANGUAGES.map((language) => [language, leaves(Object.assign({}, ...(bundles[language] ?? [])) as Tree)]),
) as Record<Language, Map<string, unknown>>;

// The code's keys. Every call uses the default namespace (`useTranslation()`, `i18n.t`), so a key is a dotted path
// in the catalogues above, with plural forms (`_one`, `_other`) where the call passes a count. Keys built at run
// time cannot be read here: a template literal (`gameTypes.${type}`) counts when its fixed part names a group of
// strings present in every language; keys passed around in variables (`t(TITLE_KEYS[name])`) are not checked.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!./i18n.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
/** The page and the web manifests (public/), which carry the title and description before the app starts. */
const pageFiles = import.meta.glob<string>(['../../index.html', '../../public/manifest*.webmanifest'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Each pattern's capture groups are keys. */
const STATIC_KEY_PATTERNS = [
  /\bt\(\s*'([^'$]+)'/g,
  /\bt\(\s*"([^"$]+)"/g,
  /\bt\(\s*`([^`$]+)`/g,
  // t(condition ? 'a' : 'b')
  /\bt\(\s*[\w.!&|<>= ]+\?\s*'([^']+)'\s*:\s*'([^']+)'/g,
  /\bi18nKey=\{?\s*['"]([^'"]+)['"]/g,
];
/** The capture group is the fixed start of a key built at run time. */
const DYNAMIC_KEY_PATTERN = /\bt\(\s*`([^`$]*)\$\{/g;
const NAMESPACE = 'translation';

/** Every capture of the patterns in the code, as `file: key`. */
function usedKeys(patterns: RegExp[]): Array<{ file: string; key: string }> {
  return Object.entries(sources).flatMap(([file, text]) =>
    patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].flatMap((match) =>
        match.slice(1).flatMap((key) => (key === undefined ? [] : [{ file, key }])),
      ),
    ),
  );
}

/** The key without a namespace prefix, or null for a namespace the app does not have. */
function withoutNamespace(key: string): string | null {
  const separator = key.indexOf(':');
  if (separator < 0) return key;
  return key.slice(0, separator) === NAMESPACE ? key.slice(separator + 1) : null;
}

function hasString(catalogue: Map<string, unknown>, key: string): boolean {
  return catalogue.has(key) || catalogue.has(`${key}_other`);
}

function hasGroup(catalogue: Map<string, unknown>, prefix: string): boolean {
  return [...catalogue.keys()].some((key) => key.startsWith(prefix));
}

describe('translations', () => {
  it.each(Object.entries(bundles))('keeps the top-level keys of every %s bundle apart', (_, list) => {
    const keys = list.flatMap((bundle) => Object.keys(bundle));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('have the same keys in every language', () => {
    const bnKeys = [...catalogues.bn.keys()].sort();
    const enKeys = [...catalogues.en.keys()].sort();
    expect(
      bnKeys.filter((key) => !catalogues.en.has(key)),
      'keys missing in en.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !catalogues.bn.has(key)),
      'keys missing in bn.json',
    ).toEqual([]);
  });

  it.each(Object.entries(catalogues))('has no empty values in %s.json', (_, catalogue) => {
    const empty = [...catalogue.entries()]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation variables in every language', () => {
    const variables = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const mismatched = [...catalogues.bn.keys()].filter(
      (key) => JSON.stringify(variables(catalogues.bn.get(key))) !== JSON.stringify(variables(catalogues.en.get(key))),
    );
    expect(mismatched).toEqual([]);
  });

  it('writes Bengali in Bengali script', () => {
    const bengali = /[\u0980-\u09FF]/;
    const latinOnly = [...catalogues.bn.entries()]
      .filter(([key, value]) => !key.startsWith('languages.') && !bengali.test(String(value)))
      .map(([key]) => key);
    // Brand-like words (VIP, iOS) may stay Latin; everything else must be translated.
    expect(latinOnly).toEqual([]);
  });

  it('finds every catalogue, in every language, and each feature registers its own', () => {
    expect(folders.get('.'), 'the main catalogue').toBeDefined();
    for (const [folder, byLanguage] of folders) {
      expect([...byLanguage.keys()].sort(), folder).toEqual([...APP_LANGUAGES].sort());
      if (folder === '.') continue;
      const register = sources[`${folder}/register.ts`] ?? '';
      for (const language of APP_LANGUAGES) {
        expect(register, `${folder}/register.ts adds ${language}`).toContain(`addResourceBundle('${language}'`);
      }
    }
  });

  it('has every key the code uses, in every language', () => {
    const uses = usedKeys(STATIC_KEY_PATTERNS);
    // The scan itself works: a key every screen uses is found.
    expect(uses.some(({ key }) => key === 'common.close')).toBe(true);
    for (const language of APP_LANGUAGES) {
      const missing = uses
        .filter(({ key }) => {
          const plain = withoutNamespace(key);
          return plain === null || !hasString(catalogues[language], plain);
        })
        .map(({ file, key }) => `${file}: ${key}`);
      expect(missing, `keys missing in ${language}`).toEqual([]);
    }
  });

  it('has the groups of strings the code builds keys from, in every language', () => {
    const uses = usedKeys([DYNAMIC_KEY_PATTERN]);
    expect(uses.some(({ key }) => key === 'gameTypes.')).toBe(true);
    for (const language of APP_LANGUAGES) {
      const missing = uses
        .filter(({ key }) => {
          // The fixed part up to its last dot names the group; a key without one could be anything.
          const group = key.slice(0, key.lastIndexOf('.') + 1);
          return group === '' || !hasGroup(catalogues[language], group);
        })
        .map(({ file, key }) => `${file}: ${key}…`);
      expect(missing, `groups missing in ${language}`).toEqual([]);
    }
  });

  it('gives index.html and the web manifests the same title and description as the app', () => {
    const html = pageFiles['../../index.html'] ?? '';
    expect(html).toContain(`<title>${catalogues.bn.get('meta.title')}</title>`);
    expect(html).toContain(`<meta name="description" content="${catalogues.bn.get('meta.description')}" />`);
    for (const language of APP_LANGUAGES) {
      const file = language === 'bn' ? 'manifest.webmanifest' : `manifest.${language}.webmanifest`;
      const manifest = JSON.parse(pageFiles[`../../public/${file}`] ?? '{}');
      expect(manifest.lang, file).toBe(language);
      expect(manifest.name, file).toBe(`${manifest.short_name}: ${catalogues[language].get('meta.title')}`);
      expect(manifest.description, file).toBe(catalogues[language].get('meta.description'));
    }
  });
});
