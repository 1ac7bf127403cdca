import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import './admin.css';
import { AdminConsole } from './routes.tsx';
import { SignInGate } from './sign-in.tsx';

/** The operator console at /admin. */
export function mountAdmin(root: Root) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SignInGate>{(adminId, signOut) => <AdminConsole adminId={adminId} signOut={signOut} />}</SignInGate>
      </QueryClientProvider>
    </StrictMode>,
  );
}
