import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The catalogues as the app loads them, built from packages/contract/locales/<code>.json
 * (i18next's JSON: `{{name}}` placeholders, `_one`/`_few`/`_many`/`_other` plural keys, the form
 * translators and the catalogue test work with) into Lingui's compiled messages, which its 2 KB
 * runtime reads without a parser. Each language is complete (a key it lacks is English's) and in
 * two parts: `first`, the texts of Home, the bars and the start, loaded before the first render,
 * and `more`, every other screen's, loaded right after it; the sections in `NOT_THE_APPS` (the
 * bot's texts, which the server reads) are in neither.
 * `import { loaders } from 'virtual:catalogues'`; `virtual:frame-texts` has the few texts of the
 * frame index.html paints, in every language.
 */

/** The top-level sections the first screen needs: Home (not its sheets), the bars, errors. */
export const FIRST_PART: readonly string[] = [
  'app',
  'start',
  'nav',
  'status',
  'reward',
  'home',
  'farm',
  'league',
  'errors',
];
/** The sections the players' app never shows: the bot's texts (apps/server's bot module). */
export const NOT_THE_APPS: readonly string[] = ['bot'];
export const PARTS = ['first', 'more'] as const;
export type Part = (typeof PARTS)[number];
/** Sections whose English words a translated catalogue carries too, as `en:<key>`. */
const ENGLISH_TOO = ['tasks.names.'];

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

/** ICU text of an i18next text: `{{x}}` → `{x}` (`#` for the plural's count), quotes kept literal. */
function icuText(text: string, inPlural: boolean): string {
  return text
    .replace(/'/g, "''")
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (inPlural && name === 'count' ? '#' : `{${name}}`));
}

/** A catalogue's keys as ICU messages: plural keys become one `{count, plural, …}` message. */
export function icuMessages(catalogue: Tree): Map<string, string> {
  const out = new Map<string, string>();
  const plurals = new Map<string, [string, string][]>();
  for (const [key, text] of flatten(catalogue)) {
    const form = PLURAL.exec(key);
    const kind = form?.[1];
    if (!form || kind === undefined) out.set(key, icuText(text, false));
    else {
      const base = key.slice(0, form.index);
      plurals.set(base, [...(plurals.get(base) ?? []), [kind, text]]);
    }
  }
  for (const [base, forms] of plurals) {
    if (forms.some(([, text]) => text.includes('#')))
      throw new Error(`${base}: a literal # in a plural reads as the count; keep it outside the plural`);
    const branches = forms.map(([form, text]) => `${form} {${icuText(text, true)}}`).join(' ');
    out.set(base, `{count, plural, ${branches}}`);
  }
  return out;
}

const sectionOf = (key: string) => key.slice(0, key.indexOf('.'));
/** The part a key is loaded in; none for a section the app does not show. */
function partOf(key: string): Part | undefined {
  const section = sectionOf(key.replace(/^en:/, ''));
  if (NOT_THE_APPS.includes(section)) return undefined;
  return FIRST_PART.includes(section) ? 'first' : 'more';
}

/** One part of a language, complete (English where it lacks a key), compiled for Lingui. */
export function compiledPart(lng: string, part: Part, read: (lng: string) => Tree) {
  const english = icuMessages(read('en'));
  const own = lng === 'en' ? english : icuMessages(read(lng));
  const all = new Map([...english, ...own]);
  if (lng !== 'en') {
    for (const [key, text] of english)
      if (ENGLISH_TOO.some((p) => key.startsWith(p))) all.set(`en:${key}`, text);
  }
  const out: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [key, text] of all) {
    if (partOf(key) !== part) continue;
    // Always Lingui's compiled form (an array, even for a plain text): the runtime warns about every
    // string it is given ("Uncompiled message detected!") and would parse it on the main thread.
    out[key] = compileMessage(text);
  }
  return out;
}

/** The texts of the frame index.html paints (`data-text`, `data-label`), for the page's entry. */
export const FRAME_TEXTS = [
  'start.tagline',
  'start.loadingImages',
  'start.loadingCount',
  'start.start',
] as const;

const VIRTUAL = 'virtual:catalogues';
const FRAME = 'virtual:frame-texts';
const ONE = /^\0catalogue:([\w-]+):(\w+)$/;

/** The Vite plugin serving `virtual:catalogues` and each compiled part as its own chunk. */
export function catalogues(): Plugin {
  // The catalogues are the contract's (the server's bot reads them too): read here as files, for
  // the build to watch them.
  const dir = fileURLToPath(new URL('../../packages/contract/locales/', import.meta.url));
  const languages = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
  const file = (lng: string) => `${dir}${lng}.json`;
  const read = (lng: string) => JSON.parse(readFileSync(file(lng), 'utf8')) as Tree;
  return {
    name: 'egg-rush-catalogues',
    resolveId(id) {
      if (id === VIRTUAL || id === FRAME) return `\0${id}`;
      if (id.startsWith('catalogue:')) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${VIRTUAL}`) {
        const entries = languages.map(
          (lng) =>
            `${JSON.stringify(lng)}: {${PARTS.map((part) => `${part}: () => import(${JSON.stringify(`catalogue:${lng}:${part}`)})`).join(', ')}}`,
        );
        return `export const loaders = {${entries.join(',\n')}};`;
      }
      if (id === `\0${FRAME}`) {
        const texts = Object.fromEntries(
          // English is index.html's own.
          languages
            .filter((lng) => lng !== 'en')
            .map((lng) => {
              const own = new Map([...flatten(read('en')), ...flatten(read(lng))]);
              return [lng, Object.fromEntries(FRAME_TEXTS.map((key) => [key, own.get(key) ?? '']))];
            }),
        );
        languages.forEach((lng) => this.addWatchFile(file(lng)));
        return `export const frameTexts = ${JSON.stringify(texts)};`;
      }
      const one = ONE.exec(id);
      if (!one) return undefined;
      const [, lng, part] = one as unknown as [string, string, Part];
      this.addWatchFile(file('en'));
      this.addWatchFile(file(lng));
      return `export default ${JSON.stringify(compiledPart(lng, part, read))};`;
    },
  };
}
