import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card';
import { TextSkeleton } from './ui/spinner';

const NOT_SET = 'Not set';

/**
 * The athletic profile fields. On another member's profile a field the viewer may not see is absent
 * (docs/decisions.md decision 3); a field that is present but empty is null.
 */
export interface AthleticFields {
  height?: string | null;
  weight?: string | null;
  age?: number | null;
  school?: string | null;
  hometown?: string | null;
  injuryHistory?: string | null;
  background?: string | null;
  goalOne?: string | null;
  goalTwo?: string | null;
  goalThree?: string | null;
}

function Entry({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-3' : undefined}>
      <dt className="text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">{term}</dt>
      <dd className="mt-1 whitespace-pre-line break-words text-base">{children}</dd>
    </div>
  );
}

function valueOrNotSet(value: string | number | null | undefined): ReactNode {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground">{NOT_SET}</span>;
  }
  return value;
}

const SIMPLE_FIELDS: readonly { key: Exclude<keyof AthleticFields, `goal${string}`>; term: string }[] = [
  { key: 'height', term: 'Height' },
  { key: 'weight', term: 'Weight' },
  { key: 'age', term: 'Age' },
  { key: 'school', term: 'School' },
  { key: 'hometown', term: 'Hometown' },
];

const WIDE_FIELDS: readonly { key: 'injuryHistory' | 'background'; term: string }[] = [
  { key: 'injuryHistory', term: 'Injury History' },
  { key: 'background', term: 'Background' },
];

/** Every field, as the own profile has them: the frame's (docs/decisions.md decision 68). */
const FRAME: AthleticFields = Object.fromEntries(
  [...SIMPLE_FIELDS.map(({ key }) => key), ...WIDE_FIELDS.map(({ key }) => key), 'goalOne'].map((key) => [
    key,
    null,
  ]),
);

/**
 * The Athletic Profile card: each present field, 'Not set' when it is empty; absent fields are left out.
 * With no `profile` (the own profile's frame, docs/decisions.md decision 68), each of the own profile's
 * fields with a placeholder line for its value.
 */
export function AthleticProfileCard({ profile: given }: { profile: AthleticFields | null }) {
  const frame = given === null;
  const profile = given ?? FRAME;
  const present = (key: keyof AthleticFields) => profile[key] !== undefined;
  const goalKeys = (['goalOne', 'goalTwo', 'goalThree'] as const).filter(present);
  const goals = goalKeys
    .map((key) => profile[key])
    .filter((goal): goal is string => typeof goal === 'string' && goal.trim() !== '');
  const simple = SIMPLE_FIELDS.filter(({ key }) => present(key));
  const wide = WIDE_FIELDS.filter(({ key }) => present(key));
  const empty = simple.length === 0 && wide.length === 0 && goalKeys.length === 0;

  return (
    <Card aria-labelledby="athletic-profile-title">
      <CardHeader>
        <CardTitle id="athletic-profile-title">Athletic Profile</CardTitle>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="text-sm text-muted-foreground">No athletic details are shared.</p>
        ) : (
          <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
            {simple.map(({ key, term }) => (
              <Entry key={key} term={term}>
                {frame ? <TextSkeleton className="w-20" /> : valueOrNotSet(profile[key])}
              </Entry>
            ))}
            {wide.map(({ key, term }) => (
              <Entry key={key} term={term} wide>
                {frame ? <TextSkeleton className="w-40" /> : valueOrNotSet(profile[key])}
              </Entry>
            ))}
            {goalKeys.length > 0 ? (
              <Entry term="Goals" wide>
                {frame ? (
                  <TextSkeleton className="w-40" />
                ) : goals.length === 0 ? (
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
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
