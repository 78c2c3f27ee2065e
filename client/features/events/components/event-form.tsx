import { useId, useState, type FormEvent } from 'react';
import type { Event } from '@common/contracts/events';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX,
  EVENT_PLACE_MAX,
  EVENT_SERIES_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  type EventScope,
} from '@common/contracts/events-values';
import { Button } from '../../../components/ui/button';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useCreateEvents, useUpdateEvents } from '../api/manage-events';
import { localInputValue, zoneName } from '../event-time';

type Where = 'place' | 'online';

/**
 * "New session" and "Edit session" (coaches, decision 82): title, description, date and time in the
 * coach's own time zone (said beside it), duration, a place or a meeting link, and weekly × N for a
 * new one; an edit of a series' occurrence may reach the later ones too.
 */
export function EventForm({ event, onDone }: { event?: Event; onDone: () => void }) {
  const id = useId();
  const create = useCreateEvents();
  const update = useUpdateEvents();
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [startsAt, setStartsAt] = useState(() =>
    localInputValue(event ? new Date(event.startsAt) : nextHour()),
  );
  const [duration, setDuration] = useState(String(event?.durationMinutes ?? 60));
  const [where, setWhere] = useState<Where>(event?.online ? 'online' : 'place');
  const [place, setPlace] = useState(event?.place ?? '');
  const [url, setUrl] = useState(event?.url ?? '');
  const [repeat, setRepeat] = useState('1');
  const [following, setFollowing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const start = new Date(startsAt);
    if (Number.isNaN(start.getTime())) return setError('Choose a date and time.');
    if (start.getTime() <= Date.now()) return setError('Choose a time in the future.');
    const minutes = Number(duration);
    const body = {
      title: title.trim(),
      description: description.trim() || (event ? null : undefined),
      startsAt: start.toISOString(),
      durationMinutes: minutes,
      place: where === 'place' ? place.trim() || (event ? null : undefined) : event ? null : undefined,
      url: where === 'online' ? url.trim() || (event ? null : undefined) : event ? null : undefined,
    };
    const fail = (err: unknown) => setError(serverErrorMessage(err) ?? 'Could not save the session.');
    if (event) {
      const scope: EventScope = following ? 'following' : 'one';
      const changed = { ...body, startsAt: body.startsAt === event.startsAt ? undefined : body.startsAt };
      update.mutate(
        { id: event.id, body: changed, scope },
        {
          onSuccess: () => {
            toast({ title: 'Session saved', description: 'Members going are told of the change.' });
            onDone();
          },
          onError: fail,
        },
      );
    } else {
      const count = Number(repeat);
      create.mutate(
        {
          title: body.title,
          description: body.description ?? undefined,
          startsAt: body.startsAt,
          durationMinutes: minutes,
          place: body.place ?? undefined,
          url: body.url ?? undefined,
          ...(count > 1 ? { recurrence: { weekly: true as const, count } } : {}),
        },
        {
          onSuccess: (res) => {
            toast({
              title: res.events.length > 1 ? `${res.events.length} sessions set` : 'Session set',
            });
            onDone();
          },
          onError: fail,
        },
      );
    }
  }

  const errorId = `${id}-error`;
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          required
          maxLength={EVENT_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={EVENT_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-start`}>Date and time</Label>
          <Input
            id={`${id}-start`}
            type="datetime-local"
            value={startsAt}
            required
            aria-describedby={`${id}-zone`}
            onChange={(e) => setStartsAt(e.target.value)}
          />
          <p id={`${id}-zone`} className="text-xs text-muted-foreground">
            In your time zone ({zoneName()})
          </p>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-duration`}>Duration (minutes)</Label>
          <Input
            id={`${id}-duration`}
            type="number"
            inputMode="numeric"
            min={1}
            max={EVENT_DURATION_MAX}
            value={duration}
            required
            onChange={(e) => setDuration(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Where</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-where`}
              checked={where === 'place'}
              onChange={() => setWhere('place')}
            />
            A place
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-where`}
              checked={where === 'online'}
              onChange={() => setWhere('online')}
            />
            Online
          </label>
        </div>
        {where === 'place' ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-place`}>Place</Label>
            <Input
              id={`${id}-place`}
              value={place}
              maxLength={EVENT_PLACE_MAX}
              onChange={(e) => setPlace(e.target.value)}
            />
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>Meeting link</Label>
            <Input
              id={`${id}-url`}
              type="url"
              value={url}
              maxLength={EVENT_URL_MAX}
              placeholder="https://"
              aria-describedby={`${id}-url-note`}
              onChange={(e) => setUrl(e.target.value)}
            />
            <p id={`${id}-url-note`} className="text-xs text-muted-foreground">
              Shown only to members who say they are going.
            </p>
          </div>
        )}
      </fieldset>
      {event ? (
        event.seriesId ? (
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} />
            Also change the later sessions of this series
          </label>
        ) : null
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-repeat`}>Repeat weekly</Label>
          <select
            id={`${id}-repeat`}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <option value="1">Once</option>
            {Array.from({ length: EVENT_SERIES_MAX - 1 }, (_, i) => i + 2).map((n) => (
              <option key={n} value={String(n)}>
                Weekly, {n} sessions
              </option>
            ))}
          </select>
        </div>
      )}
      <FieldError id={errorId} message={error} announce />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} {...invalidField(errorId, error)}>
          {event ? 'Save session' : 'Create session'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function nextHour(): Date {
  const d = new Date(Date.now() + 60 * 60 * 1000);
  d.setMinutes(0, 0, 0);
  return d;
}
