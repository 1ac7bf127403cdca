import { StatusBar } from '../../components/ui/status-bar.tsx';
import { ScreenTitle } from '../../components/ui/ui.tsx';

export function AirdropScreen() {
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <ScreenTitle title="Airdrop" />
    </div>
  );
}
