import type { ComponentProps, ReactNode } from 'react';
import { version } from '../../../../../package.json';
import { Sheet } from '../../components/ui/sheet.tsx';
import { LANGUAGES, useT } from '../../lib/i18n.tsx';
import { useProfile } from '../../lib/profile.ts';
import { useNotifications, useSaveSettings } from '../../lib/settings.ts';
import { useAppStore, type Motion } from '../../lib/store.ts';
import { Button } from '../../components/ui/ui.tsx';

/** The release the settings show: the repository's version (only this field is bundled). */
const VERSION = version;

/**
 * The player's settings: language, sound (the same switch as the welcome card's button),
 * vibration, the bot's reminders (the bot's /settings switch), reduced motion, the guide again, and the app's version. Each change applies at once
 * and is kept on the server, so it follows the player to other devices.
 */
export function SettingsSheet({
  open,
  onClose,
  onGuide,
}: {
  open: boolean;
  onClose: () => void;
  onGuide: () => void;
}) {
  const { t, lng } = useT();
  const { data } = useProfile();
  const save = useSaveSettings();
  const muted = useAppStore((s) => s.muted);
  const haptics = useAppStore((s) => s.haptics);
  const motion = useAppStore((s) => s.reducedMotion);
  const language = data?.settings.language ?? lng;
  const notifications = useNotifications(open);

  const motions: { id: Motion; label: string }[] = [
    { id: 'system', label: t('settings.motionSystem') },
    { id: 'on', label: t('settings.motionOn') },
    { id: 'off', label: t('settings.motionOff') },
  ];

  return (
    <Sheet title={t('settings.title')} open={open} onClose={onClose}>
      <div className="flex flex-col gap-4 pb-2">
        <section aria-labelledby="settings-language">
          <h3 id="settings-language" className="mb-2 text-sm font-extrabold text-text-dim">
            {t('settings.language')}
          </h3>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-labelledby="settings-language">
            {LANGUAGES.map((l) => (
              <Radio
                key={l.code}
                checked={language === l.code}
                lang={l.code}
                onClick={() => save({ language: l.code })}
                className="min-h-11 rounded-xl border px-3 py-2 text-start text-sm font-extrabold break-words"
                on="border-gold bg-gold/15 text-gold"
                off="border-lilac/15 bg-night-950/40 text-text"
              >
                {/* Each name in its own direction (a Latin one in the Persian screen, and back). */}
                <bdi>{l.name}</bdi>
              </Radio>
            ))}
          </div>
        </section>
        <Toggle label={t('settings.sound')} on={!muted} onChange={(on) => save({ sound: on })} />
        <Toggle label={t('settings.haptics')} on={haptics} onChange={(on) => save({ haptics: on })} />
        <Toggle
          label={t('settings.notifications')}
          on={notifications.on ?? true}
          disabled={notifications.on === undefined}
          onChange={notifications.set}
        />
        <Row label={t('settings.motion')}>
          <div
            className="flex gap-1 rounded-xl bg-night-950/60 p-1"
            role="radiogroup"
            aria-label={t('settings.motion')}
          >
            {motions.map((m) => (
              <Radio
                key={m.id}
                checked={motion === m.id}
                onClick={() => save({ reducedMotion: m.id })}
                className="min-h-9 rounded-lg px-2.5 text-xs font-extrabold"
                on="bg-gold text-gold-ink"
                off="text-text-dim"
              >
                {m.label}
              </Radio>
            ))}
          </div>
        </Row>
        <Row label={t('settings.guide')}>
          <Button variant="ghost" className="px-3 text-sm" onClick={onGuide}>
            {t('settings.replayGuide')}
          </Button>
        </Row>
        <p className="num text-center text-xs text-text-dim" data-testid="app-version">
          {t('settings.version', { v: VERSION })}
        </p>
      </div>
    </Sheet>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 font-extrabold">{label}</span>
      {children}
    </div>
  );
}

/** One choice of a radio group: `className`, and `on` or `off` as it is checked or not. */
function Radio({
  checked,
  className,
  on,
  off,
  ...rest
}: ComponentProps<'button'> & { checked: boolean; on: string; off: string }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className={`${className} ${checked ? on : off}`}
      {...rest}
    />
  );
}

function Toggle({
  label,
  on,
  disabled = false,
  onChange,
}: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Row label={label}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${on ? 'bg-mint' : 'bg-lilac/25'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-1 start-1 h-6 w-6 rounded-full bg-white shadow transition-transform ${
            on ? 'translate-x-6 rtl:-translate-x-6' : ''
          }`}
        />
      </button>
    </Row>
  );
}
