import { Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { Event } from '@common/contracts/events';
import { RSVP_LABELS } from '@common/contracts/events-values';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDeleteEvents } from '../api/manage-events';
import { EventForm } from './event-form';

/** A coach's tools on a session (decision 82): edit, cancel (confirmed) and who comes. Loaded for coaches only. */
export default function CoachEventTools({ event }: { event: Event }) {
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [following, setFollowing] = useState(false);
  const remove = useDeleteEvents();
  const started = Date.parse(event.startsAt) <= Date.now();
  const attendees = event.attendees ?? [];
  return (
    <>
      {started ? null : (
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only">: {event.title}</span>
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => setCancelling(true)}>
        <Trash2 aria-hidden="true" />
        Cancel session<span className="sr-only">: {event.title}</span>
      </Button>
      <details className="w-full text-sm">
        <summary className="inline-flex cursor-pointer items-center gap-1.5 font-semibold">
          <Users aria-hidden="true" className="size-4" />
          Who comes ({event.counts.going} going, {event.counts.maybe} maybe, {event.counts.no} can't go)
        </summary>
        {attendees.length === 0 ? (
          <p className="mt-2 text-muted-foreground">No answers yet.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {attendees.map((a) => (
              <li key={a.id} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">{a.name}</span>
                <span className="shrink-0 text-muted-foreground">{RSVP_LABELS[a.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </details>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Edit session</DialogTitle>
          </DialogHeader>
          {editing ? <EventForm event={event} onDone={() => setEditing(false)} /> : null}
        </DialogContent>
      </Dialog>
      <AlertDialog open={cancelling} onOpenChange={setCancelling}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel “{event.title}”?</AlertDialogTitle>
            <AlertDialogDescription>
              It is taken off the calendar, and the members going are told.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {event.seriesId ? (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} />
              Also cancel the later sessions of this series
            </label>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                remove.mutate(
                  { id: event.id, scope: following ? 'following' : 'one' },
                  {
                    onSuccess: (res) =>
                      toast({
                        title: res.deleted > 1 ? `${res.deleted} sessions cancelled` : 'Session cancelled',
                      }),
                    onError: (err) =>
                      toast({
                        title: 'Could not cancel the session',
                        description: serverErrorMessage(err) ?? 'Try again.',
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              Cancel session
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
