import type { airdropReviewResponse } from '@egg-rush/contract/fairness';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { output } from 'zod';
import { Button } from '../../components/ui/ui.tsx';
import { ApiError, call } from '../../lib/api-client.ts';
import { errorText } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.tsx';
import { airdropReviewQuery, APPEAL_MAX, APPEAL_MIN } from './api.ts';

type Review = output<typeof airdropReviewResponse>;

/**
 * The player's side of the review of linked accounts, in their language: nothing while there is
 * none; under review or left out, what it means, that a person decides, and an appeal (a short
 * text, once while one waits) with its answer; cleared, a word of reassurance.
 */
export function ReviewCard() {
  const { user } = useSession();
  const { data: review } = useQuery(airdropReviewQuery(user.id));
  const { t } = useT();
  if (!review || review.status === 'none') return null;
  if (review.status === 'cleared') {
    return (
      <section
        className="card flex flex-col gap-1 border border-mint/30 p-4"
        data-testid="airdrop-review"
        data-status="cleared"
      >
        <h2 className="font-extrabold text-mint">{t('airdrop.review.clearedTitle')}</h2>
        <p className="text-sm text-text-dim">
          {review.appeal?.status === 'upheld' ? t('airdrop.review.upheld') : t('airdrop.review.clearedBody')}
        </p>
      </section>
    );
  }
  const excluded = review.status === 'excluded';
  return (
    <section
      className="card flex flex-col gap-3 border border-coral/35 p-4"
      data-testid="airdrop-review"
      data-status={review.status}
    >
      <h2 className="text-lg leading-snug font-black text-coral">
        {excluded ? t('airdrop.review.excludedTitle') : t('airdrop.review.title')}
      </h2>
      <p className="text-sm">{excluded ? t('airdrop.review.excludedBody') : t('airdrop.review.body')}</p>
      <p className="text-sm text-text-dim">{t('airdrop.review.human')}</p>
      <Evidence review={review} />
      <Appeal review={review} />
    </section>
  );
}

/**
 * What the review rests on: the cluster's evidence as operators read it (English sentences of
 * counts, left to right whatever the player's language) and, when excluded, the operator's reason.
 */
