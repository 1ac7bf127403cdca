import { useT } from '../../lib/i18n.tsx';
import { Button, Spinner } from './ui.tsx';
import { Card } from './ui-later.tsx';

/**
 * What a screen shows before its data: a spinner while it loads, or when it failed a card saying
 * so with a button to try again.
 */
export function LoadState({
  isError,
  onRetry,
  loading,
  failed,
}: {
  isError: boolean;
  onRetry: () => unknown;
  /** The spinner's label, such as 'Loading tasks'. */
  loading: string;
  /** The failure, such as 'Tasks did not load.' */
  failed: string;
}) {
  const { t } = useT();
  if (!isError) return <Spinner label={loading} />;
  return (
    <Card className="p-5 text-center">
      <p className="font-bold">{failed}</p>
      <Button variant="ghost" className="mt-3 px-5" onClick={() => void onRetry()}>
        {t('app.tryAgain')}
      </Button>
    </Card>
  );
}
