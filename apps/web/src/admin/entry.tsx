import { createRoot } from 'react-dom/client';
import { mountAdmin } from './main.tsx';

// The operator console's own page (admin.html, served at /admin): none of it is in the players' app.
const root = document.getElementById('root');
if (!root) throw new Error('admin.html has no #root');
mountAdmin(createRoot(root));
