import { useEffect, useRef, useState } from 'react';
import { toastError } from './errors.ts';

/** How long a copy button says it copied. */
export const COPIED_MS = 2_000;

/**
 * A copy button's state: `copy(text)` copies (a toast when the browser refuses) and `copied` is
 * true for COPIED_MS afterwards.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    if (!(await copyText(text))) {
      toastError(null, 'copy');
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };
  return { copied, copy };
}

/** Copies text: the Clipboard API, or the copy command where it is missing or refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
