import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CIPHER_WORD_MAX, CIPHER_WORD_MIN } from '@egg-rush/game/cipher';
import { useT } from '../../lib/i18n.tsx';
import { call } from '../api.ts';
import { InPageLanguage } from '../page-language.tsx';
import { Button, ErrorNote, Field, QueryStatus, Section, Table } from '../ui.tsx';

const when = (ms: number, lng: string) =>
  new Date(ms).toLocaleString(lng, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The daily cipher: an operator sets the word of today or a later day (everyone answers that word
 * that day; a day without one draws a word per language); the words set from today on. Its texts
 * are in the catalogues, in the language picked here.
 */
export function CipherPage() {
  return (
    <InPageLanguage
      testId="cipher-language"
      label="cipherAdmin.language"
      render={(picker) => <Cipher picker={picker} />}
    />
  );
}

function Cipher({ picker }: { picker: ReactNode }) {
  const { t, lng } = useT();
  const client = useQueryClient();
  const days = useQuery({ queryKey: ['admin', 'cipher'], queryFn: () => call('adminCipherDays') });
  const [day, setDay] = useState('');
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const date = day || days.data?.today || '';
      const { cipher } = await call('adminCipherSet', { params: { day: date }, body: { word } });
      setSaved(t('cipherAdmin.saved', { day: cipher.day, word: cipher.word }));
      setWord('');
      await client.invalidateQueries({ queryKey: ['admin', 'cipher'] });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="a-row a-between a-wrap">
        <h1>{t('cipherAdmin.title')}</h1>
        {picker}
      </div>
      <Section title={t('cipherAdmin.setTitle')}>
        <form className="a-form" onSubmit={(e) => void submit(e)} aria-label={t('cipherAdmin.setTitle')}>
          <Field
            label={t('cipherAdmin.day')}
            hint={days.data ? t('cipherAdmin.today', { day: days.data.today }) : undefined}
          >
            <input
              type="date"
              name="day"
              value={day || days.data?.today || ''}
              min={days.data?.today}
              onChange={(e) => setDay(e.target.value)}
              required
            />
          </Field>
          <Field
            label={t('cipherAdmin.word')}
            hint={t('cipherAdmin.wordHint', { min: CIPHER_WORD_MIN, max: CIPHER_WORD_MAX })}
          >
            <input
              name="word"
              value={word}
              onChange={(e) => setWord(e.target.value.toUpperCase())}
              autoComplete="off"
              spellCheck={false}
              maxLength={CIPHER_WORD_MAX}
              pattern="[A-Za-z]+"
              dir="ltr"
              required
            />
          </Field>
          <Button tone="primary" type="submit" busy={busy}>
            {t('cipherAdmin.submit')}
          </Button>
          <ErrorNote error={error} />
          {saved ? (
            <p className="a-muted" role="status">
              {saved}
            </p>
          ) : null}
        </form>
      </Section>
      <Section title={t('cipherAdmin.listTitle')}>
        <QueryStatus query={days} />
        {days.data ? (
          days.data.days.length === 0 ? (
            <p className="a-muted">{t('cipherAdmin.none')}</p>
          ) : (
            <Table
              label={t('cipherAdmin.tableLabel')}
              rows={days.data.days}
              rowKey={(d) => d.day}
              columns={[
                {
                  head: t('cipherAdmin.colDay'),
                  className: 'a-nowrap',
                  cell: (d) => (
                    <>
                      {d.day}
                      {d.day === days.data.today ? (
                        <span className="a-tag a-tag-good"> {t('cipherAdmin.todayTag')}</span>
                      ) : null}
                    </>
                  ),
                },
                {
                  head: t('cipherAdmin.colWord'),
                  className: 'a-mono',
                  cell: (d) => <span dir="ltr">{d.word}</span>,
                },
                { head: t('cipherAdmin.colSetBy'), className: 'num', cell: (d) => d.setBy },
                { head: t('cipherAdmin.colSetAt'), className: 'a-nowrap', cell: (d) => when(d.setAt, lng) },
              ]}
            />
          )
        ) : null}
      </Section>
    </>
  );
}
