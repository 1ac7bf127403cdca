import { useState } from 'react';
import type { SeasonEntry } from '@egg-rush/contract/seasons';
import { formatDaysCountdown, RESET_OFFSET_HOURS } from '@egg-rush/game/time';
import { ChestIcon, ClockIcon, SeasonIcon } from '../../components/ui/icons.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { Button, CoinIcon, formatNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { Card, ScreenTitle } from '../../components/ui/ui-later.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useSeason, useSeasonResults } from './api.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { BoardName, boardRowClass, RankBadge } from '../../components/ui/board-row.tsx';
import { localDigits } from '../../lib/format.ts';
import { useNow } from '../../lib/now.ts';

type Tab = 'week' | 'results';

/** Seasons: a weekly board of the coins earned since Monday, its prizes and past weeks' results. */
export function SeasonsScreen() {
  const [tab, setTab] = useState<Tab>('week');
  const { t } = useT();
  const tabs = [
    { id: 'week' as const, label: t('season.thisWeek') },
    { id: 'results' as const, label: t('season.results') },
  ];
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('season.title')} subtitle={t('season.subtitle')} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('season.boards')} />
      {tab === 'week' ? <ThisWeek /> : <Results />}
    </div>
  );
}

function ThisWeek() {
  const { data, isError, refetch } = useSeason();
  const left = useTimeLeft(data?.endsAt);
  const { t } = useT();
  if (!data)
    return (
      <LoadState
        isError={isError}
        onRetry={refetch}
        loading={t('season.loading')}
        failed={t('season.failed')}
      />
    );
  return (
    <>
      <Card className="flex items-center gap-3 p-3.5">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-sky/15 text-sky">
          <SeasonIcon size={28} />
        </span>
        <span className="shrink-0">
          <span className="block text-xs font-bold text-text-dim">{t('season.endsIn')}</span>
          <span
            className="num flex items-center gap-1.5 text-lg font-black whitespace-nowrap min-[360px]:text-xl"
            data-testid="season-time-left"
          >
            <ClockIcon size={18} className="text-sky" />
            {weekCountdown(left)}
          </span>
        </span>
        <span className="min-w-0 flex-1 text-end">
          <span className="block text-xs font-bold text-text-dim">{t('season.players')}</span>
          <span className="num text-lg font-black">{formatNumber(data.totalParticipants)}</span>
        </span>
      </Card>
      {data.me ? (
        <EntryRow entry={data.me} me testId="season-me" />
      ) : (
        <p className="rounded-2xl bg-night-950/40 px-4 py-3 text-center text-sm text-text-dim">
          {t('season.join')}
        </p>
      )}
      <PrizeTable prizes={data.prizes} />
      <section aria-label={t('season.ranking')}>
        <h2 className="mb-2 text-lg font-black">{t('season.rankingTitle')}</h2>
        {data.ranking.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 px-5 py-7 text-center">
            <span className="grid h-14 w-14 place-items-center rounded-full bg-sky/10 text-sky">
              <SeasonIcon size={30} />
            </span>
            <p className="font-black">{t('season.started')}</p>
            <p className="text-sm text-text-dim">{t('season.beFirst')}</p>
          </Card>
        ) : (
          <Ranking entries={data.ranking} me={data.me?.userid ?? null} />
        )}
      </section>
    </>
  );
}

function Results() {
  const [week, setWeek] = useState<number | null>(null);
  const last = useSeasonResults(null, true);
  const picked = useSeasonResults(week, week !== null);
  const shown = week === null ? last : picked;
  const data = shown.data;
  const lastWeek = last.data?.week;
  const { t, lng } = useT();
  if (!data)
    return (
      <LoadState
        isError={shown.isError}
        onRetry={shown.refetch}
        loading={t('season.loadingResults')}
        failed={t('season.resultsFailed')}
      />
    );
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <WeekButton
          back
          label={t('season.earlier')}
          disabled={data.week <= 0}
          onClick={() => setWeek(data.week - 1)}
        />
        <p className="text-center text-sm font-black" data-testid="results-week">
          {weekRange(data.startsAt, data.endsAt, lng)}
          <span className="block text-xs font-bold text-text-dim">
            {data.settled ? t('season.paid') : t('season.pending')}
          </span>
        </p>
        <WeekButton
          label={t('season.later')}
          disabled={lastWeek === undefined || data.week >= lastWeek}
          onClick={() => setWeek(lastWeek !== undefined && data.week + 1 >= lastWeek ? null : data.week + 1)}
        />
      </div>
      {data.me ? <EntryRow entry={data.me} me testId="results-me" /> : null}
      <section aria-label={t('season.weekResults')}>
        {data.ranking.length === 0 ? (
          <Card className="px-5 py-7 text-center">
            <p className="font-black">{t('season.noResults')}</p>
            <p className="mt-1 text-sm text-text-dim">{t('season.noOne')}</p>
          </Card>
        ) : (
          <Ranking entries={data.ranking} me={data.me?.userid ?? null} />
        )}
      </section>
    </>
  );
}

