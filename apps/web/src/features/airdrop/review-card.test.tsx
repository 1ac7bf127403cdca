import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse, renderWithProviders, serve, type Answer, type Stubs } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { ReviewCard } from './review-card.tsx';

const SENT = Date.UTC(2026, 5, 16, 9, 30);
const ANSWERED = Date.UTC(2026, 5, 18, 12, 0);
const ACCOUNTS = '8 accounts, all created within 2 days, on 1 network and 1 phone model.';
const IN_STEP = 'They tapped within the same minute on 6 of 7 days.';
const EVIDENCE = [ACCOUNTS, IN_STEP];
const pending = { status: 'pending', createdAt: SENT, answeredAt: null, answer: null } as const;

function open(review: Answer<'airdropReview'>, routes: Stubs = {}) {
  const calls = serve({ airdropReview: review, ...routes });
  const rendered = renderWithProviders(<ReviewCard />, { path: '/airdrop' });
  return { calls, ...rendered };
}

const card = () => screen.findByTestId('airdrop-review', undefined, { timeout: 5000 });

describe('the airdrop review card', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows nothing when the player is in no review', async () => {
    // In a cluster found harmless: its evidence is not the player's concern.
    const { client } = open({
      status: 'none',
      evidence: EVIDENCE,
      reason: null,
      appeal: null,
      canAppeal: false,
    });
    await vi.waitFor(() => expect(client.getQueryState(['airdrop-review', 42])?.status).toBe('success'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('review-evidence')).not.toBeInTheDocument();
    expect(screen.queryByText(ACCOUNTS)).not.toBeInTheDocument();
  });

  it('under review: lists what the review is based on, in English, left to right, and no reason', async () => {
    open({ status: 'review', evidence: EVIDENCE, reason: null, appeal: null, canAppeal: true });
    const review = await card();
    const evidence = within(review).getByTestId('review-evidence');
    expect(within(evidence).getByRole('heading')).toHaveTextContent(
      'What the review is based on, as our team sees it (in English)',
    );
    const items = within(evidence).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(EVIDENCE);
    for (const li of items) expect(li).toHaveAttribute('dir', 'ltr');
    expect(within(review).queryByTestId('review-reason')).not.toBeInTheDocument();
    expect(within(review).queryByTestId('appeal-answer')).not.toBeInTheDocument();
  });

  it('left out: the evidence, the team’s reason and the answer to the appeal', async () => {
    open({
      status: 'excluded',
      evidence: EVIDENCE,
      reason: 'one phone model, one network, in step',
      appeal: {
        status: 'rejected',
        createdAt: SENT,
        answeredAt: ANSWERED,
        answer: 'in step with nine others',
      },
      canAppeal: true,
    });
    const review = await card();
    expect(within(review).getAllByRole('listitem')).toHaveLength(EVIDENCE.length);
    const reason = within(review).getByTestId('review-reason');
    expect(reason).toHaveTextContent("The team's reason (in English)");
    expect(reason).toHaveTextContent('one phone model, one network, in step');
    const answer = within(within(review).getByTestId('appeal-status')).getByTestId('appeal-answer');
    expect(answer).toHaveTextContent("The team's answer (in English)");
    expect(answer).toHaveTextContent('in step with nine others');
  });

  it('in Persian: the heading in Persian, the English sentences left to right', async () => {
    await setLanguage('fa');
    open({ status: 'review', evidence: EVIDENCE, reason: null, appeal: null, canAppeal: true });
    const evidence = within(await card()).getByTestId('review-evidence');
    expect(within(evidence).getByRole('heading')).toHaveTextContent('به انگلیسی');
    expect(within(evidence).getByRole('list')).toHaveAttribute('dir', 'ltr');
    expect(within(evidence).getByText(IN_STEP)).toHaveAttribute('dir', 'ltr');
  });

  it('under review: says why, that a person decides, and sends an appeal of 10 to 1000 characters', async () => {
    const { calls } = open(
      { status: 'review', evidence: [], reason: null, appeal: null, canAppeal: true },
      { airdropAppeal: { status: 'review', evidence: [], reason: null, appeal: pending, canAppeal: false } },
    );
    const review = await card();
    expect(review).toHaveAttribute('data-status', 'review');
    expect(within(review).getByRole('heading')).toHaveTextContent('Your account is under review');
    expect(review).toHaveTextContent('looks linked to other accounts');
    expect(review).toHaveTextContent('Nothing is decided by a machine alone');

    fireEvent.click(within(review).getByRole('button', { name: 'Send an appeal' }));
    const box = within(review).getByRole('textbox', { name: 'Your appeal' });
    const send = within(review).getByRole('button', { name: 'Send' });
    const count = within(review).getByTestId('appeal-count');
    expect(count).toHaveTextContent('0/1,000');
    expect(send).toBeDisabled();
    expect(within(review).getByText('From 10 to 1,000 characters.')).toBeInTheDocument();

    // Nine characters (spaces around do not count, as the server trims them): not yet.
    fireEvent.change(box, { target: { value: '  my phone  ' } });
    expect(count).toHaveTextContent('8/1,000');
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: '  My brother and I share one phone.  ' } });
    expect(count).toHaveTextContent('33/1,000');
    expect(box).toHaveAttribute('maxLength', '1000');
    expect(send).toBeEnabled();
    fireEvent.click(send);

    const status = await within(review).findByTestId('appeal-status');
    expect(status).toHaveTextContent('Appeal sent');
    expect(within(status).getByTestId('appeal-state')).toHaveTextContent('Pending');
    expect(status).toHaveTextContent('Sent Jun 16, 2026');
    expect(within(review).queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/airdrop/appeal',
      body: { text: 'My brother and I share one phone.' },
    });
  });

  it('keeps the text and shows the refusal when an appeal is refused', async () => {
    open(
      { status: 'review', evidence: [], reason: null, appeal: null, canAppeal: true },
      {
        airdropAppeal: refuse(
          429,
          'RATE_LIMITED',
          'Too many requests. Please slow down and try again in a moment.',
        ),
      },
    );
    const review = await card();
    fireEvent.click(within(review).getByRole('button', { name: 'Send an appeal' }));
    const box = within(review).getByRole('textbox', { name: 'Your appeal' });
    fireEvent.change(box, { target: { value: 'We are a family of four on one Wi-Fi.' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Send' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please slow down and try again in a moment.',
    );
    expect(box).toHaveValue('We are a family of four on one Wi-Fi.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // Typing again takes the refusal away.
    fireEvent.change(box, { target: { value: 'We are a family of four on one Wi-Fi!' } });
    expect(within(review).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refused as a conflict (an appeal sent from elsewhere): says so and shows where the review stands', async () => {
    let reads = 0;
    const { calls } = open(
      () =>
        ++reads === 1
          ? { status: 'review', evidence: [], reason: null, appeal: null, canAppeal: true }
          : { status: 'review', evidence: [], reason: null, appeal: pending, canAppeal: false },
      { airdropAppeal: refuse(409, 'CONFLICT', 'Your appeal is waiting for an answer.') },
    );
    const review = await card();
    fireEvent.click(within(review).getByRole('button', { name: 'Send an appeal' }));
    fireEvent.change(within(review).getByRole('textbox'), { target: { value: 'Sent from my tablet too.' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Send' }));
    expect(await within(review).findByTestId('appeal-state')).toHaveTextContent('Pending');
    // The server's English words are not the player's: only its code is read.
    expect(review).not.toHaveTextContent('Your appeal is waiting for an answer.');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /airdrop/review',
      'POST /airdrop/appeal',
      'GET /airdrop/review',
    ]);
  });

  it('shows an appeal waiting for its answer, with no second form', async () => {
    const review =
      (open({ status: 'review', evidence: [], reason: null, appeal: pending, canAppeal: false }),
      await card());
    expect(within(review).getByTestId('appeal-state')).toHaveAttribute('data-status', 'pending');
    expect(review).toHaveTextContent('A person on the team will read it and answer here.');
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('left out: says so, shows the rejected appeal and lets the player appeal again', async () => {
    open({
      status: 'excluded',
      evidence: [],
      reason: null,
      appeal: { status: 'rejected', createdAt: SENT, answeredAt: ANSWERED, answer: null },
      canAppeal: true,
    });
    const review = await card();
    expect(review).toHaveAttribute('data-status', 'excluded');
    expect(within(review).getByRole('heading')).toHaveTextContent('Your account was left out of the airdrop');
    expect(within(review).getByTestId('appeal-state')).toHaveTextContent('Rejected');
    expect(review).toHaveTextContent('The team looked again and kept its decision.');
    expect(review).toHaveTextContent('Answered Jun 18, 2026');
    fireEvent.click(within(review).getByRole('button', { name: 'Appeal again' }));
    expect(within(review).getByRole('textbox', { name: 'Your appeal' })).toBeInTheDocument();
  });

  it('left out after publishing: says appeals are closed', async () => {
    const review =
      (open({ status: 'excluded', evidence: [], reason: null, appeal: null, canAppeal: false }),
      await card());
    expect(review).toHaveTextContent('Appeals are closed: the airdrop has been published.');
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cleared: a short reassurance, naming the upheld appeal', async () => {
    open({
      status: 'cleared',
      evidence: [],
      reason: null,
      appeal: { status: 'upheld', createdAt: SENT, answeredAt: ANSWERED, answer: null },
      canAppeal: false,
    });
    const review = await card();
    expect(review).toHaveAttribute('data-status', 'cleared');
    expect(review).toHaveTextContent('Your account was reviewed and cleared');
    expect(review).toHaveTextContent('Your appeal was upheld');
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks the player’s language, with its digits', async () => {
    await setLanguage('fa');
    open({ status: 'review', evidence: [], reason: null, appeal: null, canAppeal: true });
    const review = await card();
    expect(within(review).getByRole('heading')).toHaveTextContent('حسابت در حال بررسی است');
    fireEvent.click(within(review).getByRole('button', { name: 'ارسال اعتراض' }));
    fireEvent.change(within(review).getByRole('textbox'), { target: { value: 'گوشی مشترک خانواده' } });
    expect(within(review).getByTestId('appeal-count')).toHaveTextContent('۱۸/۱٬۰۰۰');
    expect(within(review).getByRole('textbox')).toHaveAttribute('dir', 'auto');
  });
});
