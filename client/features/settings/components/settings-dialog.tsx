import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_NAME, type Theme } from '@common/constants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { RadioGroup } from '../../../components/ui/radio-group';
import { RadioCard } from '../../../components/radio-card';
import { parseTheme } from '../../../lib/theme';
import { useTheme } from '../../../lib/theme-provider';

const THEME_OPTIONS: readonly { value: Theme; label: string; hint: string; icon: LucideIcon }[] = [
  { value: 'dark', label: 'Dark', hint: 'Easy on the eyes, day and night', icon: Moon },
  { value: 'light', label: 'Light', hint: 'Bright and high contrast', icon: Sun },
  { value: 'system', label: 'System', hint: 'Follows your device setting', icon: Monitor },
];

/** Settings: the theme choice, applied at once and kept on this device. */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { choice, setChoice } = useTheme();
  const groupLabelId = useId();
  const idPrefix = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Choose how {PRODUCT_NAME} looks on this device.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <p id={groupLabelId} className="text-sm font-semibold">
            Theme
          </p>
          <RadioGroup
            aria-labelledby={groupLabelId}
            value={choice}
            onValueChange={(value) => {
              const theme = parseTheme(value);
              if (theme) setChoice(theme);
            }}
          >
            {THEME_OPTIONS.map(({ value, label, hint, icon: Icon }) => (
              <RadioCard
                key={value}
                id={`${idPrefix}-${value}`}
                value={value}
                label={label}
                hint={hint}
                icon={<Icon aria-hidden="true" className="size-4 text-muted-foreground" />}
              />
            ))}
          </RadioGroup>
        </div>
      </DialogContent>
    </Dialog>
  );
}
