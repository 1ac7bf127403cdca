import { useEffect, useState, type ReactNode } from 'react';
import {
  isLanguage,
  isRightToLeft,
  LANGUAGES,
  pickLanguage,
  setLanguage,
  useT,
  type Key,
  type Language,
} from '../lib/i18n.tsx';
import { ErrorNote, Loading } from './ui.tsx';

/**
 * Runs `change`, then puts back the document's language, direction and title (the console's:
 * English, left to right, admin.html's title). setLanguage is the players' app's, where the
 * language is the whole document's; a console page's language is its content's only.
 */
async function keepingDocument(change: () => Promise<void>): Promise<void> {
  const html = document.documentElement;
  const kept = (['lang', 'dir'] as const).map((name) => [name, html.getAttribute(name)] as const);
  const { title } = document;
  try {
    await change();
  } finally {
    for (const [name, value] of kept)
      if (value === null) html.removeAttribute(name);
      else html.setAttribute(name, value);
    document.title = title;
  }
}

/**
 * A console page in the catalogues' languages: the operator picks one (the browser's at first);
 * the page shows once that language's texts are loaded (the console loads no catalogue of its
 * own), as `render(picker)` with the picker to place in its header. The page's content is in
 * that language and its direction (Persian right to left), in a column spaced as the console's
 * main column (.a-page, with `className` added); the rest of the console stays English, left
 * to right. With `storageKey`, the choice is kept for the tab's session (pages of one section
 * that the operator moves between).
 */
export function InPageLanguage({
  testId,
  label,
  render,
  storageKey,
  className,
}: {
  testId: string;
  /** The picker's label ("Language"), from the page's own section. */
  label: Key;
  render: (picker: ReactNode) => ReactNode;
  storageKey?: string;
  /** The content's own class, beside .a-page. */
  className?: string;
}) {
  const { t, lng } = useT();
  const [language, setPageLanguage] = useState<Language>(() => {
    const stored = storageKey ? sessionStorage.getItem(storageKey) : null;
    return isLanguage(stored) ? stored : pickLanguage(navigator.language);
  });
  const [loaded, setLoaded] = useState<Language | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (storageKey) sessionStorage.setItem(storageKey, language);
    keepingDocument(() => setLanguage(language)).then(
      () => setLoaded(language),
      (error: unknown) => setFailed(error),
    );
  }, [language, storageKey]);
  if (!loaded) return failed ? <ErrorNote error={failed} /> : <Loading />;
  const picker = (
    <label className="a-row">
      <span className="a-muted a-small">{t(label)}</span>
      <select
        value={language}
        onChange={(e) => setPageLanguage(e.target.value as Language)}
        data-testid={testId}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div
      className={className ? `a-page ${className}` : 'a-page'}
      dir={isRightToLeft(lng) ? 'rtl' : 'ltr'}
      lang={lng}
    >
      {render(picker)}
    </div>
  );
}