function Evidence({ review }: { review: Review }) {
  const { t } = useT();
  const reason = review.status === 'excluded' ? review.reason : null;
  if (review.evidence.length === 0 && !reason) return null;
  return (
    <div
      className="flex min-w-0 flex-col gap-2 rounded-2xl bg-night-950/50 p-3"
      data-testid="review-evidence"
    >
      {review.evidence.length > 0 ? (
        <>
          <h3 className="text-sm font-extrabold">{t('airdrop.review.evidence')}</h3>
          <ul dir="ltr" lang="en" className="flex list-disc flex-col gap-1 ps-5 text-sm text-text-dim">
            {review.evidence.map((sentence, i) => (
              <li key={i} dir="ltr" className="break-words">
                {sentence}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reason ? <Written testId="review-reason" title={t('airdrop.review.reason')} text={reason} /> : null}
    </div>
  );
}

/** An operator's own words (the reason, the answer) under a heading, lines kept as written. */
function Written({ testId, title, text }: { testId: string; title: string; text: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-extrabold">{title}</h3>
      <p dir="auto" className="text-sm break-words whitespace-pre-line text-text-dim">
        {text}
      </p>
    </div>
  );
}

/** The appeal: its status once sent, else the form when one can be sent. */
function Appeal({ review }: { review: Review }) {
  const { t, lng } = useT();
  const date = (ms: number) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(ms);
  if (review.appeal) {
    const { status, createdAt, answeredAt, answer } = review.appeal;
    return (
      <div className="flex flex-col gap-1 rounded-2xl bg-night-950/50 p-3" data-testid="appeal-status">
        <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="font-extrabold">{t('airdrop.review.sent')}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-black ${
              status === 'pending'
                ? 'bg-gold/15 text-gold'
                : status === 'upheld'
                  ? 'bg-mint/15 text-mint'
                  : 'bg-coral/15 text-coral'
            }`}
            data-testid="appeal-state"
            data-status={status}
          >
            {t(`airdrop.review.state.${status}`)}
          </span>
        </p>
        <p className="text-sm text-text-dim">{t(`airdrop.review.stateBody.${status}`)}</p>
        {answer ? <Written testId="appeal-answer" title={t('airdrop.review.answer')} text={answer} /> : null}
        <p className="text-xs text-text-dim">
          {answeredAt !== null
            ? t('airdrop.review.answeredOn', { date: date(answeredAt) })
            : t('airdrop.review.sentOn', { date: date(createdAt) })}
        </p>
        {review.canAppeal ? <AppealForm again /> : null}
      </div>
    );
  }
  if (!review.canAppeal) return <p className="text-sm text-text-dim">{t('airdrop.review.closed')}</p>;
  return <AppealForm />;
}

/** A short text to the team, 10 to 1000 characters, behind a button so that the card stays short. */
function AppealForm({ again = false }: { again?: boolean }) {
  const { user } = useSession();
  const client = useQueryClient();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const id = useId();
  const send = useMutation({
    mutationFn: (body: string) => call('airdropAppeal', { body: { text: body } }),
    onSuccess: (review) => {
      client.setQueryData(airdropReviewQuery(user.id).queryKey, review);
      setText('');
      setOpen(false);
    },
    // Refused as a conflict: the review changed meanwhile (an appeal sent from another device, an
    // answer, publishing); the card shows where it stands now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT')
        void client.invalidateQueries({ queryKey: airdropReviewQuery(user.id).queryKey });
    },
  });
  if (!open) {
    return (
      <Button className="min-h-11 w-full" variant={again ? 'ghost' : 'gold'} onClick={() => setOpen(true)}>
        {again ? t('airdrop.review.appealAgain') : t('airdrop.review.appeal')}
      </Button>
    );
  }
  const length = text.trim().length;
  const refusal = !send.isError
    ? null
    : send.error instanceof ApiError && send.error.code === 'CONFLICT'
      ? t('airdrop.review.changed')
      : errorText(send.error, 'appeal');
  return (
    <form
      className="flex flex-col gap-2"
      data-testid="appeal-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (length >= APPEAL_MIN && !send.isPending) send.mutate(text.trim());
      }}
    >
      <label className="font-extrabold" htmlFor={`${id}-text`}>
        {t('airdrop.review.label')}
      </label>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-text-dim">
        {t('airdrop.review.hint')}
      </p>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (send.isError) send.reset();
        }}
        dir="auto"
        rows={5}
        maxLength={APPEAL_MAX}
        aria-invalid={send.isError || undefined}
        aria-describedby={`${id}-hint ${id}-help`}
        className="min-h-28 w-full resize-y rounded-2xl border border-lilac/25 bg-night-950/60 p-3 text-base outline-none focus:border-gold/70"
      />
      <div className="flex items-start justify-between gap-3 text-xs">
        <p
          id={`${id}-help`}
          role={refusal ? 'alert' : undefined}
          className={refusal ? 'text-sm font-bold text-coral' : 'text-text-dim'}
        >
          {refusal ?? t('airdrop.review.rule', { min: APPEAL_MIN, max: APPEAL_MAX })}
        </p>
        <span
          className={`num shrink-0 ${length > 0 && length < APPEAL_MIN ? 'text-coral' : 'text-text-dim'}`}
          data-testid="appeal-count"
        >
          {formatNumber(length)}/{formatNumber(APPEAL_MAX)}
        </span>
      </div>
      <div className="flex gap-2">
        <Button variant="ghost" className="min-h-11 flex-1" onClick={() => setOpen(false)}>
          {t('airdrop.review.cancel')}
        </Button>
        <Button type="submit" className="min-h-11 flex-1" disabled={length < APPEAL_MIN || send.isPending}>
          {t('airdrop.review.send')}
        </Button>
      </div>
    </form>
  );
}
