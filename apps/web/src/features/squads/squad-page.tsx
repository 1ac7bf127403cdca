import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { toast } from '../../lib/toast.ts';
import { LoadState } from '../../components/ui/load-state.tsx';
import { Sheet } from '../../components/ui/sheet.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { Button, CoinIcon, compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { Card } from '../../components/ui/ui-later.tsx';
import { toastError } from '../../lib/errors.ts';
import { useSession } from '../../lib/session.tsx';
import { useJoinSquad, useLeaveSquad, useSquadBoard, useSquadPage } from './api.ts';
import { InviteButtons, SquadEmblem } from './parts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { BoardAvatar, BoardName, boardRowClass } from '../../components/ui/board-row.tsx';

/** A squad's page: its score and rank, its members by contribution, and join, invite or leave. */
export function SquadPage() {
  const params = useParams();
  const id = Number(params.squadId);
  const squadId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const { user } = useSession();
  const { data, isError, refetch } = useSquadPage(squadId);
  const board = useSquadBoard();
  const join = useJoinSquad();
  const [, navigate] = useLocation();
  const { t } = useT();
  const leave = useLeaveSquad(() => {
    if (data?.squad) toast.info(t('squads.left', { name: data.squad.name }));
    navigate('/squads', { replace: true });
  });
  const [leaving, setLeaving] = useState(false);

  if (!data)
    return (
      <div className="flex flex-col gap-4">
        <StatusBar />
        <LoadState
          isError={isError}
          onRetry={refetch}
          loading={t('squads.loadingSquad')}
          failed={t('squads.squadFailed')}
        />
      </div>
    );
  const { squad } = data;
  if (!squad)
    return (
      <div className="flex flex-col gap-4">
        <StatusBar />
        <Card className="p-5 text-center font-bold">{t('squads.noSquad')}</Card>
      </div>
    );
  const inAnother = !data.member && board.data?.mine != null;

  const onJoin = () =>
    join.mutate(squad.id, {
      onSuccess: () => toast.success(t('squads.joined', { name: squad.name })),
      onError: (e) => toastError(e, 'squad'),
    });
  const onLeave = () => leave.mutate(undefined, { onError: (e) => toastError(e, 'squad') });

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <Link to="/squads" className="-mb-2 self-start text-sm font-extrabold text-lilac">
        {t('squads.all')}
      </Link>
      <Card className="flex flex-col items-center gap-2 px-4 py-5 text-center">
        <SquadEmblem id={squad.id} name={squad.name} size={72} />
        <h1 className="mt-1 line-clamp-2 max-w-full text-2xl font-black tracking-tight break-words">
          {squad.name}
        </h1>
        <div className="num grid w-full grid-cols-3 gap-2 text-center">
          <Stat label={t('squads.rank')} value={`#${formatNumber(squad.rank)}`} />
          <Stat label={t('squads.membersTitle')} value={formatNumber(squad.members)} />
          <Stat
            label={t('squads.score')}
            value={
              <span className="flex items-center justify-center gap-1 text-gold">
                <CoinIcon size={16} />
                {compactNumber(squad.score)}
              </span>
            }
          />
        </div>
        {data.member ? (
          <div className="mt-2 w-full">
            <InviteButtons startParam={squad.startParam} />
          </div>
        ) : (
          <>
            <Button className="mt-2 w-full text-lg" onClick={onJoin} disabled={join.isPending || inAnother}>
              {t('squads.join')}
            </Button>
            {inAnother ? <p className="text-xs text-text-dim">{t('squads.leaveFirst')}</p> : null}
          </>
        )}
      </Card>
      <section aria-label={t('squads.membersTitle')}>
        <h2 className="mb-2 text-lg font-black">{t('squads.membersTitle')}</h2>
        <ol className="flex flex-col gap-1.5">
          {data.members.map((m, i) => {
            const me = m.userid === user.id;
            return (
              <li key={m.userid} data-me={me || undefined} className={boardRowClass(me)}>
                <span className="num grid h-8 min-w-8 place-items-center text-sm font-black text-text-dim">
                  {i + 1}
                </span>
                <BoardAvatar userid={m.userid} />
                <BoardName name={m.firstname} you={me ? t('squads.you') : null}>
                  {m.owner ? (
                    <span className="shrink-0 text-xs font-bold text-lilac">{t('squads.founder')}</span>
                  ) : null}
                </BoardName>
                <span className="num font-black text-gold">+{compactNumber(m.contribution)}</span>
              </li>
            );
          })}
        </ol>
      </section>
      {data.member ? (
        <Button variant="ghost" className="mx-auto px-6 text-sm text-coral" onClick={() => setLeaving(true)}>
          {t('squads.leave')}
        </Button>
      ) : null}
      <Sheet title={t('squads.leaveTitle')} open={leaving} onClose={() => setLeaving(false)}>
        <p className="text-sm text-text-dim">
          {/* The server deletes a squad its last member leaves: said before, not found after. */}
          {squad.members <= 1
            ? t('squads.leaveLastBody', { name: squad.name })
            : t('squads.leaveBody', { name: squad.name })}
        </p>
        <div className="mt-4 flex gap-2 pb-2">
          <Button variant="ghost" className="flex-1" onClick={() => setLeaving(false)}>
            {t('squads.stay')}
          </Button>
          <Button className="flex-1" onClick={onLeave} disabled={leave.isPending}>
            {t('squads.leaveConfirm')}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl bg-night-950/40 px-2 py-2">
      <p className="text-[11px] font-bold text-text-dim">{label}</p>
      <p className="text-lg font-black">{value}</p>
    </div>
  );
}
