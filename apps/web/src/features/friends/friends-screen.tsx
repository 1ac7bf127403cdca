import type { ReactNode } from 'react';
import { FriendsIcon } from '../../components/ui/icons.tsx';
import { CheckIcon, CopyIcon, StoryIcon } from '../../components/ui/icons-later.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import {
  Avatar,
  Button,
  CoinIcon,
  compactNumber,
  formatNumber,
  TicketIcon,
} from '../../components/ui/ui.tsx';
import { Card, ScreenTitle } from '../../components/ui/ui-later.tsx';
import { MILESTONES } from '@egg-rush/game/referrals';
import { canShareStory, shareInviteStory } from '../../lib/native-behaviour.ts';
import { shareLink } from '../../lib/telegram.ts';
import { useFriends } from './api.ts';
import { useCopy } from '../../lib/copy.ts';
import { Milestones } from './milestones.tsx';
import { useT } from '../../lib/i18n.tsx';

/** The copy label resets after 2 s. */

/** "1, 5, 10, 25 and 50" in the player's language: the friend counts that pay tickets (the noun after
 * them agrees with the last). */
const milestoneCounts = (lng: string) =>
  new Intl.ListFormat(lng, { type: 'conjunction' }).format(MILESTONES.map((m) => String(m.count)));

export function FriendsScreen() {
  const { data, isError, refetch } = useFriends();
  const { t, lng } = useT();
  const { copied, copy: copyLink } = useCopy();
  const copy = async () => {
    if (data) await copyLink(data.inviteLink);
  };

  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title={t('friends.title')} subtitle={t('friends.subtitle')} />
      {data ? (
        <>
          <Card className="p-4">
            <Milestones milestones={data.milestones} />
          </Card>
          <div className="grid gap-2.5">
            <BonusCard
              n={1}
              icon={<CoinIcon size={30} />}
              tint="bg-gold/15"
              title={t('friends.bonus1')}
              detail={
                <span className="num">
                  {t('friends.bonus1Detail', {
                    regular: formatNumber(data.rewards.regular.inviter),
                    premium: formatNumber(data.rewards.premium.inviter),
                  })}
                </span>
              }
            />
            <BonusCard
              n={2}
              icon={<TicketIcon size={30} />}
              tint="bg-coral/15"
              title={t('friends.bonus2')}
              detail={t('friends.bonus2Detail', {
                counts: milestoneCounts(lng),
                count: Math.max(...MILESTONES.map((m) => m.count)),
              })}
            />
          </div>
          <div className="flex gap-2">
            <Button
              className="flex-1 text-base leading-tight"
              // In the player's language; English is the specification's sentence (SHARE_TEXT).
              onClick={() => shareLink(data.inviteLink, t('friends.shareText'))}
            >
              {t('friends.invite')}
            </Button>
            <Button
              onClick={() => void copy()}
              aria-label={copied ? t('friends.copied') : t('friends.copyLink')}
              variant="ghost"
              className="flex min-w-[92px] items-center justify-center gap-1.5 px-3 text-sm"
            >
              {copied ? <CheckIcon size={18} className="text-mint" /> : <CopyIcon size={18} />}
              {copied ? t('friends.copied') : t('friends.copy')}
            </Button>
            {canShareStory() ? (
              <Button
                onClick={() =>
                  shareInviteStory(`${window.location.origin}/story.jpg`, t('friends.shareText'), {
                    url: data.inviteLink,
                    name: t('friends.storyLink'),
                  })
                }
                aria-label={t('friends.story')}
                title={t('friends.story')}
                variant="ghost"
                className="grid w-12 shrink-0 place-items-center px-0"
              >
                <StoryIcon size={20} />
              </Button>
            ) : null}
          </div>
          <section aria-label={t('friends.list')}>
            <h2 className="mb-2 flex items-center justify-between text-lg font-black">
              {t('friends.heading')}{' '}
              <span className="num text-sm font-extrabold text-text-dim">{formatNumber(data.count)}</span>
            </h2>
            {data.friends.length === 0 ? (
              <Card className="flex flex-col items-center gap-2 px-5 py-7 text-center">
                <span className="grid h-14 w-14 place-items-center rounded-full bg-lilac/10 text-lilac">
                  <FriendsIcon size={30} />
                </span>
                <p className="font-black">{t('friends.none')}</p>
                <p className="text-sm text-text-dim">{t('friends.noneBody')}</p>
              </Card>
            ) : (
              <ul className="card divide-y divide-lilac/10 overflow-hidden">
                {data.friends.map((f) => (
                  <li key={f.id} className="flex min-h-[60px] items-center gap-3 px-3.5 py-2.5">
                    <Avatar src={f.avatar} className="bg-night-700" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-black" data-clip-ok>
                        {f.firstname}
                      </span>
                      <span className="num flex items-center gap-1 text-xs text-text-dim">
                        <CoinIcon size={12} />
                        {compactNumber(f.totalScore)}
                      </span>
                    </span>
                    <span className="num text-sm font-black text-gold">+{compactNumber(f.reward)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : (
        <LoadState
          isError={isError}
          onRetry={refetch}
          loading={t('friends.loading')}
          failed={t('friends.failed')}
        />
      )}
    </div>
  );
}

/** One of the two invite bonuses: an icon, its number, its title and what it pays. */
function BonusCard({
  n,
  icon,
  tint,
  title,
  detail,
}: {
  n: number;
  icon: ReactNode;
  tint: string;
  title: string;
  detail: ReactNode;
}) {
  const { t } = useT();
  return (
    <Card className="flex items-center gap-3 p-3.5">
      <span className={`grid h-12 w-12 shrink-0 place-items-center rounded-2xl ${tint}`}>{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block text-[11px] font-extrabold tracking-widest text-lilac uppercase">
          {t('friends.bonus', { n })}
        </span>
        <span className="block font-black">{title}</span>
        <span className="block text-xs text-text-dim">{detail}</span>
      </span>
    </Card>
  );
}
