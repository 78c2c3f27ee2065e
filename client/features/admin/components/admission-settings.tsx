import { DoorOpen, MailPlus, UserCheck, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { ADMISSION, type Admission } from '@common/contracts/community-values';
import { RadioCard } from '../../../components/radio-card';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { RadioGroup } from '../../../components/ui/radio-group';
import { Spinner } from '../../../components/ui/spinner';
import { useCommunitySettings, useSetAdmission } from '../api/community-settings';

const OPTIONS: Record<Admission, { label: string; hint: string; icon: LucideIcon }> = {
  open: { label: 'Open', hint: 'Anyone can register and join at once', icon: DoorOpen },
  approval: {
    label: 'Approval',
    hint: 'Anyone can register; a coach approves each new member',
    icon: UserCheck,
  },
  invite: { label: 'Invitation', hint: 'Only people with an invitation link can register', icon: MailPlus },
};

/** Who can join (decision 54): open, approval or invitation, saved at once for every server. */
export function AdmissionSettings() {
  const titleId = useId();
  const idPrefix = useId();
  const settings = useCommunitySettings();
  const setAdmission = useSetAdmission();
  const value = setAdmission.isPending ? setAdmission.variables : settings.data?.admission;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <h3 id={titleId} className="text-lg font-bold uppercase leading-tight tracking-wide">
          Who can join
        </h3>
        <CardDescription>Applies at once to every new registration.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading the setting" />
        ) : (
          <RadioGroup
            aria-labelledby={titleId}
            className="md:grid-cols-3"
            value={value}
            disabled={setAdmission.isPending}
            onValueChange={(next) => {
              const admission = ADMISSION.find((a) => a === next);
              if (admission && admission !== settings.data?.admission) setAdmission.mutate(admission);
            }}
          >
            {ADMISSION.map((admission) => {
              const { label, hint, icon: Icon } = OPTIONS[admission];
              return (
                <RadioCard
                  key={admission}
                  id={`${idPrefix}-${admission}`}
                  value={admission}
                  label={label}
                  hint={hint}
                  align="top"
                  icon={<Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
                />
              );
            })}
          </RadioGroup>
        )}
      </CardContent>
    </Card>
  );
}
