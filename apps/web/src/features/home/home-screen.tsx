import eggUrl from '../../assets/egg.svg';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { useProfile } from '../../lib/profile.ts';

export function HomeScreen() {
  const { data } = useProfile();
  return (
    <div className="flex flex-col gap-4">
      <StatusBar />
      <h1 className="text-center text-xl font-black">Welcome, {data?.firstname ?? '…'}</h1>
      <img src={eggUrl} alt="Egg" className="mx-auto w-56" />
    </div>
  );
}
