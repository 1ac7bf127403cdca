import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CIPHER_WORD_MAX, CIPHER_WORD_MIN } from '@egg-rush/game/cipher';
import { call } from '../api.ts';
import { Button, ErrorNote, Field, fmt, Loading, Section } from '../ui.tsx';

/**
 * The daily cipher: an operator sets the word of today or a later day (everyone answers that word
 * that day; a day without one draws a word per language); the words set from today on.
 */
export function CipherPage() {
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
      setSaved(`${cipher.day}: ${cipher.word}`);
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
      <h1>Daily cipher</h1>
      <Section title="Set a day’s word">
        <form className="a-form" onSubmit={(e) => void submit(e)} aria-label="Set a day’s word">
          <Field
            label="Day (game day, reset at UTC-6)"
            hint={days.data ? `Today is ${days.data.today}.` : undefined}
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
            label="Word"
            hint={`${CIPHER_WORD_MIN} to ${CIPHER_WORD_MAX} letters A–Z; every player answers it that day, in every language.`}
          >
            <input
              name="word"
              value={word}
              onChange={(e) => setWord(e.target.value.toUpperCase())}
              autoComplete="off"
              spellCheck={false}
              maxLength={CIPHER_WORD_MAX}
              pattern="[A-Za-z]+"
              required
            />
          </Field>
          <Button tone="primary" type="submit" busy={busy}>
            Set word
          </Button>
          <ErrorNote error={error} />
          {saved ? (
            <p className="a-muted" role="status">
              Set {saved}.
            </p>
          ) : null}
        </form>
      </Section>
      <Section title="Words set from today">
        {days.isPending ? <Loading /> : null}
        <ErrorNote error={days.error} />
        {days.data ? (
          days.data.days.length === 0 ? (
            <p className="a-muted">No word set: each language’s word is drawn from its list.</p>
          ) : (
            <table className="a-table" aria-label="Words set">
              <thead>
                <tr>
                  <th>Day</th>
                  <th>Word</th>
                  <th>Set by</th>
                  <th>Set at</th>
                </tr>
              </thead>
              <tbody>
                {days.data.days.map((d) => (
                  <tr key={d.day}>
                    <td className="a-nowrap">
                      {d.day}
                      {d.day === days.data.today ? <span className="a-tag a-tag-good"> today</span> : null}
                    </td>
                    <td className="a-mono">{d.word}</td>
                    <td className="num">{d.setBy}</td>
                    <td className="a-nowrap">{fmt.time(d.setAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        ) : null}
      </Section>
    </>
  );
}
