import { createRoot } from 'react-dom/client';
import { mountAdmin } from './main.tsx';

// The operator console's own page (admin.html, served at /admin): none of it is in the players' app.
mountAdmin(createRoot(document.getElementById('root')!));
