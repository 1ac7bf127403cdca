import { hasKey, useT } from '../lib/i18n.tsx';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/ui.tsx';

/** The unhandled-error fallback, or `fallback` when given. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return <ErrorFallback error={this.state.error} />;
  }
}

export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useT();
  const key = (error as { i18nKey?: string } | null)?.i18nKey;
  const text =
    key && hasKey(key)
      ? t(key as 'start.openInTelegram')
      : error instanceof Error
        ? error.message || error.name
        : String(error);
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="card w-full max-w-sm p-5">
        <p className="font-extrabold">{t('app.fallback')}</p>
        <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-coral">{text}</pre>
      </div>
      <Button variant="ghost" className="px-5" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </main>
  );
}
