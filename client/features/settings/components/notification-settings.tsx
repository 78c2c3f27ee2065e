import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { KindPreference, NotificationPreferences } from '@common/contracts/notifications';
import {
  EMAIL_FREQUENCIES,
  NOTIFICATION_KINDS,
  type EmailFrequency,
  type NotificationKind,
} from '@common/contracts/notifications-values';
import { NOTIFICATION_KIND_LABELS } from '@common/notification-mail';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { serverErrorMessage } from '../../../lib/api-error';
import { revealIfTargeted } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

const FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediately: 'Immediately',
  'every-15-minutes': 'Every 15 minutes',
  hourly: 'Hourly',
  never: 'Never',
};

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-50 sm:w-44';

/** The kinds of a preferences answer, in the contract's order. */
const kindsOf = (p: NotificationPreferences) =>
  NOTIFICATION_KINDS.filter((k) => p.kinds[k] !== undefined).map((k) => [k, p.kinds[k]!] as const);

const same = (a: KindPreference, b: KindPreference) =>
  a.inApp === b.inApp && a.email === b.email && a.push === b.push;

/**
 * Settings' "Notifications" (decision 60): for each kind the member can receive, in the app (the bell),
 * by e-mail and how often, and by push; and the weekly digest. Saved together with one button.
 */
export function NotificationSettings() {
  const titleId = useId();
  const idPrefix = useId();
  const query = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);

  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  // A mail's "/settings#notifications" (decision 60) lands here once the card has its size.
  const cardRef = useRef<HTMLElement>(null);
  const drawn = draft !== null || query.isError;
  useEffect(() => (drawn ? revealIfTargeted(cardRef.current) : undefined), [drawn]);

  const saved = query.data;
  const changed =
    !!draft &&
    !!saved &&
    (draft.weeklyDigest !== saved.weeklyDigest ||
      kindsOf(draft).some(([k, p]) => !saved.kinds[k] || !same(p, saved.kinds[k]!)));

  const setKind = (kind: NotificationKind, change: Partial<KindPreference>) =>
    setDraft((d) => (d ? { ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind]!, ...change } } } : d));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!draft || !saved) return;
    const kinds = Object.fromEntries(
      kindsOf(draft).filter(([k, p]) => !saved.kinds[k] || !same(p, saved.kinds[k]!)),
    );
    save.mutate(
      { kinds, ...(draft.weeklyDigest !== saved.weeklyDigest ? { weeklyDigest: draft.weeklyDigest } : {}) },
      { onSuccess: () => toast({ title: 'Saved', description: 'Your notification settings are saved.' }) },
    );
  }

  return (
    <Card ref={cardRef} aria-labelledby={titleId} id="notifications" className="outline-none">
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Notifications
        </h3>
        <CardDescription>
          What reaches you, and how: in the app (the bell), by e-mail, and by push on devices where you turned
          push on. E-mail waits while you are in the app and lists only what you have not read yet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Your notification settings could not be loaded. Reload the page to try again.
          </p>
        ) : !draft ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" aria-labelledby={titleId}>
            <div
              aria-hidden="true"
              className="hidden gap-4 border-b pb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:grid sm:grid-cols-[1fr_5.5rem_11rem_4rem] sm:items-end"
            >
              <span>Notify me about</span>
              <span className="text-center">In the app</span>
              <span>E-mail</span>
              <span className="text-center">Push</span>
            </div>
            <div className="grid gap-3 sm:gap-2">
              {kindsOf(draft).map(([kind, p]) => {
                const id = `${idPrefix}-${kind}`;
                return (
                  <fieldset
                    key={kind}
                    className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 rounded-md border p-3 sm:grid-cols-[1fr_5.5rem_11rem_4rem] sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:pb-2"
                  >
                    <legend className="sr-only">{NOTIFICATION_KIND_LABELS[kind]}</legend>
                    <span aria-hidden="true" className="col-span-2 font-medium sm:col-span-1 sm:text-sm">
                      {NOTIFICATION_KIND_LABELS[kind]}
                    </span>
                    <label htmlFor={`${id}-app`} className="text-sm text-muted-foreground sm:sr-only">
                      In the app
                    </label>
                    <Switch
                      id={`${id}-app`}
                      className="justify-self-end sm:justify-self-center"
                      checked={p.inApp}
                      onCheckedChange={(inApp) => setKind(kind, { inApp })}
                    />
                    <label htmlFor={`${id}-email`} className="text-sm text-muted-foreground sm:sr-only">
                      E-mail
                    </label>
                    <select
                      id={`${id}-email`}
                      className={cn(selectClass, 'col-start-1 col-span-2 sm:col-span-1 sm:col-start-auto')}
                      value={p.email}
                      onChange={(e) => setKind(kind, { email: e.currentTarget.value as EmailFrequency })}
                    >
                      {EMAIL_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {FREQUENCY_LABELS[f]}
                        </option>
                      ))}
                    </select>
                    <label htmlFor={`${id}-push`} className="text-sm text-muted-foreground sm:sr-only">
                      Push
                    </label>
                    <Switch
                      id={`${id}-push`}
                      className="justify-self-end sm:justify-self-center"
                      checked={p.push}
                      onCheckedChange={(push) => setKind(kind, { push })}
                    />
                  </fieldset>
                );
              })}
            </div>
            <div className="flex items-start justify-between gap-4 rounded-md border p-3">
              <div className="grid gap-1">
                <label htmlFor={`${idPrefix}-digest`} className="font-medium">
                  Weekly digest
                </label>
                <p id={`${idPrefix}-digest-hint`} className="text-sm text-muted-foreground">
                  Once a week, an e-mail with what you have not read yet and the new lesson videos.
                </p>
              </div>
              <Switch
                id={`${idPrefix}-digest`}
                aria-describedby={`${idPrefix}-digest-hint`}
                checked={draft.weeklyDigest}
                onCheckedChange={(weeklyDigest) => setDraft((d) => (d ? { ...d, weeklyDigest } : d))}
              />
            </div>
            {save.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {serverErrorMessage(save.error) ?? 'Your settings could not be saved. Try again.'}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                disabled={!changed || save.isPending}
                onClick={() => saved && setDraft(saved)}
              >
                Undo changes
              </Button>
              <Button type="submit" disabled={!changed || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save notification settings'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
