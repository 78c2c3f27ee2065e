import { Check, X } from 'lucide-react';
import { useId } from 'react';
import type { JoinRequest } from '@common/contracts/community';
import { RelativeTime } from '../../../components/relative-time';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDecideJoinRequest, useJoinRequests } from '../api/join-requests';

function RequestRow({ request }: { request: JoinRequest }) {
  const decide = useDecideJoinRequest();
  const busy = decide.isPending;
  const declined = request.status === 'declined';
  return (
    <li className="grid gap-3 rounded-lg border bg-card/60 p-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={request.name} src={null} decorative className="size-9 shrink-0 text-xs" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold">{request.name}</span>
            {declined ? (
              <Badge variant="outline" className="px-2 text-[0.65rem]">
                DECLINED
              </Badge>
            ) : null}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {request.email}
            {request.emailConfirmed ? ' · confirmed' : ' · not confirmed yet'}
          </p>
          <p className="text-xs text-muted-foreground">
            Registered <RelativeTime time={request.createdAt} />
          </p>
        </div>
      </div>
      <div className="flex shrink-0 justify-end gap-2">
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Approve ${request.name}`}
          onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        {declined ? null : (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Decline ${request.name}`}
            onClick={() => decide.mutate({ id: request.id, decision: 'decline' })}
          >
            <X aria-hidden="true" />
            Decline
          </Button>
        )}
      </div>
    </li>
  );
}

/** The join requests waiting for a coach, oldest first, then the declined ones (which may still be approved). */
export function JoinRequestsCard() {
  const titleId = useId();
  const query = useJoinRequests();
  const requests = query.data?.requests ?? [];
  const pending = requests.filter((r) => r.status === 'pending').length;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Join requests{query.data ? ` (${pending})` : ''}
        </h3>
        <CardDescription>
          People who registered while joining needs approval. Each is told the outcome by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading join requests" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the join requests
          </p>
        ) : requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No one is waiting.</p>
        ) : (
          <ul aria-label="Join requests" className="grid gap-2">
            {requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
