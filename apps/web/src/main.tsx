import './styles/index.css';
import { translateFrame } from './app/frame.ts';
import { isRightToLeft } from './lib/language.ts';
import { launchLanguage } from './lib/launch-language.ts';
import { nextTask } from './lib/next-task.ts';

/**
 * The page's entry, kept tiny. index.html paints the start page's first frame with the stylesheet
 * above; the app's script is fetched only once that frame is on screen, so that neither its
 * download nor its start-up (long on a slow phone, and run before the first paint when the script
 * is already cached) holds the first paint back.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden page paints nothing (and runs no animation frame) until it is shown.
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// The painted frame in the player's language (index.html has it in English).
const language = launchLanguage();
document.documentElement.lang = language;
document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
if (language !== 'en') translateFrame(document, language);

afterFirstPaint()
  .then(() => import('./app/react-dom.ts'))
  .then(() => nextTask())
  .then(() => import('./app/start.tsx'))
  .then(({ start }) => start())
  .catch(() => {
    // Without the app's script there is no React to show the error page with.
    const message = document.createElement('p');
    message.textContent = 'The game could not load. Check your connection and open it again.';
    message.setAttribute('role', 'alert');
    message.style.cssText = 'position:fixed;inset:auto 16px 24px;text-align:center;color:#ff6b6b';
    document.body.append(message);
  });
