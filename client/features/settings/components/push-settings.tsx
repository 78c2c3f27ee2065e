import { useEffect, useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-error';
import { readPushState, turnPushOff, turnPushOn, type PushDeviceState } from '../push-device';

const STATUS: Record<PushDeviceState, string> = {
  on: 'On: this device shows a notification when something concerns you while Tribe36 is closed.',
  off: 'Off on this device.',
  blocked:
    'Blocked: notifications for this site are turned off in your browser. Allow them in the site settings (the icon beside the address), then come back.',
  unsupported:
    'This browser cannot receive notifications from Tribe36 here. On an iPhone or iPad, add Tribe36 to your Home Screen and open it from there.',
};

function problemOf(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof DOMException && err.name === 'AbortError')
    return 'The browser could not subscribe to its push service (a private window has none). Try again later.';
  return err instanceof Error ? err.message : 'Something went wrong. Try again.';
}

/**
 * Settings' "Notifications on this device" (decision 61): web push for this browser. Permission is
 * asked only when the member turns it on (never on load); turning it off forgets this device on the
 * server and in the browser. Which kinds are pushed is chosen per kind beside it (the preferences).
 */
export function PushSettings() {
  const id = useId();
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readPushState().then(
      (s) => live && setState(s),
      (err: unknown) => {
        if (!live) return;
        setState('off');
        setProblem(problemOf(err));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      const next = on ? await turnPushOn() : await turnPushOff();
      setState(next);
      if (on && next === 'off') setProblem('Notifications were not allowed. Turn it on again to be asked.');
    } catch (err) {
      setProblem(problemOf(err));
      setState(await readPushState().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  }

  const available = state === 'on' || state === 'off';
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Notifications on this device</CardTitle>
        <CardDescription>
          Mentions, replies and news pushed to this browser or the installed app while you are not in Tribe36.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-switch`} className="grid gap-1">
            <span>Push notifications</span>
            <span className="text-sm font-normal text-muted-foreground" aria-live="polite">
              {state === null ? 'Checking this device…' : STATUS[state]}
            </span>
          </Label>
          <Switch
            id={`${id}-switch`}
            checked={state === 'on'}
            disabled={!available || busy}
            onCheckedChange={(on) => void change(on)}
          />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
