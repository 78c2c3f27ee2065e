import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_PARAM,
  unsubscribeSubjectText,
  type UnsubscribeSubject,
} from '@common/notification-mail';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';

type State =
  | { step: 'ask' }
  | { step: 'sending' }
  | { step: 'done'; subject: UnsubscribeSubject }
  | { step: 'refused'; message: string };

/**
 * /unsubscribe?t=…: the page a mailed unsubscribe link opens (decision 60). Opening it changes
 * nothing (a link scanner opens links too): the member presses the button, which sends the same
 * one-click POST a mail client sends (RFC 8058), without the session cookie.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'ask' });
  const heading = useRef<HTMLHeadingElement>(null);

  // The address is read after the first render: the shell is prerendered without it.
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get(UNSUBSCRIBE_TOKEN_PARAM) ?? '');
  }, []);
  useEffect(() => {
    if (state.step === 'done' || state.step === 'refused') heading.current?.focus();
  }, [state.step]);

  const named = token ? readUnsubscribeToken(token) : null;

  async function unsubscribe() {
    if (!token) return;
    setState({ step: 'sending' });
    try {
      const res = await fetch(`${UNSUBSCRIBE_PATH}?${UNSUBSCRIBE_TOKEN_PARAM}=${encodeURIComponent(token)}`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      const body = (await res.json().catch(() => ({}))) as {
        unsubscribed?: UnsubscribeSubject;
        error?: string;
      };
      if (res.ok && body.unsubscribed) setState({ step: 'done', subject: body.unsubscribed });
      else setState({ step: 'refused', message: body.error ?? 'This unsubscribe link did not work.' });
    } catch {
      setState({
        step: 'refused',
        message: 'Could not reach the server. Check your connection and try again.',
      });
    }
  }

  return (
    <div className="mx-auto w-full max-w-lg">
      <Card className="p-6 sm:p-8">
        {token === null ? null : state.step === 'done' ? (
          <div role="status">
            <div className="flex items-center gap-3">
              <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
              <h2 ref={heading} tabIndex={-1} className="text-2xl font-black outline-none">
                Unsubscribed
              </h2>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              You will no longer get {unsubscribeSubjectText(state.subject)}. You can turn it back on in your
              settings.
            </p>
            <Link
              href="/settings#notifications"
              className={buttonVariants({ variant: 'outline', className: 'mt-6' })}
            >
              Notification settings
            </Link>
          </div>
        ) : !named || state.step === 'refused' ? (
          <div role="alert">
            <div className="flex items-center gap-3">
              <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
              <h2 ref={heading} tabIndex={-1} className="text-2xl font-black outline-none">
                Link not valid
              </h2>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              {state.step === 'refused'
                ? state.message
                : 'This unsubscribe link is not complete. Change which e-mails you get in your settings.'}
            </p>
            <Link
              href="/settings#notifications"
              className={buttonVariants({ variant: 'outline', className: 'mt-6' })}
            >
              Notification settings
            </Link>
          </div>
        ) : (
          <>
            <h2 className="text-2xl font-black">Unsubscribe</h2>
            <p className="mt-4 text-sm text-muted-foreground">
              Stop {unsubscribeSubjectText(named.subject)}? Nothing changes until you press the button.
            </p>
            <Button className="mt-6" disabled={state.step === 'sending'} onClick={() => void unsubscribe()}>
              {state.step === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
