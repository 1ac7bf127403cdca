import { useEffect, useState } from 'react';

/** Preloading waits for all images or 15 s, whichever comes first. */
export const PRELOAD_TIMEOUT_MS = 15_000;

export function useImagePreload(urls: readonly string[], timeoutMs = PRELOAD_TIMEOUT_MS) {
  const [loaded, setLoaded] = useState(0);
  const [done, setDone] = useState(urls.length === 0);

  useEffect(() => {
    let count = 0;
    let finished = false;
    const finish = () => {
      if (!finished) {
        finished = true;
        setDone(true);
      }
    };
    const timer = setTimeout(finish, timeoutMs);
    const images = urls.map((url) => {
      const img = new Image();
      const settle = () => {
        count += 1;
        setLoaded(count);
        if (count >= urls.length) finish();
      };
      img.onload = settle;
      img.onerror = settle;
      img.src = url;
      return img;
    });
    if (urls.length === 0) finish();
    return () => {
      clearTimeout(timer);
      for (const img of images) {
        img.onload = null;
        img.onerror = null;
      }
    };
  }, [urls, timeoutMs]);

  return { loaded, total: urls.length, done };
}
