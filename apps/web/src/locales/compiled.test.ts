import { setupI18n } from '@lingui/core';
import { assert, describe, expect, it, vi } from 'vitest';
import { CATALOGUES } from '@egg-rush/contract/locales';
import { compiledPart, FIRST_PART, icuMessages, NOT_THE_APPS, PARTS } from '../../catalogues.ts';
import { LANGUAGE_CODES } from '../lib/i18n.tsx';

// The catalogues as the app loads them: compiled from the JSON files when the app is built.

type Tree = { [key: string]: string | Tree };
const files: Record<string, Tree> = CATALOGUES;
const read = (lng: string) => {
  const tree = files[lng];
  assert(tree, `no catalogue for ${lng}`);
  return tree;
};

/** Renders `key` of a compiled catalogue as the app's runtime does. */
function render(
  messages: ReturnType<typeof compiledPart>,
  lng: string,
  key: string,
  values?: Record<string, unknown>,
) {
  const i18n = setupI18n({ locale: lng, messages: { [lng]: messages } });
  return i18n._(key, values);
}

describe('the compiled catalogues', () => {
  const english = icuMessages(read('en'));
  /** The app's keys: the bot's section is the server's. */
  const apps = [...english.keys()].filter((key) => !NOT_THE_APPS.includes(key.split('.')[0] ?? key));

  it.each(LANGUAGE_CODES)(
    '%s has every English key in one of its two parts, the first one only Home’s',
    (lng) => {
      const parts = PARTS.map((part) => compiledPart(lng, part, read));
      const keys = parts.flatMap((p) => Object.keys(p)).filter((k) => !k.startsWith('en:'));
      expect(keys.sort()).toEqual(apps.sort());
      const [first] = parts;
      assert(first);
      for (const key of Object.keys(first)) expect(FIRST_PART).toContain(key.split('.')[0]);
    },
  );

  it.each(LANGUAGE_CODES)("%s carries none of the bot's texts in either part", (lng) => {
    expect(english.has('bot.welcome')).toBe(true);
    const keys = PARTS.flatMap((part) => Object.keys(compiledPart(lng, part, read)));
    expect(keys.filter((key) => key.replace(/^en:/, '').startsWith('bot.'))).toEqual([]);
  });

  it('fills a key a language lacks with the English text', () => {
    const ru = structuredClone(read('ru'));
    delete (ru.home as Tree).boost;
    const first = compiledPart('ru', 'first', (lng) => (lng === 'ru' ? ru : read(lng)));
    expect(render(first, 'ru', 'home.boost')).toBe((read('en').home as Tree).boost);
  });

  it('keeps quotes as they are written, fills placeholders and picks the plural form', () => {
    const tree: Tree = {
      a: { quote: "Don't stop: it's {{name}}'s turn", n_one: '{{count}} chest', n_other: '{{count}} chests' },
    };
    const messages = compiledPart('en', 'more', () => tree);
    expect(render(messages, 'en', 'a.quote', { name: 'Ann' })).toBe("Don't stop: it's Ann's turn");
    expect(render(messages, 'en', 'a.n', { count: 1 })).toBe('1 chest');
    expect(render(messages, 'en', 'a.n', { count: 1200 })).toBe('1,200 chests');
  });

  it.each(LANGUAGE_CODES)('%s gives the runtime only compiled messages, so it never warns', (lng) => {
    for (const part of PARTS)
      for (const [key, message] of Object.entries(compiledPart(lng, part, read)))
        expect(Array.isArray(message), `${lng} ${key}`).toBe(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(render(compiledPart(lng, 'first', read), lng, 'app.title')).toBeTruthy();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a literal # inside a plural, which the runtime would read as the count', () => {
    expect(() => icuMessages({ a: { n_one: '#{{count}}', n_other: '#{{count}}' } })).toThrow(/literal #/);
  });

  it('carries the English titles of the built-in tasks in a translated catalogue', () => {
    const more = compiledPart('ru', 'more', read);
    const key = 'tasks.names.Follow_Twitter.title';
    expect(render(more, 'ru', `en:${key}`)).toBe(english.get(key));
    expect(render(more, 'ru', key)).not.toBe(english.get(key));
  });
});
