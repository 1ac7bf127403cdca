import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { graphemesOf } from '@egg-rush/game/graphemes';
import { SQUAD_NAME_MAX, SQUAD_NAME_MIN, SQUAD_NAME_TEXT_MAX, squadNameLength } from '@egg-rush/game/squads';
import { CheckIcon, CopyIcon, ShareIcon } from '../../components/ui/icons-later.tsx';
import { Sheet } from '../../components/ui/sheet.tsx';
import { Button, formatNumber } from '../../components/ui/ui.tsx';
import { useCopy } from '../../lib/copy.ts';
import { errorText } from '../../lib/errors.ts';
import { shareLink } from '../../lib/telegram.ts';
import { useCreateSquad, useInviteLink } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

const COLORS = ['#ff6b6b', '#4ef0b5', '#6cc8ff', '#ffc93c', '#b9a7ff', '#ff9f43', '#f78fb3'] as const;

/**
 * A squad's emblem: its initials (the first grapheme of its first two words: "क्ष", not "क") on a
 * colour picked from its id, so a squad keeps its colour.
 */
export function SquadEmblem({ id, name, size = 44 }: { id: number; name: string; size?: number }) {
  const color = COLORS[id % COLORS.length] ?? COLORS[0];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => (graphemesOf(w)[0] ?? '').toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-[30%] font-black text-night-950 shadow-lg"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        background: `linear-gradient(145deg, ${color}, color-mix(in srgb, ${color} 55%, #2d1a5c))`,
      }}
    >
      {initials}
    </span>
  );
}

/** Share and copy of a squad's invite link (Telegram's share sheet, as for friend invites). */
export function InviteButtons({ startParam }: { startParam: string }) {
  const link = useInviteLink(startParam);
  const { copied, copy: copyLink } = useCopy();
  const { t } = useT();
  const copy = async () => {
    if (link) await copyLink(link);
  };
  return (
    <div className="flex gap-2" data-invite-link={link}>
      <Button
        className="flex flex-1 items-center justify-center gap-2"
        disabled={!link}
        onClick={() => link && shareLink(link, t('squads.share'))}
      >
        <ShareIcon size={18} />
        {t('squads.invite')}
      </Button>
      <Button
        disabled={!link}
        onClick={() => void copy()}
        aria-label={copied ? t('squads.copied') : t('squads.copyLink')}
        variant="ghost"
        className="flex min-w-[92px] items-center justify-center gap-1.5 px-3 text-sm"
      >
        {copied ? <CheckIcon size={18} className="text-mint" /> : <CopyIcon size={18} />}
        {copied ? t('squads.copied') : t('squads.copy')}
      </Button>
    </div>
  );
}

/**
 * The sheet that names a new squad; the server's refusal (length, characters, taken) shows under
 * the field. The counter counts graphemes as the server does ("प्रिया" is 2, not 6); the field
 * itself holds up to what the server reads, so a name of 24 graphemes of several code points fits.
 */
export function CreateSquadSheet({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (squadId: number) => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateSquad();
  const { t } = useT();
  const length = squadNameLength(name);
  const tooLong = length > SQUAD_NAME_MAX;
  const refusal = create.isError ? errorText(create.error, 'squad') : null;
  const close = () => {
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(name, {
      onSuccess: (r) => {
        toast.success(t('squads.created'));
        setName('');
        create.reset();
        if (r.squad) onCreated(r.squad.id);
      },
    });
  return (
    <Sheet title={t('squads.newTitle')} open={open} onClose={close}>
      <form
        className="flex flex-col gap-3 pb-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col gap-1.5">
          <span className="flex justify-between text-sm font-extrabold text-text-dim">
            {t('squads.name')}
            <span className={`num ${tooLong ? 'text-coral' : ''}`} data-testid="squad-name-count">
              {formatNumber(length)}/{formatNumber(SQUAD_NAME_MAX)}
            </span>
          </span>
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (create.isError) create.reset();
            }}
            maxLength={SQUAD_NAME_TEXT_MAX}
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={create.isError || undefined}
            aria-describedby="squad-name-help"
            className="min-h-12 rounded-2xl border border-lilac/25 bg-night-950/60 px-4 text-lg font-extrabold outline-none focus:border-gold/70"
          />
        </label>
        <p
          id="squad-name-help"
          role={create.isError ? 'alert' : undefined}
          className={`text-sm ${create.isError ? 'font-bold text-coral' : 'text-text-dim'}`}
        >
          {refusal ??
            t('squads.nameRule', { min: SQUAD_NAME_MIN, max: SQUAD_NAME_MAX, count: SQUAD_NAME_MAX })}
        </p>
        <Button
          type="submit"
          className="text-lg"
          disabled={length < SQUAD_NAME_MIN || tooLong || create.isPending}
        >
          {t('squads.createSubmit')}
        </Button>
      </form>
    </Sheet>
  );
}