function PrizeTable({
  prizes,
}: {
  prizes: { from: number; to: number; prize: { ticket: number; chests: number } }[];
}) {
  const { t } = useT();
  return (
    <Card className="p-3.5">
      <section aria-label={t('season.prizes')}>
        <h2 className="mb-2 text-sm font-black tracking-widest text-lilac uppercase">{t('season.prizes')}</h2>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1.5">
          {prizes.map((band) => (
            <li key={band.from} className="num flex items-center justify-between gap-2 text-sm">
              <span className="font-extrabold text-text-dim">
                #
                {band.from === band.to
                  ? formatNumber(band.from)
                  : `${formatNumber(band.from)}–${formatNumber(band.to)}`}
              </span>
              <Prize prize={band.prize} />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function Prize({ prize }: { prize: { ticket: number; chests: number } }) {
  return (
    <span className="num flex items-center gap-1.5 font-black">
      <span className="flex items-center gap-0.5">
        <TicketIcon size={15} />
        {formatNumber(prize.ticket)}
      </span>
      {prize.chests > 0 ? (
        <span className="flex items-center gap-0.5 text-gold">
          <ChestIcon size={15} />
          {formatNumber(prize.chests)}
        </span>
      ) : null}
    </span>
  );
}

function Ranking({ entries, me }: { entries: SeasonEntry[]; me: number | null }) {
  return (
    <ol className="flex flex-col gap-1.5">
      {entries.map((entry) => (
        <li key={entry.userid}>
          <EntryRow entry={entry} me={entry.userid === me} />
        </li>
      ))}
    </ol>
  );
}

function EntryRow({ entry, me, testId }: { entry: SeasonEntry; me: boolean; testId?: string }) {
  const { t } = useT();
  return (
    <div data-testid={testId} data-me={me || undefined} className={boardRowClass(me)}>
      <RankBadge rank={entry.rank} />
      <span className="min-w-0 flex-1">
        <BoardName name={entry.firstname} you={me ? t('season.you') : null} />
        <span className="num flex items-center gap-1 text-xs font-bold text-gold">
          <CoinIcon size={12} />
          {formatNumber(entry.coins)}
        </span>
      </span>
      {entry.prize ? <Prize prize={entry.prize} /> : null}
    </div>
  );
}

/** Milliseconds until `endsAt`, every second. */
function useTimeLeft(endsAt: number | undefined) {
  const now = useNow(endsAt !== undefined);
  return endsAt === undefined ? 0 : Math.max(0, endsAt - now);
}

/** "3d 04:12:09": days, then hours, minutes and seconds. */
export function weekCountdown(ms: number): string {
  const { days, time } = formatDaysCountdown(ms);
  return days > 0 ? t('season.days', { days, time: localDigits(time) }) : localDigits(time);
}

/**
 * "Nov 16 – Nov 22" (in the player's language): the week's first and last game days, read at the
 * reset's offset.
 */
function weekRange(startsAt: number, endsAt: number, lng: string): string {
  const format = new Intl.DateTimeFormat(lng, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const day = (at: number) => format.format(new Date(at + RESET_OFFSET_HOURS * 3_600_000));
  return `${day(startsAt)} – ${day(endsAt - 1)}`;
}

/** The results' arrow to the week before (`back`) or after, a chevron pointing that way. */
function WeekButton({
  back = false,
  label,
  disabled,
  onClick,
}: {
  back?: boolean;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      className="min-h-10 px-4 text-sm"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        aria-hidden="true"
        className={back ? 'rotate-180 rtl:rotate-0' : 'rtl:rotate-180'}
      >
        <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round" />
      </svg>
    </Button>
  );
}
