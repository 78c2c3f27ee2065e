import type { ReactNode } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

const NOT_SET = 'Not set';

function Entry({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
      <dt className="text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">{term}</dt>
      <dd className="mt-1 whitespace-pre-line break-words text-base">{children}</dd>
    </div>
  );
}

function valueOrNotSet(value: string | number | null): ReactNode {
  if (value === null || value === '') return <span className="text-muted-foreground">{NOT_SET}</span>;
  return value;
}

/** The member's athletic profile, each field or 'Not set'. */
export function AthleticProfileCard({ user }: { user: CurrentUser }) {
  const goals = [user.goalOne, user.goalTwo, user.goalThree].filter(
    (goal): goal is string => goal !== null && goal.trim() !== '',
  );
  return (
    <Card aria-labelledby="athletic-profile-title">
      <CardHeader>
        <CardTitle id="athletic-profile-title">Athletic Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
          <Entry term="Height">{valueOrNotSet(user.height)}</Entry>
          <Entry term="Weight">{valueOrNotSet(user.weight)}</Entry>
          <Entry term="Age">{valueOrNotSet(user.age)}</Entry>
          <Entry term="School">{valueOrNotSet(user.school)}</Entry>
          <Entry term="Hometown">{valueOrNotSet(user.hometown)}</Entry>
          <Entry term="Injury History" wide>
            {valueOrNotSet(user.injuryHistory)}
          </Entry>
          <Entry term="Background" wide>
            {valueOrNotSet(user.background)}
          </Entry>
          <Entry term="Goals" wide>
            {goals.length === 0 ? (
              valueOrNotSet(null)
            ) : (
              <ol className="mt-1 grid gap-2">
                {goals.map((goal, index) => (
                  <li key={index} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="grid size-6 shrink-0 place-items-center rounded-full bg-primary/15 text-xs font-black text-brand"
                    >
                      {index + 1}
                    </span>
                    <span>{goal}</span>
                  </li>
                ))}
              </ol>
            )}
          </Entry>
        </dl>
      </CardContent>
    </Card>
  );
}
