import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * False until the page has loaded and the browser is first idle after it (within `timeout` ms): for a
 * part of a page that must cost nothing on its way to interactive, such as the home's "Next session"
 * card (decision 82), whose code and request start only then.
 */
export function useAfterInteractive(timeout = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const idle = () => {
      cancel = whenIdle(() => setReady(true), timeout);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      window.removeEventListener('load', idle);
      cancel();
    };
  }, [timeout]);
  return ready;
}
