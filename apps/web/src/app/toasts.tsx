import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { isRightToLeft, useT } from '../lib/i18n.tsx';

/** Where the toasts show; loaded after the first screen (lib/toast.ts). */
export default function Toasts() {
  const { lng } = useT();
  return (
    // Below the status bar, so that no toast hides a balance; at most two at a time.
    <ToastContainer
      position="top-center"
      autoClose={3000}
      theme="dark"
      transition={Slide}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      limit={2}
      rtl={isRightToLeft(lng)}
      style={{ top: 'calc(var(--safe-top) + 60px)' }}
    />
  );
}
