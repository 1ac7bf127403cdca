import { useState, type ComponentProps } from 'react';
import { CIPHER_LETTERS, CIPHER_WORD_MIN, fromMorse, MORSE } from '@egg-rush/game/cipher';
import { CheckIcon } from '../../components/ui/icons-later.tsx';
import { Button, CoinIcon, compactNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../lib/i18n.tsx';
import { haptic } from '../../lib/telegram.ts';
import { useCipher, useSolveCipher } from './cipher-api.ts';

/** A dot and a dash as shown (the entered code and the chart). */
const shown = (code: string) => code.replace(/\./g, '•').replace(/-/g, '–');

/**
 * The daily cipher's panel under the egg, in cipher mode: the egg's presses are dots (a tap) and
 * dashes (a hold); here the code entered so far, decoded into letters, a way to end a letter, to
 * erase and to check the word, the tries left, and the A–Z chart as help. The code, the word and
 * the chart stay left to right in a right-to-left page.
 */
export default function CipherPanel({ code, setCode }: { code: string; setCode: (code: string) => void }) {
  const { t } = useT();
  const { data, isError, refetch } = useCipher();
  const solve = useSolveCipher();
  const [message, setMessage] = useState<string | null>(null);

  const groups = code.split(' ');
  const current = groups[groups.length - 1] ?? '';
  const done = fromMorse(groups.slice(0, -1).join(' '));
  const word = fromMorse(code);
  const unknown = word.includes('?');
  const length = data?.length ?? 0;

  const nextLetter = () => {
    if (code !== '' && !code.endsWith(' ')) setCode(`${code} `);
  };
  const erase = () => {
    setMessage(null);
    // The signal last entered; with none of the letter yet, the letter before it, whole.
    if (code.endsWith(' ')) setCode(code.trimEnd().replace(/[.-]+$/, ''));
    else setCode(code.slice(0, -1));
  };
  const check = () => {
    if (unknown) return setMessage(t('cipher.unknown'));
    solve.mutate(word, {
      onSuccess: (r) => {
        setCode('');
        if (r.success) {
          haptic('heavy');
          setMessage(null);
        } else {
          haptic('light');
          setMessage(t('cipher.wrong'));
        }
      },
      onError: (e) => setMessage(errorText(e, 'cipher')),
    });
  };

  const reward = data ? (
    <span className="num flex shrink-0 items-center gap-1 font-extrabold text-gold">
      <CoinIcon size={14} />+{compactNumber(data.reward.onion)}
      <TicketIcon size={14} />+{compactNumber(data.reward.ticket)}
    </span>
  ) : null;

  return (
    <section
      aria-label={t('cipher.title')}
      data-testid="cipher"
      data-solved={data?.solved ? 'true' : 'false'}
      className="card flex flex-col gap-1.5 p-2"
    >
      {isError && !data ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-bold">{t('cipher.failed')}</p>
          <Button variant="ghost" className="px-3 text-sm" onClick={() => void refetch()}>
            {t('app.tryAgain')}
          </Button>
        </div>
      ) : data?.solved ? (
        <p
          data-testid="cipher-solved"
          role="status"
          className="flex items-center gap-2 rounded-xl bg-mint/10 px-3 py-2 text-sm font-extrabold text-mint"
        >
          <CheckIcon size={18} />
          <span className="min-w-0 flex-1">{t('cipher.solved')}</span>
          {reward}
        </p>
      ) : (
        <>
          <div className="flex min-h-9 items-center gap-2 rounded-xl bg-night-950/60 px-2.5">
            <output
              dir="ltr"
              data-testid="cipher-word"
              aria-label={t('cipher.word')}
              className="num shrink-0 font-mono text-lg font-black tracking-[0.2em] text-text"
            >
              {done}
              <span className="text-text-dim">{'_'.repeat(Math.max(0, length - done.length))}</span>
            </output>
            {code === '' ? (
              // Nothing entered yet: how to enter it, in the player's language.
              <span className="min-w-0 flex-1 text-[11px] leading-tight text-text-dim">
                {t('cipher.help')}
              </span>
            ) : (
              <span
                dir="ltr"
                data-testid="cipher-code"
                data-code={code}
                aria-label={t('cipher.entered')}
                className="min-w-0 flex-1 truncate text-end font-mono text-lg font-black text-gold"
              >
                {shown(current)}
              </span>
            )}
          </div>
          <div className="grid grid-cols-3 gap-1.5">
            <KeyButton variant="ghost" data-testid="cipher-next" onClick={nextLetter}>
              {t('cipher.next')}
            </KeyButton>
            <KeyButton variant="ghost" data-testid="cipher-erase" onClick={erase}>
              {t('cipher.erase')}
            </KeyButton>
            <KeyButton
              data-testid="cipher-check"
              disabled={solve.isPending || word.length < CIPHER_WORD_MIN || data?.triesLeft === 0}
              onClick={check}
            >
              {t('cipher.check')}
            </KeyButton>
          </div>
          {message ? (
            <p
              role="alert"
              data-testid="cipher-message"
              className="text-xs leading-tight font-bold text-coral"
            >
              {message}
            </p>
          ) : (
            <p className="flex items-center justify-between gap-2 text-[11px] leading-tight text-text-dim">
              {data ? <span className="num">{t('cipher.tries', { n: data.triesLeft })}</span> : <span />}
              {reward}
            </p>
          )}
        </>
      )}

      <ul
        dir="ltr"
        aria-label={t('cipher.chart')}
        data-testid="cipher-chart"
        className="grid grid-cols-7 gap-x-0.5 font-mono text-[10px] leading-[13px]"
      >
        {CIPHER_LETTERS.map((letter) => (
          <li key={letter} className="flex gap-1 whitespace-nowrap">
            <b className="text-text">{letter}</b>
            <span className="text-gold">{shown(MORSE[letter])}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of the keys under the word (next letter, erase, check). */
function KeyButton(props: ComponentProps<typeof Button>) {
  return <Button className="min-h-11 px-1 text-sm leading-tight" {...props} />;
}
