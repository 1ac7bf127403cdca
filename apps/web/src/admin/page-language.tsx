import { useEffect, useState, type ReactNode } from 'react';
import {
  isLanguage,
  LANGUAGES,
  pickLanguage,
  setLanguage,
  useT,
  type Key,
  type Language,
} from '../lib/i18n.tsx';
import { ErrorNote, Loading } from './ui.tsx';

/**
 * A console page in the catalogues' languages: the operator picks one (the browser's at first);
 * the page shows once that language's texts are loaded (the console loads no catalogue of its
 * own), as `render(picker)` with the picker to place in its header. With `storageKey`, the
 * choice is kept for the tab's session (pages of one section that the operator moves between).
 */
export function InPageLanguage({
  testId,
  label,
  render,
  storageKey,
}: {
  testId: string;
  /** The picker's label ("Language"), from the page's own section. */
  label: Key;
  render: (picker: ReactNode) => ReactNode;
  storageKey?: string;
}) {
  const { t } = useT();
  const [language, setPageLanguage] = useState<Language>(() => {
    const stored = storageKey ? sessionStorage.getItem(storageKey) : null;
    return isLanguage(stored) ? stored : pickLanguage(navigator.language);
  });
  const [loaded, setLoaded] = useState<Language | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    if (storageKey) sessionStorage.setItem(storageKey, language);
    setLanguage(language).then(
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
  return render(picker);
}
