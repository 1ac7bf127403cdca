import { StatusBar } from '../../components/ui/status-bar.tsx';
import { ScreenTitle } from '../../components/ui/ui.tsx';

export function MiningScreen() {
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title="Minting" />
    </div>
  );
}
