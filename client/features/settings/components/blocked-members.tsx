import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { memberPath } from '../../../lib/paths';
import { blockedMembersQueryOptions, useBlock } from '../../../lib/reports';

/**
 * Settings' "Blocked members" (decision 55): whom the member blocks, each with Unblock. Their messages
 * are left out of this member's chat and discussions, and they cannot open this member's page.
 */
export function BlockedMembers() {
  const query = useQuery(blockedMembersQueryOptions());
  const block = useBlock();
  return (
    <Card aria-labelledby="blocked-members-title">
      <CardHeader>
        <CardTitle id="blocked-members-title">Blocked members</CardTitle>
        <CardDescription>
          Their messages are hidden from your chat and discussions, and they cannot open your profile. They
          are not told.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? null : !query.data || query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You block nobody.</p>
        ) : (
          <ul className="grid gap-2">
            {query.data.map((m) => (
              <li key={m.username} className="flex items-center gap-3">
                <Link
                  href={memberPath(m.username)}
                  className="min-w-0 flex-1 truncate font-medium hover:underline"
                >
                  {m.name}
                </Link>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={block.isPending}
                  aria-label={`Unblock ${m.name}`}
                  onClick={() => block.mutate({ username: m.username, block: false })}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
