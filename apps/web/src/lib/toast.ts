import type { ToastOptions } from 'react-toastify';

/**
 * The toasts, by kind. The toast library (and its styles, with its container in app/toasts.tsx)
 * is fetched on the first toast or once the app is up, not with the first screen: a toast asked
 * for before then shows as soon as the library is there.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

const library = () => import('react-toastify');

function show(kind: Kind, text: string, options?: ToastOptions) {
  void library().then(({ toast }) => (options ? toast[kind](text, options) : toast[kind](text)));
}

export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
};
