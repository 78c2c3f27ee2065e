import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ASSIGNMENT_MEMBERS_MAX,
  ASSIGNMENT_NOTE_MAX_LENGTH,
  dayKeyIn,
  zonedTimeToUtc,
} from '@common/contracts/assignments-values';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useCreateAssignment } from '../api/create-assignment';
import type { AssignableMember } from '../api/get-assignable-members';
import { DRILL_LESSON_GROUPS, drillLessonOf } from '../drill-lessons';

const SELECT =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';
const DAY_MS = 24 * 60 * 60 * 1000;

type Errors = Partial<Record<'members' | 'due' | 'form', string>>;

/**
 * "Assign a drill" (coaches, decision 81): a lesson, members picked by name or everyone, the due date
 * and time in the community's time zone (said beside them), and a note.
 */
export function AssignDrillForm({
  members,
  membersPending,
  timeZone,
}: {
  members: readonly AssignableMember[];
  membersPending: boolean;
  timeZone: string;
}) {
  const id = useId();
  const create = useCreateAssignment();
  const [lesson, setLesson] = useState(DRILL_LESSON_GROUPS[0]!.options[0]!.key);
  const [who, setWho] = useState<'members' | 'everyone'>('members');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  // Tomorrow, 18:00, in the community's time zone.
  const [date, setDate] = useState(() => dayKeyIn(Date.now() + DAY_MS, timeZone));
  const [time, setTime] = useState('18:00');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q === ''
      ? members
      : members.filter((m) => m.name.toLowerCase().includes(q) || m.username.toLowerCase().includes(q));
  }, [members, search]);

  const toggle = (memberId: string, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(memberId);
      else next.delete(memberId);
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (who === 'members' && picked.size === 0)
      found.members = 'Pick at least one member, or choose Everyone.';
    if (who === 'members' && picked.size > ASSIGNMENT_MEMBERS_MAX) {
      found.members = `Pick at most ${ASSIGNMENT_MEMBERS_MAX} members, or choose Everyone.`;
    }
    const due = zonedTimeToUtc(date, time, timeZone);
    if (!due) found.due = 'Give the due date and time.';
    else if (due.getTime() <= Date.now()) found.due = 'The due time must be in the future.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !due) return;
    create.mutate(
      {
        lesson: drillLessonOf(lesson),
        ...(who === 'everyone' ? { everyone: true as const } : { memberIds: [...picked] }),
        dueAt: due.toISOString(),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (set) => {
          const n = set.members.length;
          toast({
            title: 'Drill assigned',
            description: `${set.lesson.title}, to ${n === 1 ? '1 member' : `${n} members`}.`,
          });
          setPicked(new Set());
          setNote('');
          setErrors({});
        },
        onError: (err) =>
          setErrors({ form: serverErrorMessage(err) ?? 'The drill could not be assigned. Try again.' }),
      },
    );
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Assign a drill</CardTitle>
        <CardDescription>
          A member completes it by posting an attempt to the lesson before it is due.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-lesson`}>Lesson</Label>
            <select
              id={`${id}-lesson`}
              value={lesson}
              onChange={(e) => setLesson(e.currentTarget.value)}
              className={SELECT}
            >
              {DRILL_LESSON_GROUPS.map((g) => (
                <optgroup key={g.label} label={g.label}>
                  {g.options.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Assign to</legend>
            <div className="flex flex-wrap gap-4">
              {(['members', 'everyone'] as const).map((w) => (
                <label key={w} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-who`}
                    value={w}
                    checked={who === w}
                    onChange={() => setWho(w)}
                    className="size-4 accent-primary"
                  />
                  {w === 'members' ? 'Members I pick' : 'Everyone (every member now, not coaches)'}
                </label>
              ))}
            </div>
            {who === 'members' ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-search`}>Search members</Label>
                <Input
                  id={`${id}-search`}
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  placeholder="Name or username"
                  autoComplete="off"
                  {...invalidField(`${id}-members-error`, errors.members)}
                />
                <div
                  role="group"
                  aria-label="Members"
                  className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2"
                >
                  {membersPending ? (
                    <p className="text-sm text-muted-foreground">Loading members…</p>
                  ) : shown.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No member matches.</p>
                  ) : (
                    shown.map((m) => (
                      <label
                        key={m.id}
                        className="flex min-h-9 items-center gap-2 rounded px-1 text-sm hover:bg-muted"
                      >
                        <input
                          type="checkbox"
                          checked={picked.has(m.id)}
                          onChange={(e) => toggle(m.id, e.currentTarget.checked)}
                          className="size-4 accent-primary"
                        />
                        <span className="min-w-0 truncate">
                          {m.name} <span className="text-muted-foreground">@{m.username}</span>
                        </span>
                      </label>
                    ))
                  )}
                </div>
                <p className="text-xs text-muted-foreground" aria-live="polite">
                  {picked.size === 1 ? '1 member picked' : `${picked.size} members picked`}
                </p>
                <FieldError id={`${id}-members-error`} message={errors.members} />
              </div>
            ) : null}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Due (time zone: {timeZone})</legend>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-date`}>Due date</Label>
                <Input
                  id={`${id}-date`}
                  type="date"
                  value={date}
                  onChange={(e) => setDate(e.currentTarget.value)}
                  {...invalidField(`${id}-due-error`, errors.due)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-time`}>Due time</Label>
                <Input
                  id={`${id}-time`}
                  type="time"
                  value={time}
                  onChange={(e) => setTime(e.currentTarget.value)}
                  {...invalidField(`${id}-due-error`, errors.due)}
                />
              </div>
            </div>
            <FieldError id={`${id}-due-error`} message={errors.due} />
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>Note (optional)</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              maxLength={ASSIGNMENT_NOTE_MAX_LENGTH}
              onChange={(e) => setNote(e.currentTarget.value)}
              placeholder="What to focus on"
            />
          </div>

          <FieldError id={`${id}-form-error`} message={errors.form} announce />
          <Button type="submit" className="justify-self-start" disabled={create.isPending}>
            {create.isPending ? 'Assigning…' : 'Assign drill'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
