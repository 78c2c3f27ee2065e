import { Globe2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { canonicalTimeZone, timeZoneNames } from '@common/community-time';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useCommunitySettings, useSetTimeZone } from '../api/community-settings';

/** The wall clock in `zone` now, e.g. "Mon 14:05". */
function clockIn(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date());
  } catch {
    return '';
  }
}

/**
 * The community's time zone (decision 83): drills' due times, the board's week (from Monday 00:00)
 * and month, and streaks' weeks follow it. A text field with every IANA zone as suggestions (typing
 * filters them); a name the browser does not know is refused here, as the server refuses it.
 */
export function TimeZoneSetting() {
  const titleId = useId();
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const settings = useCommunitySettings();
  const setTimeZone = useSetTimeZone();
  const saved = settings.data?.timeZone;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState('');
  const names = useMemo(() => timeZoneNames(), []);

  useEffect(() => {
    if (saved) setValue(saved);
  }, [saved]);
  // The clock is read in an effect (never during render), and again each minute.
  useEffect(() => {
    if (!saved) return;
    setNow(clockIn(saved));
    const timer = setInterval(() => setNow(clockIn(saved)), 60_000);
    return () => clearInterval(timer);
  }, [saved]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const zone = canonicalTimeZone(value.trim());
    if (zone === null) {
      setError('Choose a time zone from the list, such as Europe/Paris');
      return;
    }
    setError(null);
    setValue(zone);
    if (zone !== saved) setTimeZone.mutate(zone);
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Time zone
        </h3>
        <CardDescription>
          Drills are due, and the leaderboard's week (from Monday 00:00) and month start, in this time zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading the setting" />
        ) : (
          <form className="grid gap-2" onSubmit={submit} noValidate>
            <Label htmlFor={inputId}>Community time zone</Label>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                id={inputId}
                list={listId}
                className="min-w-0 flex-1 sm:max-w-sm"
                value={value}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(null);
                }}
                {...invalidField(errorId, error)}
              />
              <datalist id={listId}>
                {names.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <Button type="submit" disabled={setTimeZone.isPending || value.trim() === saved}>
                {setTimeZone.isPending ? 'Saving…' : 'Save time zone'}
              </Button>
            </div>
            <FieldError id={errorId} message={error} announce />
            {saved ? (
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Globe2 aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  Now {saved}
                  {now ? `, ${now}` : ''}
                </span>
              </p>
            ) : null}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
