import { CalendarSync } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarFeedResponse } from '@common/contracts/events';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useCalendarFeed, useMakeCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * "Subscribe in your calendar" (decision 82): a secret address of the member's sessions that calendar
 * apps read by themselves. It is shown once, when made (only its hash is kept); a new one replaces it,
 * and "Stop the feed" ends it.
 */
export function CalendarFeedCard() {
  const id = useId();
  const status = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<CalendarFeedResponse | null>(null);
  const active = made !== null || status.data?.active === true;
  const fail = (title: string) => (err: unknown) =>
    toast({ title, description: serverErrorMessage(err) ?? 'Try again.', variant: 'destructive' });
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <CalendarSync aria-hidden="true" className="size-5 text-brand" />
          Subscribe in your calendar
        </CardTitle>
        <CardDescription>
          Your calendar app keeps the sessions up to date by itself: the ones you have not said you can't go
          to. Keep the address to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {made ? (
          <div className="grid gap-2">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              Your calendar address
            </label>
            <div className="flex items-center gap-2">
              <Input id={`${id}-url`} readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={made.url} label="Copy the calendar address" />
            </div>
            <p className="text-sm">
              <a href={made.webcal} className="font-semibold text-brand underline underline-offset-4">
                Open in your calendar app
              </a>
            </p>
          </div>
        ) : active ? (
          <p className="text-sm text-muted-foreground">
            Your feed is on. Its address was shown when you made it; make a new one if you need it again (the
            old one stops working).
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant={active ? 'outline' : 'default'}
            size="sm"
            disabled={make.isPending}
            onClick={() =>
              make.mutate(undefined, { onSuccess: setMade, onError: fail('Could not make the address') })
            }
          >
            {active ? 'Make a new address' : 'Get my calendar address'}
          </Button>
          {active ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setMade(null);
                    toast({ title: 'Calendar feed stopped', description: 'The address no longer works.' });
                  },
                  onError: fail('Could not stop the feed'),
                })
              }
            >
              Stop the feed
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
