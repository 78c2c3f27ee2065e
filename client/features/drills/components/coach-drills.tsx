import { Target } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ASSIGNMENT_STATUS_LABELS,
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
} from '@common/contracts/assignments-values';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { ListStatus } from '../../../components/list-status';
import { Label } from '../../../components/ui/label';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDeleteAssignment } from '../api/delete-assignment';
import { useAssignableMembers } from '../api/get-assignable-members';
import { useAssignments } from '../api/get-assignments';
import { AssignDrillForm } from './assign-drill-form';
import { DrillCard } from './drill-card';
import { useBringIntoView, useTargetDrill } from './my-drills';

const SELECT =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The coaches' drills (decision 81): "Assign a drill", and every member's drills, newest due first,
 * filtered by member and status, each deletable (for all its members) after a confirmation.
 */
export function CoachDrills() {
  const id = useId();
  const [member, setMember] = useState('');
  const [status, setStatus] = useState<AssignmentStatus | ''>('');
  const drills = useAssignments({ member: member || undefined, status: status || undefined });
  const members = useAssignableMembers({ enabled: true });
  const remove = useDeleteAssignment();
  const timeZone = drills.data?.timeZone ?? 'UTC';
  const items = drills.data?.items ?? [];
  const target = useTargetDrill(drills.isSuccess, items);
  useBringIntoView(target, drills.isSuccess);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-display text-2xl font-black tracking-tight sm:text-3xl">Drills</h1>
        <p className="text-sm text-muted-foreground">
          Lessons assigned to members, and how each stands. Times are in the community’s time zone, {timeZone}
          .
        </p>
      </div>

      <AssignDrillForm members={members.data ?? []} membersPending={members.isPending} timeZone={timeZone} />

      <section aria-labelledby={`${id}-list`} className="grid gap-3">
        <h2 id={`${id}-list`} className="text-lg font-bold">
          Members’ drills
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-member`}>Member</Label>
            <select
              id={`${id}-member`}
              value={member}
              onChange={(e) => setMember(e.currentTarget.value)}
              className={SELECT}
            >
              <option value="">All members</option>
              {(members.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} (@{m.username})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as AssignmentStatus | '')}
              className={SELECT}
            >
              <option value="">Any status</option>
              {ASSIGNMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ASSIGNMENT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ListStatus
          query={drills}
          empty={items.length === 0}
          skeletonClassName="h-24"
          failed="The drills could not be loaded."
          icon={Target}
          emptyTitle={`No drills${member || status ? ' match these filters' : ' yet'}`}
        >
          <ul aria-label="Members’ drills" className="grid gap-3">
            {items.map((item) => (
              <DrillCard
                key={`${item.id}-${item.member.id}`}
                item={item}
                timeZone={timeZone}
                showMember
                targeted={item.id === target}
                actions={
                  <ConfirmDeleteButton
                    label="Delete"
                    accessibleName={`Delete the drill ${item.lesson.title} for ${item.member.name}`}
                    title="Delete this drill?"
                    description={`${item.lesson.title} is deleted for ${
                      item.everyone ? 'everyone' : 'every member'
                    } it was assigned to, with their statuses.`}
                    confirm="Delete drill"
                    disabled={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(item.id, {
                        onSuccess: () => toast({ title: 'Drill deleted' }),
                        onError: (err) =>
                          toast({
                            title: 'Could not delete the drill',
                            description: serverErrorMessage(err) ?? 'Try again',
                            variant: 'destructive',
                          }),
                      })
                    }
                  />
                }
              />
            ))}
          </ul>
        </ListStatus>
      </section>
    </div>
  );
}
