import { frameTexts } from 'virtual:frame-texts';
import type { Language } from '../lib/language.ts';

/**
 * Puts the texts of the frame index.html paints in `lng` (`data-text` for the text, `data-label`
 * for the accessible name; `{{name}}` from the element's `data-name`), before the app is loaded.
 */
export function translateFrame(root: ParentNode, lng: Language) {
  const texts = frameTexts[lng];
  if (!texts) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-text]')) {
    const text = texts[el.dataset.text ?? ''];
    if (text)
      el.textContent = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => el.dataset[name] ?? '');
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-label]')) {
    const text = texts[el.dataset.label ?? ''];
    if (text) el.setAttribute('aria-label', text);
  }
}
