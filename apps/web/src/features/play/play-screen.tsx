import { ScreenTitle } from '../../components/ui/ui.tsx';

export default function PlayScreen() {
  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title="Mole Smash" />
    </div>
  );
}
