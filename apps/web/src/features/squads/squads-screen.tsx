import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SquadSummary } from '@egg-rush/contract/squads';
import { SquadIcon } from '../../components/ui/icons.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { Button, CoinIcon, compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { Card, ScreenTitle } from '../../components/ui/ui-later.tsx';
import { useSquadBoard } from './api.ts';
import { CreateSquadSheet, InviteButtons, SquadEmblem } from './parts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { boardRowClass, RankBadge } from '../../components/ui/board-row.tsx';

/** Squads: the player's squad (or a way to start one) and the board of squads. */
export function SquadsScreen() {
  const { data, isError, refetch } = useSquadBoard();
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const { t } = useT();

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('squads.title')} subtitle={t('squads.subtitle')} />
      {data ? (
        <>
          {data.mine ? (
            <MySquad squad={data.mine} />
          ) : (
            <Card className="flex flex-col items-center gap-2 px-5 py-6 text-center">
              <span className="grid h-14 w-14 place-items-center rounded-full bg-mint/10 text-mint">
                <SquadIcon size={30} />
              </span>
              <p className="font-black">{t('squads.none')}</p>
              <p className="text-sm text-text-dim">{t('squads.noneBody')}</p>
              <Button className="mt-2 w-full text-lg" onClick={() => setCreating(true)}>
                {t('squads.create')}
              </Button>
            </Card>
          )}
          <section aria-label={t('squads.top')}>
            <h2 className="mb-2 flex items-center justify-between text-lg font-black">
              {t('squads.top')}
              <span className="num text-sm font-extrabold text-text-dim">
                {formatNumber(data.totalSquads)}
              </span>
            </h2>
            {data.ranking.length === 0 ? (
              <p className="rounded-2xl bg-night-950/40 px-4 py-6 text-center text-sm text-text-dim">
                {t('squads.empty')}
              </p>
            ) : (
              <ol className="flex flex-col gap-1.5" aria-label={t('squads.ranking')}>
                {data.ranking.map((squad) => (
                  <li key={squad.id}>
                    <SquadRow squad={squad} mine={squad.id === data.mine?.id} />
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : (
        <LoadState
          isError={isError}
          onRetry={refetch}
          loading={t('squads.loading')}
          failed={t('squads.failed')}
        />
      )}
      <CreateSquadSheet
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(`/squads/${id}`);
        }}
      />
    </div>
  );
}

function MySquad({ squad }: { squad: SquadSummary }) {
  const { t } = useT();
  return (
    <Card className="flex flex-col gap-3 p-3.5">
      <Link
        to={`/squads/${squad.id}`}
        className="flex items-center gap-3"
        aria-label={t('squads.mineAria', { name: squad.name })}
      >
        <SquadEmblem id={squad.id} name={squad.name} size={52} />
        <span className="min-w-0 flex-1">
          <span className="block text-[11px] font-extrabold tracking-widest text-lilac uppercase">
            {t('squads.mine')}
          </span>
          <span
            className="line-clamp-2 block text-lg leading-tight font-black break-words"
            data-testid="my-squad-name"
          >
            {squad.name}
          </span>
          <span className="num text-xs font-bold text-text-dim">
            {t('squads.rankOf', { rank: squad.rank })} · {t('squads.members', { count: squad.members })}
          </span>
        </span>
        <span className="num flex items-center gap-1 font-black text-gold">
          <CoinIcon size={16} />
          {compactNumber(squad.score)}
        </span>
      </Link>
      <InviteButtons startParam={squad.startParam} />
    </Card>
  );
}

function SquadRow({ squad, mine }: { squad: SquadSummary; mine: boolean }) {
  const { t } = useT();
  return (
    <Link to={`/squads/${squad.id}`} data-me={mine || undefined} className={boardRowClass(mine)}>
      <RankBadge rank={squad.rank} />
      <SquadEmblem id={squad.id} name={squad.name} size={36} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-extrabold" data-clip-ok>
          {squad.name}
        </span>
        <span className="num text-xs text-text-dim">{t('squads.members', { count: squad.members })}</span>
      </span>
      <span className="num font-black text-gold">{compactNumber(squad.score)}</span>
    </Link>
  );
}
