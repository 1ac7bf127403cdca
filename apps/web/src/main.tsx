import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ErrorFallback } from './app/error-boundary.tsx';
import { startTelegram } from './lib/telegram.ts';
import './styles/index.css';

const root = createRoot(document.getElementById('root')!);

startTelegram()
  .then((session) =>
    root.render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => root.render(<ErrorFallback error={error} />));
