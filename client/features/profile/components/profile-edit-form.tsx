import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PRIVACY_LEVELS, type PrivacyLevel } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { Button } from '../../../components/ui/button';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioGroup } from '../../../components/ui/radio-group';
import { RadioCard } from '../../../components/radio-card';
import { Textarea } from '../../../components/ui/textarea';
import { serverErrorMessage } from '../../../lib/api-error';
import {
  constraintErrors,
  hasFieldErrors,
  serverFieldErrors,
  useFieldErrors,
} from '../../../lib/use-field-errors';
import { useUpdateProfile } from '../api/update-profile';
import {
  LONG_TEXT_MAX_LENGTH,
  PROFILE_TEXT_FIELDS,
  SHORT_TEXT_MAX_LENGTH,
  buildProfileUpdate,
  profileValueErrors,
  toProfileFormValues,
  type ProfileFormValues,
} from '../profile-form';
import { PROFILE_PATH } from '../../../lib/paths';

const PRIVACY_OPTIONS: Record<PrivacyLevel, { label: string; hint: string }> = {
  private: { label: 'Private', hint: 'Only you and the admins see your profile.' },
  selective: {
    label: 'Selective',
    hint: 'Members see your name, picture, school, hometown, background and goals.',
  },
  public: { label: 'Public', hint: 'Members see your whole athletic profile.' },
};

type TextKey = Exclude<keyof ProfileFormValues, 'privacyLevel'>;

/** The fields a server error may name ('age must be between 0 and 130'). */
const FIELDS = [...PROFILE_TEXT_FIELDS, 'age'] as const;

/** The attributes `Field` gives its control: the id its label points at, and those of an invalid field. */
type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A labelled control with its error, if any, under it. */
function Field({
  label,
  error,
  children,
  wide,
}: {
  label: string;
  error?: string;
  children: (props: FieldControlProps) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, ...invalidField(errorId, error) })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The profile edit form; saving sends PATCH /api/auth/profile, Cancel returns to /profile. */
export function ProfileEditForm({ user }: { user: CurrentUser }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<ProfileFormValues>(() => toProfileFormValues(user));
  const updateMutation = useUpdateProfile();
  const pending = updateMutation.isPending;
  const privacyId = useId();
  const { formRef, errors, show, clear } = useFieldErrors();

  const bind = (key: TextKey, maxLength = SHORT_TEXT_MAX_LENGTH) => ({
    name: key,
    maxLength,
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      clear(key);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = { ...profileValueErrors(values), ...constraintErrors(event.currentTarget) };
    show(invalid);
    if (hasFieldErrors(invalid)) return;
    // The toast (SPEC §8) comes from useUpdateProfile; a field's error also stays beside it.
    updateMutation.mutate(buildProfileUpdate(values), {
      onError: (error) => {
        const message = serverErrorMessage(error);
        const fields = message && serverFieldErrors(message, FIELDS);
        if (fields) show(fields);
      },
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-6">
      <Card aria-labelledby="edit-profile-title">
        <CardHeader>
          <CardTitle id="edit-profile-title">Edit Profile</CardTitle>
          <CardDescription>Empty fields show as 'Not set' on your profile.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field label="Name" error={errors.name} wide>
            {(p) => <Input {...p} required autoComplete="name" {...bind('name')} />}
          </Field>
          <Field label="Age" error={errors.age}>
            {(p) => (
              <Input {...p} type="number" inputMode="numeric" min={0} max={130} step={1} {...bind('age')} />
            )}
          </Field>
          <Field label="Height" error={errors.height}>
            {(p) => <Input {...p} placeholder={`e.g. 6'1"`} {...bind('height')} />}
          </Field>
          <Field label="Weight" error={errors.weight}>
            {(p) => <Input {...p} placeholder="e.g. 185 lbs" {...bind('weight')} />}
          </Field>
          <Field label="School" error={errors.school}>
            {(p) => <Input {...p} {...bind('school')} />}
          </Field>
          <Field label="Hometown" error={errors.hometown} wide>
            {(p) => <Input {...p} {...bind('hometown')} />}
          </Field>
          <Field label="Injury History" error={errors.injuryHistory} wide>
            {(p) => <Textarea {...p} {...bind('injuryHistory', LONG_TEXT_MAX_LENGTH)} />}
          </Field>
          <Field label="Background" error={errors.background} wide>
            {(p) => <Textarea {...p} {...bind('background', LONG_TEXT_MAX_LENGTH)} />}
          </Field>
          <Field label="Goal One" error={errors.goalOne} wide>
            {(p) => <Input {...p} {...bind('goalOne', LONG_TEXT_MAX_LENGTH)} />}
          </Field>
          <Field label="Goal Two" error={errors.goalTwo} wide>
            {(p) => <Input {...p} {...bind('goalTwo', LONG_TEXT_MAX_LENGTH)} />}
          </Field>
          <Field label="Goal Three" error={errors.goalThree} wide>
            {(p) => <Input {...p} {...bind('goalThree', LONG_TEXT_MAX_LENGTH)} />}
          </Field>
          <div className="grid gap-3 sm:col-span-2">
            <p id={privacyId} className="text-sm font-medium">
              Privacy
            </p>
            <RadioGroup
              aria-labelledby={privacyId}
              value={values.privacyLevel}
              onValueChange={(value) => {
                const level = PRIVACY_LEVELS.find((l) => l === value);
                if (level) setValues((current) => ({ ...current, privacyLevel: level }));
              }}
              className="sm:grid-cols-3"
            >
              {PRIVACY_LEVELS.map((level) => (
                <RadioCard
                  key={level}
                  id={`${privacyId}-${level}`}
                  value={level}
                  label={PRIVACY_OPTIONS[level].label}
                  hint={PRIVACY_OPTIONS[level].hint}
                  align="top"
                />
              ))}
            </RadioGroup>
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => navigate(PROFILE_PATH)}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
